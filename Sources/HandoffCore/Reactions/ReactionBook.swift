/// The rules of a scene resolved to node indices, with what the engine remembers within one frame
/// or step (SPEC §13.3). Empty for a scene without `on:`: then the simulator does no rule work.
struct ReactionBook: Equatable, Sendable {
    /// A rule with its ids resolved.
    struct Rule: Equatable, Sendable {
        var kind: TriggerKind
        var node: Int
        var when: RuleCondition?
        var actions: [Action]
    }

    /// An action with its ids resolved.
    enum Action: Equatable, Sendable {
        case set([Write])
        case animate(Write)
        case stop(Int)
    }

    /// A write with its node resolved.
    struct Write: Equatable, Sendable {
        var node: Int
        var key: RuleKey
        var value: RuleValue
    }

    /// A `target` written by a release rule, waiting for §5.5 to start the momentum it shapes.
    struct Target: Equatable, Sendable {
        var write: CodeWrite
    }

    var rules: [Rule] = []
    /// `set rule N off` switches a rule off.
    var enabled: [Bool] = []
    /// Nesting of the simulator's entry points within one frame or step: rules run when the
    /// outermost ends.
    var depth = 0
    /// The offsets when the frame or step began (what `scroll` compares with).
    var before: [Double] = []
    /// Where the frame's or step's facts begin in the log.
    var mark = 0
    /// Per rule: it ran in this frame or step.
    var ran: [Bool] = []
    /// Per rule: its trigger fired and it has not run yet.
    var pending: [Bool] = []
    /// Per rule: `reaction-loop` already noted in this frame or step.
    var looped: [Bool] = []
    /// The targets written by this release's rules.
    var targets: [Target] = []
    /// The scroll velocity of the release whose rules are running.
    var releaseVelocity = 0.0
    /// The target `aimedVelocity` just aimed a momentum at (its landing).
    var landing: Double?

    init() {}

    /// Resolves the scene's rules (the loader checked every id).
    init(_ reactions: [Reaction], graph: SceneGraph) {
        func index(_ id: String) -> Int { graph.index(of: id) ?? 0 }
        func write(_ w: Reaction.Write) -> Write {
            Write(node: index(w.path.id), key: w.path.key, value: w.value)
        }
        rules = reactions.map { r in
            Rule(
                kind: r.trigger.kind, node: index(r.trigger.id), when: r.when,
                actions: r.actions.map { a in
                    switch a {
                    case .set(let ws): .set(ws.map(write))
                    case .animate(let w): .animate(write(w))
                    case .stop(let id): .stop(index(id))
                    }
                })
        }
        enabled = Array(repeating: true, count: rules.count)
        ran = enabled.map { _ in false }
        pending = ran
        looped = ran
    }

    var isEmpty: Bool { rules.isEmpty }

    /// A frame or step begins: nothing has run or fired yet.
    mutating func begin(offsets: [Double], mark: Int) {
        before = offsets
        self.mark = mark
        for k in ran.indices {
            ran[k] = false
            pending[k] = false
            looped[k] = false
        }
        targets.removeAll()
    }

    /// Marks the rules set off by `kind` on `node` as pending (they run when the step ends).
    mutating func fire(_ kind: TriggerKind, _ node: Int) {
        for k in rules.indices where rules[k].kind == kind && rules[k].node == node && enabled[k] {
            pending[k] = true
        }
    }
}
