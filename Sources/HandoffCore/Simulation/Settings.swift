/// Which nested-scroll behaviour the simulator models (SPEC §5.2–5.3).
public enum Policy: String, Sendable, CaseIterable {
    /// One gesture, many consumers (Compose/Android nested scrolling).
    case nested
    /// Plain nested UIScrollViews: the innermost node that can scroll owns the gesture (§5.3).
    case uikit
    /// A container that claims the drag: the outermost chain node that can move owns it (§5.3).
    case outer
}

/// How touches reach the content and how a release is measured (SPEC §4.4).
public enum TouchPipeline: String, Sendable, CaseIterable {
    /// §4.2–4.3 as written: touches delivered at once, slop strictly exceeded, a 100 ms window.
    case simple
    /// UIKit's scroll views: delayed content touches, controls that keep their touch, a touch
    /// that catches a moving view, the slop reached (≥), and the scroll view's own velocity.
    case uikit
}

/// Tunables a user can `set`.
public struct Settings: Equatable, Sendable {
    public var slop: Double = 10
    public var slopMode: SlopMode = .full
    public var policy: Policy = .nested
    public var fps: Double = 60
    public var touches: TouchPipeline = .simple

    public init() {}
}

/// What the simulator is doing (`phase` in `state`).
public enum Phase: String, Sendable {
    case idle
    case touching
    case panning
    case animating
}

/// The most recent finger lift (or `tab`): its target and what became of the tap.
public struct TapRecord: Equatable, Sendable {
    public var target: Target
    public var outcome: TapOutcome

    public init(target: Target, outcome: TapOutcome) {
        self.target = target
        self.outcome = outcome
    }

    /// Whether a tap reached the target.
    public var delivered: Bool { outcome.isDelivered }
}

/// Misuse of the simulator that a user can cause (a command out of order). Typed only: the
/// wording, which names the script's commands, is the script layer's (`SimulatorError.message`
/// in HandoffScript).
public enum SimulatorError: Error, Equatable, Sendable {
    /// A touch-down while a finger is down.
    case fingerAlreadyDown
    /// A move or lift with no finger down.
    case noFinger
    /// A touch-down where no view receives touches.
    case nothingAt(Point)
    /// A touch-down outside the window.
    case outsideWindow(Point)
}
