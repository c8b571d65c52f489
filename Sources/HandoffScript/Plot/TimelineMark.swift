import HandoffCore

/// A marker on the timeline: what happened, when and in which history command. Its kind comes
/// from the simulator's typed facts (`Event`), never from printed text.
package struct TimelineMark: Sendable {
    /// What a marker marks; the raw value is its name in the legend and in the SVG's `data-kind`.
    package enum Kind: String, CaseIterable, Sendable {
        /// A finger went down.
        case touchDown = "touch-down"
        /// The finger lifted.
        case lift
        /// A pan was recognized (its owner took the finger).
        case pan = "pan recognized"
        /// The consumer changed within one gesture or fling.
        case handoff
        /// A tap reached its target (or `tab` selected a segment).
        case tapDelivered = "tap delivered"
        /// A recognized pan cancelled the tap.
        case tapCancelled = "tap cancelled"
        /// The touch stopped an animation and was swallowed.
        case tapSwallowed = "tap swallowed"
        /// The finger moved past the slop with no pan.
        case tapMoved = "tap moved"
        /// A tabs control rejected the tap (its pager or switcher was still moving).
        case tapRejected = "tap rejected"
        /// The lift was on a target that takes no tap.
        case notTappable = "not tappable"
        /// A `tab` was refused.
        case refusal = "refused"
        /// The invariant repair reset a list (SPEC §5.8).
        case repair
        /// Momentum reached an edge.
        case edgeHit = "edge hit"
        /// A hazard of SPEC §10 (owner-only, out-of-chain, hidden-mover).
        case hazard
        /// A moment at which one of the session's breakpoints stops (SPEC §10).
        case stop = "breakpoint"
        /// Under `touches uikit`, the content received a delayed touch (SPEC §4.4).
        case delivered = "touch delivered"

        /// The strip of the marker band the kind is drawn in (0: the finger, 1: taps, 2: the
        /// handoff and its consequences, 3: what the debugger flags).
        package var row: Int {
            switch self {
            case .touchDown, .lift, .pan, .delivered: 0
            case .tapDelivered, .tapCancelled, .tapSwallowed, .tapMoved, .tapRejected,
                .notTappable, .refusal:
                1
            case .handoff, .repair, .edgeHit: 2
            case .hazard, .stop: 3
            }
        }
    }

    package var kind: Kind
    package var time: Double
    /// The history number of the command it happened in.
    package var command: Int
    /// The fact marked: a simulator fact or a breakpoint's stop (its words are made only for the
    /// markers drawn: `Timeline.describe`).
    package var fact: Fact
}

extension TimelineMark {
    /// The markers a fact makes, as a value (no array per fact); a sequence in the order `Kind`
    /// lists them.
    package struct Kinds: Equatable, Sendable, Sequence, ExpressibleByArrayLiteral {
        private var bits: UInt32 = 0

        package init() {}

        package init(arrayLiteral kinds: Kind...) {
            for kind in kinds { bits |= Self.bit(kind) }
        }

        package var isEmpty: Bool { bits == 0 }

        package func contains(_ kind: Kind) -> Bool { bits & Self.bit(kind) != 0 }

        package func makeIterator() -> IndexingIterator<[Kind]> {
            Kind.allCases.filter(contains).makeIterator()
        }

        private static func bit(_ kind: Kind) -> UInt32 {
            1 << UInt32(Kind.allCases.firstIndex(of: kind)!)
        }
    }
}

extension TimelineMark.Kind {
    /// The marker of a tap's fate.
    init(_ outcome: TapOutcome) {
        switch outcome {
        case .delivered: self = .tapDelivered
        case .cancelledByPan: self = .tapCancelled
        case .swallowed: self = .tapSwallowed
        case .moved: self = .tapMoved
        case .rejected: self = .tapRejected
        case .notTappable: self = .notTappable
        }
    }
}

extension RecognizerName {
    /// Whether this is a pan (whose `began` the timeline marks).
    var isPan: Bool {
        switch self {
        case .pan: true
        case .tap: false
        }
    }
}

/// Collects markers from the facts as `FactDescriber` describes them: which facts are marked,
/// and as what, is the describer's typed decision.
struct MarkCollector: FactRenderer {
    var marks: [TimelineMark] = []
    var command = 0
    /// The fact being described.
    var fact: Fact?

    static var readsMarks: Bool { true }

    /// A breakpoint's stop, marked at its time.
    mutating func appendStop(_ stop: BreakStop) {
        marks.append(
            TimelineMark(
                kind: .stop, time: stop.time, command: command, fact: .debugger(.stop(stop))))
    }

    mutating func fact(
        _ d: FactDescription, text: (inout TextOutput) -> Void,
        fields: () -> [(String, FactValue)]
    ) {
        guard !d.marks.isEmpty, let moment = d.moment, let fact else { return }
        for kind in d.marks {
            marks.append(
                TimelineMark(kind: kind, time: moment.time, command: command, fact: fact))
        }
    }
}

/// A marker's words, from its fact as the describer words it: the fact's text line (the
/// tooltip) and, for a handoff, `from → to` (drawn beside the marker).
struct MarkWords: FactRenderer {
    var detail = ""
    var label: String?

    static var readsMarks: Bool { true }

    mutating func fact(
        _ d: FactDescription, text: (inout TextOutput) -> Void,
        fields: () -> [(String, FactValue)]
    ) {
        var lines = TextOutput()
        text(&lines)
        detail = (0..<lines.count).map { Self.closingUp(lines.text($0)) }.joined(separator: "; ")
        let f = fields()
        if d.marks.contains(.handoff),
            case .string(let from)? = f.first(where: { $0.0 == "from" })?.1,
            case .string(let to)? = f.first(where: { $0.0 == "to" })?.1
        {
            label = "\(from) → \(to)"
        }
    }

    /// A line with its runs of spaces closed up to one (`handoff   a → b` → `handoff a → b`).
    static func closingUp(_ line: String) -> String {
        var out = ""
        for ch in line where !(ch == " " && out.last == " ") { out.append(ch) }
        return out
    }
}
