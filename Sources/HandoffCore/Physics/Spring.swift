import Foundation

/// A damped spring with mass 1 in closed form (physics.md §5).
public struct Spring: Equatable, Sendable {
    public var stiffness: Double
    public var dampingRatio: Double

    public init(stiffness: Double, dampingRatio: Double) {
        self.stiffness = stiffness
        self.dampingRatio = dampingRatio
    }

    /// Bounce-back after overscroll: stiffness 100, critically damped.
    public static let bounce = Spring(stiffness: 100, dampingRatio: 1)
    /// Pages, detents and snaps: response 0.4 s, critically damped.
    public static let settle = Spring(response: 0.4, dampingRatio: 1)

    /// `k = (2π/response)²`.
    public init(response: Double, dampingRatio: Double) {
        self.init(stiffness: pow(2 * .pi / response, 2), dampingRatio: dampingRatio)
    }

    /// SwiftUI's `Spring(duration:bounce:)` mapping.
    public init(duration: Double, bounce: Double) {
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        self.init(stiffness: pow(2 * .pi / duration, 2), dampingRatio: zeta)
    }

    /// Damping coefficient `c = 2ζ√k`.
    public var damping: Double { 2 * dampingRatio * stiffness.squareRoot() }

    /// Displacement from rest and velocity at `t`, from displacement `x0` and velocity `v0`.
    @inline(__always)
    public func state(displacement x0: Double, velocity v0: Double, at t: Double)
        -> (x: Double, v: Double)
    {
        let w0 = stiffness.squareRoot()
        let zeta = dampingRatio
        if abs(zeta - 1) < 1e-12 {
            let e = exp(-w0 * t)
            let b = v0 + w0 * x0
            return (e * (x0 + b * t), e * (v0 - w0 * b * t))
        } else if zeta < 1 {
            let beta = zeta * w0
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let e = exp(-beta * t)
            let b = (v0 + beta * x0) / wd
            let c = cos(wd * t)
            let s = sin(wd * t)
            let x = e * (x0 * c + b * s)
            let v = e * ((b * wd - beta * x0) * c - (x0 * wd + beta * b) * s)
            return (x, v)
        } else {
            let c = damping
            let disc = (c * c - 4 * stiffness).squareRoot()
            let r1 = (-c - disc) / 2
            let r2 = (-c + disc) / 2
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            let c1 = x0 - c2
            let e1 = exp(r1 * t)
            let e2 = exp(r2 * t)
            return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
        }
    }

    /// A spring is done within 0.5 pt of its target and slower than 1 pt/s (SPEC §5.5).
    public static func isDone(x: Double, v: Double) -> Bool { abs(x) < 0.5 && abs(v) < 1 }

    /// The energy `v²/2 + k·x²/2` (mass 1). With damping it never grows (`dE/dt = -c·v²`), and a
    /// spring that `isDone` has less than `restingEnergy`: a spring whose energy at some time is
    /// above that bound cannot be done at any earlier time.
    func energy(x: Double, v: Double) -> Double { (v * v + stiffness * x * x) / 2 }

    /// Above every energy a done spring can have (`|x| < 0.5`, `|v| < 1`), with a margin of 0.1 %
    /// that no rounding of `state` comes near.
    var restingEnergy: Double { (1 + stiffness * 0.25) / 2 * 1.001 }
}
