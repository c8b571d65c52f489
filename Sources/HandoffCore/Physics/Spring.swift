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

    /// For a critically damped spring (the only kind with `state`'s first branch), the time after
    /// which its distance from rest and its speed only shrink: `x = e^(-wt)(x0 + bt)` with
    /// `b = v0 + w·x0` turns where `v` is 0 (`t = v0/(wb)`), `v = e^(-wt)(v0 - wbt)` where the
    /// acceleration is 0 (`t = (v0 + b)/(wb)`); past both, `x` and `v` are monotonic and tend to 0.
    /// Nil for another damping.
    func shrinks(displacement x0: Double, velocity v0: Double) -> Double? {
        guard abs(dampingRatio - 1) < 1e-12 else { return nil }
        let w = stiffness.squareRoot()
        let b = v0 + w * x0
        guard b != 0 else { return 0 }
        return Swift.max(0, v0 / (w * b), (v0 + b) / (w * b))
    }

    /// A critically damped spring's time of rest, estimated (where `|x|` falls to 0.5 and `|v|`
    /// to 1 past `from`, the time `shrinks` gives): where a search for its rest frame starts.
    /// Any value is correct there; a close one saves evaluations.
    ///
    /// Each of `x` and `v` is `c·(t − t0)·e^(−wt)` (`x`: `c = b`, `t0 = −x0/b`; `v`: `c = −wb`,
    /// `t0 = v0/(wb)`), past its turn where `u = w(t − t0)` is above 1. It falls to a bound `B`
    /// where `u − ln u = L`, `L = ln(|c|/(wB)) − w·t0` (Lambert's W, its lower branch), which
    /// has no root when `L ≤ 1` (the bound is never crossed past the turn), and otherwise
    /// `u ≈ L + ln L + ln L / L` (the start of its asymptotic series: within 0.25 of `u` near
    /// `L = 1`, within 0.01 from `L = 5` on; a spring's `L` is usually 5–15). Four logs, where
    /// Newton steps on the log took about ten.
    func restGuess(displacement x0: Double, velocity v0: Double, from: Double) -> Double {
        let w = stiffness.squareRoot()
        let b = v0 + w * x0
        // `x = x0·e^(-wt)` and `v = v0·e^(-wt)`: no turn.
        guard b != 0 else {
            return Swift.max(from, log(abs(x0) / 0.5) / w, log(abs(v0)) / w)
        }
        // `L` of `v` (bound 1) and of `x` (bound 0.5): `ln|b| − v0/b`, and that
        // `− ln(w/2) + (w·x0 + v0)/b`, the last term 1.
        let lv = log(abs(b)) - v0 / b
        let lx = lv - log(w / 2) + 1
        func time(_ l: Double, from t0: Double) -> Double {
            guard l > 1 else { return from }
            let l2 = log(l)
            return t0 + (l + l2 + l2 / l) / w
        }
        return Swift.max(from, time(lx, from: -x0 / b), time(lv, from: v0 / (w * b)))
    }

    /// A spring is done within 0.5 pt of its target and slower than 1 pt/s (SPEC §5.5).
    public static func isDone(x: Double, v: Double) -> Bool { abs(x) < 0.5 && abs(v) < 1 }

    /// The energy `v²/2 + k·x²/2` (mass 1). With damping it never grows (`dE/dt = -c·v²`), and a
    /// spring that `isDone` has less than `restingEnergy`: a spring whose energy at some time is
    /// above that bound cannot be done at any earlier time.
    func energy(x: Double, v: Double) -> Double { (v * v + stiffness * x * x) / 2 }

    /// Whether the energy from displacement `x0` and velocity `v0` stays above `restingEnergy`
    /// until `t` (so no state up to `t` is done), from the start alone: with damping `c`,
    /// `dE/dt = −c·v²` and `v² ≤ 2E`, so `E(t) ≥ E(0)·e^(−2ct)` for `t ≥ 0`. Twice the bound
    /// keeps it clear of any rounding of `state`. One `exp`, where a state at `t` takes one and
    /// more.
    func staysAboveRest(displacement x0: Double, velocity v0: Double, until t: Double) -> Bool {
        t >= 0 && energy(x: x0, v: v0) * exp(-2 * damping * t) > 2 * restingEnergy
    }

    /// Above every energy a done spring can have (`|x| < 0.5`, `|v| < 1`), with a margin of 0.1 %
    /// that no rounding of `state` comes near.
    var restingEnergy: Double { (1 + stiffness * 0.25) / 2 * 1.001 }
}
