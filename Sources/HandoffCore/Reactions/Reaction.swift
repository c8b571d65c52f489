/// One rule of the app's own code (SPEC §13.3): a trigger, an optional condition, and the actions
/// it runs, in the order written. Ids are the scene's; the simulator resolves them once
/// (`ReactionBook`).
public struct Reaction: Equatable, Sendable {
    public var trigger: Trigger
    /// The rule runs only while this holds (nil: always).
    public var when: RuleCondition?
    public var actions: [Action]

    public init(trigger: Trigger, when: RuleCondition? = nil, actions: [Action]) {
        self.trigger = trigger
        self.when = when
        self.actions = actions
    }

    /// What sets a rule off, and on which node.
    public struct Trigger: Equatable, Sendable {
        public var kind: TriggerKind
        public var id: String

        public init(_ kind: TriggerKind, _ id: String) {
            self.kind = kind
            self.id = id
        }
    }

    /// One action of a rule.
    public enum Action: Equatable, Sendable {
        /// `set: {PATH: VALUE, …}`: writes at once, in the order written.
        case set([Write])
        /// `animate: {PATH: VALUE}`: a page spring from the current value to VALUE.
        case animate(Write)
        /// `stop: ID`: ends ID's momentum or spring where it is.
        case stop(String)
    }

    /// `PATH: VALUE` of a `set` or `animate`.
    public struct Write: Equatable, Sendable {
        public var path: RulePath
        public var value: RuleValue

        public init(_ path: RulePath, _ value: RuleValue) {
            self.path = path
            self.value = value
        }
    }
}

/// The triggers of SPEC §13.3.
public enum TriggerKind: String, Sendable, CaseIterable {
    /// `scroll: ID`: ID's offset (a sheet's top) changed in this frame or step, by any cause.
    case scroll
    /// `begin: ID`: a pan began with ID as owner (or a chain member under `nested`).
    case begin
    /// `release: ID`: the finger lifted from such a pan, before §5.5 decides.
    case release
    /// `rest: ID`: ID's momentum or spring ended.
    case rest
    /// `page: ID`: a page of a pager or switcher was selected.
    case page
    /// `tap: ID`: a tap was delivered to ID or one of its rows or segments.
    case tap
}

/// What a rule may write (SPEC §13.3).
public enum RuleKey: String, Sendable, CaseIterable {
    /// A scroll node's offset, clamped to its range.
    case offset
    /// A sheet's top, clamped to its detents' span.
    case top
    /// A pager's or switcher's page: a jump that selects it.
    case page
    /// Where the momentum of a release lands (`release` rules only).
    case target
}

/// `ID.KEY`, the place a rule writes.
public struct RulePath: Equatable, Sendable {
    public var id: String
    public var key: RuleKey

    public init(_ id: String, _ key: RuleKey) {
        self.id = id
        self.key = key
    }

    public var text: String { id + "." + key.rawValue }
}

/// The VALUE of a write. Until the condition and expression grammar of SPEC §13.2 lands (issue 25),
/// a number.
public struct RuleValue: Equatable, Sendable {
    public var number: Double

    public init(_ number: Double) { self.number = number }
}

/// The `when` of a rule. Until the condition grammar of SPEC §13.2 lands (issue 25), a rule
/// has none; this type is its place.
public struct RuleCondition: Equatable, Sendable {}
