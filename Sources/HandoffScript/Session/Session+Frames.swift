import HandoffCore

/// The commands that advance time run here frame by frame, over the simulator's one-frame step:
/// `wait`, `step`, `settle`, `move … over` and the momentum and springs they evaluate (SPEC §3).
/// This is where the debugger's breakpoints and watches will look after every frame (§10).
extension Session {
    /// `settle` gives up after this many seconds of animation.
    static let settleLimit = 10.0

    /// `wait` and `step`: exactly `n` frames.
    mutating func advance(frames n: Int) {
        var clock = FrameClock(start: sim.time, fps: sim.settings.fps)
        for _ in stride(from: 0, to: n, by: 1) {
            sim.advanceFrame(at: clock.next())
            sampler?.frame(sim)
        }
    }

    /// `settle`: frames until nothing animates, at most `settleLimit` seconds of them.
    mutating func settle() {
        let cap = sim.frames(in: Self.settleLimit)
        var clock = FrameClock(start: sim.time, fps: sim.settings.fps)
        while sim.isAnimating && clock.taken < cap {
            sim.advanceFrame(at: clock.next())
            sampler?.frame(sim)
        }
    }

    /// `move … over`: the movement split into `n` equal moves, one per frame, the first one frame
    /// from now; `n == 0` moves at once.
    mutating func move(by delta: Point, frames n: Int) throws(SimulatorError) {
        guard n > 0 else { return try sim.move(by: delta) }
        guard sim.isFingerDown else { throw .noFinger }
        var clock = FrameClock(start: sim.time, fps: sim.settings.fps)
        var done = Point.zero
        for k in 1...n {
            sim.advanceFrame(at: clock.next())
            let f = Double(k) / Double(n)
            let next = Point(delta.x * f, delta.y * f)
            try sim.move(by: next - done)
            done = next
            sampler?.frame(sim)
        }
    }

    /// `move`, `pan` and `swipe`: at once, or over whole frames; errors point at the command.
    mutating func moveFinger(_ dx: Double, _ dy: Double, over: TimeSpan?, fail: Fail)
        throws(Diagnostic)
    {
        let frames = over.map { max(1, sim.frames(in: $0.seconds)) } ?? 0
        do throws(SimulatorError) {
            try move(by: Point(dx, dy), frames: frames)
        } catch {
            throw fail(error.message, nil, nil)
        }
    }
}
