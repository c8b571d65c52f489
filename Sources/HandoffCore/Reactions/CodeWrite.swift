/// One write of the app's code (SPEC §13.3): which rule, set off by what, wrote which value where.
/// Values are in the units `expect` reads: an offset, a sheet's top, a page.
public struct CodeWrite: Equatable, Sendable {
    /// The rule's number, from 1 in file order.
    public var rule: Int
    public var trigger: TriggerKind
    /// The node named by the rule's trigger.
    public var triggerNode: Int
    public var node: Int
    public var key: RuleKey
    public var from: Double
    public var to: Double
    /// A `target` the release did not use (it started no momentum on that node).
    public var ignored: Bool

    public init(
        rule: Int, trigger: TriggerKind, triggerNode: Int, node: Int, key: RuleKey, from: Double,
        to: Double, ignored: Bool = false
    ) {
        self.rule = rule
        self.trigger = trigger
        self.triggerNode = triggerNode
        self.node = node
        self.key = key
        self.from = from
        self.to = to
        self.ignored = ignored
    }
}
