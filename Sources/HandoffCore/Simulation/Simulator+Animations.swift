/// Evaluating animations at frame times, in closed form (SPEC §3, §5.5).
extension Simulator {
    /// Advances the clock to `t` and evaluates every animation there.
    mutating func step(to t: Double) {
        time = t
        guard !animations.isEmpty else { return }
        if stepSpringsAlone(at: t) { return }
        // Stepped in place: the running animations are compacted in their own buffer while those
        // started during the frame go to the spare one (no allocation per frame).
        var current: [Animation] = []
        swap(&current, &animations)
        swap(&animations, &spareAnimations)
        var kept = 0
        for k in current.indices {
            switch current[k] {
            case .momentum:
                // Stepped in place: no copy of the momentum.
                guard current[k].withMomentum({ stepMomentum(&$0, at: t) }) else { continue }
                if kept != k { current[kept] = current[k] }
            case .spring(let s):
                guard stepSpring(s, at: t) else { continue }
                if kept != k { current[kept] = current[k] }
            case .transition(let tr):
                if t - tr.start >= tr.duration - 1e-9 {
                    emit(.transitionEnded(node: tr.node, page: tr.to))
                    continue
                }
                if kept != k { current[kept] = current[k] }
            }
            kept += 1
        }
        defer { checkHiddenMovers() }
        // The ended ones dropped from the end (usually one or none).
        while current.count > kept { current.removeLast() }
        // Animations started during this frame replace older springs on the same node.
        if animations.isEmpty {
            swap(&spareAnimations, &animations)
            swap(&animations, &current)
        } else if current.isEmpty {
            // Nothing runs on (a momentum ended, starting a spring): the started ones are the
            // running ones, in their buffer, and the emptied one is the spare.
            swap(&spareAnimations, &current)
        } else {
            current.removeAll { a in
                guard case .spring(let s) = a else { return false }
                return animations.contains { $0.moves(s.node) }
            }
            // The started ones after the running ones, in the running ones' buffer.
            current.append(contentsOf: animations)
            animations.removeAll(keepingCapacity: true)
            swap(&spareAnimations, &animations)
            swap(&animations, &current)
        }
        updateParallax()
    }

    /// `step(to:)` when every running animation is a spring (a page, detent, snap or bounce
    /// settling: most frames of `settle`): a spring starts nothing, so they are evaluated and
    /// compacted in place, with no buffer swap and no look for animations started this frame.
    /// False, having done nothing, when another kind of animation runs.
    private mutating func stepSpringsAlone(at t: Double) -> Bool {
        guard onlySpringsRun else { return false }
        stepSpringsInPlace(at: t)
        updateParallax()
        checkHiddenMovers()
        return true
    }

    /// Whether every running animation is a spring.
    private var onlySpringsRun: Bool {
        for k in animations.indices {
            guard case .spring = animations[k] else { return false }
        }
        return true
    }

    /// Whether `runSpringsAlone(clock:through:untilRest:)` may stand in for `stepFrame(at:)` from
    /// now until nothing animates: only springs run (a spring starts nothing, so this stays true),
    /// no frame can report a `hidden-mover` (SPEC §10: no parallax follower, or springs on
    /// screen), the scene has no rules, and no content touch waits for its delivery frame
    /// (SPEC §4.4).
    public var springsRunAlone: Bool {
        reactionBook.isEmpty && onlySpringsRun && !gesture.awaitsDelivery(settings.touches)
            && (graph.parallaxOrder.isEmpty || springsMoveOnScreen)
    }

    /// With parallax followers, whether no frame of the running springs can report a
    /// `hidden-mover` (SPEC §10): each spring's node is on screen and stays so (no other spring
    /// moves one of its ancestors, the only way a spring changes what is on screen). The
    /// followers are then set once, from where their nodes end.
    private var springsMoveOnScreen: Bool {
        for a in animations {
            guard case .spring(let s) = a, isOnScreen(s.node) else { return false }
            var up = graph.parent[s.node]
            while let p = up {
                if animations.contains(where: { $0.node == p }) { return false }
                up = graph.parent[p]
            }
        }
        return true
    }

    /// The frames `clock.taken + 1 … last` of `wait` or `settle` while `springsRunAlone` and
    /// nothing looks at each frame (no breakpoint, watch or timeline), without stepping them one
    /// by one: springs are pure functions of time, so each spring's rest frame is found directly
    /// (`restFrame`), and the clock, frame count, offsets and facts end as `stepFrame(at:)` on
    /// each of those frames would leave them. `untilRest` (`settle`): the frames end with the one
    /// in which the last spring comes to rest, or at `last`; otherwise (`wait`) at `last`.
    /// Returns false, having done nothing, unless `springsRunAlone` (a mutating call: the session
    /// asks through it rather than copying the simulator to read `springsRunAlone`).
    @discardableResult
    public mutating func runSpringsAlone(
        clock: inout FrameClock, through last: Int, untilRest: Bool
    ) -> Bool {
        // `springsRunAlone` part by part: only its on-screen walk copies the simulator.
        guard reactionBook.isEmpty, onlySpringsRun, !gesture.awaitsDelivery(settings.touches),
            graph.parallaxOrder.isEmpty || springsMoveOnScreen
        else { return false }
        let first = clock.taken + 1
        guard first <= last else { return true }
        // The frame number and time of the command's frame `k` (frame `taken` is now).
        let base = frame - clock.taken
        let count = animations.count
        // Parallax followers follow where springs end (`springsMoveOnScreen`); no spring: no move.
        defer { if count > 0 { updateParallax() } }
        var end = untilRest ? first - 1 : last
        // Each spring's rest frame (`Int.max`: none by `last`; -1 once it has ended there), in
        // the first `count` places of the simulator's spare buffer (given back below).
        var rest = spareRestFrames
        spareRestFrames = []
        if rest.count < count { rest += repeatElement(0, count: count - rest.count) }
        defer { spareRestFrames = rest }
        for k in 0..<count {
            guard case .spring(let s) = animations[k] else { preconditionFailure("springs") }
            let r = restFrame(s, clock: clock, from: first, through: last) ?? .max
            rest[k] = r
            if untilRest { end = Swift.max(end, Swift.min(r, last)) }
        }
        // Springs come to rest in frame order, and in animation order within a frame (as the
        // frames would end them), each at its frame's time and number.
        var ended = 0
        while true {
            var next = -1
            for k in 0..<count where rest[k] >= first && rest[k] <= end {
                if next < 0 || rest[k] < rest[next] { next = k }
            }
            guard next >= 0, case .spring(let s) = animations[next] else { break }
            frame = base + rest[next]
            time = clock.time(ofFrame: rest[next])
            setOffset(s.node, s.target)
            emit(.springEnded(node: s.node, kind: s.kind, target: s.target))
            rest[next] = -1
            ended += 1
        }
        if ended > 0 {
            var kept = 0
            for k in 0..<count where rest[k] != -1 {
                if kept != k { animations[kept] = animations[k] }
                kept += 1
            }
            while animations.count > kept { animations.removeLast() }  // usually all ended
        }
        guard end >= first else { return true }
        frame = base + end
        time = clock.time(ofFrame: end)
        clock.skip(end - clock.taken)
        // The springs still running, at the last frame's time.
        for k in animations.indices {
            guard case .spring(let s) = animations[k] else { continue }
            setOffset(s.node, springOffset(s, s.state(at: time).x))
        }
        return true
    }

    /// The first of the command's frames `first … last` in which spring `s` comes to rest (the
    /// frame `stepSpring` would end it in), or nil; every frame it returns or rules out is
    /// decided by `Spring.isDone` on `Spring.state` at that frame's time, as a frame would.
    ///
    /// - A critically damped spring (every built-in one) only shrinks once past its turns
    ///   (`Spring.shrinks`): from the first frame a frame's time past them, the rest test is
    ///   false and then true, so its first true frame is found by a guess (`Spring.restGuess`),
    ///   then doubling steps and halving around it.
    /// - Before that frame, or for another spring: no frame whose energy is above
    ///   `Spring.restingEnergy` can be it, nor any frame before one (with damping the energy
    ///   never grows); the first frame at or below that bound is found by doubling and halving,
    ///   and the rest test runs from there on.
    func restFrame(
        _ s: SpringAnimation, clock: FrameClock, from first: Int, through last: Int
    )
        -> Int?
    {
        func done(_ k: Int) -> Bool {
            let (x, v) = s.state(atFrame: k, clock)
            return Spring.isDone(x: x, v: v)
        }
        guard
            let turns = s.spring.shrinks(displacement: s.displacement, velocity: s.velocity)
        else { return energyScan(s, clock: clock, from: first, through: last) }
        // The first frame a frame's time past the turns (clear of where |x| or |v| is flat).
        let clear = s.start + turns + 1 / clock.fps
        var m = Swift.max(first, Int(((clear - clock.start) * clock.fps).rounded(.up)))
        while m > first, clock.time(ofFrame: m - 1) >= clear { m -= 1 }
        while m <= last, clock.time(ofFrame: m) < clear { m += 1 }
        if m > first,
            let r = energyScan(s, clock: clock, from: first, through: Swift.min(m, last + 1) - 1)
        {
            return r
        }
        guard m <= last else { return nil }
        // Frames m … last: not done, then done; the search starts at the guess.
        let rest =
            s.start
            + s.spring.restGuess(displacement: s.displacement, velocity: s.velocity, from: turns)
        let guess = Int(((rest - clock.start) * clock.fps).rounded(.up))
        return Self.firstFrame(
            after: m - 1, through: last, from: Swift.min(Swift.max(m, guess), last), where: done)
    }

    /// `restFrame` by the energy bound alone, for frames `first … last` (none when
    /// `last < first`).
    private func energyScan(
        _ s: SpringAnimation, clock: FrameClock, from first: Int, through last: Int
    ) -> Int? {
        func resting(_ k: Int) -> Bool {
            let (x, v) = s.state(atFrame: k, clock)
            return s.spring.energy(x: x, v: v) <= s.spring.restingEnergy
        }
        // Above the bound at the last frame (or surely so, from the start): above it before.
        guard first <= last,
            !s.spring.staysAboveRest(
                displacement: s.displacement, velocity: s.velocity,
                until: clock.time(ofFrame: last) - s.start),
            resting(last),
            let from = Self.firstFrame(after: first - 1, through: last, from: first, where: resting)
        else { return nil }
        for k in from...last {
            let (x, v) = s.state(atFrame: k, clock)
            if Spring.isDone(x: x, v: v) { return k }
        }
        return nil
    }

    /// The first frame of `after + 1 … last` at which `holds` is true, where over those frames it
    /// is false and then true (and false up to `after`), or nil: doubling steps from `guess` (in
    /// that span), down while it holds or up while it does not, then halving.
    static func firstFrame(
        after: Int, through last: Int, from guess: Int, where holds: (Int) -> Bool
    ) -> Int? {
        // `below`: a frame known false (or `after`), `above`: one known true.
        var below = after
        var above = guess
        var step = 1
        if holds(guess) {
            while above - step > below, holds(above - step) {
                above -= step
                step *= 2
            }
            below = Swift.max(below, above - step)
        } else {
            below = guess
            while true {
                let next = Swift.min(below + step, last)
                if next == below { return nil }
                if holds(next) {
                    above = next
                    break
                }
                below = next
                step *= 2
            }
        }
        while above - below > 1 {
            let mid = below + (above - below) / 2
            if holds(mid) { above = mid } else { below = mid }
        }
        return above
    }

    /// Evaluates every running animation, all springs, at `t`, dropping those at rest.
    private mutating func stepSpringsInPlace(at t: Double) {
        let count = animations.count
        var kept = 0
        for k in 0..<count {
            guard case .spring(let s) = animations[k], stepSpring(s, at: t) else { continue }
            if kept != k { animations[kept] = animations[k] }
            kept += 1
        }
        if kept < count { animations.removeLast(count - kept) }
    }

    /// Sets the spring's node at `t`; false once it has come to rest.
    private mutating func stepSpring(_ s: SpringAnimation, at t: Double) -> Bool {
        noteSpring(s)
        let (x, v) = s.state(at: t)
        if Spring.isDone(x: x, v: v) {
            setOffset(s.node, s.target)
            emit(.springEnded(node: s.node, kind: s.kind, target: s.target))
            return false
        }
        setOffset(s.node, springOffset(s, x))
        return true
    }

    /// The offset of spring `s`'s node `x` from its target: a detent spring is clamped to the
    /// sheet's range (SPEC §5.9: no overscroll).
    private func springOffset(_ s: SpringAnimation, _ x: Double) -> Double {
        guard graph.motion[s.node].isSheet else { return s.target + x }
        let r = range(s.node)
        return Swift.min(Swift.max(s.target + x, r.lowerBound), r.upperBound)
    }

    /// Steps momentum `m` to `t`; false once it has ended.
    private mutating func stepMomentum(_ m: inout Momentum, at t: Double) -> Bool {
        let elapsed = t - m.start
        var travel = m.decel.travel(at: elapsed)
        var finished = false
        if abs(m.decel.total - travel) < 0.5 {
            travel = m.decel.total
            finished = true
        }
        let delta = travel - m.applied
        noteAnimating(m.chain, mover: m.chain[0], .momentum)
        let steadyRoom = m.steady?.room(offsets, graph.motion)
        var l = share(delta, chain: m.chain, ownerOnly: m.ownerOnly, fling: true)
        m.applied += delta - l.unconsumed
        guard abs(l.unconsumed) > Ledger.negligible else {
            noteSteadiness(&m, l, room: steadyRoom)
            ledger = l
            emit(.flingFrame(l))
            recordHandoffs(l, last: &m.lastConsumer)
            if finished {
                endMomentum(m)
                return false
            }
            return true
        }
        // Every consumer reached an edge (one resting there counts): the frame is cut at the
        // crossing, so its ledger holds the travel up to the edge, never a sampled leftover; the
        // bounce starts at the crossing, or, where nothing bounces, the travel the momentum still
        // had there (v_edge/|k|) is unconsumed (SPEC §5.5 rule 3). No figure depends on the fps.
        let dir = ScrollDirection(of: delta)
        let crossing = Swift.min(m.decel.time(toTravel: m.applied) ?? elapsed, elapsed)
        let v = m.decel.velocity(at: crossing)
        let bouncer = m.chain.first { bounces($0) && room($0, dir) == 0 }
        l.d = delta - l.unconsumed
        l.unconsumed = 0
        if bouncer == nil {
            // The momentum stopped at the edge: it has come to rest.
            if reacts { fire(.rest, m.chain[0]) }
            l.unconsumed = v / abs(m.decel.k)
            l.d += l.unconsumed
            // What kept travel from nodes that had room (SPEC §5.5 rule 3, §5.9), for `why`
            // and `fling-dropped`.
            let blocks = flingBlocks(m, dir)
            if !blocks.isEmpty {
                emit(
                    .decided(
                        .flingStopped(
                            driver: m.chain[0], leftover: abs(l.unconsumed), blocks: blocks)))
                checkFlingDropped(
                    leftover: abs(l.unconsumed), driver: m.chain[0], blocks: blocks)
            }
        }
        ledger = l
        emit(.flingFrame(l))
        recordHandoffs(l, last: &m.lastConsumer)
        if m.ownerOnly {
            // The travel the momentum still had at the crossing went to no node of the chain.
            checkOwnerOnly(
                leftover: abs(v / m.decel.k), owner: m.chain[0], chain: m.gestureChain, dir)
        }
        emit(.edgeHit(node: bouncer, velocity: v))
        if let b = bouncer {
            let s = SpringAnimation(
                node: b, kind: .bounce, target: offsets[b], displacement: 0, velocity: v,
                start: m.start + crossing, spring: .bounce)
            emit(.springStarted(node: b, kind: .bounce, target: offsets[b], velocity: v))
            if stepSpring(s, at: t) { animations.append(.spring(s)) }
        }
        restAfterMomentum(m, except: bouncer)
        return false
    }
}
