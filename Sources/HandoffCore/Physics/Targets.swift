import Foundation

/// Where a release sends pages and sheets (SPEC §5.5 rules 1–2).
public enum Targets {
    /// Round half away from zero.
    public static func roundHalfAway(_ x: Double) -> Double { x.rounded(.toNearestOrAwayFromZero) }

    /// Pager rule 2: the page a release at scroll velocity `v` goes to.
    public static func page(
        offset: Double, width: Double, velocity v: Double, start: Int, count: Int
    )
        -> Int
    {
        let p = offset / width
        var target: Int
        if v > 1 {
            target = Int(floor(p)) + 1
        } else if v < -1 {
            target = Int(ceil(p)) - 1
        } else {
            target = Int(roundHalfAway(p))
        }
        target = Swift.min(Swift.max(target, start - 1), start + 1)
        return Swift.min(Swift.max(target, 0), Swift.max(0, count - 1))
    }

    /// How rule 1 chose a detent: the direction (nil when there was none and the nearest detent
    /// won), the segment's ends behind and ahead of the motion, the projection, and the target.
    public struct DetentDecision: Equatable, Sendable {
        public var downward: Bool?
        public var from: Double
        public var to: Double
        public var projected: Double
        public var target: Double
    }

    /// Sheet rule 1: the detent top a sheet between detents goes to. `tops` is sorted ascending,
    /// `top` is strictly between two of them, `fingerVelocity` is pt/s (down positive), `start` is
    /// the top where the gesture began.
    public static func detent(tops: [Double], top: Double, fingerVelocity vf: Double, start: Double)
        -> DetentDecision
    {
        let projected = top + Deceleration.projection(velocity: vf, rate: Deceleration.normal)
        guard let upperIndex = tops.firstIndex(where: { $0 > top }), upperIndex > 0 else {
            return DetentDecision(
                downward: nil, from: top, to: top, projected: projected,
                target: nearest(tops: tops, top: top))
        }
        let above = tops[upperIndex - 1]
        let below = tops[upperIndex]
        let downward: Bool
        if vf > 0 {
            downward = true
        } else if vf < 0 {
            downward = false
        } else if top != start {
            downward = top > start
        } else {
            return DetentDecision(
                downward: nil, from: below, to: above, projected: projected,
                target: nearest(tops: [above, below], top: top))
        }
        let from = downward ? above : below
        let to = downward ? below : above
        let p = Swift.min(Swift.max(projected, Swift.min(from, to)), Swift.max(from, to))
        return DetentDecision(
            downward: downward, from: from, to: to, projected: projected,
            target: abs(p - from) / abs(to - from) > 0.5 ? to : from)
    }

    /// What rule 1 does with a sheet resting on a detent at release.
    public enum RestingRelease: Equatable, Sendable {
        /// The sheet takes the velocity on this segment.
        case segment(DetentDecision)
        /// The sheet takes nothing, for this reason.
        case kept(DetentKept)
    }

    /// Sheet rule 1 for a sheet resting on the detent `top` at release (FloatingPanel's
    /// `segment(at:forward:)`): the segment is that detent (`from`) and its neighbour in the
    /// direction (`to`); the projection decides as between detents. The direction is the sign of
    /// `fingerVelocity`, else the travel from `start`. Returns why the sheet takes nothing when
    /// there is no direction or no neighbour in it.
    public static func detentFromRest(
        tops: [Double], top: Double, fingerVelocity vf: Double, start: Double
    ) -> RestingRelease {
        let downward: Bool
        if vf > 0 {
            downward = true
        } else if vf < 0 {
            downward = false
        } else if abs(top - start) > 1e-9 {
            downward = top > start
        } else {
            return .kept(.noDirection)
        }
        let neighbour =
            downward ? tops.first { $0 > top + 1e-9 } : tops.last { $0 < top - 1e-9 }
        guard let to = neighbour else { return .kept(.noNeighbour(downward: downward)) }
        let projected = top + Deceleration.projection(velocity: vf, rate: Deceleration.normal)
        let p = Swift.min(Swift.max(projected, Swift.min(top, to)), Swift.max(top, to))
        return .segment(
            DetentDecision(
                downward: downward, from: top, to: to, projected: projected,
                target: abs(p - top) / abs(to - top) > 0.5 ? to : top))
    }

    /// The nearest detent; a tie goes to the higher one (smaller top).
    public static func nearest(tops: [Double], top: Double) -> Double {
        var best = tops[0]
        for t in tops.dropFirst() where abs(t - top) < abs(best - top) { best = t }
        return best
    }
}
