/// The gesture of the finger that is down, from touch-down to lift (SPEC §4, §5.1): it tracks the
/// finger, runs the slop recognizer, holds the pan once one is recognized and says what the lift
/// does. It is given facts — the hit target and path, the axes that can pan, what the touch-down
/// stopped, the chain and owner the simulator chose — never the scene, and each event returns a
/// decision that the `Simulator` executes (STYLE habits 1 and 2).
struct GestureCoordinator: Equatable, Sendable {
    /// What the touch-down found and did, as small values.
    struct Contact: Equatable, Sendable {
        var target: Target
        /// Root → target node.
        var path: [Int]
        /// Axes with a scroll node on the path, innermost first (the tie-break order).
        var axes: [Axis]
        var tappable: Bool
        /// Nodes whose animations the touch-down stopped.
        var stopped: [Int] = []
        /// The touch stopped momentum or a page, detent or snap spring (SPEC §4.2).
        var swallowed = false
        /// The innermost sheet on the path, when the touch stopped it animating: the touch pans
        /// it at once, with no slop, and the sheet owns the pan.
        var caughtSheet: Int? = nil
        /// Under `touches uikit`, the innermost scroll node of the path whose momentum or
        /// bounce-back the touch stopped: the touch pans it at once, with no slop (SPEC §4.4).
        var caughtScroll: (node: Int, axis: Axis)? = nil
        /// The target is a control under `touches uikit`: it keeps its touch (SPEC §4.4).
        var control = false
        /// Under `touches uikit`, when a delaying scroll node on the path lets the content have
        /// the touch (touch-down + 0.15 s); nil when it has it at once.
        var deliverAt: Double? = nil
    }

    /// The finger while it is down, before and during a pan.
    struct Touching: Equatable, Sendable {
        var contact: Contact
        var start: Point
        var position: Point
        var downTime: Double
        var tracker: VelocityTracker
        var recognizer: GestureRecognizer
        /// The tap failed because the finger moved past the slop with no pan.
        var tapMoved = false
        /// Whether the content has the touch yet.
        var delivery: Delivery = .delivered
        /// Its pan was cancelled by disabling its node (SPEC §13.1): the rest of the touch moves
        /// nothing.
        var cancelled = false

        /// Moves the finger by `step` at `time`; returns its net movement since touch-down.
        mutating func move(by step: Point, time: Double) -> Point {
            position = position + step
            tracker.add(time: time, position: position)
            return position - start
        }
    }

    /// Where the gesture is. Each case carries what it needs, so a state with a pan but no
    /// finger (or a finger that lost its pan) cannot be written. The payloads are boxed
    /// (`GestureBox`): moving one between cases moves a pointer, not its bytes, and reading the
    /// state copies none.
    enum State: Equatable, Sendable {
        /// No finger is down.
        case idle
        /// A finger is down and no pan is recognized yet (or the simulator is choosing its chain).
        case touching(GestureBox<Touching>)
        /// A pan owns the finger.
        case panning(GestureBox<Touching>, GestureBox<Pan>)
        /// Only inside an event that changes the payload in place: the state lets go of its boxes
        /// while they change, so a box nothing else holds is changed where it is
        /// (async-http-client's `.modifying`). No event returns with it.
        case modifying
    }

    /// Where the gesture is, without its payload (what `Simulator.phase` reads).
    enum Stage: Equatable, Sendable {
        case idle
        case touching
        case panning
        /// A finger is down whose pan was cancelled (SPEC §13.1).
        case cancelled
    }

    /// Changed only by the coordinator's events (here and in `+ContentTouches`).
    var state: State = .idle
    /// The storage of the last gesture's boxes, emptied at its lift, where the next gesture's
    /// touch and pan are boxed (`GestureBox.init(_:reusing:)`): a gesture allocates nothing for
    /// them. Not part of where the gesture is: `==` compares the states alone.
    private var spareTouching: [Touching] = []
    private var sparePan: [Pan] = []
    /// The storage of the last touch's velocity samples, emptied at its lift, where the next
    /// touch's tracker keeps its own (`VelocityTracker.init(time:position:sampled:reusing:)`).
    private var spareSamples: [VelocityTracker.Sample] = []

    static func == (a: GestureCoordinator, b: GestureCoordinator) -> Bool { a.state == b.state }

    /// The state's case.
    var stage: Stage {
        switch state {
        case .idle: .idle
        case .touching(let t): t.value.cancelled ? .cancelled : .touching
        case .panning: .panning
        case .modifying: preconditionFailure("the gesture is read during an event")
        }
    }

    /// The finger while one is down, before and during its pan.
    var touching: Touching? {
        switch state {
        case .touching(let t), .panning(let t, _): t.value
        case .idle: nil
        case .modifying: preconditionFailure("the gesture is read during an event")
        }
    }

    /// The recognized pan, while one owns the finger.
    var pan: Pan? {
        switch state {
        case .panning(_, let pan): pan.value
        case .idle, .touching: nil
        case .modifying: preconditionFailure("the gesture is read during an event")
        }
    }

    /// The pan's owner, read without copying the pan.
    var owner: Int? {
        switch state {
        case .panning(_, let pan): pan.value.owner
        case .idle, .touching: nil
        case .modifying: preconditionFailure("the gesture is read during an event")
        }
    }

    /// What a drag reads of the pan (`Simulator.drag`), read without copying the pan.
    var dragging:
        (
            axis: Axis, owner: Int, ownerOnly: Bool, chain: [Int], partners: [Int],
            lastConsumer: Int?, innerShare: Int?
        )?
    {
        switch state {
        case .panning(_, let pan):
            (
                pan.value.axis, pan.value.owner, pan.value.ownerOnly, pan.value.chain,
                pan.value.partners, pan.value.lastConsumer, pan.value.innerShare
            )
        case .idle, .touching: nil
        case .modifying: preconditionFailure("the gesture is read during an event")
        }
    }

    /// The finger's position, read without copying the touch.
    var position: Point? {
        switch state {
        case .touching(let t), .panning(let t, _): t.value.position
        case .idle: nil
        case .modifying: preconditionFailure("the gesture is read during an event")
        }
    }

    // MARK: touchBegan

    /// What to do after a touch-down.
    enum TouchBegan: Equatable, Sendable {
        /// A finger is already down; nothing changed.
        case fingerAlreadyDown
        /// Track the finger; a tap on the target is possible until it fails (`tapPossible`).
        case track(tapPossible: Bool)
        /// The touch landed on an animating sheet: begin its pan at once, owned by `sheet`.
        case beginSheetPan(sheet: Int, axis: Axis)
        /// Under `touches uikit` the touch caught a moving scroll node: begin its pan at once.
        case beginCaughtPan(node: Int, axis: Axis)
    }

    /// A finger went down at `point` at `time`.
    mutating func touchBegan(
        _ contact: consuming Contact, at point: Point, time: Double, slop: Double, mode: SlopMode,
        touches: TouchPipeline = .simple
    ) -> TouchBegan {
        switch state {
        case .touching, .panning:
            return .fingerAlreadyDown
        case .modifying:
            preconditionFailure("an event began during an event")
        case .idle:
            var recognizer = GestureRecognizer(
                axes: contact.axes, tappable: contact.tappable, swallowed: contact.swallowed,
                slop: slop, mode: mode, reaching: touches == .uikit, slopFails: !contact.control)
            let result: TouchBegan
            var delivery = Delivery.delivered
            if let sheet = contact.caughtSheet {
                _ = recognizer.beginImmediately(axis: .vertical)
                result = .beginSheetPan(sheet: sheet, axis: .vertical)
            } else if let caught = contact.caughtScroll {
                // The content never gets a touch that caught a moving scroll view (§4.4).
                _ = recognizer.beginImmediately(axis: caught.axis, tap: .swallowed)
                result = .beginCaughtPan(node: caught.node, axis: caught.axis)
                delivery = .withheld
            } else {
                result = .track(tapPossible: contact.tappable && !contact.swallowed)
                if let at = contact.deliverAt { delivery = .delayed(at: at) }
            }
            state = .touching(
                GestureBox(
                    Touching(
                        contact: contact, start: point, position: point, downTime: time,
                        tracker: VelocityTracker(
                            time: time, position: point, sampled: touches == .uikit,
                            reusing: &spareSamples),
                        recognizer: recognizer, delivery: delivery),
                    reusing: &spareTouching))
            return result
        }
    }

    // MARK: touchMoved

    /// What to do after the finger moved.
    enum TouchMoved: Equatable, Sendable {
        /// No finger is down.
        case noFinger
        /// No pan yet: the finger is `distance` from its touch-down point (farther axis).
        case tracking(distance: Double)
        /// No pan yet, and the tap failed now: the finger moved `distance` past the slop.
        case tapFailed(target: Target, distance: Double)
        /// The pan is locked to `axis` and this move has nothing along it.
        case offAxis(Axis)
        /// A pan was recognized on `axis`: fail the tap (`failTap`), cancel the target's touch,
        /// choose the chain and owner (`panBegan`), then apply `delta`. `displacement` and `tie`
        /// say why (net movement on the axis; another axis passed the slop in the same event).
        case recognized(
            axis: Axis, delta: Double, failTap: Bool, displacement: Double, tie: Bool)
        /// The pan moved by the scroll delta `delta`.
        case drag(delta: Double)
        /// The touch's pan was cancelled (SPEC §13.1): the move moves nothing.
        case cancelled
    }

    /// The finger moved by `step` at `time`.
    mutating func touchMoved(by step: Point, time: Double) -> TouchMoved {
        switch state {
        case .idle:
            return .noFinger
        case .modifying:
            preconditionFailure("an event began during an event")
        case .touching(var box):
            state = .modifying
            defer { state = .touching(box) }
            return box.change { t in
                let net = t.move(by: step, time: time)
                if t.cancelled { return .cancelled }
                let decision = t.recognizer.touchMoved(net: net, step: step)
                switch decision {
                case .tracking(let distance):
                    return .tracking(distance: distance)
                case .tapMoved(let distance):
                    t.tapMoved = true
                    return .tapFailed(target: t.contact.target, distance: distance)
                case .beganPan(let axis, let delta):
                    let c = t.contact
                    let recognizer = t.recognizer
                    return .recognized(
                        axis: axis, delta: delta,
                        failTap: c.tappable && !c.swallowed && !t.tapMoved,
                        displacement: net.along(axis),
                        tie: c.axes.contains { $0 != axis && recognizer.isPastSlop(net.along($0)) }
                    )
                case .none, .offAxis, .changedPan, .endedPan, .deliverTap, .failTap:
                    preconditionFailure("the recognizer is possible while touching: \(decision)")
                }
            }
        case .panning(var box, let pan):
            state = .modifying
            box.change { _ = $0.move(by: step, time: time) }
            state = .panning(box, pan)
            let axis = pan.value.axis
            let delta = -step.along(axis)
            return delta == 0 ? .offAxis(axis) : .drag(delta: delta)
        }
    }

    // MARK: panBegan

    /// What to do once the simulator chose the pan's chain and owner.
    enum PanBegan: Equatable, Sendable {
        /// Announce the owner and its chain (the owner alone under a one-owner policy).
        case announce(owner: Int, chain: [Int], partners: [Int] = [])
        /// No pan was being recognized; nothing changed.
        case ignored
    }

    /// The simulator chose the chain and owner of the pan it was told to begin.
    mutating func panBegan(_ pan: consuming Pan) -> PanBegan {
        switch state {
        case .idle, .panning:
            return .ignored
        case .modifying:
            preconditionFailure("an event began during an event")
        case .touching(let t):
            let announce = PanBegan.announce(
                owner: pan.owner, chain: pan.ownerOnly ? [pan.owner] : pan.chain,
                partners: pan.partners)
            // The pan moves into its box.
            state = .panning(t, GestureBox(pan, reusing: &sparePan))
            return announce
        }
    }

    /// The pan's bookkeeping after a drag shared out its delta: the last consumer, and the first
    /// share inside a sheet.
    mutating func panDragged(lastConsumer: Int?, innerShare: Int?) {
        switch state {
        case .idle, .touching:
            return
        case .modifying:
            preconditionFailure("an event began during an event")
        case .panning(let t, var pan):
            state = .modifying
            pan.change { p in
                p.lastConsumer = lastConsumer
                p.innerShare = innerShare
            }
            state = .panning(t, pan)
        }
    }

    // MARK: touchEnded

    /// What to do after the finger lifted.
    enum TouchEnded: Equatable, Sendable {
        /// No finger is down.
        case noFinger
        /// End the pan and release it with `velocity` (measured as `source` says); no tap
        /// reaches `target`, for `tap`.
        case release(
            Pan, velocity: Point, source: VelocitySource, target: Target, tap: TapOutcome,
            stopped: [Int])
        /// Deliver the tap to `target`.
        case deliverTap(Target, stopped: [Int])
        /// No tap reaches `target`, for `outcome`; `recognizerFailed`: print the tap
        /// recognizer's failure (it was possible and did not fail before).
        case failTap(Target, TapOutcome, recognizerFailed: Bool, stopped: [Int])
    }

    /// The finger lifted at `time`, with an explicit velocity or the measured one (SPEC §4.3).
    mutating func touchEnded(velocity explicit: Point?, time: Double) -> TouchEnded {
        let ended = state
        state = .idle
        // The payloads are moved out of their boxes, which are dropped: nothing is copied.
        switch consume ended {
        case .idle:
            return .noFinger
        case .modifying:
            preconditionFailure("an event began during an event")
        case .touching(var box):
            var t = box.take(leaving: &spareTouching)
            defer { t.tracker.leaveSamples(in: &spareSamples) }
            let target = t.contact.target
            if t.cancelled {
                // The pan was cancelled at the disable: no tap, nothing more to release.
                return .failTap(target, .cancelledByPan, recognizerFailed: false, stopped: [])
            }
            switch t.recognizer.lift {
            case .deliverTap:
                return .deliverTap(target, stopped: t.contact.stopped)
            case .failTap(let outcome):
                return .failTap(
                    target, outcome, recognizerFailed: t.contact.tappable && !t.tapMoved,
                    stopped: t.contact.stopped)
            case .none, .tracking, .tapMoved, .offAxis, .beganPan, .changedPan, .endedPan:
                preconditionFailure("a touch with no pan ends in a tap's fate")
            }
        case .panning(var box, var pan):
            var t = box.take(leaving: &spareTouching)
            defer { t.tracker.leaveSamples(in: &spareSamples) }
            guard case .endedPan(let tap) = t.recognizer.lift else {
                preconditionFailure("a pan ends as a pan")
            }
            let v: Point
            let source: VelocitySource
            if let explicit {
                (v, source) = (explicit, .given)
            } else if let estimate = t.tracker.scrollView(at: time) {
                (v, source) = (estimate.velocity, .scrollView(estimate))
            } else {
                v = t.tracker.velocity(at: time)
                source = .window(time - Swift.max(t.downTime, time - VelocityTracker.window))
            }
            return .release(
                pan.take(leaving: &sparePan), velocity: v, source: source,
                target: t.contact.target, tap: tap,
                stopped: t.contact.stopped)
        }
    }
}
