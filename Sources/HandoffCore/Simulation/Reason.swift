/// Why the simulator decided something, with the numbers that decided it. `why` prints the
/// reasons of the last command that made decisions, each with the SPEC rule behind it.
public enum Reason: Equatable, Sendable {
    /// §4.1: the deepest hittable node under the point.
    case hit(target: Target, path: [Int])
    /// §4.2: a touch-down stopped animations; swallowed unless only bounce-backs stopped.
    case stopped(nodes: [Int], swallowed: Bool)
    /// §4.2: a pan was recognized: net displacement past the slop on its axis.
    case recognized(
        axis: Axis, displacement: Double, slop: Double, tie: Bool, mode: SlopMode, charged: Double)
    /// §4.2: the finger moved past the slop with no pan, so the tap failed.
    case tapMoved(Target, distance: Double, slop: Double)
    /// §4.2: a touch on an animating sheet begins the sheet pan at once.
    case sheetCaught(sheet: Int)
    /// §5.1: the driver and its chain.
    case chain(driver: Int, chain: [Int], axis: Axis)
    /// §5.3: under `uikit` or `outer`, the owner chosen at recognition and the walk that chose it.
    case ownership(Ownership.Decision)
    /// §4.3: the release velocity and where it came from (nil window: given explicitly).
    case velocity(Point, window: Double?)
    /// §5.5 rule 1: a sheet between detents took the velocity.
    case detent(
        sheet: Int, top: Double, fingerVelocity: Double, downward: Bool?, from: Double, to: Double,
        projected: Double, target: Double)
    /// §5.5 rule 1: a sheet resting on a detent at release took the velocity on the segment from
    /// that detent to its neighbour in the velocity's direction (FloatingPanel's
    /// `segment(at:forward:)`).
    case detentFromRest(sheet: Int, fingerVelocity: Double, decision: Targets.DetentDecision)
    /// §5.5 rule 1: a sheet resting on a detent at release took nothing.
    case detentKept(sheet: Int, top: Double, because: DetentKept)
    /// §5.5 rule 2: a pager's target page.
    case page(pager: Int, offset: Double, width: Double, velocity: Double, start: Int, target: Int)
    /// §5.5 rule 3: momentum through the chain (participants leave out `fling: none` parents).
    case momentum(driver: Int, velocity: Double, travel: Double, participants: [Int])
    /// §5.5 rule 5 and §5.9: overscrolled at release, so it springs back and no momentum runs.
    case overscrolledRelease(nodes: [Int])
    /// §5.5 rule 4: at rest strictly between its ends, a `snap: edges` scroll snaps.
    case snap(node: Int, offset: Double, target: Double)
    /// §5.5 rule 3: every consumer reached an edge; the innermost bouncing node bounces, or it stops.
    case edge(node: Int?, velocity: Double)
    /// §5.8: a newly selected page.
    case selected(container: Int, from: Int, to: Int)
    /// §5.8: the invariant repair, because `ancestor` (pre: forward) is not at its max.
    case repair(node: Int, ancestor: Int, ancestorOffset: Double, ancestorMax: Double)
    /// §4.2, §5.8: a tap delivered or not, and why.
    case tap(Target, delivered: Bool, reason: String?)
    /// §5.8: a refused `tab`.
    case refused(String)
}

/// Why a sheet resting on a detent at release takes nothing (SPEC §5.5 rule 1).
public enum DetentKept: Equatable, Sendable {
    /// A node inside the sheet took a non-zero share during the gesture.
    case innerShare(Int)
    /// The detent has no neighbour in the velocity's direction (`downward`).
    case noNeighbour(downward: Bool)
    /// No velocity and no travel since the gesture began: no direction.
    case noDirection
}
