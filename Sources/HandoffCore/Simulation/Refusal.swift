/// Why a `tab` changed nothing (SPEC §5.8).
public enum Refusal: Equatable, Sendable {
    /// A pan is active.
    case panActive
    /// The pager or switcher the tabs control drives is still moving to a page.
    case transitioning(Int)
    /// `tab next` on the last segment (`segment` of `tabs`).
    case noNextSegment(tabs: Int, segment: Int)
    /// `tab prev` on the first segment (`segment` of `tabs`).
    case noPreviousSegment(tabs: Int, segment: Int)
}
