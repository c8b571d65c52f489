import HandoffCore

/// The debugger's state in a session (SPEC §10): breakpoints, watches, the stopped command with
/// its pending frames, and what the current command's stops and watches print.
struct Debugger {
    /// How checks behave.
    enum Mode {
        /// Breakpoints stop and count hits, watches print.
        case live
        /// A re-run (`back`, `compare`, `record`): nothing stops, counts or prints.
        case quiet
        /// `back break`'s re-run: every moment a breakpoint would stop is noted, nothing stops.
        case discover
    }

    var breakpoints: [Breakpoint] = [] { didSet { update() } }
    var watches: [Watch] = [] { didSet { update() } }
    /// Set only through `Session.withDebuggerMode`, which puts it back.
    fileprivate(set) var mode = Mode.live { didSet { update() } }
    /// A re-run of a command whose rest was dropped, or `step N` while stopped: the frame count
    /// at which the command stops (its rest pending).
    var frameLimit: Int? { didSet { update() } }
    /// Whether anything must look at each frame: the frame loops test this one flag, so a
    /// session with no breakpoint and no watch pays one branch per frame.
    private(set) var active = false
    /// Whether a frame in which only springs run could stop or print: a `break when` condition,
    /// a live watch, or a frame limit. Those frames emit no fact an event breakpoint stops on
    /// (`springEnded` is none; no hazard: `Simulator.springsRunAlone`), so with only event
    /// breakpoints they are taken at once (`Simulator.runSpringsAlone`), as with none.
    private(set) var looksAtSpringFrames = false
    /// The stopped command and its pending frames.
    var pending: FrameRun?
    var nextNumber = 1
    /// The canonical text of the command running (a stop line names it).
    var command = ""
    /// Where the next scan of the simulator's log starts.
    var scanMark = 0
    /// Breakpoints triggered by facts scanned but not yet reported, with the fact.
    var triggered: [(number: Int, occurrence: Occurrence)] = []
    /// Watch lines of the current command.
    var watchLines: [Fact] = []
    /// Breakpoint lines of the current command.
    var stopLines: [Fact] = []
    /// `back break`: the moments found, and the history index of the command being re-run.
    var moments: [(moment: StopMoment, stops: [BreakStop])] = []
    var entry = 0

    private mutating func update() {
        let watching = mode == .live && !watches.isEmpty
        active = frameLimit != nil || (mode != .quiet && (!breakpoints.isEmpty || watching))
        looksAtSpringFrames =
            frameLimit != nil
            || (mode != .quiet && (watching || breakpoints.contains { $0.isCondition }))
    }
}

extension Session {
    /// Runs `body` with the debugger in `mode` (a re-run: quiet, or discovering where breakpoints
    /// would stop), then puts back the mode it was in.
    mutating func withDebuggerMode<R>(_ mode: Debugger.Mode, _ body: (inout Session) -> R) -> R {
        let saved = debug.mode
        debug.mode = mode
        defer { debug.mode = saved }
        return body(&self)
    }
}
