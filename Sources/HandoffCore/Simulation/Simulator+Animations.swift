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
            case .momentum(let m):
                guard let m = stepMomentum(m, at: t) else { continue }
                current[kept] = .momentum(m)
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
        if kept < current.count { current.removeLast(current.count - kept) }
        // Animations started during this frame replace older springs on the same node.
        if animations.isEmpty {
            swap(&spareAnimations, &animations)
            swap(&animations, &current)
        } else {
            let started = animations.flatMap(\.nodes)
            current.removeAll { a in
                if case .spring(let s) = a { return started.contains(s.node) }
                return false
            }
            animations = current + animations
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

    /// Whether `stepSprings(at:)` may stand in for `stepFrame(at:)` from now until nothing
    /// animates: only springs run (a spring starts nothing, so this stays true) and the scene has
    /// no parallax follower (so a frame moves nothing but the springs' own nodes, and no
    /// `hidden-mover` can be reported: SPEC §10).
    public var springsRunAlone: Bool { graph.parallaxOrder.isEmpty && onlySpringsRun }

    /// What a lean frame leaves: whether anything still animates, and the time until which every
    /// running spring is in a quiet stretch (the frames before it change nothing but the clock:
    /// `passQuietFrames`; `-infinity` when a spring is due sooner or nothing runs).
    public struct LeanFrame: Equatable, Sendable {
        public var animating: Bool
        public var quietUntil: Double
    }

    /// One frame when `springsRunAlone`: the same time, frame and facts as `stepFrame(at:)`,
    /// without the bookkeeping a frame of other animations needs (for `settle` and `wait` with
    /// nothing looking at each frame). A spring in a quiet stretch (it cannot come to rest
    /// before a later time: `SpringAnimation.quietUntil`) is not evaluated, so its node is set
    /// only when it is next evaluated: `syncSprings()` sets every spring's node after the last
    /// lean frame.
    public mutating func stepSprings(at t: Double) -> LeanFrame {
        frame += 1
        time = t
        // A frame in which every spring is in a quiet stretch changes nothing: it is only read.
        if let quiet = quietUntil(after: t) {
            return LeanFrame(animating: !animations.isEmpty, quietUntil: quiet)
        }
        // Most frames end no spring: one pass sets every spring's node, with no call per spring.
        // A frame where one comes to rest takes the general pass, which sets every node again and
        // ends it (springs are pure functions of time).
        let count = animations.count
        var quiet = Double.infinity
        var k = 0
        while k < count {
            guard case .spring(var s) = animations[k] else { break }
            if t < s.quietUntil {
                quiet = Swift.min(quiet, s.quietUntil)
                k += 1
                continue
            }
            let (x, v) = s.spring.state(
                displacement: s.displacement, velocity: s.velocity, at: t - s.start)
            if Spring.isDone(x: x, v: v) { break }
            setOffset(s.node, springOffset(s, x))
            if s.looksAhead {
                // Still far from rest 16 frames on: the frames until then cannot end it.
                let ahead = t + 16 / settings.fps
                let (xa, va) = s.spring.state(
                    displacement: s.displacement, velocity: s.velocity, at: ahead - s.start)
                if s.spring.energy(x: xa, v: va) > s.spring.restingEnergy {
                    s.quietUntil = ahead
                } else {
                    s.looksAhead = false
                }
                animations[k] = .spring(s)
            }
            quiet = Swift.min(quiet, s.quietUntil)
            k += 1
        }
        if k < count {
            stepSpringsInPlace(at: t)
            quiet = -.infinity
        }
        return LeanFrame(
            animating: !animations.isEmpty, quietUntil: animations.isEmpty ? -.infinity : quiet)
    }

    /// `n` lean frames that `LeanFrame.quietUntil` says are quiet, the last at `t`: what `n` calls
    /// of `stepSprings(at:)` would do there (they only count the frames and set the clock).
    public mutating func passQuietFrames(_ n: Int, to t: Double) {
        frame += n
        time = t
    }

    /// When every running spring is in a quiet stretch at `t`, the earliest of their ends; nil
    /// when one is due (read only: a frame with none due writes nothing, not even the checks
    /// before a write). Inlined: an outlined call from `stepSprings` copies the whole simulator.
    @inline(__always)
    private func quietUntil(after t: Double) -> Double? {
        var until = Double.infinity
        for k in animations.indices {
            guard case .spring(let s) = animations[k], t < s.quietUntil else { return nil }
            until = Swift.min(until, s.quietUntil)
        }
        return animations.isEmpty ? -.infinity : until
    }

    /// Sets every running spring's node at the current time (after lean frames, which leave a
    /// spring in a quiet stretch where it was).
    public mutating func syncSprings() {
        for k in animations.indices {
            guard case .spring(let s) = animations[k] else { continue }
            let (x, _) = s.spring.state(
                displacement: s.displacement, velocity: s.velocity, at: time - s.start)
            setOffset(s.node, springOffset(s, x))
        }
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
        let (x, v) = s.spring.state(
            displacement: s.displacement, velocity: s.velocity, at: t - s.start)
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
    @inline(__always)
    private func springOffset(_ s: SpringAnimation, _ x: Double) -> Double {
        guard graph.motion[s.node].isSheet else { return s.target + x }
        let r = range(s.node)
        return Swift.min(Swift.max(s.target + x, r.lowerBound), r.upperBound)
    }

    private mutating func stepMomentum(_ m0: Momentum, at t: Double) -> Momentum? {
        var m = m0
        let elapsed = t - m.start
        var travel = m.decel.travel(at: elapsed)
        var finished = false
        if abs(m.decel.total - travel) < 0.5 {
            travel = m.decel.total
            finished = true
        }
        let delta = travel - m.applied
        noteAnimating(m.chain, mover: m.chain[0], .momentum)
        var l = share(delta, chain: m.chain, ownerOnly: m.ownerOnly, fling: true)
        m.applied += delta - l.unconsumed
        guard abs(l.unconsumed) > Ledger.negligible else {
            ledger = l
            emit(.flingFrame(l))
            recordHandoffs(l, last: &m.lastConsumer)
            if finished {
                emit(.momentumEnded(driver: m.chain[0]))
                restAfterMomentum(m, except: nil)
                return nil
            }
            return m
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
            l.unconsumed = v / abs(m.decel.k)
            l.d += l.unconsumed
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
        return nil
    }

    /// When momentum ends, its nodes come to rest: sheets left between detents settle by rule 1
    /// and `snap: edges` scrolls snap (SPEC §5.5 rules 1 and 4).
    private mutating func restAfterMomentum(_ m: Momentum, except: Int?) {
        for n in m.chain where n != except { settleAtRest(n) }
    }
}
