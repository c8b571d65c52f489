import Foundation
import HandoffScript

/// The interactive shell (stdin is a terminal): a prompt that says where you are, completion,
/// history, and colour when the terminal allows it.
struct Shell {
    var session: Session

    /// Colour only on a terminal and never with NO_COLOR set.
    static var colour: Bool {
        isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
            && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    static var historyPath: String {
        let env = ProcessInfo.processInfo.environment
        if let path = env["HANDOFF_HISTORY"], !path.isEmpty { return path }
        return (env["HOME"] ?? NSTemporaryDirectory()) + "/.handoff_history"
    }

    /// `tabs 0.35s panning(upcoming)> `, and `tabs 0.1s panning(upcoming) stopped> ` at a
    /// breakpoint.
    static func prompt(_ s: Session, colour: Bool) -> String {
        if let custom = ProcessInfo.processInfo.environment["HANDOFF_PROMPT"] { return custom }
        let sim = s.sim
        var state = sim.phase.rawValue
        if let owner = sim.owner {
            let id = Escape.visible(sim.graph.nodes[owner].id)
            state += "(" + (colour ? "\u{1}\u{1B}[36m\u{1}\(id)\u{1}\u{1B}[0m\u{1}" : id) + ")"
        }
        // A command stopped at a breakpoint with frames pending (SPEC §10).
        if s.isStopped { state += " stopped" }
        return
            "\(Escape.visible(sim.graph.scene.name)) \(NumberFormat.format(sim.time))s \(state)> "
    }

    func run() -> Int32 {
        var session = self.session
        let colour = Self.colour
        QuitSignal.saveTerminal()
        let editor = LineEditor(program: "handoff", historyPath: Self.historyPath)
        editor.complete = { before in
            Completion.action(for: before, session: session, files: listFiles)
        }
        print(
            "handoff \(Escape.visible(session.sim.graph.scene.name)): type 'help' for commands, Tab to complete, Ctrl-D to leave"
        )
        while true {
            editor.setPrompt(Self.prompt(session, colour: colour))
            switch editor.read() {
            case .eof:
                print()
                return finish(&session, colour: colour)
            case .interrupted:
                continue
            case .line(let line):
                if case .replay(let file, step: true)? = try? CommandParser.parse(line) {
                    stepThrough(
                        Paths.resolve(file, base: session.baseDirectory), editor, colour: colour)
                    continue
                }
                let r = session.run(line)
                Recorder.writePending()  // the command's block before its output (SPEC §7)
                for l in r.lines { emit(l, colour: colour) }
                if r.quit { return finish(&session, colour: colour) }
            }
        }
    }

    /// Syncs and closes a recording; 1 if a recording failed during the session.
    private func finish(_ session: inout Session, colour: Bool) -> Int32 {
        if let problem = session.finishRecording() { emit(problem, colour: colour) }
        return session.recordingFailed ? 1 : 0
    }

    /// `replay FILE --step`: pauses before each command; Enter runs it, `continue` runs the rest,
    /// `quit` (or Ctrl-C, Ctrl-D) stops.
    private func stepThrough(_ file: String, _ editor: LineEditor, colour: Bool) {
        let files = LocalFiles()
        let text: String
        do {
            text = try files.read(file)
        } catch {
            emit(
                OutputLine(
                    ErrorMessage.line(error.unreadable(file)),
                    isError: true),
                colour: colour)
            return
        }
        var runner = TraceRunner(file: file, files: files)
        var pausing = true
        runner.beforeCommand = { command, line, session in
            print("\(Escape.visible(file)):\(line): > \(Escape.visible(command))")
            guard pausing else { return true }
            editor.setPrompt("step [Enter, continue, quit, or state, why, …]> ")
            let answer = StepAnswer.ask(
                &session,
                read: {
                    guard case .line(let line) = editor.read(history: false) else { return nil }
                    return line
                }, emit: { emit($0, colour: colour) })
            if answer == .runRest { pausing = false }
            return answer != .stop
        }
        runner.afterCommand = { lines, hunk in
            for l in lines { emit(OutputLine(l), colour: colour) }
            if let hunk {
                emit(OutputLine("differs from the trace:", isError: true), colour: colour)
                for l in hunk { emit(l, colour: colour) }
            }
        }
        runner.read(text: text)
        let outcome = runner.finish()
        for line in runner.diff { print(line) }
        let summary = TraceRunner.summary(file: file, outcome: outcome)
        if case .passed = outcome {
            print(summary)
        } else {
            emit(OutputLine(summary, isError: true), colour: colour)
        }
    }

    private func emit(_ line: OutputLine, colour: Bool) {
        guard colour else {
            if line.isError {
                StandardStream.err(line.text + "\n")
            } else {
                print(line.text)
            }
            return
        }
        // Coloured by role, never by reading the text (STYLE habit 15).
        let code: String?
        switch line.role {
        case .error: code = "31"
        case .highlight: code = "36"
        case .success: code = "32"
        case .plain: code = nil
        }
        print(code.map { "\u{1B}[\($0)m\(line.text)\u{1B}[0m" } ?? line.text)
    }

    /// Paths starting with `prefix`, directories with a trailing slash.
    private func listFiles(_ prefix: String) -> [String] {
        let dir = prefix.contains("/") ? String(prefix[...prefix.lastIndex(of: "/")!]) : ""
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: dir.isEmpty ? "." : dir)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { name in
            var isDir: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: dir + name, isDirectory: &isDir)
            return dir + name + (isDir.boolValue ? "/" : "")
        }
    }
}
