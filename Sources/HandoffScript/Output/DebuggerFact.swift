import HandoffCore

/// The facts of the debugger's commands and of stops and watches (SPEC §10), rendered as text
/// lines and as JSON events of kinds `breakpoint`, `watch`, `back`, ….
package enum DebuggerFact: Sendable {
    /// A breakpoint stopped (or fired on a command's last frame or a step command).
    case stop(BreakStop)
    /// A watched value changed at a frame or step.
    case watch(path: String, from: StateValue, to: StateValue, time: Double, frame: Int)
    /// `break KIND` / `break when …`: the new breakpoint.
    case breakpointSet(number: Int, what: String)
    /// `load`: a `break when` whose path names no value in the new scene (it never fires there).
    case unresolved(number: Int, what: String)
    /// `break`: every breakpoint with its hits.
    case breakpoints([(number: Int, what: String, hits: Int)])
    /// `delete N` / `delete all`: the breakpoints removed.
    case deleted([Int])
    /// `watch PATH`: watching, with the value now (nil: no such value in this scene).
    case watching(path: String, value: StateValue?)
    /// `watch` alone: every watch, with the value now (nil: no such value in this scene).
    case watches([(path: String, value: StateValue?)])
    /// `unwatch`: the paths no longer watched.
    case unwatched([String])
    /// `history`: the commands since the last load.
    case history(HistoryListing)
    /// `hazards`: every hazard of the history since the last load (SPEC §10.1).
    case hazards([HazardRow])
    /// `back N`: how many commands were undone, how many are left; `back break` also says where
    /// it went: history command `number`, after its frame `frame` (stopped there) or at its end
    /// (nil).
    case back(undone: Int, remaining: Int, to: BackTarget?)
    /// `compare KEY VALUE`: both final states and the first command whose output differs.
    case compare(CompareReport)
}

/// The rows of `history`, made one at a time as they are printed: a history of a million
/// commands is listed without a million rows (or lines) in memory at once.
package struct HistoryListing: Sendable {
    /// The log the rows are read from (a copy: the session's log is shared, not copied).
    let log: CommandLog
    /// The stopped command's frames in all, when the last command is stopped (nil: unknown).
    let stoppedTotal: Int?
    let lastIsStopped: Bool

    package var count: Int { log.count }

    /// Row `k` (from 0): history command `k + 1`.
    package func row(_ k: Int) -> HistoryRow {
        let stopped = lastIsStopped && k == log.count - 1
        return HistoryRow(
            number: k + 1, time: log.entries[k].time, command: log.text(k),
            frames: log.frames(k), total: stopped ? stoppedTotal : nil, stopped: stopped)
    }
}

/// One command of `history`.
package struct HistoryRow: Sendable {
    package var number: Int
    package var time: Double
    package var command: String
    /// The frames it ran when its rest was dropped, or ran so far while stopped (nil: all).
    package var frames: Int?
    /// The frames it has in all (nil: unknown, `settle`).
    package var total: Int?
    /// It is the stopped command.
    package var stopped: Bool
}

/// One hazard of `hazards`: the history command it belongs to, the time it first occurred and
/// its amount summed over that command (so far, for the stopped command).
package struct HazardRow: Sendable {
    package var number: Int
    package var time: Double
    package var hazard: Hazard
    /// Its command is stopped: the amount is the amount so far.
    package var stopped: Bool
}

/// What `compare KEY VALUE` found.
package struct CompareReport: Sendable {
    package var key: String
    /// The value now, after the history's own `set KEY` commands.
    package var now: String
    /// The value at the last load (where the left column started).
    package var loaded: String
    /// The history's `set KEY` commands, skipped on the right: their numbers and values.
    package var skipped: [(number: Int, value: String)]
    package var value: String
    package var commands: Int
    /// Every printed value: its path, now, and with the value.
    package var rows: [(path: String, now: StateValue, with: StateValue)]
    /// The first command whose output differs: its number, text, and the first differing line
    /// of each side (nil when every command printed the same).
    package var first: (number: Int, command: String, now: String, with: String)?
    /// The first command that is an error with the value (the session ran it without one).
    package var failed: (number: Int, command: String, message: String)? = nil
}

/// Where `back break` went: a history command, stopped after one of its frames or at its end.
package struct BackTarget: Sendable {
    package var number: Int
    package var command: String
    /// The frame it stopped after (nil: the command's end, nothing pending).
    package var frame: Int?
}
