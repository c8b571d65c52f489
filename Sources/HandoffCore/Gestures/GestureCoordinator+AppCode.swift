/// The app's code ending or refusing a pan (SPEC §13.1, §13.2): no node could begin it, or its node
/// was disabled while it ran.
extension GestureCoordinator {
    /// No node could begin the pan just recognized on `axis` (SPEC §13.2): the touch goes on
    /// without it, and without that axis. Returns whether the tap failed now (it was possible).
    mutating func panRefused(axis: Axis) -> Bool {
        switch state {
        case .idle, .panning:
            return false
        case .modifying:
            preconditionFailure("an event began during an event")
        case .touching(var box):
            state = .modifying
            defer { state = .touching(box) }
            return box.change { t in
                let c = t.contact
                let failedNow = c.tappable && !c.swallowed && !t.tapMoved
                t.contact.axes.removeAll { $0 == axis }
                t.recognizer.panRefused(
                    axis: axis, axes: c.axes, tappable: c.tappable, swallowed: c.swallowed)
                t.tapMoved = true
                return failedNow
            }
        }
    }

    /// The pan's node was disabled (SPEC §13.1): the pan ends as if lifted, with the finger's
    /// velocity now (and the window it was measured over), and the finger stays down moving
    /// nothing until it lifts.
    mutating func panCancelled(time: Double) -> (Pan, Point, VelocitySource)? {
        switch state {
        case .idle, .touching:
            return nil
        case .modifying:
            preconditionFailure("an event began during an event")
        case .panning(var box, let pan):
            state = .modifying
            box.change { $0.cancelled = true }
            let t = box.value
            state = .touching(box)
            if let estimate = t.tracker.scrollView(at: time) {
                return (pan.value, estimate.velocity, .scrollView(estimate))
            }
            let v = t.tracker.velocity(at: time)
            let window = time - Swift.max(t.downTime, time - VelocityTracker.window)
            return (pan.value, v, .window(window))
        }
    }
}
