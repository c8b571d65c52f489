/// Momentum advanced in closed form between the frames where something happens (SPEC §9).
///
/// A momentum frame in which one node takes the whole travel alone (`Momentum.steadyPhase`) is
/// followed by more of the same, until that node's room runs out (a handoff or an edge) or the
/// momentum ends: the travel `v0·(r^(1000t) − 1)/k` is monotone, so the last such frame is found
/// from the decay formula, and the frames up to it are taken at once. They leave what stepping
/// them one by one would: the clock and frame count, the node's offset (the travel summed), the
/// momentum's applied travel, the last frame's ledger and one `flingFrame` fact holding their
/// sum (the session folds a command's fling frames into one line anyway). The frame where
/// something happens is then stepped as usual (`stepFrame`), so handoffs, edges, bounces, the
/// end of the momentum, hazards and breakpoints on them are those of stepping.
extension Simulator {
    /// How far from the end of its room a steady node must stay for a frame to be taken in
    /// closed form: well above float error, well below a frame's travel. A frame closer than
    /// that is stepped (stepping snaps an offset within `Ledger.negligible` of an edge).
    static let steadyMargin = 1e-6

    /// Takes the frames `clock.taken + 1 …` up to the last one, at most `last`, in which the
    /// only running animation, a steady momentum, moves its node alone, as `stepFrame(at:)` on
    /// each would. Returns false, having done nothing, when no frame can be taken so: anything
    /// else runs, the scene has rules (SPEC §13.3: they look at every frame), a content touch
    /// waits for its delivery frame (§4.4), the last frame was not steady, the next frame is not,
    /// or the frames could report a `hidden-mover` (§10).
    public mutating func skipSteadyMomentum(clock: inout FrameClock, through last: Int) -> Bool {
        let first = clock.taken + 1
        guard first <= last, animations.count == 1, !awaitsDelivery,
            let m = animations[0].steadyMomentum
        else { return false }
        let phase = m.phase
        let c = m.consumer
        // The app's rules (SPEC §13.3) look at every frame, but in a steady frame none fires: its
        // only fact is a fling frame, and only `c` moves, so no rule may watch `c` scroll (nor
        // a parallax follower, which moves with it).
        if reacts {
            guard book.depth == 0, !book.pending.contains(true), hazards.doubles.isEmpty,
                graph.parallaxOrder.isEmpty,
                !book.rules.contains(where: { $0.trigger == .scroll && $0.node == c })
            else { return false }
        }
        // A node other than the driver moving while the driver is not on screen is a
        // `hidden-mover`, frame by frame: those frames are stepped. The nodes are fixed while
        // the momentum is steady (only `c` moves, and `c` is no pager).
        if c != m.driver || !graph.parallaxOrder.isEmpty {
            guard graph.motion[c].pages == nil, isOnScreen(m.driver) else { return false }
        }
        let decel = m.decel
        let applied = m.applied
        let sign: Double = decel.velocity > 0 ? 1 : -1
        // Frame k is steady while the momentum has not ended there (`stepMomentum`'s test) and
        // the travel since `applied` fits in `c`'s room with the margin to spare.
        guard let steadyRoom = steadyRoom(m) else { return false }
        let room = steadyRoom - Self.steadyMargin
        let start = m.start
        let anchorOffset = m.anchorOffset
        let anchorApplied = m.anchorApplied
        // The latest steady frame tried and its travel (the last frame taken, once found).
        var latest = (frame: first - 1, travel: applied)
        func steady(_ k: Int) -> Bool {
            let travel = decel.travel(at: clock.time(ofFrame: k) - start)
            guard abs(decel.total - travel) >= 0.5 && abs(travel - applied) <= room else {
                return false
            }
            if k > latest.frame { latest = (k, travel) }
            return true
        }
        guard room > 0, steady(first) else { return false }
        // The first frame that is not steady, guessed from the formula: the time at which the
        // travel reaches the nearer of the two limits.
        let limit = Swift.min(sign * applied + room, abs(decel.total) - 0.5)
        var guess = last
        if let t = decel.time(toTravel: sign * limit) {
            let k = ((start + t - clock.start) * clock.fps).rounded(.down) + 1
            guess = k >= Double(last) ? last : Swift.max(first + 1, Int(k))
        }
        var end = last
        if first < last,
            let stop = Self.firstFrame(
                after: first, through: last, from: Swift.max(guess, first + 1),
                where: { !steady($0) })
        {
            end = stop - 1
        } else if first == last {
            end = first
        }
        // The frames first … end, as stepping leaves them.
        let travel =
            latest.frame == end ? latest.travel : decel.travel(at: clock.time(ofFrame: end) - start)
        let before =
            end > first ? decel.travel(at: clock.time(ofFrame: end - 1) - start) : applied
        offsets[c] = anchorOffset + (travel - anchorApplied)
        var sum = Ledger(d: travel - applied)
        sum.add(c, travel - applied, phase)
        var lastFrame = Ledger(d: travel - before)
        lastFrame.add(c, travel - before, phase)
        frame += end - clock.taken
        time = clock.time(ofFrame: end)
        clock.skip(end - clock.taken)
        ledger = lastFrame
        emit(.flingFrame(sum))
        updateParallax()
        _ = animations[0].withMomentum {
            $0.applied = travel
            return true
        }
        if reacts, case .momentum(let m) = animations[0] { notePrintedChange(c, m, clock, first) }
        return true
    }

    /// What the frames' ends would have noted for `hidden-momentum` (SPEC §13.5): when `c`'s
    /// printed offset last changed — the first of the frames at which it printed what it prints
    /// now (the offset moves one way, so it is found by halving).
    private mutating func notePrintedChange(
        _ c: Int, _ m: Momentum, _ clock: FrameClock, _ first: Int
    ) {
        let printed = (offsets[c] * 100).rounded()
        guard printed != book.printed[c] else { return }
        func reached(_ k: Int) -> Bool {
            let travel = m.decel.travel(at: clock.time(ofFrame: k) - m.start)
            return ((m.anchorOffset + (travel - m.anchorApplied)) * 100).rounded() == printed
        }
        let k =
            Self.firstFrame(
                after: first - 1, through: clock.taken, from: clock.taken, where: reached)
            ?? clock.taken
        book.printed[c] = printed
        book.changedAt[c] = clock.time(ofFrame: k)
    }

    /// Before a momentum frame's share: the room of the node that took the last frame alone, if
    /// it did (`Momentum.steadyPhase`).
    /// None when something else moved that node since (the app's code, SPEC §13.3).
    func steadyRoom(_ m: Momentum.Steady?) -> Double? {
        guard let m, offsets[m.consumer] == m.anchorOffset + (m.applied - m.anchorApplied)
        else { return nil }
        return room(m.consumer, ScrollDirection(of: m.decel.velocity))
    }

    /// After a momentum frame's share, with nothing left over: a frame that continued a steady
    /// one (its node alone took the travel, with `steadyMargin` of room to spare) puts the node
    /// where the anchor formula says, as a frame taken in closed form does; then whether the
    /// next frame is steady. It is when nothing was left over and no pull was taken back:
    /// every share but the last used up its node's room (that node is at its edge now), so the
    /// last share's node takes the next frames alone until its own room runs out.
    mutating func noteSteadiness(_ m: inout Momentum, _ l: Ledger, room: Double?) {
        let continued =
            room.map { r in
                l.unconsumed == 0 && l.shares.count == 1 && l.shares[0].node == m.lastConsumer
                    && r - abs(l.d) >= Self.steadyMargin
            } ?? false
        if continued, let c = m.lastConsumer {
            offsets[c] = m.anchorOffset + (m.applied - m.anchorApplied)
            return
        }
        m.steadyPhase =
            l.unconsumed == 0 && !l.shares.contains { $0.phase == .overscroll }
            ? l.shares.last?.phase : nil
        if m.steadyPhase != nil, let c = l.shares.last?.node {
            m.anchorOffset = offsets[c]
            m.anchorApplied = m.applied
        }
    }
}
