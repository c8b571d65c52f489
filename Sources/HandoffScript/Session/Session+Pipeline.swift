import HandoffCore

/// The stages of `Session.run` after parsing: perform → annotate → render (→ `record`).
extension Session {
    /// What `perform` did that `annotate` reads.
    struct Ran {
        /// The command is one of the history (SPEC §10.1).
        var history: Bool
        /// It resumed a stopped command (`continue`, `step` while stopped).
        var resumed: Bool
        /// It loaded a scene.
        var loaded: Bool
    }

    /// Executes the command into `facts`, around it the history: a stopped command's rest
    /// dropped or resumed, the command logged, the checks after it. Nil when it failed (a
    /// dropped rest is put back): `result` says why.
    mutating func perform(
        _ parsed: ParsedCommand, line: String, lineNumber: Int?, file: String?, inspection: Bool,
        facts: inout [Fact], result: inout RunResult
    ) -> Ran? {
        let loadsBefore = loads
        let start = sim.time
        let (history, resumed) = beginCommand(parsed.command, parsed.canonical)
        // Each hazard prints once per command (SPEC §10.1); `continue` and `step` while stopped
        // go on with the same command, and a command that keeps the stop keeps its hazards.
        if !inspection, !resumed, debug.pending == nil { sim.beginCommand() }
        do {
            facts = try execute(parsed, result: &result)
        } catch {
            if dropped != nil {
                debug.pending = dropped
                dropped = nil
            }
            if let d = droppedHazards {
                sim.restoreHazards(d.tally)
                droppedHazards = nil
            }
            failure(
                error, line: line, lineNumber: lineNumber, file: file, canonical: parsed.canonical,
                into: &result)
            return nil
        }
        // Its rest stays dropped (nil already unless a stopped command's rest was dropped).
        if dropped != nil { dropped = nil }
        if history, keepsHistory { logCommand(parsed.canonical, start: start) }
        if resumed || (history && debug.active) { endCommand(history: history, resumed: resumed) }
        return Ran(history: history, resumed: resumed, loaded: loads != loadsBefore)
    }

    /// Adds to the command's own facts what the session saw around them: watch lines between
    /// its frames, hazards, the values it changed, the breakpoints it stopped at; then hands its
    /// decisions to `why`.
    mutating func annotate(
        _ facts: inout [Fact], _ ran: Ran, _ canonical: String, inspection: Bool,
        before: inout Snapshot
    ) {
        if !debug.watchLines.isEmpty {
            Self.interleave(debug.watchLines, into: &facts)
            debug.watchLines = []
        }
        // The hazards of a stopped command whose rest this one dropped open its output; this
        // command's own, summed over its frames, follow its motion lines unless it is stopped
        // (SPEC §10.1).
        if let d = droppedHazards {
            droppedHazards = nil
            facts.insert(contentsOf: hazardFacts(d.tally, entry: d.entry, why: false), at: 0)
        }
        if !inspection, debug.pending == nil {
            // Taken in place (an empty tally when there is none: asking `hasHazards` here would
            // copy the simulator).
            let tally = sim.takeHazards()
            if !tally.isEmpty {
                let entry =
                    (ran.history || ran.resumed) && keepsHistory && !log.isEmpty
                    ? log.count - 1 : nil
                facts += hazardFacts(tally, entry: entry, why: true)
            }
        }
        if !inspection, !ran.loaded {
            // The values after the command are kept: they are the next command's values before.
            before.appendChanges(to: &sim, paths, &facts)
            snapshotIsCurrent = true
        }
        if !debug.stopLines.isEmpty {
            facts += debug.stopLines
            debug.stopLines = []
        }
        // `why` after `continue` or `step` explains the command they resumed. The simulator is
        // handed to `why` only for a refused `tab` (a `Simulator` argument here is a copy).
        if let refusal = why.commit(ran.resumed ? debug.command : canonical) {
            why.refusalEnds(at: WhyLog.blockedUntil(refusal, sim))
        }
    }

    /// Renders the facts: as text into `rendered` (what a trace stores, also under `--json`
    /// while recording), and as the command's output: a JSON line or the text's lines (with a
    /// script's place before each error line) into `result`; true when the output is the text's
    /// bytes as they are (`result.text`).
    func render(
        _ parsed: ParsedCommand, _ facts: inout [Fact], lineNumber: Int?, file: String?,
        into rendered: inout TextOutput, result: inout RunResult
    ) -> Bool {
        if case .state(json: true) = parsed.command {
            rendered.line(StateReport(sim, names: names).json)
        } else if !json || recorder.isOn {
            TextRenderer.render(&facts, names: names, spellings: spellings, into: &rendered)
            rendered.escape()
        }
        if json {
            result.lines = [
                OutputLine(
                    JSONRenderer.line(
                        command: parsed.canonical, facts: facts,
                        state: StateReport(sim, names: names).json,
                        names: names
                    ))
            ]
        } else if textInBuffer, !rendered.contains(.error) {
            return true
        } else {
            result.lines = rendered.lines
            // A failed `expect` in a script says where it is, as errors do (not in the recording).
            // (The place is spelled only when there is such a line.)
            if lineNumber != nil, rendered.contains(.error) {
                let place = Diagnostic.location(
                    file: file, line: lineNumber, column: parsed.range(.name).column)
                for k in result.lines.indices where result.lines[k].role == .error {
                    result.lines[k].text = place + result.lines[k].text
                }
            }
        }
        return false
    }
}
