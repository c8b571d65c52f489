/// Momentum advanced in closed form between the frames where something happens (SPEC §9).
///
/// A momentum frame in which one node takes the whole travel alone (`Momentum.steadyPhase`) is
/// followed by more of the same, until that node's room runs out (a handoff or an edge) or the
/// momentum ends: the travel `v0·(r^(1000t) − 1)/k` is monotone, so the last such frame is found
/// from the decay formula, and the frames up to it are taken at once. They leave what stepping
/// them one by one would: the clock and frame count, the node's offset (the travel summed), the
/// momentum's applied travel, the last frame's ledger and one `flingFrame` fact holding their
/// sum (the session folds a command's fling frames into one line anyway). The frame where
/// something happens is then stepped as usual (`stepFrame`), so handoffs, edges, bounces, hazards
/// and breakpoints on them are those of stepping. The momentum's end, when its node takes the
/// last of the travel with room to spare and no breakpoint looks, is taken with the steady
/// frames before it: its ledger and fling frame, then `endMomentum`, as a stepped end.
extension Simulator {
    /// How far from the end of its room a steady node must stay for a frame to be taken in
    /// closed form: well above float error, well below a frame's travel. A frame closer than
    /// that is stepped (stepping snaps an offset within `Ledger.negligible` of an edge).
    static let steadyMargin = 1e-6

    /// What `skipSteadyMomentum` took.
    public enum SteadySkip: Equatable, Sendable {
        /// No frame: the next one is stepped.
        case none
        /// Steady frames: the momentum runs on, and the next frame is where something happens.
        case steady
        /// Steady frames and the one the momentum ends in; `animating`: whether anything runs
        /// on (its chain coming to rest may start springs).
        case ended(animating: Bool)
    }

    /// Takes the frames `clock.taken + 1 …` up to the last one, at most `last`, in which the
    /// only running animation, a steady momentum, moves its node alone, as `stepFrame(at:)` on
    /// each would; with `ending` (no one looks at the frame: no breakpoint), also the frame
    /// after them when the momentum ends in it, its node taking the last of the travel with
    /// room to spare. Returns `.none`, having done nothing, when no frame can be taken so:
    /// anything else runs, the scene has rules (SPEC §13.3: they look at every frame), a
    /// content touch waits for its delivery frame (§4.4), the last frame was not steady, the
    /// next frame is not, or the frames could report a `hidden-mover` (§10).
    public mutating func skipSteadyMomentum(
        clock: inout FrameClock, through last: Int, ending: Bool = false
    ) -> SteadySkip {
        let first = clock.taken + 1
        guard first <= last, animations.count == 1, !gesture.awaitsDelivery(settings.touches),
            let m = animations[0].steadyMomentum
        else { return .none }
        let phase = m.phase
        let c = m.consumer
        // The app's rules (SPEC §13.3) look at every frame, but in a steady frame none fires: its
        // only fact is a fling frame, and only `c` moves, so no rule may watch `c` scroll (nor
        // a parallax follower, which moves with it).
        if reacts {
            guard book.depth == 0, !book.pending.contains(true), hazards.doubles.isEmpty,
                graph.parallaxOrder.isEmpty,
                !book.rules.contains(where: { $0.trigger == .scroll && $0.node == c })
            else { return .none }
        }
        // A node other than the driver moving while the driver is not on screen is a
        // `hidden-mover`, frame by frame: those frames are stepped. The nodes are fixed while
        // the momentum is steady (only `c` moves, and `c` is no pager).
        if c != m.driver || !graph.parallaxOrder.isEmpty {
            guard graph.motion[c].pages == nil, isOnScreen(m.driver) else { return .none }
        }
        let decel = m.decel
        let applied = m.applied
        let sign: Double = decel.velocity > 0 ? 1 : -1
        // Frame k is steady while the momentum has not ended there (`stepMomentum`'s test) and
        // the travel since `applied` fits in `c`'s room with the margin to spare.
        guard let steadyRoom = m.room(offsets, graph.motion) else { return .none }
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
        guard room > 0, steady(first) else { return .none }
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
        var after = m
        after.applied = travel
        guard ending, !reacts, end < last, endSteadyMomentum(&after, clock: &clock)
        else { return .steady }
        return .ended(animating: !animations.isEmpty)
    }

    /// The frame after steady ones, when the momentum ends in it (`stepMomentum`'s test) and its
    /// node takes the last of the travel with `steadyMargin` of room to spare (so `noteSteadiness`
    /// puts it where the anchor formula says): taken as stepping it leaves it (its ledger, a
    /// fling frame, the momentum's end). False, having done nothing, for any other frame.
    private mutating func endSteadyMomentum(_ m: inout Momentum.Steady, clock: inout FrameClock)
        -> Bool
    {
        let k = clock.taken + 1
        let travel = m.decel.travel(at: clock.time(ofFrame: k) - m.start)
        guard abs(m.decel.total - travel) < 0.5 else { return false }
        let delta = m.decel.total - m.applied
        guard let room = m.room(offsets, graph.motion), room - abs(delta) >= Self.steadyMargin
        else {
            return false
        }
        frame += 1
        time = clock.time(ofFrame: k)
        clock.skip(1)
        m.applied += delta
        offsets[m.consumer] = m.anchorOffset + (m.applied - m.anchorApplied)
        var l = Ledger(d: delta)
        l.add(m.consumer, delta, m.phase)
        ledger = l
        emit(.flingFrame(l))
        // The momentum leaves the running animations before its chain comes to rest (which may
        // start springs), as a stepped frame drops it.
        guard case .momentum(let momentum) = animations.removeLast() else {
            preconditionFailure("a steady momentum runs alone")
        }
        endMomentum(momentum)
        updateParallax()
        return true
    }

    /// Momentum `m` has run its travel out (its last frame's share taken): the driver lands on
    /// the app's target, if one was written, and the chain comes to rest.
    mutating func endMomentum(_ m: Momentum) {
        if let land = m.landing, abs(offsets[m.chain[0]] - land) < 1e-6 {
            setOffset(m.chain[0], land)
        }
        emit(.momentumEnded(driver: m.chain[0]))
        restAfterMomentum(m, except: nil)
    }

    /// When momentum ends, its nodes come to rest: sheets left between detents settle by rule 1
    /// and `snap: edges` scrolls snap (SPEC §5.5 rules 1 and 4).
    mutating func restAfterMomentum(_ m: Momentum, except: Int?) {
        for n in m.chain where n != except { settleAtRest(n) }
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
