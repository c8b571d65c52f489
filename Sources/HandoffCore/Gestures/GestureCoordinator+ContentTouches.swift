extension GestureCoordinator {
    /// Whether the content has the touch (SPEC §4.4; always `delivered` under `touches simple`).
    enum Delivery: Equatable, Sendable {
        /// The target received touchesBegan.
        case delivered
        /// Held back until `at` by a scroll node that delays content touches.
        case delayed(at: Double)
        /// A pan began first: the target never receives the touch.
        case withheld
    }
}

extension GestureCoordinator.Contact {
    /// Field by field (the caught scroll node is a tuple).
    static func == (a: Self, b: Self) -> Bool {
        a.target == b.target && a.path == b.path && a.axes == b.axes
            && a.tappable == b.tappable && a.stopped == b.stopped && a.swallowed == b.swallowed
            && a.caughtSheet == b.caughtSheet && a.caughtScroll?.node == b.caughtScroll?.node
            && a.caughtScroll?.axis == b.caughtScroll?.axis && a.control == b.control
            && a.deliverAt == b.deliverAt
    }
}

// MARK: Content touches (SPEC §4.4)

extension GestureCoordinator {
    /// Whether the content has the touch, while a finger is down.
    var delivery: Delivery? {
        switch state {
        case .touching(let t), .panning(let t, _): t.value.delivery
        case .idle: nil
        case .modifying: preconditionFailure("the gesture is read during an event")
        }
    }

    /// Under `touches uikit`, a delayed content touch is still to be delivered at a frame.
    func awaitsDelivery(_ touches: TouchPipeline) -> Bool {
        guard touches == .uikit, case .delayed = delivery else { return false }
        return true
    }

    /// Delivers a delayed touch to the content once its time has come (`at` ≥ due − 1e-9), or
    /// at once with `now` (a lift). Returns the target and how long it was held.
    mutating func deliver(at time: Double, now: Bool = false) -> (Target, held: Double)? {
        guard case .touching(var box) = state, case .delayed(let due) = box.value.delivery,
            now || time >= due - 1e-9
        else { return nil }
        state = .modifying
        box.change { $0.delivery = .delivered }
        state = .touching(box)
        return (box.value.contact.target, time - box.value.downTime)
    }

    /// A pan began before the content had the touch: it never will.
    mutating func withhold() {
        guard case .touching(var box) = state, case .delayed = box.value.delivery else { return }
        state = .modifying
        box.change { $0.delivery = .withheld }
        state = .touching(box)
    }

    /// The pan being recognized failed because the content keeps the touch (§4.4): no pan for
    /// the rest of this touch. Returns the tap's failure as `moved` if it fails now.
    mutating func panFailed() -> TouchMoved {
        guard case .touching(var box) = state else { return .noFinger }
        state = .modifying
        defer { state = .touching(box) }
        return box.change { t in
            switch t.recognizer.panFailed(net: t.position - t.start) {
            case .tapMoved(let distance):
                t.tapMoved = true
                return .tapFailed(target: t.contact.target, distance: distance)
            case .tracking(let distance):
                return .tracking(distance: distance)
            case .none, .offAxis, .beganPan, .changedPan, .endedPan, .deliverTap, .failTap:
                return .noFinger
            }
        }
    }
}
