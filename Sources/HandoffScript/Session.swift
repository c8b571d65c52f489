import HandoffCore

/// A line of output; errors go to standard error in the executable.
package struct OutputLine: Equatable, Sendable {
    package var text: String
    package var isError: Bool

    package init(_ text: String, isError: Bool = false) {
        self.text = text
        self.isError = isError
    }
}

/// What running one line did.
package struct RunResult: Equatable, Sendable {
    package var lines: [OutputLine] = []
    /// The command failed (bad input, a failed `expect`).
    package var failed = false
    package var quit = false
    /// The canonical text of the command that ran (nil for blank lines and errors).
    package var canonical: String?
}

/// Runs commands against one simulator: text in, text out, no I/O but through `FileAccess`.
package struct Session {
    package internal(set) var sim: Simulator
    /// How the current scene was named: a built-in name or a path.
    package private(set) var sceneRef: String
    package var json = false
    /// Directory that relative scene paths are resolved against.
    package var baseDirectory: String?
    let files: any FileAccess
    /// The trace being recorded, if any.
    package private(set) var recording: String?
    /// Commands and output since the last load, so `record` can start a trace that replays.
    private var history: [(command: String, output: [String])] = []
    package var keepsHistory = true
    static let historyLimit = 100_000
    /// The decisions of the last command that made any, for `why`.
    var lastWhy: (command: String, reasons: [Reason], moves: [Ledger])?
    /// Lines already parsed (parsing is pure, so a line always gives the same command).
    private var parsed: [String: ParsedCommand] = [:]
    /// The printable values of the current scene.
    private(set) var paths: ValuePaths
    /// Settings made with `set`, which survive `load` (SPEC §8).
    var userSettings: [String: String] = [:]
    /// The loaded scene's own settings still in force.
    var sceneSettings: [(key: String, value: String)] = []

    package init(scene: Scene, ref: String, files: any FileAccess) {
        sim = Simulator(scene: scene)
        sceneRef = ref
        self.files = files
        paths = ValuePaths(sim.graph)
        applySettingsForLoad()
    }

    /// Resolves a built-in name or a scene file.
    package static func loadScene(_ ref: String, files: any FileAccess, base: String?)
        throws(SceneLoadError)
        -> Scene
    {
        try openScene(ref, files: files, base: base).scene
    }

    /// Resolves a built-in name, a scene file or a UIKit dump (recognised by its view lines,
    /// SPEC §11); for a dump, also the importer's one-line summary.
    package static func openScene(_ ref: String, files: any FileAccess, base: String?)
        throws(SceneLoadError)
        -> (scene: Scene, summary: String?)
    {
        if let builtin = BuiltinScenes.named(ref) { return (builtin, nil) }
        let path = Paths.resolve(ref, base: base)
        let text: String
        do {
            text = try files.read(path)
        } catch {
            guard files.exists(path) else {
                throw .notFound(
                    ref: ref, suggestion: Suggest.closest(to: ref, in: BuiltinScenes.names))
            }
            throw .unreadable(path: path, message: error.message)
        }
        do throws(SceneError) {
            if UIKitDump.looksLikeDump(text) {
                let r = try UIKitImporter(
                    file: path, name: UIKitImporter.sceneName(for: path), text: text
                )
                .run()
                return (r.scene, "UIKit dump: " + r.summary)
            }
            return (try SceneLoader(file: path, text: text).load(), nil)
        } catch {
            throw .invalid(error)
        }
    }

    mutating func apply(setting key: String, value: String) {
        switch key {
        case "slop": sim.settings.slop = CommandParser.decimal(value) ?? sim.settings.slop
        case "slopmode": sim.settings.slopMode = SlopMode(rawValue: value) ?? sim.settings.slopMode
        case "policy": sim.settings.policy = Policy(rawValue: value) ?? sim.settings.policy
        case "fps": sim.settings.fps = Double(Int(value) ?? 60)
        case "output": json = value == "json"
        default: break
        }
    }

    var names: Names { Names(sim.graph) }

    // MARK: Running lines

    /// Runs one line. `lineNumber` prefixes errors and failed `expect`s with `LINE:COL`
    /// (scripts), and `file` with `FILE:LINE:COL` (`--script FILE`).
    package mutating func run(_ line: String, lineNumber: Int? = nil, file: String? = nil)
        -> RunResult
    {
        var result = RunResult()
        let parsed: ParsedCommand
        do {
            guard let c = try parseWithSource(line) else { return result }
            parsed = c
        } catch {
            return failure(error, line: line, lineNumber: lineNumber, file: file)
        }
        let command = parsed.command
        let canonical = command.canonical
        let inspection = command.isInspection
        let before = inspection ? nil : Snapshot(sim, paths)
        let loadsBefore = loads
        var facts: [Fact] = []
        do {
            facts = try execute(parsed, result: &result)
        } catch {
            return failure(
                error, line: line, lineNumber: lineNumber, file: file, canonical: canonical)
        }
        if let before, loads == loadsBefore {
            facts += Snapshot(sim, paths).changes(from: before, paths)
        }
        // What `why` will explain: kept only for commands that decided something.
        let reasons = sim.drainReasons()
        var moves: [Ledger] = []
        for fact in facts {
            switch fact {
            case .event(.moved(let l)), .fling(let l): moves.append(l)
            default: continue
            }
        }
        if !reasons.isEmpty || !moves.isEmpty { lastWhy = (canonical, reasons, moves) }
        result.canonical = canonical
        if case .state(json: true) = command {
            result.lines = [OutputLine(StateReport(sim).json)]
        } else if json {
            result.lines = [
                OutputLine(
                    JSONRenderer.line(
                        command: canonical, facts: facts, state: StateReport(sim).json, names: names
                    ))
            ]
        } else {
            result.lines = TextRenderer.render(facts, names: names).map {
                OutputLine($0, isError: $0.hasPrefix("expect    FAILED") || $0.hasPrefix("error:"))
            }
        }
        record(command, canonical, result)
        // A failed `expect` in a script says where it is, as errors do (not in the recording).
        if lineNumber != nil, !json {
            let place = Diagnostic.location(
                file: file, line: lineNumber, column: parsed.range(.name).column)
            for k in result.lines.indices where result.lines[k].text.hasPrefix("expect    FAILED") {
                result.lines[k].text = place + result.lines[k].text
            }
        }
        return result
    }

    private var loads = 0

    /// Parses a line, remembering the result: traces and scripts repeat the same lines, and
    /// parsing is pure. Nil for a blank line or a comment.
    package mutating func parse(_ line: String) throws(Diagnostic) -> Command? {
        try parseWithSource(line)?.command
    }

    /// `parse`, keeping where each part was typed.
    package mutating func parseWithSource(_ line: String) throws(Diagnostic) -> ParsedCommand? {
        if let cached = parsed[line] { return cached }
        guard let command = try CommandParser.parseWithSource(line) else { return nil }
        if parsed.count >= 512 { parsed.removeAll(keepingCapacity: true) }
        parsed[line] = command
        return command
    }

    private mutating func failure(
        _ d: Diagnostic, line: String, lineNumber: Int?, file: String?, canonical: String? = nil
    )
        -> RunResult
    {
        var result = RunResult()
        result.failed = true
        if json {
            let obj = JSONRenderer.line(
                command: canonical ?? line.trimmingSpaces, facts: [.error(d)],
                state: StateReport(sim).json,
                names: names)
            result.lines = [OutputLine(obj, isError: true)]
        } else {
            result.lines = d.render(line: line, lineNumber: lineNumber, file: file).map {
                OutputLine($0, isError: true)
            }
        }
        if let recording {
            // A failed command is recorded as a comment: it changed nothing.
            try? files.append(recording, "# error: " + line + "\n")
        }
        return result
    }

    /// Appends the command and its output to the recording and the history.
    private mutating func record(_ command: Command, _ canonical: String, _ result: RunResult) {
        switch command {
        case .record, .recordStop, .replay, .quit, .help: return
        case .load:
            history.removeAll()
        default: break
        }
        let output = result.lines.map(\.text)
        if keepsHistory, history.count < Self.historyLimit {
            history.append((command.canonical, output))
        }
        if let recording {
            do {
                try files.append(recording, Trace.block(command: command.canonical, output: output))
            } catch {
                self.recording = nil
            }
        }
    }

    // MARK: Recording

    mutating func startRecording(_ path: String, force: Bool) throws(Diagnostic) -> [Fact] {
        guard recording == nil else {
            throw Diagnostic("already recording to '\(recording!)'; 'record stop' first")
        }
        if files.exists(path) && !force {
            throw Diagnostic(
                "'\(path)' exists; add --force to overwrite it", usage: CommandTable.usage("record")
            )
        }
        guard history.count < Self.historyLimit else {
            throw Diagnostic(
                "too many commands since the last load to record them; 'load' again first")
        }
        var text = Trace.header(scene: sceneRef)
        for h in history { text += Trace.block(command: h.command, output: h.output) }
        do {
            try files.create(path, text)
        } catch {
            throw Diagnostic("cannot write '\(path)': \(error.message)")
        }
        recording = path
        let note = history.isEmpty ? "" : " (with the \(history.count) commands since load)"
        return [.text(TextRenderer.line("record", "recording to \(path)\(note)"))]
    }

    mutating func stopRecording() throws(Diagnostic) -> [Fact] {
        guard let path = recording else { throw Diagnostic("not recording") }
        recording = nil
        return [.text(TextRenderer.line("record", "stopped; \(path) is complete"))]
    }

    // MARK: Loading

    mutating func load(_ ref: String, fail: Fail) throws(Diagnostic) -> [Fact] {
        let scene: Scene
        let summary: String?
        do {
            (scene, summary) = try Self.openScene(ref, files: files, base: baseDirectory)
        } catch {
            throw fail(error.message, .file, error.suggestion)
        }
        sim = Simulator(scene: scene)
        sceneRef = ref
        loads += 1
        paths = ValuePaths(sim.graph)
        applySettingsForLoad()
        return [
            .text(
                TextRenderer.line(
                    "load",
                    "\(scene.name): \(sim.graph.count) nodes, window \(NumberFormat.format(scene.windowSize.x))×\(NumberFormat.format(scene.windowSize.y))"
                        + (summary.map { "; " + $0 } ?? "")))
        ]
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
