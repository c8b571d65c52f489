import HandoffCore

/// Going back in the history (SPEC §10, §10.1): `back`, `back break` and the quiet re-run they
/// share with `compare` and `plot`.
extension Session {
    private func checkHistory(fail: Fail) throws(Diagnostic) {
        if log.overflowed {
            throw fail(
                "more than \(CommandLog.limit) commands since the last load: the history is not kept; 'load' again first",
                nil, nil)
        }
    }

    /// `back N`: the state after the first `count − N` commands, re-simulated from the latest
    /// checkpoint before it (SPEC §10).
    mutating func back(_ n: Int, fail: Fail) throws(Diagnostic) -> [Fact] {
        try checkHistory(fail: fail)
        guard n <= log.count else {
            throw fail(
                log.isEmpty
                    ? "nothing to undo: no command since the last load"
                    : "only \(Plural.count(log.count, "command")) since the last load", .frames,
                nil)
        }
        let target = log.count - n
        let settings = settingsListing
        restore(to: target)
        return [.debugger(.back(undone: n, remaining: target, to: nil))]
            + settingChanges(from: settings)
    }

    /// After `load`: the breakpoints and watches whose path names no value in the new scene, so
    /// a user who kept `break when sheet.top <= 100` over `load tabs` learns it cannot fire.
    func unresolvedAfterLoad() -> [Fact] {
        var facts: [Fact] = []
        for b in debug.breakpoints {
            guard case .condition(let c, _) = b.kind, reading(c.path) == nil else { continue }
            facts.append(.debugger(.unresolved(number: b.number, what: b.what)))
        }
        for w in debug.watches where reading(w.path) == nil {
            facts.append(.debugger(.watching(path: w.path.canonical, value: nil)))
        }
        return facts
    }

    /// The settings a rewind changed back (`set` commands are undone like any other), as
    /// `set KEY  OLD → NEW` lines.
    func settingChanges(from before: [(key: String, value: String, origin: SettingOrigin)])
        -> [Fact]
    {
        let after = settingsListing
        return zip(before, after).compactMap { old, new in
            guard old.key == new.key, old.value != new.value, old.key != "output" else {
                return nil
            }
            return .changed(path: "set " + old.key, from: .word(old.value), to: .word(new.value))
        }
    }

    /// Re-simulates the first `target` commands from the latest checkpoint at or before them and
    /// forgets the rest of the history.
    mutating func restore(to target: Int) {
        debug.pending = nil
        let cp = log.checkpoint(atOrBefore: target)
        apply(cp.state)
        withDebuggerMode(.quiet) { s in
            for k in cp.index..<target { s.rerun(k, limit: s.log.frames(k)) }
        }
        log.truncate(to: target)
        rebaseline()
    }

    /// Runs history command `k` again, quietly, with at most `limit` frames; `keepStop` leaves it
    /// stopped when the limit cut it short.
    mutating func rerun(_ k: Int, limit: Int?, keepStop: Bool = false) {
        _ = rerun(log.text(k), frames: limit)
        if !keepStop { debug.pending = nil }
    }

    /// Runs a history command's text again with at most `frames` frames (a command whose rest
    /// was dropped runs exactly the frames it ran), without rendering it: the one re-run of
    /// `back`, `back break`, `compare` and `plot`. Under `.discover` it notes where the
    /// breakpoints would stop. Returns the command's facts; a stop it makes stays pending.
    mutating func rerun(_ text: String, frames: Int?) -> [Fact] {
        rerunReporting(text, frames: frames).facts
    }

    /// `rerun`, with the message of the error the command ended in (a command of the history can
    /// fail in a re-run with another setting: `tap 3` when row 3 is no longer on screen).
    mutating func rerunReporting(_ text: String, frames: Int?) -> (facts: [Fact], error: String?) {
        guard let parsed = try? parseWithSource(text) else { return ([], nil) }
        debug.command = text
        debug.frameLimit = frames
        why.begin()
        if debug.active { debug.scanMark = sim.logCount }
        sim.beginCommand()
        var r = RunResult()
        var facts: [Fact] = []
        var failure: String?
        do throws(Diagnostic) {
            facts = try execute(parsed, result: &r)
        } catch {
            failure = error.message
        }
        debug.frameLimit = nil
        if debug.pending == nil { facts += hazardFacts(sim.takeHazards(), entry: nil, why: true) }
        why.commit(text, in: sim)
        if debug.pending == nil, debug.mode == .discover { afterCommand() }
        return (facts, failure)
    }

    /// `back break`: the most recent earlier moment at which a current breakpoint would have
    /// stopped, found by re-running the history backwards one checkpoint's stretch at a time
    /// (at most one re-run in all), then re-simulated up to it and stopped there.
    mutating func backBreak(fail: Fail) throws(Diagnostic) -> [Fact] {
        try checkHistory(fail: fail)
        guard !debug.breakpoints.isEmpty else {
            throw fail("no breakpoints: set one with 'break' first", nil, nil)
        }
        let nowEntry = log.count - 1
        let nowFrame = debug.pending?.taken
        func earlier(_ m: StopMoment) -> Bool {
            if m.entry != nowEntry { return m.entry < nowEntry }
            guard let f = m.frame else { return false }
            return nowFrame.map { f < $0 } ?? true
        }
        let saved = checkpointState
        let settings = settingsListing
        let savedPending = debug.pending
        let savedBreakpoints = debug.breakpoints
        var found: (moment: StopMoment, stops: [BreakStop])?
        withDebuggerMode(.discover) { s in
            var end = s.log.count
            var c = s.log.checkpoints.count - 1
            while found == nil, c >= 0 {
                let cp = s.log.checkpoints[c]
                c -= 1
                guard cp.index < end else { continue }
                s.apply(cp.state)
                s.debug.pending = nil
                s.rebaseline()
                s.debug.moments = []
                for k in cp.index..<end {
                    s.debug.entry = k
                    s.rerun(k, limit: s.log.frames(k))
                }
                found = s.debug.moments.last { earlier($0.moment) }
                end = cp.index
            }
        }
        debug.moments = []
        debug.breakpoints = savedBreakpoints
        guard let found else {
            apply(saved)
            debug.pending = savedPending
            throw fail("no earlier moment at which a breakpoint would have stopped", nil, nil)
        }
        let m = found.moment
        let before = log.count
        if let f = m.frame {
            let text = log.text(m.entry)
            let time = log.entries[m.entry].time
            restore(to: m.entry)
            log.append(text, time: time, frames: Int32(f))
            withDebuggerMode(.quiet) { $0.rerun(m.entry, limit: f, keepStop: true) }
            rebaseline()
        } else {
            restore(to: m.entry + 1)
        }
        let to = BackTarget(number: m.entry + 1, command: log.text(m.entry), frame: m.frame)
        return [.debugger(.back(undone: before - log.count, remaining: log.count, to: to))]
            + settingChanges(from: settings) + found.stops.map { .debugger(.stop($0)) }
    }
}
