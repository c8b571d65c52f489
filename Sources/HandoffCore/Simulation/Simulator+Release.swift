/// What happens when the finger lifts (SPEC §5.5, §5.9).
extension Simulator {
    mutating func release(_ pan: Pan, velocity v: Point, stopped: [Int]) {
        let scrollV = -v.along(pan.axis)
        emit(.released(velocity: v, scroll: scrollV))
        let before = animations.count
        if pan.ownerOnly {
            // Each simultaneous partner decelerates on its own (SPEC §13.2); the other
            // recognizers, moving too, are no node that "could have taken" its leftover.
            for r in [pan.owner] + pan.partners {
                var own = pan
                if !pan.partners.isEmpty {
                    own.chain.removeAll {
                        $0 != r && ($0 == pan.owner || pan.partners.contains($0))
                    }
                }
                releaseNode(
                    r, pan: own, fingerV: v.along(pan.axis), scrollV: scrollV, chain: [r],
                    ownerOnly: true)
            }
        } else {
            releaseChain(pan, fingerV: v.along(pan.axis), scrollV: scrollV)
        }
        // Usually nothing was stopped: then no list of what the release set moving is built.
        if !stopped.isEmpty {
            settleStopped(stopped, except: animations[before...].flatMap(\.nodes))
        }
    }

    private mutating func releaseChain(_ pan: Pan, fingerV: Double, scrollV: Double) {
        let chain = pan.chain
        // 1. A sheet between detents takes the velocity; one resting on a detent takes it on the
        // segment to its neighbour, unless a list inside it scrolled in this gesture.
        if let s = chain.first(where: { graph.motion[$0].isSheet }) {
            // Within rounding of a detent (drags summed in floating point) is exactly on it: a
            // sheet that takes nothing rests on the detent's own top.
            let detent = detentTop(s)
            if let detent { setOffset(s, graph.motion[s].sheetBottom - detent) }
            let onDetent = detent != nil
            let resting = onDetent ? restingSegment(s, pan: pan, fingerV: fingerV) : nil
            if !onDetent || resting != nil {
                for n in chain where n != s && isOverscrolled(n) {
                    springTo(n, .bounce, target: clamped(n), velocity: 0)
                }
                if let resting {
                    springFromRest(s, resting, scrollV: scrollV)
                } else {
                    settleSheet(
                        s, fingerV: fingerV, scrollV: scrollV, start: pan.sheetStart ?? sheetTop(s))
                }
                return
            }
        }
        // Release order: overscroll springs back first and no momentum runs; a pager driver
        // springs to its page instead.
        let pagerDriver = graph.motion[pan.driver].pages == .scrolled
        let overscrolled = chain.filter { isOverscrolled($0) }
        if !overscrolled.isEmpty {
            emit(.decided(.overscrolledRelease(nodes: overscrolled)))
            for n in overscrolled where !(pagerDriver && n == pan.driver) {
                springTo(n, .bounce, target: clamped(n), velocity: n == pan.driver ? scrollV : 0)
            }
            if pagerDriver { settlePager(pan.driver, scrollV: scrollV, start: pan.startPage) }
            return
        }
        // 2. A pager driver goes to a page.
        if pagerDriver {
            settlePager(pan.driver, scrollV: scrollV, start: pan.startPage)
            return
        }
        // 3. Momentum through the chain, without parents that take no fling travel. Usually
        // every node takes it: then the chain itself is the list (none is built).
        func takesFling(_ k: Int) -> Bool {
            let n = chain[k]
            if graph.motion[n].isSheet { return graph.motion[n].sheetMomentum }
            return k == 0 || graph.motion[n].nested?.fling != FlingMode.none
        }
        var participants = chain
        if !chain.indices.allSatisfy(takesFling) {
            // Built once, at its size (a filter and a map made two arrays, the first grown).
            participants = []
            participants.reserveCapacity(chain.count)
            for k in chain.indices where takesFling(k) { participants.append(chain[k]) }
        }
        let aimed = participants.isEmpty ? scrollV : aimedVelocity(participants[0], scrollV)
        if !participants.isEmpty, momentumVelocity(pan.driver, aimed) != 0 {
            startMomentum(participants, velocity: aimed, ownerOnly: false, gestureChain: chain)
        } else {
            for n in chain { snapIfNeeded(n) }
        }
    }

    /// Release under `uikit`: the owner alone.
    private mutating func releaseNode(
        _ o: Int, pan: Pan, fingerV: Double, scrollV: Double, chain: [Int], ownerOnly: Bool
    ) {
        switch graph.nodes[o].kind {
        case .sheet:
            if !isOnDetent(o) {
                settleSheet(
                    o, fingerV: fingerV, scrollV: scrollV, start: pan.sheetStart ?? sheetTop(o))
            } else if let resting = restingSegment(o, pan: pan, fingerV: fingerV) {
                springFromRest(o, resting, scrollV: scrollV)
            } else if graph.motion[o].sheetMomentum, momentumVelocity(o, scrollV) != 0 {
                startMomentum([o], velocity: scrollV, ownerOnly: true, gestureChain: pan.chain)
            }
        case .pager:
            settlePager(o, scrollV: scrollV, start: o == pan.driver ? pan.startPage : page(o))
        case .scroll, .list, .view, .switcher, .tabs, .backdrop:
            if isOverscrolled(o) {
                emit(.decided(.overscrolledRelease(nodes: [o])))
                springTo(o, .bounce, target: clamped(o), velocity: scrollV)
            } else if case let aimed = aimedVelocity(o, scrollV), momentumVelocity(o, aimed) != 0 {
                startMomentum([o], velocity: aimed, ownerOnly: true, gestureChain: pan.chain)
            } else {
                snapIfNeeded(o)
            }
        }
    }

    /// The velocity a release's momentum starts with: under `touches uikit` one slower than
    /// 250 pt/s is zeroed, as UIKit's scroll view does (SPEC §4.4), and `why` says so.
    private mutating func momentumVelocity(_ driver: Int, _ v: Double) -> Double {
        guard settings.touches == .uikit, v != 0, abs(v) < Self.momentumThreshold else { return v }
        emit(.decided(.belowMomentumThreshold(node: driver, velocity: v)))
        return 0
    }

    /// UIKit's scroll view starts no momentum below 0.25 pt/ms (SPEC §4.4).
    static let momentumThreshold = 250.0

    func clamped(_ n: Int) -> Double {
        let r = range(n)
        return Swift.min(Swift.max(offsets[n], r.lowerBound), r.upperBound)
    }

    func isOnDetent(_ s: Int) -> Bool { detentTop(s) != nil }

    /// The top of the detent sheet `s` rests on, within rounding; nil between detents.
    func detentTop(_ s: Int) -> Double? {
        let top = sheetTop(s)
        guard case .sheet(let cfg) = graph.nodes[s].kind else { return nil }
        return cfg.detents.first { abs($0.top - top) < 1e-9 }?.top
    }

    mutating func startMomentum(
        _ chain: [Int], velocity v: Double, ownerOnly: Bool, gestureChain: [Int]? = nil
    ) {
        let rate = graph.motion[chain[0]].rate
        var m = Momentum(
            chain: chain, decel: Deceleration(velocity: v, rate: rate), start: time,
            ownerOnly: ownerOnly, lastConsumer: nil, gestureChain: gestureChain ?? chain)
        if reacts, let land = book.landing {
            m.landing = land
            book.landing = nil
        }
        // The node that takes the first frame's travel, if one takes it alone, is known now: the
        // momentum starts steady there (`Momentum.steadyPhase`), so its frames from the first on
        // can be taken in closed form (`skipSteadyMomentum`). A first frame that is not steady
        // after all is stepped, and its ledger decides as always (`noteSteadiness`).
        if let (c, phase) = firstTaker(
            chain, ownerOnly: ownerOnly, ScrollDirection(of: m.decel.velocity))
        {
            m.lastConsumer = c
            m.steadyPhase = phase
            m.anchorOffset = offsets[c]
            m.anchorApplied = 0
        }
        let travel = m.decel.total
        // The momentum moves into the running animations (read no more: not copied).
        animations.append(.momentum(m))
        emit(.momentumStarted(driver: chain[0], velocity: v, travel: travel))
        emit(
            .decided(.momentum(driver: chain[0], velocity: v, travel: travel, participants: chain)))
    }

    /// Starts a spring on `n` toward `target` (in offset units), replacing its animations.
    mutating func springTo(_ n: Int, _ kind: AnimationKind, target: Double, velocity: Double) {
        func isSpring(_ a: Animation) -> Bool {
            if case .spring(let s) = a { return s.node == n }
            return false
        }
        // Usually `n` has no spring: then the animations are only read (`removeAll(where:)`
        // always rewrites the array's tail).
        if animations.contains(where: isSpring) { animations.removeAll(where: isSpring) }
        let spring: Spring = kind == .bounce ? .bounce : .settle
        animations.append(
            .spring(
                SpringAnimation(
                    node: n, kind: kind, target: target, displacement: offsets[n] - target,
                    velocity: velocity, start: time, spring: spring)))
        emit(.springStarted(node: n, kind: kind, target: target, velocity: velocity))
    }

    /// Rule 2: a pager goes to a page; a new page is a selection (with the invariant repair).
    mutating func settlePager(_ p: Int, scrollV: Double, start: Int) {
        let w = graph.nodes[p].frame.width
        let target = Targets.page(
            offset: offsets[p], width: w, velocity: scrollV, start: start, count: graph.pageCount(p)
        )
        emit(
            .decided(
                .page(
                    pager: p, offset: offsets[p], width: w, velocity: scrollV, start: start,
                    target: target)))
        if offsets[p] != Double(target) * w {
            springTo(p, .page, target: Double(target) * w, velocity: scrollV)
        }
        if target != selected[p] {
            emit(.pageSelected(node: p, from: selected[p], to: target))
            selected[p] = target
            repair(container: p, page: target)
        }
    }

    /// Rule 1: a sheet between detents springs to the detent its velocity projects to.
    mutating func settleSheet(_ s: Int, fingerV: Double, scrollV: Double, start: Double) {
        let cfg = graph.nodes[s].sheet!
        let tops = cfg.detents.map(\.top)
        let top = sheetTop(s)
        let d = Targets.detent(tops: tops, top: top, fingerVelocity: fingerV, start: start)
        emit(
            .decided(
                .detent(
                    sheet: s, top: top, fingerVelocity: fingerV, downward: d.downward, from: d.from,
                    to: d.to, projected: d.projected, target: d.target)))
        springTo(s, .detent, target: cfg.bottomMost - d.target, velocity: scrollV)
    }

    /// Rule 1 for a sheet resting on a detent at release: the segment from that detent to its
    /// neighbour in the velocity's direction, or nil (with the reason recorded) when the sheet
    /// takes nothing: a node inside it took a share in this gesture, or there is no direction or
    /// no neighbour in it.
    mutating func restingSegment(_ s: Int, pan: Pan, fingerV: Double) -> Targets.DetentDecision? {
        let top = sheetTop(s)
        if let inner = pan.innerShare {
            emit(.decided(.detentKept(sheet: s, top: top, because: .innerShare(inner))))
            return nil
        }
        let tops = graph.nodes[s].sheet!.detents.map(\.top)
        switch Targets.detentFromRest(
            tops: tops, top: top, fingerVelocity: fingerV, start: pan.sheetStart ?? top)
        {
        case .segment(let d):
            emit(.decided(.detentFromRest(sheet: s, fingerVelocity: fingerV, decision: d)))
            return d
        case .kept(let why):
            emit(.decided(.detentKept(sheet: s, top: top, because: why)))
            return nil
        }
    }

    /// Springs a sheet that rested on a detent to the detent rule 1 chose; nothing to do when it
    /// stays where it is with no velocity.
    private mutating func springFromRest(
        _ s: Int, _ d: Targets.DetentDecision, scrollV: Double
    ) {
        let target = graph.motion[s].sheetBottom - d.target
        guard scrollV != 0 || offsets[s] != target else { return }
        springTo(s, .detent, target: target, velocity: scrollV)
    }

    /// Rule 4: a `snap: edges` scroll at rest strictly between its ends springs to the nearer
    /// end; exactly at the midpoint it goes to `min` (expanded).
    mutating func snapIfNeeded(_ n: Int) {
        guard graph.motion[n].snapsToEdges else { return }
        let r = range(n)
        let o = offsets[n]
        guard o > r.lowerBound + 1e-9, o < r.upperBound - 1e-9 else { return }
        let target = o - r.lowerBound <= r.upperBound - o ? r.lowerBound : r.upperBound
        emit(.decided(.snap(node: n, offset: o, target: target)))
        springTo(n, .snap, target: target, velocity: 0)
    }

    /// Nodes a touch-down stopped settle as after a release at velocity 0, unless the release
    /// set them moving.
    mutating func settleStopped(_ stopped: [Int], except moving: [Int]) {
        // A handful of nodes at most: searched in place, no set built.
        for (k, n) in stopped.enumerated() where !moving.contains(n) && !stopped[..<k].contains(n) {
            settleAtRest(n)
        }
    }

    /// Settles a node as after a release at velocity 0.
    mutating func settleAtRest(_ n: Int) {
        // Read from the node's `Motion` (no copy of its kind).
        if graph.motion[n].pages == .scrolled {
            settlePager(n, scrollV: 0, start: page(n))
        } else if graph.motion[n].isSheet {
            if !isOnDetent(n) { settleSheet(n, fingerV: 0, scrollV: 0, start: sheetTop(n)) }
        } else if graph.motion[n].isOverscrolled(at: offsets[n]) {
            springTo(n, .bounce, target: clamped(n), velocity: 0)
        } else {
            snapIfNeeded(n)
        }
    }
}
