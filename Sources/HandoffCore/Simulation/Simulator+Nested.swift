/// Sharing one scroll delta out through a chain (SPEC §5.2–5.4, §5.9).
extension Simulator {
    /// Shares `d` through `chain` (driver first). `ownerOnly` restricts consumption to `chain[0]`
    /// (policy `uikit`); `fling` leaves out the overscroll phase (momentum bounces instead).
    mutating func share(_ d: Double, chain: [Int], ownerOnly: Bool, fling: Bool) -> Ledger {
        var ledger = Ledger(d: d)
        guard d != 0, !chain.isEmpty else { return ledger }
        let dir = ScrollDirection(of: d)
        let sign: Double = d > 0 ? 1 : -1
        var rest = abs(d)
        // Each node's room is read from its `Motion` (a call on the simulator from here copies
        // it).
        let motion = graph.motion

        // A share under `Ledger.negligible` is no share (SPEC §5.2): it moves nothing and makes
        // no handoff, and an offset that close to an edge is at the edge.
        func take(_ n: Int, _ phase: SharePhase, _ amount: Double) {
            guard amount >= Ledger.negligible else { return }
            offsets[n] += sign * amount
            let r = range(n)
            if abs(offsets[n] - r.upperBound) < Ledger.negligible { offsets[n] = r.upperBound }
            if abs(offsets[n] - r.lowerBound) < Ledger.negligible { offsets[n] = r.lowerBound }
            ledger.add(n, sign * amount, phase)
            rest -= amount
        }

        // Overscroll against the direction is taken back first, innermost first.
        for n in chain.prefix(ownerOnly ? 1 : chain.count) where rest > 0 {
            let raw = rawOverscroll(n)
            guard raw != 0, (raw > 0) != (d > 0) else { continue }
            let amount = Swift.min(rest, abs(raw))
            applyRaw(n, amount == abs(raw) ? 0 : raw + sign * amount)
            ledger.add(n, sign * amount, .overscroll, takesBack: true)
            rest -= amount
        }

        if ownerOnly {
            let o = chain[0]
            take(o, .self, Swift.min(rest, motion[o].room(from: offsets[o], dir)))
            if rest >= Ledger.negligible, !fling, bounces(o) {
                overscroll(o, sign * rest, &ledger, &rest)
            }
            ledger.unconsumed = sign * rest
            return ledger
        }

        let sheet = chain.firstIndex { motion[$0].isSheet }
        // A system sheet with `scrollingExpands: false` takes no forward drag from its content
        // (SPEC §5.10): forward, the content scrolls at every detent.
        let expands =
            dir == .backward || sheet.map { motion[chain[$0]].sheetExpands } ?? true
        // Lists inside a sheet stay pinned while the sheet is below its top-most detent.
        func pinned(_ k: Int) -> Bool {
            guard let s = sheet, k < s, expands else { return false }
            return offsets[chain[s]] < range(chain[s]).upperBound - 1e-9
        }

        // pre: ancestors, outermost first.
        for k in stride(from: chain.count - 1, through: 1, by: -1) where rest > 0 {
            let n = chain[k]
            let takesPre =
                k == sheet
                ? expands && offsets[n] < range(n).upperBound - 1e-9
                : motion[n].nested?.pre.contains(dir) ?? false
            if takesPre { take(n, .pre, Swift.min(rest, motion[n].room(from: offsets[n], dir))) }
        }
        // self: the driver.
        if rest > 0, !pinned(0) {
            let n = chain[0]
            take(n, .self, Swift.min(rest, motion[n].room(from: offsets[n], dir)))
        }
        // post: ancestors, innermost first.
        for k in 1..<chain.count where rest > 0 {
            let n = chain[k]
            let takesPost =
                k == sheet
                ? dir == .backward
                : motion[n].nested?.post.contains(dir) ?? false
            if takesPost { take(n, .post, Swift.min(rest, motion[n].room(from: offsets[n], dir))) }
        }
        // overscroll: the innermost chain node at that edge that bounces.
        if rest >= Ledger.negligible, !fling {
            for k in chain.indices where !pinned(k) && k != sheet {
                let n = chain[k]
                if motion[n].bounces, motion[n].room(from: offsets[n], dir) == 0 {
                    overscroll(n, sign * rest, &ledger, &rest)
                    break
                }
            }
        }
        ledger.unconsumed = sign * rest
        return ledger
    }

    /// The node and phase that `share` would give a fling delta's first share to, moving `dir`
    /// through `chain` (`share`'s order: pre outermost first, then the driver, then post
    /// innermost first; the first with room takes it): nil when pull is left against `dir` (its
    /// take-back comes first), when a system sheet is in the chain (its rules are `share`'s
    /// alone), or when no node has room. `startMomentum` asks it, so that a first frame that one
    /// node takes alone can be taken in closed form, as later steady frames are. `mutating`
    /// though it changes nothing: `startMomentum` hands the simulator over by address, where a
    /// call on its value copied all of it first.
    mutating func firstTaker(_ chain: [Int], ownerOnly: Bool, _ dir: ScrollDirection)
        -> (node: Int, phase: SharePhase)?
    {
        guard let driver = chain.first else { return nil }
        let forward = dir == .forward
        for n in chain {
            let raw = rawOverscroll(n)
            if raw != 0, (raw > 0) != forward { return nil }
            if ownerOnly { break }
        }
        func hasRoom(_ n: Int) -> Bool { room(n, dir) >= Ledger.negligible }
        if ownerOnly { return hasRoom(driver) ? (driver, .self) : nil }
        guard !chain.contains(where: { graph.motion[$0].isSheet }) else { return nil }
        for n in chain.dropFirst().reversed()
        where graph.motion[n].nested?.pre.contains(dir) ?? false && hasRoom(n) {
            return (n, .pre)
        }
        if hasRoom(driver) { return (driver, .self) }
        for n in chain.dropFirst()
        where graph.motion[n].nested?.post.contains(dir) ?? false && hasRoom(n) {
            return (n, .post)
        }
        return nil
    }

    /// Pulls node `n` further past its edge by the raw amount `amount`.
    private mutating func overscroll(
        _ n: Int, _ amount: Double, _ ledger: inout Ledger, _ rest: inout Double
    ) {
        // The pull read from the node's `Motion` (a call on the simulator from here copies it).
        applyRaw(n, (pulls[n] ?? graph.motion[n].rawOverscroll(at: offsets[n])) + amount)
        ledger.add(n, amount, .overscroll)
        rest = 0
    }

    func isParallax(_ i: Int) -> Bool { graph.isFollower(i) }

    /// Emits a handoff for every change of consumer since `last` (within a gesture or a fling).
    mutating func recordHandoffs(_ l: Ledger, last: inout Int?) {
        // The ledger's consumers in order (`Ledger.consumers`), read without building the list.
        for s in l.shares where s.phase != .overscroll {
            if let previous = last, previous != s.node {
                emit(.handoff(from: previous, to: s.node))
            }
            last = s.node
        }
    }

    /// Applies a drag delta to the active pan and records the ledger and handoffs.
    mutating func drag(_ d: Double) {
        guard let pan = gesture.dragging else { return }
        let axis = pan.axis
        let owner = pan.owner
        let ownerOnly = pan.ownerOnly
        let panChain = pan.chain
        let before = (lastConsumer: pan.lastConsumer, innerShare: pan.innerShare)
        var lastConsumer = before.lastConsumer
        var innerShare = before.innerShare
        let chain = ownerOnly ? [owner] : panChain
        // Offsets before the move, only for a pan with simultaneous partners (double-scroll).
        let start = pan.partners.isEmpty ? [] : offsets
        let l = share(d, chain: chain, ownerOnly: ownerOnly, fling: false)
        emit(.moved(l))
        // Each simultaneous partner takes the whole delta on its own: one ledger line each,
        // after the owner's, whose ledger is `state.ledger` (SPEC §13.2).
        for p in pan.partners {
            emit(.moved(share(d, chain: [p], ownerOnly: true, fling: false)))
            // A sheet partner reads the owner's line: a list inside it took a share.
            if innerShare == nil, graph.motion[p].isSheet, graph.path(to: owner).contains(p),
                l.shares.contains(where: { $0.node == owner && abs($0.amount) > 1e-9 })
            {
                innerShare = owner
            }
        }
        for p in pan.partners where d != 0 {
            hazards.doubles.append(
                HazardMemo.Double2(
                    node: owner, partner: p, forward: d > 0, before: (start[owner], start[p])))
        }
        if !reacts { checkDoubleScroll() }
        recordHandoffs(l, last: &lastConsumer)
        if ownerOnly {
            // Simultaneous partners move with the owner: none could have taken its leftover.
            let others =
                pan.partners.isEmpty ? panChain : panChain.filter { !pan.partners.contains($0) }
            checkOwnerOnly(l, owner: owner, chain: others)
        }
        checkOutOfChain(l, chain: panChain, axis: axis)
        if innerShare == nil,
            let s = chain.firstIndex(where: { graph.motion[$0].isSheet }), s > 0
        {
            // The nodes inside the sheet are a few: searched in place, no set built.
            let inside = chain[..<s]
            innerShare =
                l.shares.first { inside.contains($0.node) && abs($0.amount) > 1e-9 }?
                .node
        }
        // The move's ledger is kept once nothing here reads it: moved, not copied.
        ledger = consume l
        if lastConsumer != before.lastConsumer || innerShare != before.innerShare {
            gesture.panDragged(lastConsumer: lastConsumer, innerShare: innerShare)
        }
        updateParallax()
    }
}
