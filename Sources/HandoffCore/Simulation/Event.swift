/// A recognizer as printed: a pan on an axis, or a tap on a target.
public enum RecognizerName: Equatable, Sendable {
    case pan(Axis)
    case tap(Target)
}

/// UIKit gesture recognizer states.
public enum RecognizerState: String, Sendable {
    case possible
    case began
    case changed
    case ended
    case cancelled
    case failed
    case recognized
}

/// One fact of what happened, in order, typed: numbers are `Double`s and causes are enums. The
/// simulator logs each with its time and frame (`Occurrence`); renderers turn it into a line of text
/// or a JSON object, and `why` explains the facts that carry a decision.
public enum Event: Equatable, Sendable {
    /// A finger went down at a point on a target; `path` is root → target node.
    case touchDown(point: Point, target: Target, path: [Int])
    /// A touch-down stopped an animation on a node.
    case stopped(node: Int, kind: AnimationKind)
    /// The touch stopped momentum or a page/detent/snap spring and will not become a tap.
    case swallowed(Target)
    /// A recognizer changed state.
    case recognizer(RecognizerName, RecognizerState)
    /// No pan yet: the finger is `distance` from its touch-down point (on its farther axis).
    case tracking(distance: Double, slop: Double)
    /// The tap failed because the finger moved `distance` from its touch-down point, strictly
    /// more than the slop, with no pan (SPEC §4.2).
    case tapMoved(Target, distance: Double, slop: Double)
    /// The pan is locked to `axis` and the move had no part along it.
    case offAxis(Axis)
    /// Under `touches uikit` the content received a delayed touch, `held` seconds after
    /// touch-down; `atLift`: the finger lifted first, so began and ended arrive at once (§4.4).
    case delivered(Target, held: Double, atLift: Bool)
    /// A pan passed the slop on `axis` but no node on it could begin (SPEC §13.2): no pan.
    case panNotBegun(axis: Axis, blocks: [BeginBlock])
    /// The target received `touchesCancelled`.
    case touchesCancelled(Target)
    /// The node that owns the pan, and its chain (driver first).
    case owner(node: Int, chain: [Int], partners: [Int] = [])
    /// A finger move shared out through the chain.
    case moved(Ledger)
    /// One frame of momentum travel shared out through the chain.
    case flingFrame(Ledger)
    /// The consumer changed within one gesture or fling.
    case handoff(from: Int, to: Int)
    /// The finger lifted with this velocity (pt/s) and scroll velocity along the pan's axis.
    case released(velocity: Point, scroll: Double)
    /// Momentum started on a driver: velocity and projected total travel.
    case momentumStarted(driver: Int, velocity: Double, travel: Double)
    /// Momentum ended (travel all applied) on a driver.
    case momentumEnded(driver: Int)
    /// Momentum reached an edge: `node` bounces from it with `velocity`, or stops (nil).
    case edgeHit(node: Int?, velocity: Double)
    /// A spring started on a node toward `target` with an initial velocity.
    case springStarted(node: Int, kind: AnimationKind, target: Double, velocity: Double)
    /// A spring landed on its target.
    case springEnded(node: Int, kind: AnimationKind, target: Double)
    /// A finger lift decided a tap: delivered, or why not.
    case tap(Target, TapOutcome)
    /// `tab` acted as a delivered tap on a segment, without touching anything.
    case tabbed(Target)
    /// A pager or switcher selected a new page.
    case pageSelected(node: Int, from: Int, to: Int)
    /// A switcher transition ended.
    case transitionEnded(node: Int, page: Int)
    /// The invariant repair reset a list (SPEC §5.8) because `ancestor` (nested.pre forward
    /// only) is at `ancestorOffset`, not at its max `ancestorMax` (the header is not fully
    /// collapsed).
    case repair(
        node: Int, from: Double, to: Double, ancestor: Int, ancestorOffset: Double,
        ancestorMax: Double)
    /// A `tab` was refused; nothing changed.
    case refused(Refusal)
    /// A hazard of SPEC §10 (at most once per command for each hazard and node).
    case hazard(Hazard)
    /// The app's code wrote a value (SPEC §13.3).
    case code(CodeWrite)
    /// A decision with the numbers that made it, which no other fact carries (`why` prints it).
    case decided(Reason)
}
