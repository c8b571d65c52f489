/// What became of a tap when the finger lifted (SPEC §4.2, §5.8).
public enum TapOutcome: Equatable, Sendable {
    /// The tap reached its target.
    case delivered
    /// The touch stopped momentum or a page, detent or snap spring.
    case swallowed
    /// A pan was recognized and the target got `touchesCancelled`.
    case cancelledByPan
    /// The finger moved past the slop with no pan.
    case moved
    /// The target is not tappable (a view without `tap: true`, a backdrop).
    case notTappable
    /// A tabs control refused it: the pager or switcher it controls (`transitioning`) is still
    /// moving to a page.
    case rejected(transitioning: Int)

    /// Whether the tap reached its target.
    public var isDelivered: Bool { self == .delivered }
}
