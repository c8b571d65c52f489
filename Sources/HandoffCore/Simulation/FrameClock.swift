/// The frame times of one command that advances time (SPEC §3): frame k of a command that starts
/// at `start` is at `start + k / fps`, computed from the start (never summed), so a command's
/// times are the same however it is stepped.
public struct FrameClock: Sendable {
    public let start: Double
    public let fps: Double
    /// Frames taken so far.
    public private(set) var taken = 0

    public init(start: Double, fps: Double) {
        self.start = start
        self.fps = fps
    }

    /// The time of the next frame, and counts it.
    public mutating func next() -> Double {
        taken += 1
        return time(ofFrame: taken)
    }

    /// The time of frame `k` of the command.
    public func time(ofFrame k: Int) -> Double { start + Double(k) / fps }

    /// Counts `n` more frames, as `n` calls of `next()` would.
    public mutating func skip(_ n: Int) { taken += n }
}
