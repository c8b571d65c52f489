/// One rule of the app's own code (SPEC §13.3): a trigger on a node, an optional condition, and
/// the actions it runs, in the order written. Nodes are indices of the scene's `SceneGraph`
/// (tree order), as in `Gestures`.
public struct Reaction: Equatable, Sendable {
    public var trigger: TriggerKind
    public var node: Int
    /// The rule runs only while this holds (nil: always), with its text as written.
    public var when: Condition?
    public var whenText: String?
    public var actions: [Action]

    public init(
        _ trigger: TriggerKind, _ node: Int, when: Condition? = nil, whenText: String? = nil,
        actions: [Action]
    ) {
        self.trigger = trigger
        self.node = node
        self.when = when
        self.whenText = whenText
        self.actions = actions
    }

    /// One action of a rule.
    public enum Action: Equatable, Sendable {
        /// `set: {PATH: VALUE, …}`: writes at once, in the order written.
        case set([Write])
        /// `animate: {PATH: VALUE}`: a page spring from the current value to VALUE.
        case animate(Write)
        /// `stop: ID`: ends ID's momentum or spring where it is.
        case stop(Int)
    }

    /// `ID.KEY: VALUE` of a `set` or `animate`, with the VALUE as written.
    public struct Write: Equatable, Sendable {
        public var node: Int
        public var key: RuleKey
        public var value: Expression
        public var text: String

        public init(_ node: Int, _ key: RuleKey, _ value: Expression, text: String) {
            self.node = node
            self.key = key
            self.value = value
            self.text = text
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
    /// Whether the node scrolls (`isScrollEnabled`): a VALUE other than 0 enables it. Disabling
    /// the node of the active pan cancels it as a release (§13.1).
    case scrollEnabled
}
