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
