import HandoffCore

/// Recording a trace (SPEC §7): `record FILE` writes the history since the last load, re-run in a
/// fresh session, then every command as it runs with its text output, until `record stop`.
extension Session {
    /// Appends the command and its text output to the recording (the trace block is built only
    /// while recording).
    mutating func record(
        _ command: Command, _ canonical: String, _ text: TextOutput, _ result: inout RunResult
    ) {
        // Nothing is written when nothing is recorded (no command is looked at).
        guard recorder.isOn else { return }
        switch command {
        case .help, .quit: return
        case .record:
            // The command that started the recording is not part of it.
            return
        case .recordStop:
            return  // `stopRecording` wrote its comment
        case .replay, .set(.output), .plot:
            // Comments, never commands (SPEC §7): a trace replays no other trace, and its expected
            // output is text whatever `output` says.
            write("# " + Escape.visible(canonical) + "\n", &result)
            return
        case .load:
            write(
                Trace.block(
                    command: traceCanonical(command), output: (0..<text.count).map(text.text)),
                &result)
            return
        default: break
        }
        if let stopped = recorder.write(command: canonical, output: text) {
            result.lines.append(OutputLine("error: " + stopped, role: .error))
        }
    }

    /// Writes to the recording, if any; a failure is reported at once, stops the recording and
    /// marks the session so the process exits non-zero; the session goes on.
    mutating func write(_ text: String, _ result: inout RunResult) {
        if let stopped = recorder.write(text) {
            result.lines.append(OutputLine("error: " + stopped, role: .error))
        }
    }

    /// A command as the trace stores it: a scene file in `load` is written relative to the
    /// trace's folder, as `# scene:` is.
    func traceCanonical(_ command: Command) -> String {
        guard case .load(let ref) = command else { return command.canonical }
        return "load " + traceSceneRef(ref)
    }

    /// A scene reference as a trace at `recording` must name it.
    func traceSceneRef(_ ref: String) -> String {
        guard BuiltinScenes.named(ref) == nil, let trace = recording else {
            return Escape.visible(ref)
        }
        let relative = Paths.relative(
            Paths.resolve(ref, base: baseDirectory), from: Paths.directory(of: trace),
            cwd: files.currentDirectory)
        let named = BuiltinScenes.named(relative) == nil ? relative : "./" + relative
        return Escape.visible(named)
    }

    /// Starts recording to `path` (already resolved): the trace starts with the settings that
    /// differ from a fresh load of the scene, as `set` commands, then re-runs the history since the
    /// last load in a fresh session to write each command with its text output (SPEC §7).
    package mutating func startRecording(_ path: String, force: Bool) throws(Diagnostic)
        -> [Fact]
    {
        if let recording {
            throw Diagnostic("already recording to '\(recording)'; 'record stop' first")
        }
        if isStopped {
            // Its partial form and a later `continue` could not both replay (SPEC §7).
            throw Diagnostic(
                "'\(debug.pending?.command ?? "")' is stopped at a breakpoint: 'continue' it (or drop its rest with the next command) before 'record'"
            )
        }
        guard !log.overflowed else {
            throw Diagnostic(
                "too many commands since the last load to record them; 'load' again first")
        }
        let sink: any TraceSink
        do {
            sink = try files.openTrace(path, force: force)
        } catch {
            if error == .exists {
                throw Diagnostic("'\(path)' exists; add --force to overwrite it")
            }
            throw Diagnostic(.user(.unwritable(.typed(path), reason: error.message)))
        }
        recorder.start(sink)
        var text = Trace.header(scene: traceSceneRef(sceneRef))
        var (fresh, setup) = sessionAtLoad()
        for (command, output) in setup { text += Trace.block(command: command, output: output) }
        for k in 0..<log.count {
            for (command, frames) in recordedCommands(k) {
                fresh.debug.frameLimit = frames
                let lines = fresh.run(command).lines.map(\.text)
                fresh.debug.frameLimit = nil
                fresh.debug.pending = nil
                text += Trace.block(command: command, output: lines)
            }
        }
        if let stopped = recorder.write(text) { throw Diagnostic(stopped) }
        return [.recording(path: path, commands: log.count)]
    }

    /// A fresh session in the state of the last load, with the `set` commands then in force run
    /// in it (each with the text a trace stores for it, and its output), ready to re-run
    /// `history` (`record`, `plot`).
    func sessionAtLoad() -> (session: Session, setup: [(command: String, output: [String])]) {
        var fresh = Session(scene: sceneAtLoad, ref: sceneRef, files: files)
        fresh.baseDirectory = baseDirectory
        fresh.keepsHistory = false
        var setup: [(String, [String])] = []
        for command in Self.settingCommands(userSettingsAtLoad) {
            setup.append((command, fresh.run(command).lines.map(\.text)))
        }
        if sceneAtLoad.settings.contains(where: { userSettingsAtLoad[$0.0] != nil }) {
            // The scene's own settings override those `set` commands: load it again over them.
            setup.append(
                ("load " + traceSceneRef(sceneRef), fresh.run("load " + sceneRef).lines.map(\.text))
            )
        }
        return (fresh, setup)
    }

    /// The commands since the last load, as `history` numbers them (canonical text).
    var historySinceLoad: [String] { (0..<log.count).map { log.text($0) } }

    /// `--record FILE`: starts recording with the path as a value (never parsed as a command, so
    /// any file name works).
    package mutating func startRecording(to path: String, force: Bool) -> RunResult {
        var result = RunResult()
        do {
            let facts = try startRecording(path, force: force)
            result.lines = TextRenderer.render(facts, names: names).map {
                OutputLine(Escape.visible($0.text), role: $0.role)
            }
        } catch {
            result.failed = true
            result.lines = [OutputLine("error: " + Escape.visible(error.message), isError: true)]
        }
        return result
    }

    /// The `set` commands that were in force at the last load (they survive `load`, SPEC §8), in
    /// the order `set` lists them; `output` is left out (a trace's output is text).
    static func settingCommands(_ settings: [String: Setting]) -> [String] {
        defaultSettings.compactMap { key, _ in
            guard key != "output", let setting = settings[key] else { return nil }
            return "set \(key) \(setting.value)"
        }
    }

    mutating func stopRecording() throws(Diagnostic) -> [Fact] {
        guard let path = recorder.path else { throw Diagnostic("not recording") }
        if let stopped = recorder.stop() { throw Diagnostic(stopped) }
        return [.recordingStopped(path: path)]
    }

    /// Ends the recording when the session ends (syncs it); returns the error line, if any.
    package mutating func finishRecording() -> OutputLine? {
        recorder.finish().map { OutputLine("error: " + $0, isError: true) }
    }
}
