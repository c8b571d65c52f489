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
        guard first <= last, animations.count == 1, !reacts, !awaitsDelivery,
            case .momentum(var m) = animations[0], let phase = m.steadyPhase,
            let c = m.lastConsumer
        else { return false }
        // A node other than the driver moving while the driver is not on screen is a
        // `hidden-mover`, frame by frame: those frames are stepped. The nodes are fixed while
        // the momentum is steady (only `c` moves, and `c` is no pager).
        if c != m.chain[0] || !graph.parallaxOrder.isEmpty {
            guard graph.motion[c].pages == nil, isOnScreen(m.chain[0]) else { return false }
        }
        let decel = m.decel
        let applied = m.applied
        let dir = ScrollDirection(of: decel.velocity)
        let sign: Double = decel.velocity > 0 ? 1 : -1
        // Frame k is steady while the momentum has not ended there (`stepMomentum`'s test) and
        // the travel since `applied` fits in `c`'s room with the margin to spare.
        let room = self.room(c, dir) - Self.steadyMargin
        let start = m.start
        func steady(_ k: Int) -> Bool {
            let travel = decel.travel(at: clock.time(ofFrame: k) - start)
            return abs(decel.total - travel) >= 0.5 && abs(travel - applied) <= room
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
        let travel = decel.travel(at: clock.time(ofFrame: end) - start)
        let before =
            end > first ? decel.travel(at: clock.time(ofFrame: end - 1) - start) : applied
        offsets[c] += travel - applied
        m.applied = travel
        animations[0] = .momentum(m)
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
        return true
    }
}
