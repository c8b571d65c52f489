import HandoffCore

/// Runs commands against one simulator: text in, text out, no I/O but through `FileAccess`.
package struct Session {
    package internal(set) var sim: Simulator {
        // Any change to the simulator leaves the values `snapshot` holds behind it.
        didSet { snapshotIsCurrent = false }
    }
    /// How the current scene was named: a built-in name or a path.
    package internal(set) var sceneRef: String
    package var json = false
    /// Directory that relative scene paths are resolved against.
    package var baseDirectory: String?
    let files: any FileAccess
    /// The trace being recorded, if any.
    var recorder = Recording()
    /// The buffer a command's text is rendered into, lent to the result of a command run with
    /// no result given (reused from one command to the next).
    private var textBuffer = TextOutput()
    /// Text output is handed back as bytes in `RunResult.text` when it holds no error line, or
    /// when it is the error of a command that failed (the script runner and the trace runner
    /// read it there; otherwise everything is in `lines`).
    package var textInBuffer = false
    /// The path of the trace being recorded, if any.
    package var recording: String? { recorder.path }
    /// A recording failed (disk full, the file renamed or removed): the executable exits non-zero.
    package var recordingFailed: Bool { recorder.failed }
    /// The history since the last load (SPEC §10.1) that `back`, `compare` and `record` re-run
    /// (canonical text only: outputs are re-simulated, so a long session keeps a few bytes per
    /// command), with checkpoints.
    var log = CommandLog()
    /// Breakpoints, watches and the stopped command (SPEC §10).
    var debug = Debugger()
    /// The rest of a stopped command that the running command dropped, put back if it fails
    /// (kept here, not in a local: an optional `FrameRun` in a local is destroyed through its
    /// type's metadata, on every command).
    var dropped: FrameRun?
    /// The hazards of that stopped command so far, with its history index: they open the output
    /// of the command that dropped its rest (SPEC §10.1), or go back if that command fails.
    var droppedHazards: (entry: Int, tally: HazardTally)?
    package var keepsHistory = true
    /// Animations running alone are advanced in closed form between the frames where something
    /// happens (SPEC §9); false steps every frame, the reference the property tests compare with.
    package var framesInClosedForm = true
    /// The scene and the `set` settings at the last load, where a recording's re-simulation
    /// starts.
    var sceneAtLoad: Scene
    var userSettingsAtLoad: [String: Setting] = [:]
    /// A trace is being replayed or tested in this session: commands that would write a file,
    /// nest a replay or end the session early are refused (SPEC §7).
    package var verifying = false
    /// What `why` explains: the decisions of the last command that made any.
    var why = WhyLog()
    /// The facts array `collect` fills, kept empty with its capacity from one command to the
    /// next.
    var factBuffer: [Fact] = []
    /// The buffer the simulator's log and `collect` trade at each drain.
    var logBuffer: [Occurrence] = []
    /// Collects the timeline while `plot` re-runs the history (nil otherwise: one check per frame).
    var sampler: TimelineSampler?
    /// Lines already parsed, with their commands or their errors (parsing is pure, so a line
    /// always gives the same command, and a typo repeated is not parsed again).
    private var parsed = ParseCache()
    /// The words of the line being parsed (one array for every line).
    private var words: [Token] = []
    /// The serial of the parse-cache entry running (-1: none), by which the history finds its text.
    var running = -1
    /// How many lines were parsed rather than found in `parsed` (how tests observe the cache).
    private(set) var linesParsed = 0
    /// The printable values of the current scene.
    var paths: ValuePaths
    /// The current scene's ids as the text renderer writes them.
    var spellings: Spellings
    /// The current scene's names, made once a load: ids, pages, segments and detents, which
    /// `set` never changes (it changes how a node scrolls, not what it is called).
    var names: Names
    /// The current scene's node ids, read once for "did you mean" (`CommandProblem.noNode`).
    var ids: Suggest.Candidates
    /// The values before a command (its buffer is reused from one command to the next).
    private var snapshot = Snapshot()
    /// `snapshot` holds the simulator's values now: the last command compared them after it ran,
    /// and nothing has changed the simulator since (a command that failed or a load clears it).
    /// The next command then does not read them again (SPEC §9).
    var snapshotIsCurrent = false
    /// Settings made with `set`, which survive `load` (SPEC §8).
    var userSettings: [String: Setting] = [:]
    /// The loaded scene's own settings still in force.
    var sceneSettings: [Setting] = []

    package init(scene: Scene, ref: String, files: any FileAccess) {
        sim = Simulator(scene: scene)
        sceneRef = ref
        self.files = files
        paths = ValuePaths(sim.graph)
        spellings = Spellings(sim.graph)
        names = Names(sim.graph)
        ids = Suggest.Candidates(sim.graph.ids)
        sceneAtLoad = scene
        applySettingsForLoad()
        log.reset(checkpointState, nodes: sim.graph.count)
    }

    mutating func apply(_ setting: Setting) {
        switch setting {
        case .slop(let v): sim.settings.slop = v
        case .slopMode(let m): sim.settings.slopMode = m
        case .policy(let p): sim.settings.policy = p
        case .touches(let t): sim.settings.touches = t
        case .fps(let n): sim.settings.fps = Double(n)
        case .output(let j): json = j
        case .node, .gestures, .rule: applySceneKey(setting)
        }
    }

    // MARK: Running lines

    /// Runs one line. `lineNumber` prefixes errors and failed `expect`s with `LINE:COL`
    /// (scripts), and `file` with `FILE:LINE:COL` (`--script FILE`).
    package mutating func run(_ line: String, lineNumber: Int? = nil, file: String? = nil)
        -> RunResult
    {
        var result = lendingTextBuffer()
        running = -1  // a line run as a `String` is not looked up by its serial
        switch parsed.find(line) {
        case .parsed(let entry):
            withExtendedLifetime(entry) {
                run(entry.parsed, line: line, lineNumber: lineNumber, file: file, into: &result)
            }
        case .failed(let failure):
            failed(failure, lineNumber: lineNumber, file: file, into: &result)
        case .missing(let key):
            runNew(line, key: key, lineNumber: lineNumber, file: file, into: &result)
        }
        return keepingTextBuffer(result)
    }

    /// `run` for a line given as UTF-8 bytes, as a script reads it: a line parsed before is
    /// found by its bytes, so no `String` is made and no command copied; a new line is parsed
    /// without being looked up again.
    package mutating func run(
        bytes: UnsafeBufferPointer<UInt8>, lineNumber: Int? = nil, file: String? = nil
    ) -> RunResult {
        var result = lendingTextBuffer()
        run(bytes: bytes, lineNumber: lineNumber, file: file, into: &result)
        return keepingTextBuffer(result)
    }

    /// `run(bytes:)` into `result`, the caller's, which it keeps from one line to the next: the
    /// command's text is written into the buffer of the last one's, so a script's command
    /// neither makes nor destroys a result. A line seen before, command or error, is found by
    /// its bytes (no `String` made); only a new line is made a `String`, and kept where its
    /// lookup found room for it (hashed once).
    package mutating func run(
        bytes: UnsafeBufferPointer<UInt8>, lineNumber: Int? = nil, file: String? = nil,
        into result: inout RunResult
    ) {
        switch parsed.find(bytes: bytes) {
        case .parsed(let entry):
            // Borrowed from the entry, which the cache keeps alive: the command is not copied.
            running = entry.serial
            withExtendedLifetime(entry) {
                run(
                    entry.parsed, line: entry.line, lineNumber: lineNumber, file: file,
                    into: &result)
            }
            running = -1
        case .failed(let failure):
            failed(failure, lineNumber: lineNumber, file: file, into: &result)
        case .missing(let key):
            runNew(
                String(decoding: bytes, as: UTF8.self), key: key, lineNumber: lineNumber,
                file: file, into: &result)
        }
    }

    /// `run` for a line the parse cache does not know (`key`: where it goes): parsed, kept
    /// (command or error) and run, or its error printed.
    private mutating func runNew(
        _ line: String, key: ParseCache.Key, lineNumber: Int?, file: String?,
        into result: inout RunResult
    ) {
        running = -1
        switch parseNew(line, key: key) {
        case .parsed(let entry)?:
            withExtendedLifetime(entry) {
                run(entry.parsed, line: line, lineNumber: lineNumber, file: file, into: &result)
            }
        case .failed(let failure)?:
            failed(failure, lineNumber: lineNumber, file: file, into: &result)
        case .missing?, nil:
            result.clear()
        }
    }

    /// The line given as UTF-8 bytes and its command, if it was parsed before (a trace runner
    /// reads its commands so).
    mutating func parsedLine(bytes: UnsafeBufferPointer<UInt8>) -> ParseCache.Entry? {
        parsed.entry(bytes: bytes)
    }

    /// Runs a line already parsed (a trace parses each command when it reads it).
    package mutating func run(
        _ parsed: ParsedCommand, line: String, lineNumber: Int? = nil, file: String? = nil
    ) -> RunResult {
        // Filled in place and returned once: the result is not copied on its way out.
        var result = lendingTextBuffer()
        running = -1
        run(parsed, line: line, lineNumber: lineNumber, file: file, into: &result)
        return keepingTextBuffer(result)
    }

    /// A new result for a caller that does not keep one, its text written into the session's
    /// buffer (`keepingTextBuffer` takes it back).
    private mutating func lendingTextBuffer() -> RunResult {
        var result = RunResult()
        swap(&result.text, &textBuffer)
        return result
    }

    /// `result`, its text's buffer kept for the next command (shared with the result until the
    /// caller drops it).
    private mutating func keepingTextBuffer(_ result: consuming RunResult) -> RunResult {
        textBuffer = result.text
        return result
    }

    /// `run` for a line already parsed, into `result` (the last command's, or an empty one):
    /// execute → annotate → render → record. The command is read in place from `parsed`, never
    /// copied; its text is written into the buffer of `result`'s.
    private mutating func run(
        _ parsed: ParsedCommand, line: String, lineNumber: Int?, file: String?,
        into result: inout RunResult
    ) {
        result.clear()
        why.begin()
        if verifying, let refusal = Self.refusalWhileVerifying(parsed.command) {
            failure(
                Diagnostic(refusal, column: 1, length: max(1, line.trimmingSpaces.count)),
                line: line, lineNumber: lineNumber, file: file, canonical: parsed.canonical,
                into: &result)
            result.refused = true
            return
        }
        let inspection = parsed.command.isInspection
        // The values before the command, in the session's reused snapshot (given back after).
        var before = snapshot
        snapshot = Snapshot()
        if !inspection, !snapshotIsCurrent { before.capture(&sim, paths) }
        defer { snapshot = before }
        var facts: [Fact] = []
        // The facts' buffer goes back to `collect` for the next command.
        defer {
            facts.empty()
            if facts.capacity > factBuffer.capacity { factBuffer = facts }
        }
        guard
            let ran = perform(
                parsed, line: line, lineNumber: lineNumber, file: file, inspection: inspection,
                facts: &facts, result: &result)
        else { return }
        annotate(&facts, ran, parsed.canonical, inspection: inspection, before: &before)
        // Text is what traces store, also under `--json`; written into the result's buffer, and
        // left there when it is the output.
        var rendered = TextOutput()
        swap(&rendered, &result.text)
        let isOutput = render(
            parsed, &facts, lineNumber: lineNumber, file: file, into: &rendered, result: &result)
        record(parsed.command, parsed.canonical, rendered, &result)
        if !isOutput { rendered.removeAll() }
        swap(&rendered, &result.text)
    }

    var loads = 0

    /// The `hazard` facts of a command's tally, noted for `hazards` under history command
    /// `entry` (none: not a command of the history) and, with `why`, for `why`.
    mutating func hazardFacts(_ tally: HazardTally, entry: Int?, why: Bool) -> [Fact] {
        guard !tally.isEmpty else { return [] }
        return tally.occurrences.map { o in
            if case .hazard(let h) = o.event {
                if let entry, entry >= 0 { log.noteHazard(h, entry: entry, time: o.time) }
                if why { self.why.observe(o.event) }
            }
            return .event(o)
        }
    }

    /// Parses a line, remembering the result: traces and scripts repeat the same lines, and
    /// parsing is pure. Nil for a blank line or a comment.
    package mutating func parse(_ line: String) throws(Diagnostic) -> Command? {
        try parseWithSource(line)?.command
    }

    /// `parse`, keeping where each part was typed.
    package mutating func parseWithSource(_ line: String) throws(Diagnostic) -> ParsedCommand? {
        var known = parsed.find(line)
        if case .missing(let key) = known {
            guard let new = parseNew(line, key: key) else { return nil }
            known = new
        }
        switch known {
        case .parsed(let entry): return entry.parsed
        case .failed(let failure): throw failure.error
        case .missing: return nil
        }
    }

    /// Parses a line the parse cache does not know (`key`: where it goes) and keeps its command
    /// (`.parsed`) or its error (`.failed`, worded now unless under `--json`, which words its
    /// errors otherwise); nil for a blank line or a comment.
    private mutating func parseNew(_ line: String, key: ParseCache.Key) -> ParseCache.Lookup? {
        linesParsed += 1
        do {
            Token.split(line, into: &words)
            guard !words.isEmpty else { return nil }
            // Made straight into the entry (a `ParsedCommand` copied out of an optional and
            // destroyed cost about 400 instructions a new line).
            let entry = ParseCache.Entry(
                line: line, parsed: try CommandParser.parseWords(line, words: &words),
                serial: linesParsed)
            parsed.keep(entry, key: key)
            return .parsed(entry)
        } catch {
            let failure = ParseCache.Failure(line: line, error: error, wording: !json)
            parsed.keep(failure, key: key)
            return .failed(failure)
        }
    }

    /// The result of a line that failed to parse, printed as it was worded then (when it was).
    private mutating func failed(
        _ failure: ParseCache.Failure, lineNumber: Int?, file: String?,
        into result: inout RunResult
    ) {
        why.begin()
        self.failure(
            failure.error, line: failure.line, lineNumber: lineNumber, file: file,
            worded: failure.worded, into: &result)
    }

    /// The result of a command that failed with `d` (`worded`: its error as printed without a
    /// place, if it was worded before), into `result` (whatever it held is dropped; its text's
    /// buffer is written into).
    mutating func failure(
        _ d: Diagnostic, line: String, lineNumber: Int?, file: String?, canonical: String? = nil,
        worded: TextOutput? = nil, into result: inout RunResult
    ) {
        result.clear()
        result.failed = true
        if json {
            let obj = JSONRenderer.line(
                command: canonical ?? line.trimmingSpaces, facts: [.error(d, line: lineNumber)],
                state: StateReport(sim, names: names).json,
                names: names)
            // Under `--json` every command's line goes to stdout, errors included (SPEC §6).
            result.lines = [OutputLine(obj)]
        } else {
            // Written into the result's buffer.
            if let worded {
                ErrorMessage.write(
                    worded, column: d.column, lineNumber: lineNumber, file: file,
                    into: &result.text)
            } else {
                ErrorMessage.write(
                    d, line: line, lineNumber: lineNumber, file: file, into: &result.text)
            }
            // As bytes with their role where the caller reads them so (the console writes the
            // error lines to standard error); else as lines.
            if !textInBuffer {
                result.lines = result.text.lines
                result.text.removeAll()
            }
        }
        // A failed command is recorded as a comment: it changed nothing. (Spelled only while
        // recording.)
        if recorder.isOn { write("# error: " + Escape.visible(line) + "\n", &result) }
    }

}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return String(s)
    }
}
