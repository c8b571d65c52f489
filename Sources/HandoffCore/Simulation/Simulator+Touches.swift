/// Touch delivery and recognition (SPEC §4).
extension Simulator {
    /// Puts a finger down at `p` (window coordinates).
    public mutating func touchDown(at p: Point) throws(SimulatorError) {
        guard touch == nil else { throw .fingerAlreadyDown }
        let layout = self.layout
        guard layout.window.contains(p) else { throw .outsideWindow(p) }
        guard let target = layout.hitTest(p) else { throw .nothingAt(p) }
        let path = layout.path(to: target.node)
        emit(.touchDown(point: p, target: target, path: path))

        // Stop momentum whose chain meets the path and springs on the path.
        let onPath = Set(path)
        var stopped: [Int] = []
        var swallowed = false
        var sheetWasAnimating = false
        var stops: [Event] = []
        animations.removeAll { a in
            switch a {
            case .momentum(let m):
                guard m.chain.contains(where: onPath.contains) else { return false }
                stops.append(.stopped(node: m.chain[0], kind: .momentum))
                stopped += m.chain
                swallowed = true
                if m.chain.contains(where: { graph.nodes[$0].kind == .sheet }) {
                    sheetWasAnimating = true
                }
                return true
            case .spring(let s):
                guard onPath.contains(s.node) else { return false }
                stops.append(.stopped(node: s.node, kind: s.kind))
                stopped.append(s.node)
                if s.kind != .bounce { swallowed = true }
                if graph.nodes[s.node].kind == .sheet { sheetWasAnimating = true }
                return true
            case .transition:
                return false
            }
        }
        for e in stops { emit(e) }
        if swallowed { emit(.swallowed(target)) }
        if !stopped.isEmpty { emit(.decided(.stopped(nodes: stopped, swallowed: swallowed))) }

        let tappable = isTappable(target)
        let recognizer = GestureRecognizer(
            axes: pannableAxes(path: path), tappable: tappable, swallowed: swallowed,
            slop: settings.slop, mode: settings.slopMode)
        touch = Touch(
            target: target, path: path, start: p, position: p, downTime: time,
            tracker: VelocityTracker(time: time, position: p), recognizer: recognizer, pan: nil,
            stopped: stopped, swallowed: swallowed, tappable: tappable)
        if tappable && !swallowed { emit(.recognizer(.tap(target), .possible)) }

        // A touch on an animating sheet begins the sheet pan at once; the sheet owns it.
        if sheetWasAnimating, let sheet = path.last(where: { graph.nodes[$0].kind == .sheet }) {
            var r = touch!.recognizer
            let decision = r.beginImmediately(axis: .vertical)
            touch!.recognizer = r
            emit(.decided(.sheetCaught(sheet: sheet)))
            execute(decision, sheetOwner: sheet)
        }
    }

    /// Moves the finger by `delta` at the current time.
    public mutating func move(by delta: Point) throws(SimulatorError) {
        guard var t = touch else { throw .noFinger }
        t.position = t.position + delta
        t.tracker.add(time: time, position: t.position)
        let decision = t.recognizer.touchMoved(net: t.position - t.start, step: delta)
        touch = t
        execute(decision, sheetOwner: nil)
    }

    /// Lifts the finger with an explicit velocity (pt/s), or the estimated one (SPEC §4.3).
    public mutating func end(velocity explicit: Point? = nil) throws(SimulatorError) {
        guard var t = touch else { throw .noFinger }
        let decision = t.recognizer.touchEnded()
        touch = t
        switch decision {
        case .endedPan(let tap):
            let v = explicit ?? t.tracker.velocity(at: time)
            emit(
                .decided(
                    .velocity(
                        v,
                        window: explicit == nil
                            ? time - Swift.max(t.downTime, time - VelocityTracker.window) : nil)))
            let pan = t.pan!
            emit(.recognizer(.pan(pan.axis), .ended))
            touch = nil
            lastTap = TapRecord(target: t.target, outcome: tap)
            release(pan, velocity: v, stopped: t.stopped)
        case .deliverTap:
            touch = nil
            deliverTap(t.target)
            settleStopped(t.stopped, except: [])
        case .failTap(let outcome):
            touch = nil
            if t.tappable && !t.tapMoved {
                emit(.recognizer(.tap(t.target), .failed))
            }
            emit(.tap(t.target, outcome))
            lastTap = TapRecord(target: t.target, outcome: outcome)
            settleStopped(t.stopped, except: [])
        case .none, .tracking, .tapMoved, .offAxis, .beganPan, .changedPan:
            touch = nil
        }
    }

    /// Whether a tap can reach this target: a tappable view, a row, or a segment.
    func isTappable(_ target: Target) -> Bool {
        let n = graph.nodes[target.node]
        if n.kind == .backdrop { return false }
        return target.item != nil || n.tappable
    }

    private mutating func execute(_ decision: GestureRecognizer.Decision, sheetOwner: Int?) {
        switch decision {
        case .beganPan(let axis, let delta):
            guard let t = touch else { return }
            let chain = chain(path: t.path, axis: axis)
            let driver = chain[0]
            emit(.recognizer(.pan(axis), .began))
            if t.tappable && !t.swallowed && !t.tapMoved {
                emit(.recognizer(.tap(t.target), .failed))
            }
            emit(.touchesCancelled(t.target))
            let dir = ScrollDirection(of: delta)
            var owner = driver
            var ownerOnly = false
            if sheetOwner == nil {
                let net = t.position - t.start
                let others = pannableAxes(path: t.path).filter { $0 != axis }
                emit(
                    .decided(
                        .recognized(
                            axis: axis, displacement: net.along(axis), slop: settings.slop,
                            tie: others.contains { abs(net.along($0)) > settings.slop },
                            mode: settings.slopMode, charged: delta)))
            }
            emit(.decided(.chain(driver: driver, chain: chain, axis: axis)))
            if let sheetOwner {
                owner = sheetOwner
            } else if let decision = ownership(path: t.path, chain: chain, axis: axis, dir) {
                ownerOnly = true
                owner = decision.owner
                emit(.decided(.ownership(decision)))
            }
            let sheet = chain.first { graph.nodes[$0].kind == .sheet }
            let pan = Pan(
                axis: axis, driver: driver, chain: chain, owner: owner, ownerOnly: ownerOnly,
                startPage: graph.nodes[driver].kind == .pager ? page(driver) : 0,
                sheetStart: sheet.map { sheetTop($0) }, lastConsumer: nil)
            touch?.pan = pan
            emit(.owner(node: owner, chain: ownerOnly ? [owner] : chain))
            if delta != 0 { drag(delta) }
        case .changedPan(let delta):
            drag(delta)
        case .tracking(let distance):
            emit(.tracking(distance: distance, slop: settings.slop))
        case .tapMoved(let distance):
            guard let t = touch else { return }
            touch?.tapMoved = true
            emit(.tapMoved(t.target, distance: distance, slop: settings.slop))
        case .offAxis(let axis):
            emit(.offAxis(axis))
        case .none, .endedPan, .deliverTap, .failTap:
            break
        }
    }

    /// The owner under a one-owner policy (SPEC §5.3), from the facts of the hit path; nil under
    /// `nested`.
    func ownership(path: [Int], chain: [Int], axis: Axis, _ dir: ScrollDirection)
        -> Ownership.Decision?
    {
        func candidate(_ n: Int) -> Ownership.Candidate {
            let r = range(n)
            return Ownership.Candidate(
                node: n, axis: graph.axis(n)!, isSheet: graph.nodes[n].kind == .sheet,
                exceeds: r.upperBound - r.lowerBound > 1e-9, bounces: bounces(n),
                room: room(n, dir))
        }
        switch settings.policy {
        case .nested:
            return nil
        case .uikit:
            let scrolls = path.reversed().filter { graph.isScrollable($0) && !isParallax($0) }
            return Ownership.uikit(path: scrolls.map(candidate), axis: axis, direction: dir)
        case .outer:
            return Ownership.outer(chain: chain.map(candidate), axis: axis, direction: dir)
        }
    }

    /// Delivers a tap: segments select their page (or are rejected while disabled).
    mutating func deliverTap(_ target: Target) {
        let node = graph.nodes[target.node]
        if node.kind == .tabs, let segment = target.item {
            if let c = transitioningControlled(tabs: target.node) {
                emit(.recognizer(.tap(target), .failed))
                emit(.tap(target, .rejected(transitioning: c)))
                lastTap = TapRecord(target: target, outcome: .rejected(transitioning: c))
                return
            }
            emit(.recognizer(.tap(target), .recognized))
            emit(.tap(target, .delivered))
            lastTap = TapRecord(target: target, outcome: .delivered)
            select(tabs: target.node, segment: segment)
            return
        }
        emit(.recognizer(.tap(target), .recognized))
        emit(.tap(target, .delivered))
        lastTap = TapRecord(target: target, outcome: .delivered)
    }

    /// The pager or switcher a tabs control drives, when it is transitioning (the control is
    /// disabled then).
    func transitioningControlled(tabs i: Int) -> Int? {
        guard let c = graph.nodes[i].controls.flatMap(graph.index(of:)) else { return nil }
        return isTransitioning(c) ? c : nil
    }

    /// The segment a tabs control shows as selected (its pager's or switcher's page).
    public func segment(of tabs: Int) -> Int {
        guard let c = graph.nodes[tabs].controls.flatMap(graph.index(of:)) else { return 0 }
        return page(c)
    }

    /// `tab`: acts as a delivered tap on a segment without touching anything (SPEC §5.8–5.9).
    /// Refused, with nothing changed, during a pan or while the controlled page is transitioning.
    public mutating func tab(_ tabs: Int, segment: Int) {
        if let refusal = tabRefusal(tabs) {
            emit(.refused(refusal))
            return
        }
        let target = Target(tabs, item: segment)
        emit(.tabbed(target))
        lastTap = TapRecord(target: target, outcome: .delivered)
        select(tabs: tabs, segment: segment)
    }

    /// Why `tab` would be refused now: a pan is active, or the controlled page is transitioning.
    public func tabRefusal(_ tabs: Int) -> Refusal? {
        if touch?.pan != nil { return .panActive }
        return transitioningControlled(tabs: tabs).map(Refusal.transitioning)
    }

    /// `tab next` (`forward`) or `tab prev`: the neighbouring segment, or refused at the end.
    public mutating func tab(_ tabs: Int, step forward: Bool) {
        if let refusal = tabRefusal(tabs) {
            emit(.refused(refusal))
            return
        }
        let current = segment(of: tabs)
        let count = graph.nodes[tabs].segments.count
        if forward, current + 1 >= count {
            emit(.refused(.noNextSegment(tabs: tabs, segment: current)))
        } else if !forward, current <= 0 {
            emit(.refused(.noPreviousSegment(tabs: tabs, segment: current)))
        } else {
            tab(tabs, segment: forward ? current + 1 : current - 1)
        }
    }

    /// Selects a page of the pager or switcher a tabs control drives.
    private mutating func select(tabs: Int, segment: Int) {
        guard let c = graph.nodes[tabs].controls.flatMap(graph.index(of:)) else { return }
        let from = page(c)
        if graph.nodes[c].kind == .switcher {
            guard segment != from else { return }
            selected[c] = segment
            emit(.pageSelected(node: c, from: from, to: segment))
            animations.append(
                .transition(
                    Transition(
                        node: c, from: from, to: segment, start: time,
                        duration: graph.nodes[c].transition)))
            repair(container: c, page: segment)
        } else {
            let target = Double(segment) * graph.nodes[c].frame.width
            guard segment != from || offsets[c] != target else { return }
            springTo(c, .page, target: target, velocity: 0)
            selected[c] = segment
            if segment != from {
                emit(.pageSelected(node: c, from: from, to: segment))
                repair(container: c, page: segment)
            }
        }
    }

    /// Invariant repair: a newly shown list scrolled past its top while an ancestor that collapses
    /// first (`pre: forward` only) is not fully collapsed is reset to its top (SPEC §5.8).
    mutating func repair(container c: Int, page p: Int) {
        var a = graph.parent[c]
        var ancestor: Int?
        var axis: Axis = .vertical
        while let n = a {
            if let cfg = graph.nodes[n].scroll, cfg.nested.pre == .forward,
                offsets[n] < range(n).upperBound - 1e-9
            {
                ancestor = n
                axis = cfg.axis
                break
            }
            a = graph.parent[n]
        }
        guard let ancestor, p < graph.children[c].count else { return }
        for n in graph.subtree(graph.children[c][p]) where graph.nodes[n].scroll?.axis == axis {
            let lo = range(n).lowerBound
            guard offsets[n] > lo + 1e-9 else { continue }
            let old = offsets[n]
            animations.removeAll { $0.node == n }
            setOffset(n, lo)
            emit(
                .repair(
                    node: n, from: old, to: lo, ancestor: ancestor,
                    ancestorOffset: offsets[ancestor], ancestorMax: range(ancestor).upperBound))
        }
        updateParallax()
    }
}
