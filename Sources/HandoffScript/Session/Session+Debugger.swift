import HandoffCore

/// The debugger (SPEC §10): breakpoints and watches checked after every frame and step, the
/// stopped command, the history, `back`, `back break` and `compare`.
extension Session {
    /// A command is stopped at a breakpoint with frames pending.
    package var isStopped: Bool { debug.pending != nil }

    /// The number of commands in the history since the last load (the benchmark reads it).
    package var historyCount: Int { log.count }

    /// The history since the last load, each command with the frames it ran when its rest was
    /// dropped after a stop (nil: all of them): what every re-run (`back`, `compare`, `plot`)
    /// runs (SPEC §10.1).
    package var historyCommands: [(command: String, frames: Int?)] {
        (0..<log.count).map { (log.text($0), log.frames($0)) }
    }

    /// The simulation state as a checkpoint holds it.
    var checkpointState: CommandLog.State {
        CommandLog.State(
            sim: sim, userSettings: userSettings, sceneSettings: sceneSettings, why: why)
    }

    mutating func apply(_ state: CommandLog.State) {
        sim = state.sim
        userSettings = state.userSettings
        sceneSettings = state.sceneSettings
        why = state.why
    }

    // MARK: Around each command

    /// Before a command runs: a history command drops a stopped command's rest (SPEC §10.1),
    /// moved into `dropped` so that a command that fails can put it back (bad input loses
    /// nothing), and may take a checkpoint first; `continue` and `step` while stopped resume it.
    mutating func beginCommand(_ command: Command, _ canonical: String)
        -> (history: Bool, resumed: Bool)
    {
        var history = command.isHistory
        var resumed = false
        if debug.pending != nil {
            switch command {
            case .step:
                history = false
                resumed = true
            case .debug(.resume): resumed = true
            default: break
            }
            if history {
                dropped = debug.pending
                debug.pending = nil
                // Taken before the checkpoint below: a checkpoint holds no stopped tally.
                droppedHazards = (log.count - 1, sim.takeHazards())
            }
        }
        if history {
            if keepsHistory, log.wantsCheckpoint(frame: sim.frame) {
                log.checkpoint(checkpointState)
            }
            debug.command = canonical
        }
        if debug.active { debug.scanMark = sim.logCount }
        return (history, resumed)
    }

    /// Appends a history command that ran (with the frames it ran, when it is stopped).
    mutating func logCommand(_ canonical: String, start: Double) {
        guard log.count < Self.historyLimit else {
            historyOverflow = true
            return
        }
        log.append(
            canonical, time: start,
            frames: debug.pending.map { Int32($0.taken) } ?? CommandLog.Entry.whole)
    }

    /// After a history command or a resume: the frames the stopped command has run, and the
    /// checks at the end of a step (SPEC §10: "after every frame and every step").
    mutating func endCommand(history: Bool, resumed: Bool) {
        if resumed, keepsHistory, !log.isEmpty {
            log.setLastFrames(debug.pending.map { Int32($0.taken) } ?? CommandLog.Entry.whole)
        }
        if history || resumed, debug.active { afterCommand() }
    }

    // MARK: Checks

    /// After each frame of a command that advances time: whether to stop there (a breakpoint
    /// fired and frames are left).
    mutating func afterFrame(_ run: FrameRun) -> Bool {
        guard debug.mode != .quiet else { return false }
        let stops =
            debug.breakpoints.isEmpty
            ? [] : checkBreakpoints(frame: run.taken, total: run.total, command: run.command)
        if debug.mode == .live, !debug.watches.isEmpty { checkWatches() }
        guard !stops.isEmpty else { return false }
        let more = run.hasMore(animating: sim.isAnimating)
        switch debug.mode {
        case .live:
            debug.stopLines += stops.map { .debugger(.stop($0)) }
            return more
        case .discover:
            debug.moments.append(
                (StopMoment(entry: debug.entry, frame: more ? run.taken : nil), stops))
            return false
        case .quiet:
            return false
        }
    }

    /// At the end of a step command (or after a command's frames): the same checks, with no
    /// frame to stop at.
    mutating func afterCommand() {
        guard debug.mode != .quiet else { return }
        let stops =
            debug.breakpoints.isEmpty
            ? [] : checkBreakpoints(frame: nil, total: nil, command: debug.command)
        switch debug.mode {
        case .live:
            if !debug.watches.isEmpty { checkWatches() }
            debug.stopLines += stops.map { .debugger(.stop($0)) }
        case .discover:
            if !stops.isEmpty {
                debug.moments.append((StopMoment(entry: debug.entry, frame: nil), stops))
            }
        case .quiet:
            return
        }
    }

    /// After the touch of a `pan … over` or `swipe`, a step before its frames (SPEC §10): the
    /// watches only (breakpoints look at the touch's facts with the first frame).
    mutating func watchTouchStep() {
        guard debug.active, debug.mode == .live, !debug.watches.isEmpty else { return }
        checkWatches()
    }

    /// Notes the breakpoints that the facts logged since the last scan trigger (the log is
    /// drained at the end of each command, so `collect` scans first).
    mutating func scanEvents() {
        let count = sim.logCount
        guard debug.scanMark < count else { return }
        guard debug.mode != .quiet else {
            debug.scanMark = count
            return
        }
        let breakpoints = debug.breakpoints
        var triggered = debug.triggered
        debug.triggered = []
        sim.forEachOccurrence(from: debug.scanMark) { o in
            guard let kind = Breakpoint.trigger(o.event) else { return }
            for b in breakpoints {
                guard case .event(let e) = b.kind, e == kind,
                    !triggered.contains(where: { $0.number == b.number })
                else { continue }
                triggered.append((b.number, o))
            }
        }
        debug.triggered = triggered
        debug.scanMark = count
    }

    /// The breakpoints that fire now, in number order (one line each), counting hits when live.
    mutating func checkBreakpoints(frame: Int?, total: Int?, command: String) -> [BreakStop] {
        scanEvents()
        var stops: [BreakStop] = []
        for k in debug.breakpoints.indices {
            let b = debug.breakpoints[k]
            var trigger: BreakStop.Trigger?
            var time = sim.time
            switch b.kind {
            case .event:
                if let t = debug.triggered.first(where: { $0.number == b.number }) {
                    trigger = .event(t.occurrence)
                    time = t.occurrence.time
                }
            case .condition(let c, let was):
                let now = holds(c)
                if now != was { debug.breakpoints[k].kind = .condition(c, holds: now) }
                if now, !was { trigger = .condition(c.canonical) }
            }
            guard let trigger else { continue }
            stops.append(
                BreakStop(
                    number: b.number, trigger: trigger, time: time, frame: frame, total: total,
                    command: command))
            if debug.mode == .live { debug.breakpoints[k].hits += 1 }
        }
        debug.triggered = []
        return stops
    }

    /// Places each watch line after the facts of the frame it was read at, before those of the
    /// frames after it, so a watch reads in time order between the moves it follows.
    static func interleave(_ watches: [Fact], into facts: inout [Fact]) {
        func frame(_ f: Fact) -> Int? {
            if case .event(let o) = f { return o.frame }
            if case .debugger(.watch(_, _, _, _, let frame)) = f { return frame }
            return nil  // a fact of the whole command: it keeps its place
        }
        var merged: [Fact] = []
        merged.reserveCapacity(facts.count + watches.count)
        var w = 0
        for fact in facts {
            if let at = frame(fact) {
                while w < watches.count, let wf = frame(watches[w]), wf < at {
                    merged.append(watches[w])
                    w += 1
                }
            }
            merged.append(fact)
        }
        merged += watches[w...]
        facts = merged
    }

    /// Prints a watch line for every watched value whose printed text changed.
    mutating func checkWatches() {
        for k in debug.watches.indices {
            let now = reading(debug.watches[k].path)
            let old = debug.watches[k].shown
            guard now.map(FactDescriber.text) != old.map(FactDescriber.text) else { continue }
            debug.watches[k].shown = now
            guard let old, let now else { continue }
            debug.watchLines.append(
                .debugger(
                    .watch(
                        path: debug.watches[k].path.canonical, from: old, to: now,
                        time: sim.time, frame: sim.frame)))
        }
    }

    /// A condition's value now (false where the scene has no such value).
    func holds(_ c: BreakCondition) -> Bool {
        guard let a = try? actual(c.path, fail: Self.quietFail) else { return false }
        return Self.holds(a, c.op, c.value, c.tolerance)
    }

    /// A PATH's value as printed (nil where the scene has no such value).
    func printed(_ path: ExpectPath) -> String? {
        reading(path).map(FactDescriber.text)
    }

    /// A PATH's value: a number, or its words (nil where the scene has no such value).
    func reading(_ path: ExpectPath) -> StateValue? {
        guard let a = try? actual(path, fail: Self.quietFail) else { return nil }
        switch a {
        case .number(let n): return .number(n)
        case .words:
            // `tap` names its target even when the tap was not delivered (`first[3]
            // not-delivered cancelled`), as `state` does.
            if path == .tap, let tap = sim.lastTap, !tap.delivered {
                return .word(names.target(tap.target) + " " + a.printed)
            }
            return .word(a.printed)
        }
    }

    static func quietFail(_ message: String, _: ParsedCommand.Part?, _: String?) -> Diagnostic {
        Diagnostic(message)
    }

    /// Evaluates every condition and watched value again without firing or printing (after
    /// `load` and `back`, SPEC §10.1).
    mutating func rebaseline() {
        for k in debug.breakpoints.indices {
            if case .condition(let c, _) = debug.breakpoints[k].kind {
                debug.breakpoints[k].kind = .condition(c, holds: holds(c))
            }
        }
        for k in debug.watches.indices { debug.watches[k].shown = reading(debug.watches[k].path) }
        debug.triggered = []
    }

    // MARK: Commands

    mutating func debugger(_ command: DebugCommand, fail: Fail) throws(Diagnostic) -> [Fact] {
        switch command {
        case .breakOn(let e):
            return [addBreakpoint(.event(e))]
        case .breakWhen(let c):
            // Checked as `expect` checks it (unknown ids, words a path never takes).
            let fact = try expect(c.path, c.op, c.value, c.tolerance, fail: fail)
            guard case .expectation(let now, _) = fact else { return [] }
            return [addBreakpoint(.condition(c, holds: now))]
        case .list:
            return [
                .debugger(
                    .breakpoints(debug.breakpoints.map { ($0.number, $0.what, $0.hits) }))
            ]
        case .delete(let n):
            guard let n else {
                let all = debug.breakpoints.map(\.number)
                debug.breakpoints = []
                return [.debugger(.deleted(all))]
            }
            guard let k = debug.breakpoints.firstIndex(where: { $0.number == n }) else {
                let known = debug.breakpoints.map { String($0.number) }
                throw fail(
                    "no breakpoint \(n)"
                        + (known.isEmpty
                            ? " (there are none)" : " (\(known.joined(separator: ", ")))"),
                    .choice, nil)
            }
            debug.breakpoints.remove(at: k)
            return [.debugger(.deleted([n]))]
        case .watch(let path):
            _ = try actual(path, fail: fail)
            let value = reading(path)
            if !debug.watches.contains(where: { $0.path == path }) {
                debug.watches.append(Watch(path: path, shown: value))
            }
            return [.debugger(.watching(path: path.canonical, value: value))]
        case .watches:
            return [
                .debugger(.watches(debug.watches.map { ($0.path.canonical, reading($0.path)) }))
            ]
        case .unwatch(let path):
            guard let path else {
                let all = debug.watches.map(\.path.canonical)
                debug.watches = []
                return [.debugger(.unwatched(all))]
            }
            guard let k = debug.watches.firstIndex(where: { $0.path == path }) else {
                let watched = debug.watches.map(\.path.canonical)
                throw fail(
                    "not watching '\(path.canonical)'"
                        + (watched.isEmpty
                            ? "" : " (watching \(watched.joined(separator: ", ")))"),
                    .path,
                    Suggest.closest(to: path.canonical, in: watched))
            }
            debug.watches.remove(at: k)
            return [.debugger(.unwatched([path.canonical]))]
        case .resume:
            guard let run = debug.pending else {
                throw fail("nothing to continue: no command is stopped", nil, nil)
            }
            do throws(SimulatorError) {
                try resume(frames: nil)
            } catch {
                throw fail(error.message, nil, nil)
            }
            var facts = collect()
            if case .settle = run.kind, !isStopped, sim.isAnimating {
                facts.append(.settleCapped(seconds: Self.settleLimit))
            }
            return facts
        case .history:
            return [.debugger(.history(historyListing))]
        case .hazards:
            return [.debugger(.hazards(hazardRows))]
        case .back(let n):
            return try back(n, fail: fail)
        case .backBreak:
            return try backBreak(fail: fail)
        case .compare(let setting):
            return try compare(setting, fail: fail)
        }
    }

    private mutating func addBreakpoint(_ kind: Breakpoint.Kind) -> Fact {
        let b = Breakpoint(number: debug.nextNumber, kind: kind)
        debug.nextNumber += 1
        debug.breakpoints.append(b)
        return .debugger(.breakpointSet(number: b.number, what: b.what))
    }

    /// `history`: the commands since the last load, numbered.
    var historyListing: HistoryListing {
        HistoryListing(log: log, stoppedTotal: debug.pending?.total, lastIsStopped: isStopped)
    }

    /// `hazards`: every hazard of the history, then those of the stopped command so far.
    var hazardRows: [HazardRow] {
        var rows = hazardLog.map {
            HazardRow(number: $0.entry + 1, time: $0.time, hazard: $0.hazard, stopped: false)
        }
        if isStopped, !log.isEmpty {
            for o in sim.hazardTally.occurrences {
                guard case .hazard(let h) = o.event else { continue }
                rows.append(HazardRow(number: log.count, time: o.time, hazard: h, stopped: true))
            }
        }
        return rows
    }

    // MARK: Rewind

    private func checkHistory(fail: Fail) throws(Diagnostic) {
        if historyOverflow {
            throw fail(
                "more than \(Self.historyLimit) commands since the last load: the history is not kept; 'load' again first",
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
        hazardLog.removeAll { $0.entry >= target }
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
        guard let parsed = try? parseWithSource(text) else { return [] }
        debug.command = text
        debug.frameLimit = frames
        why.begin()
        if debug.active { debug.scanMark = sim.logCount }
        sim.beginCommand()
        var r = RunResult()
        var facts = (try? execute(parsed, result: &r)) ?? []
        debug.frameLimit = nil
        if debug.pending == nil { facts += hazardFacts(sim.takeHazards(), entry: nil, why: true) }
        why.commit(text, in: sim)
        if debug.pending == nil, debug.mode == .discover { afterCommand() }
        return facts
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
