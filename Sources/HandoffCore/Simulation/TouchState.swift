/// The recognizer state of the finger that is down, as `state` and `touch` show it.
public enum TouchState: Equatable, Sendable {
    /// Nothing recognized yet.
    case possible
    /// The touch stopped an animation: no tap will reach its target.
    case swallowed
    /// Under `touches uikit`, the content has not received the touch yet (SPEC §4.4).
    case delayed
    /// A pan on the axis owns the finger.
    case panning(Axis)
}
