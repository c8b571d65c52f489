import HandoffCore

/// The debugger (SPEC §10): the history around each command and the stopped command, and the
/// breakpoints and watches checked after every frame and step (its commands are in
/// `Session+DebugCommands.swift`, the rewinds in `Session+Rewind.swift`).
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
            // Named only for a stop to name it: with no breakpoint, watch or frame limit, the
            // command cannot stop (and `continue` has nothing to resume).
            if debug.active { debug.command = canonical }
        }
        if debug.active { debug.scanMark = sim.logCount }
        return (history, resumed)
    }

    /// Appends a history command that ran (with the frames it ran, when it is stopped).
    mutating func logCommand(_ canonical: String, start: Double) {
        log.add(
            canonical, serial: running, time: start,
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
                switch b.kind {
                case .event(let e) where e == kind: break
                case .code(let rule):
                    guard case .code(let w) = o.event, w.rule == rule else { continue }
                case .event, .condition: continue
                }
                guard !triggered.contains(where: { $0.number == b.number }) else { continue }
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
            case .event, .code:
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
        guard let a = try? actual(c.path, fail: .quiet) else { return false }
        return Self.holds(a, c.op, c.value, c.tolerance)
    }

    /// A PATH's value as printed (nil where the scene has no such value).
    func printed(_ path: ExpectPath) -> String? {
        reading(path).map(FactDescriber.text)
    }

    /// A PATH's value: a number, or its words (nil where the scene has no such value).
    func reading(_ path: ExpectPath) -> StateValue? {
        guard let a = try? actual(path, fail: .quiet) else { return nil }
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
}
