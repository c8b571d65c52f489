/// A comparison operator of `expect` and of the app's conditions (SPEC §8, §13.2).
public enum Comparison: String, Equatable, Sendable, CaseIterable {
    case eq = "=="
    case ne = "!="
    case lt = "<"
    case le = "<="
    case gt = ">"
    case ge = ">="
    case approx = "~="

    /// Whether `a OP b [± tol]` holds for numbers, as `expect` decides it: `==`, `!=`, `<=` and
    /// `>=` compare printed values (2 decimals) unless a tolerance is given; `~=` is within `tol`
    /// (default 0.01).
    public func holds(_ a: Double, _ b: Double, tolerance tol: Double?) -> Bool {
        let same = Printed.same
        switch self {
        case .eq: return tol.map { abs(a - b) <= $0 } ?? same(a, b)
        case .ne: return tol.map { abs(a - b) > $0 } ?? !same(a, b)
        case .lt: return a < b
        case .le: return a <= b || same(a, b)
        case .gt: return a > b
        case .ge: return a >= b || same(a, b)
        case .approx: return abs(a - b) <= (tol ?? 0.01)
        }
    }
}

/// Numbers as output prints them: at most 2 decimals, half away from zero, no negative zero.
public enum Printed {
    /// Whether `a` and `b` print the same text.
    public static func same(_ a: Double, _ b: Double) -> Bool {
        if a == b { return true }
        guard a.isFinite, b.isFinite else {
            return a.isNaN ? b.isNaN : (!b.isNaN && a == b)
        }
        guard let ha = hundredths(a), let hb = hundredths(b) else {
            guard hundredths(a) == nil, hundredths(b) == nil else { return false }
            return a.rounded() == b.rounded()
        }
        // No negative zero: `-0.001` prints `0`.
        if ha == 0 || hb == 0 { return ha == hb }
        return ha == hb && (a < 0) == (b < 0)
    }

    /// |value| in hundredths, half away from zero; nil when too large to print that way.
    static func hundredths(_ value: Double) -> UInt64? {
        let scaled = abs(value) * 100
        guard scaled < 9e15 else { return nil }
        let whole = Int64(scaled)
        let n = scaled - Double(whole) >= 0.5 ? whole + 1 : whole
        return n < 9_000_000_000_000_000 ? UInt64(n) : nil
    }
}

/// A value a condition reads (SPEC §13.2): the paths of `expect`, resolved to node indices, plus
/// `ID.delta`, `ID.start` and, in a release rule, `ID.target` (§13.3).
public enum ConditionPath: Hashable, Sendable {
    case owner
    case phase
    /// `t`, the clock.
    case time
    case touch
    case tap
    /// `ledger.unconsumed`.
    case unconsumed
    /// `ledger.ID`: what the node consumed in the last ledger.
    case ledger(Int)
    case offset(Int)
    case page(Int)
    /// A sheet's top y.
    case top(Int)
    /// A `stretches` view's height.
    case height(Int)
    case alpha(Int)
    /// How far the node's offset (a sheet's top) moved in this frame or step before the rules ran.
    case delta(Int)
    /// Its offset (a sheet's top) at the touch-down that began the current gesture.
    case start(Int)
    /// In a release rule: the rest offset the release would reach (§13.3).
    case target(Int)

    /// Whether the path reads words (`owner`, `phase`, `touch`, `tap`), not a number.
    public var readsWords: Bool {
        switch self {
        case .owner, .phase, .touch, .tap: true
        case .time, .unconsumed, .ledger, .offset, .page, .top, .height, .alpha, .delta, .start,
            .target:
            false
        }
    }
}

/// An arithmetic operator of an expression.
public enum Arithmetic: String, Equatable, Sendable, CaseIterable {
    case plus = "+"
    case minus = "-"
    case times = "*"
}

/// Numbers and paths joined by `+ - *`, evaluated left to right with no precedence and no
/// parentheses (SPEC §13.2): `header.offset + list.delta`.
public struct Expression: Equatable, Sendable {
    /// A number or a path.
    public enum Operand: Equatable, Sendable {
        case number(Double)
        case path(ConditionPath)
    }

    /// One `OP OPERAND` after the first operand.
    public struct Term: Equatable, Sendable {
        public var op: Arithmetic
        public var operand: Operand

        public init(_ op: Arithmetic, _ operand: Operand) {
            self.op = op
            self.operand = operand
        }
    }

    public var first: Operand
    public var rest: [Term]

    public init(_ first: Operand, _ rest: [Term] = []) {
        self.first = first
        self.rest = rest
    }

    /// Every path the expression reads.
    public var paths: [ConditionPath] {
        ([first] + rest.map(\.operand)).compactMap {
            if case .path(let p) = $0 { return p }
            return nil
        }
    }
}

/// A word a word path is compared with, resolved (`owner == sheet`, `phase == panning`).
public enum ConditionWord: Equatable, Sendable {
    /// `none` (or `null`): no owner, no touch, no lift yet.
    case none
    /// An owner.
    case node(Int)
    case phase(Phase)
    /// A touch's or delivered tap's target (`first[3]`).
    case target(Target)
    /// What became of the last tap (`delivered`, `not-delivered`, `swallowed`, …).
    case tap(TapWord)

    /// The words `expect tap` matches besides a target.
    public enum TapWord: String, Equatable, Sendable, CaseIterable {
        case delivered
        case notDelivered = "not-delivered"
        case swallowed
        case cancelled
        case moved
        case rejected
        case notTappable = "not-tappable"

        /// Whether the word describes `outcome`.
        public func matches(_ outcome: TapOutcome) -> Bool {
            switch (self, outcome) {
            case (.delivered, .delivered): true
            case (.notDelivered, _): !outcome.isDelivered
            case (.swallowed, .swallowed), (.cancelled, .cancelledByPan), (.moved, .moved),
                (.rejected, .rejected), (.notTappable, .notTappable):
                true
            default: false
            }
        }
    }
}

/// What a comparison compares its path with.
public enum ConditionValue: Equatable, Sendable {
    /// A number, a path or an expression of them.
    case expression(Expression)
    /// A word, for a path that reads words.
    case word(ConditionWord)
}

/// A condition of the app's code (SPEC §13.2): `PATH OP VALUE` in the `expect` grammar,
/// `touch.on ID`, `touch.on ID.grabber`, joined with `and`/`or` (`and` binds tighter). Parsed
/// from text by the script layer and evaluated by `Simulator.holds(_:_:)`.
public indirect enum Condition: Equatable, Sendable {
    case compare(
        ConditionPath, Comparison, ConditionValue, tolerance: Double? = nil)
    /// The touch's hit path contains the node.
    case touchOn(Int)
    /// The touch began on the grabber strip of the sheet (its own area).
    case touchOnGrabber(Int)
    /// Every part holds.
    case all([Condition])
    /// Some part holds.
    case any([Condition])

    /// Every path the condition reads (for checks such as "reads `ID.target`").
    public var paths: [ConditionPath] {
        switch self {
        case .compare(let p, _, let value, _):
            if case .expression(let e) = value { return [p] + e.paths }
            return [p]
        case .touchOn, .touchOnGrabber: return []
        case .all(let parts), .any(let parts): return parts.flatMap(\.paths)
        }
    }
}

/// What a condition reads besides the simulator's state: the offsets when the frame or step
/// began (for `ID.delta`) and, in a release rule, the rest offsets the release would reach (for
/// `ID.target`). The reactions of §13.3 pass their own.
public struct ConditionContext: Sendable {
    /// Offsets (as `Simulator.offsets` stores them) when the frame or step began; nil: nothing
    /// moved yet (`ID.delta` is 0).
    public var before: [Double]?
    /// The rest offsets a release would reach, by node (a release rule's `ID.target`).
    public var targets: [Int: Double]

    public init(before: [Double]? = nil, targets: [Int: Double] = [:]) {
        self.before = before
        self.targets = targets
    }
}
