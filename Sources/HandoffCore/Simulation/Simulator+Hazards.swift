/// Detecting the hazards of SPEC §10 at every move and frame (§10.1): each (hazard, node) pair is
/// emitted once per command, at the first move or frame where it occurs (for `break hazard`),
/// and summed over the command's frames in its `HazardTally`, which the caller takes when the
/// command ends. The caller marks where a command starts with `beginCommand()`.
extension Simulator {
    /// A new command starts: every hazard may be reported again.
    public mutating func beginCommand() { hazards.reset() }

    /// The hazards of the running (or stopped) command so far, with their amounts summed.
    public var hazardTally: HazardTally { hazards.tally }

    /// Whether the running (or stopped) command has reported a hazard (no copy of its tally).
    public var hasHazards: Bool { !hazards.tally.entries.isEmpty }

    /// The hazards of the command that ended, with their amounts summed; the tally starts over.
    public mutating func takeHazards() -> HazardTally {
        guard !hazards.tally.isEmpty else { return HazardTally() }
        let tally = hazards.tally
        hazards.tally = HazardTally()
        return tally
    }

    /// Puts back the tally of a stopped command whose rest is pending again (a command that
    /// dropped it failed).
    public mutating func restoreHazards(_ tally: HazardTally) { hazards.tally = tally }

    /// Whether node `i` is on screen (SPEC §10.1): not on a page that is not its pager's page
    /// (`round(offset / width)` now) or its switcher's selected page, and neither it nor an
    /// ancestor hidden or at alpha < 0.01 (the alpha drawn now, a switcher's cross-dissolve
    /// included).
    public func isOnScreen(_ i: Int) -> Bool {
        var c = i
        while true {
            if graph.nodes[c].hidden || graph.nodes[c].alpha < 0.01 { return false }
            guard let p = graph.parent[c] else { return true }
            switch graph.motion[p].pages {
            case .scrolled?:
                if graph.children[p].firstIndex(of: c) != page(p) { return false }
            case .switched?:
                if graph.children[p].firstIndex(of: c) != selected[p] || alpha(c) < 0.01 {
                    return false
                }
            case nil:
                break
            }
            c = p
        }
    }

    /// Whether node `i` and its ancestors take touches (`interactive`, SPEC §2).
    func isInteractive(_ i: Int) -> Bool {
        var c: Int? = i
        while let n = c {
            if !graph.nodes[n].interactive { return false }
            c = graph.parent[n]
        }
        return true
    }

    /// The range node `n` has left in direction `dir`, from its offset clamped to its range: a
    /// node pulled past an edge counts what its range allows, not its way back from the pull.
    func rangeLeft(_ n: Int, _ dir: ScrollDirection) -> Double {
        let r = range(n)
        let o = Swift.min(Swift.max(offsets[n], r.lowerBound), r.upperBound)
        let left =
            switch dir {
            case .forward: r.upperBound - o
            case .backward: o - r.lowerBound
            }
        return left < Ledger.negligible ? 0 : left
    }

    /// Adds this frame's `hazard` to the command's tally; emits it the first time its (name,
    /// node) pair occurs in this command, with `room` (the node's room now) as its cap.
    mutating func report(_ hazard: Hazard, room: Double) {
        guard hazards.add(hazard, room: room, time: time, frame: frame) else { return }
        emit(.hazard(hazard))
    }

    /// `owner-only` (SPEC §10): `owner` alone consumed and left `leftover` (unconsumed or as
    /// overscroll, > 0) in direction `dir`; every other node of the §5.1 `chain` with room in
    /// that direction is named, in tree order, with min(leftover, its room).
    mutating func checkOwnerOnly(
        leftover: Double, owner: Int, chain: [Int], _ dir: ScrollDirection
    ) {
        guard leftover >= Ledger.negligible else { return }
        // The chain runs driver first, outward: reversed, it is in tree order.
        for n in chain.reversed() where n != owner {
            let room = rangeLeft(n, dir)
            guard room > 0 else { continue }
            report(
                .ownerOnly(
                    node: n, amount: Swift.min(leftover, room), leftover: leftover, owner: owner),
                room: room)
        }
    }

    /// `owner-only` for a move under a one-owner policy: the leftover is what the ledger left
    /// unconsumed plus what it pushed into overscroll (overscroll taken back is not leftover).
    mutating func checkOwnerOnly(_ l: Ledger, owner: Int, chain: [Int]) {
        var leftover = abs(l.unconsumed)
        for s in l.shares where s.phase == .overscroll && !s.takesBack {
            leftover += abs(s.amount)
        }
        checkOwnerOnly(leftover: leftover, owner: owner, chain: chain, ScrollDirection(of: l.d))
    }

    /// `out-of-chain` (SPEC §10): a move left travel unconsumed while a scroll node on screen,
    /// interactive, on `axis`, outside `chain` and not a parallax follower could have moved in
    /// that direction; each is named, in tree order, with min(unconsumed, its room).
    mutating func checkOutOfChain(_ l: Ledger, chain: [Int], axis: Axis) {
        let leftover = abs(l.unconsumed)
        guard leftover >= Ledger.negligible, let driver = chain.first else { return }
        let dir = ScrollDirection(of: l.d)
        for n in 0..<graph.count {
            let m = graph.motion[n]
            // Only enabled nodes count (SPEC §13.5).
            guard m.scrollAxis == axis, !m.follower, !chain.contains(n), scrollEnabled[n] else {
                continue
            }
            let room = rangeLeft(n, dir)
            guard room > 0, isOnScreen(n), isInteractive(n) else { continue }
            report(
                .outOfChain(
                    node: n, amount: Swift.min(leftover, room), leftover: leftover, driver: driver),
                room: room)
        }
    }

    /// The nodes of momentum `m`'s gesture chain that take none of its travel, each with the
    /// rule that keeps it out and its room in direction `dir` (SPEC §5.5 rule 3, §5.9): parents
    /// with `nested.fling: none`, sheets with `momentum: false`, and nodes the sheet rule pins
    /// (inside a sheet below its top-most detent).
    func flingBlocks(_ m: Momentum, _ dir: ScrollDirection) -> [FlingBlock] {
        var blocks: [FlingBlock] = []
        let sheet = m.chain.firstIndex { graph.motion[$0].isSheet }
        let low = sheet.map { offsets[m.chain[$0]] < range(m.chain[$0]).upperBound - 1e-9 } ?? false
        for n in m.gestureChain {
            let room = rangeLeft(n, dir)
            guard room > 0 else { continue }
            if let k = m.chain.firstIndex(of: n) {
                if let sheet, low, k < sheet {
                    blocks.append(
                        FlingBlock(node: n, rule: .sheetRule(sheet: m.chain[sheet]), room: room))
                }
            } else if m.ownerOnly {
                // Under `uikit` and `outer` the owner alone takes the momentum: `owner-only`.
                continue
            } else if graph.nodes[n].sheet?.momentum == false {
                blocks.append(FlingBlock(node: n, rule: .sheetWithoutMomentum, room: room))
            } else if graph.motion[n].nested?.fling == FlingMode.none {
                blocks.append(FlingBlock(node: n, rule: .flingNone, room: room))
            }
        }
        return blocks
    }

    /// `fling-dropped` (SPEC §10): a momentum frame of `driver` left `leftover` (> 0) unconsumed
    /// while chain nodes that take no fling travel (`nested.fling: none`, a sheet with
    /// `momentum: false`) had room; each is named, in tree order, with min(leftover, its room).
    mutating func checkFlingDropped(leftover: Double, driver: Int, blocks: [FlingBlock]) {
        guard leftover >= Ledger.negligible else { return }
        // The chain runs driver first, outward: reversed, it is in tree order.
        for b in blocks.reversed() {
            if case .sheetRule = b.rule { continue }
            report(
                .flingDropped(
                    node: b.node, amount: Swift.min(leftover, b.room), leftover: leftover,
                    driver: driver, rule: b.rule),
                room: b.room)
        }
    }

    /// `no-scroll-here` (SPEC §10): the finger, with no pan recognized, is past the slop on an
    /// axis for which its hit path has no scroll node or sheet; each scroll node on that axis
    /// that is on screen, interactive (and enabled) and not a parallax follower, with room in
    /// the finger's direction, is named in tree order with min(net displacement − slop, room).
    mutating func checkNoScrollHere() {
        guard case .touching = gesture.stage else { return }
        // Read in place: a copy of the touch would copy its velocity samples.
        let net = gesture.touching!.position - gesture.touching!.start
        // The scene's axes for the target, not the touch's: an axis no node could begin on
        // (SPEC §13.2) still has scroll nodes on the path.
        let axes = graph.routes[gesture.touching!.contact.target.node].axes
        for axis in Axis.allCases where !axes.contains(axis) {
            let along = net.along(axis)
            let excess = abs(along) - settings.slop
            guard excess > GestureRecognizer.slopTolerance else { continue }
            let dir = ScrollDirection(of: -along)
            let target = gesture.touching!.contact.target
            for n in 0..<graph.count {
                let m = graph.motion[n]
                guard m.scrollAxis == axis, !m.follower, scrollEnabled[n] else { continue }
                let room = rangeLeft(n, dir)
                guard room > 0, isOnScreen(n), isInteractive(n) else { continue }
                report(
                    .noScrollHere(
                        node: n, amount: Swift.min(excess, room), excess: excess, axis: axis,
                        target: target),
                    room: room)
            }
        }
    }

    /// Remembers the offsets of `nodes` before `mover`'s animation changes them this frame. The
    /// mover's own offset matters only to its parallax followers; a momentum on a lone driver
    /// records nothing.
    mutating func noteAnimating(_ nodes: [Int], mover: Int, _ kind: AnimationKind) {
        let followers = !graph.parallaxOrder.isEmpty
        for n in nodes where n != mover || followers {
            hazards.moved.append(
                HazardMemo.Moved(mover: mover, animation: kind, node: n, before: offsets[n]))
        }
    }

    /// Remembers the offset of a spring's node before it changes this frame. A spring moves only
    /// its own node, so it can move a node on screen only through a parallax follower.
    mutating func noteSpring(_ s: SpringAnimation) {
        guard !graph.parallaxOrder.isEmpty else { return }
        hazards.moved.append(
            HazardMemo.Moved(
                mover: s.node, animation: s.kind, node: s.node, before: offsets[s.node]))
    }

    /// `hidden-mover` (SPEC §10), at the end of a frame: each node on screen that an animation
    /// of a node not on screen moved this frame (directly, or as a parallax follower of a node
    /// it moved), with its offset's change.
    mutating func checkHiddenMovers() {
        guard !hazards.moved.isEmpty else { return }
        var shown: (mover: Int, onScreen: Bool)?
        var k = 0
        while k < hazards.moved.count {
            let e = hazards.moved[k]
            k += 1
            // Only a node that moved this frame (or its followers) can be named; most frames of
            // a fling move the driver alone, and cost no on-screen walk.
            guard abs(offsets[e.node] - e.before) >= Ledger.negligible else { continue }
            if shown?.mover != e.mover { shown = (e.mover, isOnScreen(e.mover)) }
            guard shown?.onScreen == false else { continue }
            reportHiddenMove(e.node, from: e.before, e)
            // Followers of the moved node move with it (SPEC §5.7).
            guard !graph.parallaxOrder.isEmpty else { continue }
            var before: [Int: Double] = [e.node: e.before]
            for (f, followed) in zip(graph.parallaxOrder, graph.parallaxFollowed) {
                guard let b = before[followed] else { continue }
                let fb = parallaxOffset(f, following: followed, at: b)
                before[f] = fb
                reportHiddenMove(f, from: fb, e)
            }
        }
        // Emptied from the end, keeping its capacity (usually one entry: cheaper than the
        // general `removeAll(keepingCapacity:)`).
        while !hazards.moved.isEmpty { hazards.moved.removeLast() }
    }

    private mutating func reportHiddenMove(_ n: Int, from before: Double, _ e: HazardMemo.Moved) {
        let delta = offsets[n] - before
        guard n != e.mover, abs(delta) >= Ledger.negligible, isOnScreen(n) else { return }
        report(
            .hiddenMover(node: n, amount: delta, mover: e.mover, animation: e.animation),
            room: .infinity)
    }

    /// `double-scroll` (SPEC §13.3), after the step's rules: the owner and a simultaneous partner
    /// that a move moved in its direction both kept that change; the amount is the smaller move.
    mutating func checkDoubleScroll() {
        guard !hazards.doubles.isEmpty else { return }
        for e in hazards.doubles {
            let sign = e.forward ? 1.0 : -1.0
            let a = (offsets[e.node] - e.before.0) * sign
            let b = (offsets[e.partner] - e.before.1) * sign
            guard a > Ledger.negligible, b > Ledger.negligible else { continue }
            report(
                .doubleScroll(node: e.node, partner: e.partner, amount: Swift.min(a, b)),
                room: .infinity)
        }
        hazards.doubles.removeAll(keepingCapacity: true)
    }
}
