/// Estimates release velocity from finger samples (SPEC §4.3): the displacement over the window
/// from 100 ms before release (or touch-down, if later) to release, divided by its length.
public struct VelocityTracker: Equatable, Sendable {
    public static let window = 0.1
    private var samples: [(t: Double, p: Point)] = []

    public init(time: Double, position: Point) {
        samples = [(time, position)]
    }

    /// Records the finger's position after a move at time `t`.
    public mutating func add(time t: Double, position p: Point) {
        if let last = samples.last, last.t == t {
            samples[samples.count - 1] = (t, p)
        } else {
            samples.append((t, p))
        }
        // Keep one sample at or before the oldest window start that can still matter.
        let horizon = t - Self.window - 1e-9
        var drop = 0
        while drop + 1 < samples.count, samples[drop + 1].t <= horizon { drop += 1 }
        if drop > 0 { samples.removeFirst(drop) }
    }

    /// The position at time `t`: the last sample at or before `t` (moves made at `t` included).
    private func position(at t: Double) -> Point {
        var p = samples[0].p
        for s in samples where s.t <= t + 1e-9 { p = s.p }
        return p
    }

    /// Velocity (pt/s) for a release at `t`.
    public func velocity(at t: Double) -> Point {
        let start = Swift.max(samples[0].t, t - Self.window)
        let length = t - start
        guard length > 1e-9 else { return .zero }
        let d = position(at: t) - position(at: start)
        return Point(d.x / length, d.y / length)
    }

    public static func == (a: VelocityTracker, b: VelocityTracker) -> Bool {
        a.samples.count == b.samples.count
            && zip(a.samples, b.samples).allSatisfy { $0.t == $1.t && $0.p == $1.p }
    }
}
