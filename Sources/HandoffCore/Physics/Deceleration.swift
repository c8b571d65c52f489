import Foundation

/// Exponential deceleration, `v(t) = v0·r^(1000t)` with `r` per millisecond (physics.md §3).
public struct Deceleration: Equatable, Sendable {
    public static let normal = 0.998
    public static let fast = 0.99

    /// Initial velocity, pt/s.
    public let velocity: Double
    /// Rate per millisecond.
    public let rate: Double
    /// `k = 1000·ln r` (1/s), computed once (every formula below reads it).
    public let k: Double

    public init(velocity: Double, rate: Double) {
        self.velocity = velocity
        self.rate = rate
        k = 1000 * log(rate)
    }

    /// Distance travelled after `t` seconds: `v0·(r^(1000t) − 1)/k`.
    public func travel(at t: Double) -> Double { velocity * (exp(k * t) - 1) / k }

    /// Velocity after `t` seconds.
    public func velocity(at t: Double) -> Double { velocity * exp(k * t) }

    /// Total travel, `−v0/k` (0.4995·v0 for the normal rate).
    public var total: Double { -velocity / k }

    /// The time at which the travel reaches `x` (same sign as the velocity), if it ever does.
    public func time(toTravel x: Double) -> Double? {
        let arg = 1 + k * x / velocity
        guard arg > 0 else { return nil }
        return log(arg) / k
    }

    /// WWDC18 projection: `(v/1000)·r/(1 − r)`.
    public static func projection(velocity v: Double, rate r: Double) -> Double {
        v / 1000 * r / (1 - r)
    }
}
