/// A decision the simulator made, with the numbers that made it, for the decisions no other event
/// carries (`Event.decided`). `why` prints them, with the events that carry their own cause (a
/// touch-down's hit, a tap's outcome, a refusal, a repair, a selection, an edge), in log order.
public enum Reason: Equatable, Sendable {
    /// §4.2: a touch-down stopped animations; swallowed unless only bounce-backs stopped.
    case stopped(nodes: [Int], swallowed: Bool)
    /// §4.2: a pan was recognized: net displacement past the slop on its axis.
    case recognized(
        axis: Axis, displacement: Double, slop: Double, tie: Bool, mode: SlopMode, charged: Double,
        reaching: Bool = false)
    /// §4.2, §5.9: a touch on an animating sheet stopped its `stopped` animation and begins
    /// the sheet pan at once; the touch is `cancelled by pan`, not swallowed. Printed (`caught`).
    case sheetCaught(sheet: Int, stopped: AnimationKind)
    /// §5.1: the driver and its chain.
    case chain(driver: Int, chain: [Int], axis: Axis)
    /// Nodes of the pan's axis on the hit path that cannot begin it (SPEC §13.2): no share, no
    /// ownership.
    case cannotBegin([BeginBlock])
    /// §13.1: the node of the active pan was disabled (`scrollEnabled` false): the pan was
    /// cancelled and released as a lift; the rest of the touch moves nothing.
    case disabledDuringPan(node: Int)
    /// §5.3: under `uikit` or `outer`, the owner chosen at recognition and the walk that chose it.
    case ownership(Ownership.Decision)
    /// §4.4: the content has the touch (a `control`, or the would-be owner cannot cancel content
    /// touches), so the pan fails and nothing scrolls for the rest of the touch.
    case contentKeepsTouch(target: Target, owner: Int, control: Bool)
    /// §4.4: a pan began before the 0.15 s delay ran out: the target never had the touch.
    case neverDelivered(Target)
    /// §4.4: the touch-down stopped the momentum or bounce-back of `node` and begins its pan at
    /// once (UIKit's `_beginScroll` while decelerating or bouncing); the touch is swallowed.
    case caughtMoving(node: Int, kind: AnimationKind)
    /// §4.4: a control's tap at the lift: the finger `inside` its frame grown by 70 pt.
    case touchGutter(target: Target, inside: Bool)
    /// §5.10: a drag on `driver` inside the system sheet `sheet`: `shared` with the sheet as
    /// under `nested` (the driver was at its top), else the driver's alone.
    case systemSheet(sheet: Int, driver: Int, shared: Bool, expands: Bool)
    /// §4.3, §4.4: the release velocity and where it came from.
    case velocity(Point, source: VelocitySource)
    /// §4.4: under `touches uikit` a release slower than 250 pt/s along the axis starts no
    /// momentum (UIKit zeroes it).
    case belowMomentumThreshold(node: Int, velocity: Double)
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
    /// §5.5 rule 3, §5.9: momentum of `driver` stopped at an edge with `leftover` unconsumed
    /// while the nodes of `blocks` had room but took no fling travel, each for its rule.
    case flingStopped(driver: Int, leftover: Double, blocks: [FlingBlock])
    /// §5.5 rule 3: momentum through the chain (participants leave out `fling: none` parents).
    case momentum(driver: Int, velocity: Double, travel: Double, participants: [Int])
    /// §5.5 rule 5 and §5.9: overscrolled at release, so it springs back and no momentum runs.
    case overscrolledRelease(nodes: [Int])
    /// §5.5 rule 4: at rest strictly between its ends, a `snap: edges` scroll snaps.
    case snap(node: Int, offset: Double, target: Double)
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

/// Where a release velocity came from (SPEC §4.3, §4.4).
public enum VelocitySource: Equatable, Sendable {
    /// Given with `end VX VY`.
    case given
    /// The displacement over the last `window` seconds (100 ms, or since touch-down) (§4.3).
    case window(Double)
    /// UIKit's scroll view blend of its last two samples (§4.4, `touches uikit`).
    case scrollView(ScrollViewVelocity.Estimate)
}
