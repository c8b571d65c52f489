import HandoffCore

/// The commands that advance time run here frame by frame, over the simulator's one-frame step:
/// `wait`, `step`, `settle`, `move … over` and the momentum and springs they evaluate (SPEC §3).
/// The debugger's breakpoints and watches look after every frame (SPEC §10); a stop leaves the
/// command pending as a `FrameRun`.
extension Session {
    /// `settle` gives up after this many seconds of animation.
    static let settleLimit = 10.0

    /// Runs the frames of a command until its end or a stop; at its end, what follows its last
    /// frame (a swipe's lift). Returns how many frames the command has taken.
    @discardableResult
    mutating func runFrames(_ run: consuming FrameRun) throws(SimulatorError) -> Int {
        // With nothing looking at each frame (no condition breakpoint, watch, frame limit or
        // timeline), animations running alone are advanced in closed form between the frames
        // where something happens (SPEC §9): the same offsets, times and facts as stepping.
        let closedForm =
            framesInClosedForm && run.advancesTimeOnly && !debug.looksAtSpringFrames
            && sampler == nil
        // Springs alone, or nothing animating: every frame to the command's end (or rest) at
        // once. (With no frame due, it does nothing.)
        if closedForm,
            sim.runSpringsAlone(
                clock: &run.clock, through: run.lastFrame, untilRest: run.endsAtRest)
        {
            return run.taken
        }
        // Read once: each frame says whether it left anything animating (no copy of the
        // simulator per frame).
        var more = run.hasMore(animating: sim.animatesNow())
        // Whether the scene has rules, read once for all the frames (it does not change).
        let rules = sim.hasRules
        // After frames taken in closed form, the next one is where something happens: stepped.
        var skipped = false
        // Whether the springs were asked about since the last frame (they were just above).
        var asked = true
        while more {
            if closedForm, !skipped {
                // Springs alone: every frame to the command's end (or rest) at once.
                if !asked,
                    sim.runSpringsAlone(
                        clock: &run.clock, through: run.lastFrame, untilRest: run.endsAtRest)
                {
                    return run.taken
                }
                // A steady momentum: its frames up to the next one where something happens, or
                // through its end when nothing stops at that frame.
                switch sim.skipSteadyMomentum(
                    clock: &run.clock, through: run.lastFrame, ending: !debug.active)
                {
                case .none:
                    break
                case .steady:
                    more = run.hasMore(animating: true)
                    skipped = true
                    continue
                case .ended(let animating):
                    // What runs on (springs its chain started) is asked about afresh.
                    more = run.hasMore(animating: animating)
                    asked = false
                    continue
                }
            }
            skipped = false
            asked = false
            if debug.active, let limit = debug.frameLimit, run.taken >= limit {
                return stop(run)
            }
            let animating = try run.frame(&sim, rules: rules)
            sampler?.frame(sim)
            if debug.active, afterFrame(run) {
                return stop(run)
            }
            more = run.hasMore(animating: animating)
        }
        try run.finish(&sim)
        return run.taken
    }

    /// Leaves a run pending (a breakpoint or the frame limit stopped it); its frames so far.
    private mutating func stop(_ run: consuming FrameRun) -> Int {
        let taken = run.taken
        debug.pending = run
        return taken
    }

    /// `wait` and `step`: exactly `n` frames.
    mutating func advance(frames n: Int) {
        let run = FrameRun(
            kind: .frames(total: n), clock: FrameClock(start: sim.time, fps: sim.settings.fps),
            command: debug.command)
        // Frames alone never throw.
        _ = try? runFrames(run)
    }

    /// `settle`: frames until nothing animates, at most `settleLimit` seconds of them. Returns
    /// whether it took them all: only then can anything still animate (unless it stopped).
    mutating func settle() -> Bool {
        let cap = sim.frames(in: Self.settleLimit)
        let run = FrameRun(
            kind: .settle(cap: cap), clock: FrameClock(start: sim.time, fps: sim.settings.fps),
            command: debug.command)
        // Frames alone never throw.
        return (try? runFrames(run)).map { $0 >= cap } ?? true
    }

    /// `move … over`: the movement split into `n` equal moves, one per frame, the first one frame
    /// from now; `n == 0` moves at once. `lift`: a swipe, which lifts the finger at its end.
    mutating func move(by delta: Point, frames n: Int, lift: Bool)
        throws(SimulatorError)
    {
        guard n > 0 else {
            try sim.move(by: delta)
            if lift { try sim.end() }
            return
        }
        guard sim.fingerIsDownNow() else { throw .noFinger }
        try runFrames(
            FrameRun(
                kind: .move(delta: delta, total: n, done: .zero, lift: lift),
                clock: FrameClock(start: sim.time, fps: sim.settings.fps), command: debug.command))
    }

    /// `move`, `pan` and `swipe`: at once, or over whole frames; errors point at the command.
    mutating func moveFinger(
        _ dx: Double, _ dy: Double, over: TimeSpan?, lift: Bool = false, fail: Fail
    )
        throws(Diagnostic)
    {
        let frames = over.map { max(1, sim.frames(in: $0.seconds)) } ?? 0
        do throws(SimulatorError) {
            try move(by: Point(dx, dy), frames: frames, lift: lift)
        } catch {
            throw fail(error.message, nil, nil)
        }
    }

    /// `continue`, or `step N` while stopped (`limit`: at most that many more frames): runs the
    /// stopped command on.
    mutating func resume(frames limit: Int?) throws(SimulatorError) {
        guard let run = debug.pending else { return }
        debug.pending = nil
        let saved = debug.frameLimit
        if let limit { debug.frameLimit = run.taken + limit }
        defer { debug.frameLimit = saved }
        try runFrames(run)
    }
}
