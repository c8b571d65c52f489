import HandoffCore

/// A command that advances time (SPEC §3), as frames that can stop between any two: `wait`,
/// `step`, `settle`, `move/pan … over` and `swipe`. A breakpoint leaves it pending with the rest
/// of its frames, which `continue` and `step` run and any history command drops (SPEC §10).
struct FrameRun {
    enum Kind {
        /// `wait` and `step`: exactly `total` frames.
        case frames(total: Int)
        /// `settle`: frames until nothing animates, at most `cap`.
        case settle(cap: Int)
        /// `move … over`: `delta` in `total` equal moves, one per frame; `done` is how far it has
        /// moved. `lift`: a `swipe`, which lifts the finger after its last frame.
        case move(delta: Point, total: Int, done: Point, lift: Bool)
    }

    var kind: Kind
    var clock: FrameClock
    /// The command's canonical text (the stop line names it).
    var command: String

    /// Frames run so far.
    var taken: Int { clock.taken }

    /// The number of frames the command has in all (nil for `settle`, which runs until nothing
    /// animates).
    var total: Int? {
        switch kind {
        case .frames(let n), .move(_, let n, _, _): n
        case .settle: nil
        }
    }

    /// `wait`, `step` and `settle`: frames that only advance time (no finger moves).
    var advancesTimeOnly: Bool {
        switch kind {
        case .frames, .settle: true
        case .move: false
        }
    }

    /// `settle`: the frames end once nothing animates.
    var endsAtRest: Bool {
        if case .settle = kind { return true }
        return false
    }

    /// The last frame the command may run (`settle` stops sooner when nothing animates).
    var lastFrame: Int {
        switch kind {
        case .frames(let n), .move(_, let n, _, _): n
        case .settle(let cap): cap
        }
    }

    /// Whether another frame is due, when the simulator is animating or not.
    func hasMore(animating: @autoclosure () -> Bool) -> Bool {
        switch kind {
        case .frames(let n), .move(_, let n, _, _): taken < n
        // Asked only here: a run of frames or of a move never reads it (reading it copies the
        // simulator out of the session).
        case .settle(let cap): taken < cap && animating()
        }
    }

    /// Runs one frame; returns whether anything still animates after it. `rules`: whether the
    /// scene has rules (`Simulator.hasRules`, read once for a run of frames).
    mutating func frame(_ sim: inout Simulator, rules: Bool) throws(SimulatorError) -> Bool {
        guard rules else { return try motion(&sim) }
        // The frame's rules run after its motion and its move (SPEC §13.3), and may start a
        // motion of their own.
        sim.beginStep()
        do throws(SimulatorError) {
            let animating = try motion(&sim)
            sim.endStep()
            return animating || sim.isAnimating
        } catch {
            sim.endStep()
            throw error
        }
    }

    /// The frame's motion: the clock advanced, then its share of the finger's movement.
    private mutating func motion(_ sim: inout Simulator) throws(SimulatorError) -> Bool {
        let animating = sim.stepFrame(at: clock.next())
        if case .move(let delta, let n, let done, let lift) = kind {
            let f = Double(taken) / Double(n)
            let next = Point(delta.x * f, delta.y * f)
            try sim.move(by: next - done)
            kind = .move(delta: delta, total: n, done: next, lift: lift)
        }
        return animating
    }

    /// What the command does after its last frame (a swipe lifts the finger).
    func finish(_ sim: inout Simulator) throws(SimulatorError) {
        if case .move(_, _, _, true) = kind { try sim.end() }
    }
}
