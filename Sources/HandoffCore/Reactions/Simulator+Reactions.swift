/// The app's own code at work (SPEC §13.3): after the motion of a frame or step, the rules whose
/// trigger fired and whose `when` holds run in number order, each at most once, until nothing
/// more fires. A scene without rules skips all of it (`reacts` is false).
extension Simulator {
    /// Whether the scene has rules.
    var reacts: Bool { !reactionBook.isEmpty }

    /// The rules' state (only read or written while `reacts`).
    var book: ReactionBook {
        get { reactionBook[0] }
        _modify { yield &reactionBook[0] }
    }

    /// A frame or step begins (entry points nest: the outermost one counts).
    public mutating func beginStep() {
        guard reacts else { return }
        if book.depth == 0 { book.begin(offsets: offsets, mark: log.count) }
        book.depth += 1
    }

    /// A frame or step ends: its rules run (when the outermost entry point ends).
    public mutating func endStep() {
        guard reacts else { return }
        book.depth -= 1
        guard book.depth == 0 else { return }
        fireFromLog()
        for k in book.rules.indices {
            guard case .scroll = book.rules[k].trigger else { continue }
            let n = book.rules[k].node
            if offsets[n] != book.before[n] { fireRule(k) }
        }
        runPending(only: nil)
        checkDoubleScroll()
        notePrinted()
    }

    /// Notes, per node, when its printed offset last changed (what `hidden-momentum` reads).
    private mutating func notePrinted() {
        for i in offsets.indices {
            let p = (offsets[i] * 100).rounded()
            guard p != book.printed[i] else { continue }
            book.printed[i] = p
            book.changedAt[i] = time
        }
    }

    /// A touch-down swallowed by the `kind` of `node` (with `remaining` still to go): if code
    /// held the node's printed offset for the last 100 ms while it moved, `hidden-momentum`.
    mutating func noteSwallowed(_ node: Int, _ kind: AnimationKind, remaining: Double) {
        guard reacts else { return }
        let window = 0.1 - 1e-9
        guard time - book.changedAt[node] >= window, book.writtenAt[node] >= time - window
        else { return }
        report(.hiddenMomentum(node: node, amount: remaining, animation: kind), room: .infinity)
    }

    /// At a lift, before §5.5 decides: the `release` rules of the pan's nodes run (SPEC §13.3).
    mutating func runReleaseRules(_ pan: Pan, scrollVelocity: Double) {
        guard reacts else { return }
        book.releaseVelocity = scrollVelocity
        // What `ID.target` reads: where the release's momentum would bring each node.
        let released = pan.ownerOnly ? [pan.owner] + pan.partners : pan.chain
        for n in released where graph.nodes[n].scroll != nil {
            let rate = graph.motion[n].rate
            book.releaseTargets[n] =
                offsets[n] + Deceleration(velocity: scrollVelocity, rate: rate).total
        }
        fireFromLog()
        for n in released { fire(.release, n) }
        runPending(only: .release)
    }

    /// After §5.5 started the release's motion: the targets it did not use print as ignored.
    mutating func reportUnusedTargets() {
        guard reacts, !book.targets.isEmpty else { return }
        for t in book.targets {
            var w = t.write
            w.ignored = true
            emit(.code(w))
        }
        book.targets.removeAll()
    }

    /// The velocity of the momentum `driver` starts with: `v`, or the one that lands exactly on
    /// the target a release rule wrote, `v0 = −k·(target − offset)` (SPEC §13.3).
    mutating func aimedVelocity(_ driver: Int, _ v: Double) -> Double {
        guard reacts, let k = book.targets.lastIndex(where: { $0.write.node == driver }) else {
            return v
        }
        let w = book.targets[k].write
        book.targets.removeAll { $0.write.node == driver }
        emit(.code(w))
        book.landing = w.to
        let rate = graph.motion[driver].rate
        return -Deceleration(velocity: 0, rate: rate).k * (w.to - offsets[driver])
    }

    /// Sets off every enabled rule of `kind` on `node`.
    mutating func fire(_ kind: TriggerKind, _ node: Int) {
        for k in book.rules.indices
        where book.rules[k].trigger == kind && book.rules[k].node == node {
            fireRule(k)
        }
    }

    /// Sets off rule `k`: pending if it has not run in this frame; if it has, and running it
    /// again would write something else, the app's code fights itself (`reaction-loop`).
    mutating func fireRule(_ k: Int) {
        guard book.enabled[k] else { return }
        guard book.ran[k] else {
            book.pending[k] = true
            return
        }
        guard !book.looped[k], holds(book.rules[k].when), let w = changingWrite(k) else { return }
        book.looped[k] = true
        report(.reactionLoop(node: book.rules[k].node, rule: k + 1, write: w), room: .infinity)
    }

    /// Runs the pending rules (of one kind, or all) in number order until none is pending.
    private mutating func runPending(only kind: TriggerKind?) {
        while let k = book.pending.indices.first(where: {
            book.pending[$0] && (kind == nil || book.rules[$0].trigger == kind)
        }) {
            book.pending[k] = false
            guard holds(book.rules[k].when) else { continue }
            book.ran[k] = true
            for action in book.rules[k].actions { perform(action, rule: k) }
            fireFromLog()
        }
    }

    /// Fires the triggers of the facts logged since the last look (a pan began, a page was
    /// selected, a tap delivered, a motion came to rest).
    private mutating func fireFromLog() {
        var fired: [(TriggerKind, Int)] = []
        let nested = settings.policy == .nested
        forEachOccurrence(from: book.mark) { o in
            switch o.event {
            case .owner(let node, let chain, let partners):
                if nested {
                    for n in chain { fired.append((.begin, n)) }
                } else {
                    fired.append((.begin, node))
                    for n in partners { fired.append((.begin, n)) }
                }
            case .momentumEnded(let driver): fired.append((.rest, driver))
            case .springEnded(let node, _, _): fired.append((.rest, node))
            case .pageSelected(let node, _, _): fired.append((.page, node))
            case .tap(let target, .delivered), .tabbed(let target):
                fired.append((.tap, target.node))
            default: break
            }
        }
        book.mark = log.count
        for (kind, node) in fired { fire(kind, node) }
    }

    /// Whether a rule's `when` holds now (SPEC §13.5: after the frame's motion and the writes of
    /// the rules that ran before it).
    private func holds(_ condition: Condition?) -> Bool {
        guard let condition else { return true }
        return holds(condition, ruleContext)
    }

    /// The number a VALUE reads now.
    func evaluate(_ value: Expression) -> Double { evaluate(value, ruleContext) }

    /// What a rule's condition or VALUE reads besides the state: `ID.delta` is the motion's alone
    /// (before the rules wrote), `ID.target` the release's rest offsets.
    private var ruleContext: ConditionContext {
        guard book.wrote else {
            return ConditionContext(before: book.before, targets: book.releaseTargets)
        }
        // offsets − before′ = afterMotion − before.
        var before = book.before
        for i in before.indices { before[i] += offsets[i] - book.afterMotion[i] }
        return ConditionContext(before: before, targets: book.releaseTargets)
    }

    /// The first write of rule `k` that would change a value if it ran now (nil: none would;
    /// it is a pin).
    private func changingWrite(_ k: Int) -> CodeWrite? {
        let r = book.rules[k]
        for action in r.actions {
            guard case .set(let writes) = action else { continue }
            for w in writes where w.key != .target {
                if let (from, to) = planned(w), from != to {
                    return CodeWrite(
                        rule: k + 1, trigger: r.trigger, triggerNode: r.node, node: w.node,
                        key: w.key, from: from, to: to)
                }
            }
        }
        return nil
    }

    /// What a write would change: the value there now and the value it would leave (clamped), in
    /// the units `expect` reads; nil for a `target`.
    func planned(_ w: Reaction.Write) -> (from: Double, to: Double)? {
        let n = w.node
        let v = evaluate(w.value)
        // A value that is no number (an expression that overflowed) writes nothing.
        guard v.isFinite else { return nil }
        switch w.key {
        case .offset:
            let r = range(n)
            return (offsets[n], Swift.min(Swift.max(v, r.lowerBound), r.upperBound))
        case .top:
            let s = graph.nodes[n].sheet!
            return (sheetTop(n), Swift.min(Swift.max(v, s.topMost), s.bottomMost))
        case .page:
            let last = Double(Swift.max(0, graph.pageCount(n) - 1))
            let p = Targets.roundHalfAway(Swift.min(Swift.max(v, 0), last))
            // A pager between pages is moved even to the page it shows: its `from` is then
            // half a page off, so the write is not "already there".
            let resting =
                graph.motion[n].pages != .scrolled || offsets[n] == p * graph.nodes[n].frame.width
            return (Double(page(n)) + (resting ? 0 : 0.5), p)
        case .target:
            return nil
        case .scrollEnabled:
            return (scrollEnabled[n] ? 1 : 0, v != 0 ? 1 : 0)
        }
    }
}

extension Simulator {
    /// The travel a momentum still had, or a spring's distance to its target.
    func remaining(_ a: Animation) -> Double {
        switch a {
        case .momentum(let m): abs(m.decel.total - m.applied)
        case .spring(let s): abs(s.target - offsets[s.node])
        case .transition: 0
        }
    }
}

/// The rules as `tree` lists them.
extension Simulator {
    /// The scene's rules, numbered from 1 in this order.
    public var reactions: [Reaction] { reactionBook.first?.rules ?? [] }

    /// Whether rule `k` (from 0) is on (`set rule N off` switches it off).
    public func isRuleOn(_ k: Int) -> Bool { book.enabled[k] }

    /// `set rule N off|on` (SPEC §13.4): rule `k` (from 0) runs again, or no more, from now on.
    public mutating func switchRule(_ k: Int, on: Bool) { book.enabled[k] = on }
}
