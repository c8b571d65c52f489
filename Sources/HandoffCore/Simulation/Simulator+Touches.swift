/// Touch delivery and recognition (SPEC §4).
extension Simulator {
    /// `pan` and `swipe`: puts a finger down at `p` (the scene's touch point when nil) unless one
    /// is down. Returns whether it touched down.
    public mutating func touchDownIfUp(at p: Point?) throws(SimulatorError) -> Bool {
        guard !isFingerDown else { return false }
        try touchDown(at: p ?? graph.scene.touchPoint)
        return true
    }

    /// Puts a finger down at `p` (window coordinates).
    public mutating func touchDown(at p: Point) throws(SimulatorError) {
        beginStep()
        defer { endStep() }
        guard !isFingerDown else { throw .fingerAlreadyDown }
        let layout = self.layout
        guard layout.window.contains(p) else { throw .outsideWindow(p) }
        guard let target = layout.hitTest(p) else { throw .nothingAt(p) }
        // The path and the axes that can pan along it are the scene's, fixed per node: nothing
        // is built per touch.
        let route = graph.routes[target.node]
        let path = route.path
        emit(.touchDown(point: p, target: target, path: path))
        // `ID.start` (SPEC §13.2): kept only for a scene whose conditions could read it.
        gestureStarts = gestures.isEmpty && reactionBook.isEmpty ? nil : offsets

        // Stop momentum whose chain meets the path and springs on the path (a path is a few
        // nodes: searched in place, no set built), reporting each stop as it is found.
        var contact = GestureCoordinator.Contact(
            target: target, path: path, axes: route.axes,
            tappable: isTappable(target))
        // The animation the touch stopped on a sheet (or on a momentum chain with one).
        var sheetStop: AnimationKind?
        let uikit = settings.touches == .uikit
        // Under `touches uikit`: the scroll nodes of the path whose momentum or bounce-back the
        // touch stopped (§4.4), innermost chosen below.
        var caught: (node: Int, kind: AnimationKind)?
        var k = 0
        while k < animations.count {
            let stopped: (node: Int, kind: AnimationKind)?
            switch animations[k] {
            case .momentum(let m) where m.chain.contains(where: path.contains):
                stopped = (m.chain[0], .momentum)
                contact.stopped += m.chain
                contact.swallowed = true
                if m.chain.contains(where: { graph.motion[$0].isSheet }) { sheetStop = .momentum }
                if uikit { caught = innermost(caught, m.chain, .momentum, on: path) }
            case .spring(let s) where path.contains(s.node):
                stopped = (s.node, s.kind)
                if contact.stopped.isEmpty {
                    // The scene's own one-node list (the first stop, as nearly always).
                    var alone = graph.alone[s.node]
                    swap(&contact.stopped, &alone)
                } else {
                    contact.stopped.append(s.node)
                }
                // Under `touches uikit` catching a bounce-back swallows the touch too (§4.4).
                if s.kind != .bounce || uikit { contact.swallowed = true }
                if graph.motion[s.node].isSheet { sheetStop = s.kind }
                if uikit, s.kind == .bounce {
                    caught = innermost(caught, [s.node], .bounce, on: path)
                }
            case .momentum, .spring, .transition:
                stopped = nil
            }
            if let stopped {
                if reacts, contact.swallowed {
                    noteSwallowed(stopped.node, stopped.kind, remaining: remaining(animations[k]))
                }
                animations.remove(at: k)
                emit(.stopped(node: stopped.node, kind: stopped.kind))
            } else {
                k += 1
            }
        }
        if sheetStop != nil {
            contact.caughtSheet = path.last { graph.motion[$0].isSheet }
        }
        // A touch that begins a sheet pan is `cancelled by pan`, not swallowed (SPEC §5.9): the
        // `caught` fact says what it stopped and began.
        if contact.caughtSheet != nil { contact.swallowed = false }
        if uikit, contact.caughtSheet == nil { prepareContentTouch(&contact, caught: caught?.node) }
        if contact.swallowed { emit(.swallowed(target)) }
        if !contact.stopped.isEmpty, contact.caughtSheet == nil {
            emit(.decided(.stopped(nodes: contact.stopped, swallowed: contact.swallowed)))
        }

        let tapPossible = contact.tappable && !contact.swallowed
        // The contact moves into the coordinator.
        switch gesture.touchBegan(
            consume contact, at: p, time: time, slop: settings.slop, mode: settings.slopMode,
            touches: settings.touches)
        {
        case .fingerAlreadyDown:
            throw .fingerAlreadyDown
        case .track(let tapPossible):
            if tapPossible { emit(.recognizer(.tap(target), .possible)) }
        case .beginCaughtPan(let node, let axis):
            emit(.decided(.caughtMoving(node: node, kind: caught?.kind ?? .momentum)))
            beginPan(
                axis: axis, delta: 0, failTap: false, sheetOwner: nil, caughtOwner: node, why: nil)
        case .beginSheetPan(let sheet, let axis):
            // A touch on an animating sheet begins the sheet pan at once; the sheet owns it.
            if tapPossible { emit(.recognizer(.tap(target), .possible)) }
            emit(.decided(.sheetCaught(sheet: sheet, stopped: sheetStop ?? .detent)))
            beginPan(axis: axis, delta: 0, failTap: tapPossible, sheetOwner: sheet, why: nil)
        }
    }

    /// Moves the finger by `delta` at the current time.
    /// Without a finger down it throws `noFinger` and changes nothing.
    public mutating func move(by delta: Point) throws(SimulatorError) {
        guard isFingerDown else { throw .noFinger }
        beginStep()
        defer { endStep() }
        deliverContentTouch()
        switch gesture.touchMoved(by: delta, time: time) {
        case .noFinger:
            throw .noFinger
        case .tracking(let distance):
            emit(.tracking(distance: distance, slop: settings.slop))
            checkNoScrollHere()
        case .tapFailed(let target, let distance):
            emit(.tapMoved(target, distance: distance, slop: settings.slop))
            checkNoScrollHere()
        case .offAxis(let axis):
            emit(.offAxis(axis))
        case .recognized(let axis, let d, let failTap, let displacement, let tie):
            let why = Reason.recognized(
                axis: axis, displacement: displacement, slop: settings.slop, tie: tie,
                mode: settings.slopMode, charged: d, reaching: settings.touches == .uikit)
            beginPan(axis: axis, delta: d, failTap: failTap, sheetOwner: nil, why: why)
        case .drag(let d):
            drag(d)
        case .cancelled:
            return
        }
    }

    /// Lifts the finger with an explicit velocity (pt/s), or the estimated one (SPEC §4.3).
    public mutating func end(velocity explicit: Point? = nil) throws(SimulatorError) {
        beginStep()
        defer { endStep() }
        deliverContentTouch(atLift: true)
        let finger = gesture.position
        switch gesture.touchEnded(velocity: explicit, time: time) {
        case .noFinger:
            throw .noFinger
        case .release(let pan, let v, let source, let target, let tap, let stopped):
            emit(.decided(.velocity(v, source: source)))
            emit(.recognizer(.pan(pan.axis), .ended))
            lastTap = TapRecord(target: target, outcome: tap)
            runReleaseRules(pan, scrollVelocity: -v.along(pan.axis))
            release(pan, velocity: v, stopped: stopped)
            reportUnusedTargets()
        case .deliverTap(let target, let stopped):
            gestureStarts = nil
            if let finger, !withinTouchGutter(target, finger) {
                failOutsideGutter(target)
            } else {
                deliverTap(target)
            }
            settleStopped(stopped, except: [])
        case .failTap(let target, let outcome, let recognizerFailed, let stopped):
            gestureStarts = nil
            if recognizerFailed { emit(.recognizer(.tap(target), .failed)) }
            emit(.tap(target, outcome))
            lastTap = TapRecord(target: target, outcome: outcome)
            settleStopped(stopped, except: [])
        }
    }

    /// Whether a tap can reach this target: a tappable view, a row, or a segment.
    func isTappable(_ target: Target) -> Bool {
        let n = graph.nodes[target.node]
        if n.kind.isBackdrop { return false }
        return target.item != nil || n.tappable || n.control
    }

    /// Executes a recognized pan: the tap fails, the target's touch is cancelled, the chain and
    /// owner are chosen (SPEC §5.1, §5.3) and handed to the coordinator, then `delta` applies.
    private mutating func beginPan(
        axis: Axis, delta: Double, failTap: Bool, sheetOwner: Int?, caughtOwner: Int? = nil,
        why: Reason?
    ) {
        guard case .touching(let touching) = gesture.state else { return }
        let target = touching.value.contact.target
        let path = touching.value.contact.path
        let control = touching.value.contact.control
        let delivery = touching.value.delivery
        let fullChain = graph.chain(target.node, axis: axis)
        var chain = fullChain
        // "Can begin" (SPEC §13.2): a drag begun on a sheet's grabber, or on an animating sheet,
        // drives the sheet alone, whatever the wiring.
        let onSheet = sheetOwner != nil || graph.motion[target.node].isSheet
        // Stored fields read in place: no call (a non-mutating call here copies the simulator)
        // for a scene without wiring or disabled nodes.
        let wired =
            !gestures.requireToFail.isEmpty || !gestures.shouldBegin.isEmpty || disabledCount > 0
        let blocks = onSheet || !wired ? [] : beginBlocks(chain)
        if !blocks.isEmpty {
            chain.removeAll { n in blocks.contains { $0.node == n } }
            guard !chain.isEmpty else {
                refusePan(axis: axis, blocks: blocks, target: target)
                return
            }
        }
        let driver = chain[0]
        var owner = driver
        var ownerOnly = false
        var decision: Ownership.Decision?
        if let sheetOwner {
            owner = sheetOwner
        } else if let caughtOwner {
            // Under `uikit` and `outer` the caught node owns; under `nested` the usual chain.
            if settings.policy != .nested { (owner, ownerOnly) = (caughtOwner, true) }
        } else if chain.contains(where: { graph.motion[$0].systemSheet }),
            let system = systemSheetPan(chain)
        {
            // §5.10: UIKit's own sheet coordinates with its content under every policy.
            (chain, ownerOnly) = (system.chain, !system.shared)
        } else if settings.policy != .nested,
            let d = ownership(
                path: path, chain: fullChain, axis: axis,
                ScrollDirection(of: delta), blocks: blocks)
        {
            // (Under `nested` every node of the chain takes its part: there is no one owner.)
            (owner, ownerOnly, decision) = (d.owner, true, d)
        }
        // §4.4: once the content has the touch, a control keeps it, and so does any content
        // under an owner that cannot cancel content touches: the pan fails.
        if settings.touches == .uikit, delivery == .delivered, caughtOwner == nil,
            sheetOwner == nil, control || !canCancelContentTouches(owner)
        {
            failPan(axis, keptBy: target, owner: owner, control: control)
            return
        }
        emit(.recognizer(.pan(axis), .began))
        if failTap { emit(.recognizer(.tap(target), .failed)) }
        if delivery == .delivered {
            emit(.touchesCancelled(target))
        } else if case .delayed = delivery {
            gesture.withhold()
            emit(.decided(.neverDelivered(target)))
        }
        if let why { emit(.decided(why)) }
        if !blocks.isEmpty { emit(.decided(.cannotBegin(blocks))) }
        emit(.decided(.chain(driver: driver, chain: chain, axis: axis)))
        if let decision { emit(.decided(.ownership(decision))) }
        if sheetOwner == nil, caughtOwner == nil { explainSystemSheet(chain, shared: !ownerOnly) }
        let sheet = chain.first { graph.motion[$0].isSheet }
        // Simultaneous partners that can begin begin beside the owner (SPEC §13.2); a drag on a
        // sheet's own area drives the sheet alone.
        let partners =
            ownerOnly && !onSheet && !gestures.simultaneous.isEmpty
            ? gestures.partners(of: owner).filter { p in chain.contains(p) && p != owner } : []
        let pan = Pan(
            axis: axis, driver: driver, chain: chain, owner: owner, ownerOnly: ownerOnly,
            startPage: graph.motion[driver].pages == .scrolled ? page(driver) : 0,
            sheetStart: sheet.map { sheetTop($0) }, lastConsumer: nil, partners: partners)
        // The pan moves into the coordinator.
        switch gesture.panBegan(consume pan) {
        case .announce(let owner, let chain, let partners):
            emit(.owner(node: owner, chain: chain, partners: partners))
        case .ignored: return
        }
        if delta != 0 { drag(delta) }
    }

    /// No node on `axis` can begin (SPEC §13.2): no pan is recognized on it, the movement moves
    /// nothing and the tap fails as `moved`.
    private mutating func refusePan(axis: Axis, blocks: [BeginBlock], target: Target) {
        emit(.panNotBegun(axis: axis, blocks: blocks))
        if gesture.panRefused(axis: axis) {
            let start = gesture.touching.map { $0.start } ?? Point(0, 0)
            let net = (gesture.position ?? start) - start
            emit(
                .tapMoved(
                    target, distance: Swift.max(abs(net.x), abs(net.y)), slop: settings.slop))
        }
    }

    /// The owner under a one-owner policy (SPEC §5.3), from the facts of the hit path; nil under
    /// `nested`. Nodes in `blocks` cannot begin (SPEC §13.2).
    func ownership(
        path: [Int], chain: [Int], axis: Axis, _ dir: ScrollDirection, blocks: [BeginBlock] = []
    )
        -> Ownership.Decision?
    {
        func candidate(_ n: Int) -> Ownership.Candidate {
            let r = range(n)
            return Ownership.Candidate(
                node: n, axis: graph.axis(n)!, isSheet: graph.motion[n].isSheet,
                exceeds: r.upperBound - r.lowerBound > 1e-9, bounces: bounces(n),
                room: room(n, dir), blocked: blocks.first { $0.node == n }?.reason,
                transfers: transfers[n])
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

    /// The pager or switcher a tabs control drives, when it is transitioning (the control is
    /// disabled then).
    func transitioningControlled(tabs i: Int) -> Int? {
        guard let c = graph.controlled[i] else { return nil }
        return isTransitioning(c) ? c : nil
    }

    /// The segment a tabs control shows as selected (its pager's or switcher's page).
    public func segment(of tabs: Int) -> Int {
        guard let c = graph.controlled[tabs] else { return 0 }
        return page(c)
    }

    /// Why `tab` would be refused now: a pan is active, or the controlled page is transitioning.
    public func tabRefusal(_ tabs: Int) -> Refusal? {
        Self.tabRefusal(gesture.stage, controlled: graph.controlled[tabs], animations)
    }

    /// Why `tab` on a control that drives `controlled` is refused, the gesture at `stage` and
    /// `animations` running (`tabRefusal(_:)` from what it reads).
    static func tabRefusal(
        _ stage: GestureCoordinator.Stage, controlled: Int?, _ animations: [Animation]
    ) -> Refusal? {
        if case .panning = stage { return .panActive }
        guard let c = controlled, isTransitioning(c, animations) else { return nil }
        return .transitioning(c)
    }
}
