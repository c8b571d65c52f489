import ArgumentParser
import Foundation
import HandoffScript

/// `handoff replay FILE [--step] [--update]`
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Re-run a trace; print a unified diff where the output differs (exit 1).")

    @Argument(help: "The trace file.")
    var file: String

    @Flag(
        help: ArgumentHelp(
            "Pause before each command: Enter runs it, 'continue' runs the rest, 'quit' stops (and fails); "
                + StepAnswer.inspectionCommands + " inspect without advancing.")
    )
    var step = false

    @Flag(help: "Rewrite the trace's expected output with what the commands print now.")
    var update = false

    func run() throws {
        let files = LocalFiles()
        let reader: LineReader
        do {
            reader = try LineReader.open(file)
        } catch {
            StandardStream.err(ErrorMessage.line(error.unreadable(file)) + "\n")
            throw ExitCode(2)
        }
        var runner = TraceRunner(file: file, files: files, update: update)
        if step {
            var pausing = true
            let typing = isatty(STDIN_FILENO) != 0
            runner.beforeCommand = { command, line, session in
                print("\(Escape.visible(file)):\(line): > \(Escape.visible(command))")
                guard pausing else { return true }
                let answer = StepAnswer.ask(
                    &session,
                    read: {
                        print(
                            "[Enter: run, continue: run the rest, quit: stop, or state, why, …] ",
                            terminator: "")
                        fflush(nil)
                        let line = readLine()
                        // From a pipe the answer is not echoed: show it, so the transcript reads.
                        if !typing { print(line ?? "") }
                        return line
                    },
                    emit: { out in
                        guard out.isError else { return print(out.text) }
                        fflush(nil)
                        StandardStream.err(out.text + "\n")
                    })
                if answer == .runRest { pausing = false }
                return answer != .stop
            }
            runner.afterCommand = { lines, hunk in
                for l in lines { print(l) }
                if let hunk {
                    print("differs from the trace:")
                    for l in hunk { print(l.text) }
                }
            }
        }
        do {
            try Self.feed(reader, into: &runner)
        } catch {
            StandardStream.err(ErrorMessage.line(error.unreadable(file)) + "\n")
            throw ExitCode(2)
        }
        let outcome = runner.finish()
        // Written straight to standard output (after what `--step` printed), so output that cannot
        // be written is an error, not a silent exit 0.
        fflush(nil)
        func say(_ line: String) { StandardStream.out(line + "\n") }
        for line in runner.diff { say(line) }
        if runner.hunksLeftOut > 0 { say("… \(runner.hunksLeftOut) more differing commands") }
        if update, case .failed(let n, let d) = outcome {
            // The rewrite is what was asked for: it says `updated`, never FAIL, and exits 0 —
            // unless the rewritten trace pins a failure; a rewrite that fails leaves the trace as
            // it was and exits 2.
            do {
                try files.create(file, runner.updated)
            } catch {
                StandardStream.err(
                    "error: cannot update '\(Escape.visible(file))': \(error.message)\n")
                throw ExitCode(2)
            }
            say(Self.updated(file, n, d))
            // A rewrite that pins a failure is no fix: the next replay fails, so this one does.
            if let warning = runner.updateWarning {
                say(warning)
                throw ExitCode(1)
            }
            return
        }
        say(TraceRunner.summary(file: file, outcome: outcome))
        if case .passed = outcome { return }
        throw ExitCode(1)
    }

    /// `updated FILE: D of N commands rewritten`, for `replay --update` and `test --update`.
    static func updated(_ file: String, _ commands: Int, _ differing: Int) -> String {
        "updated \(file): \(differing) of \(commands) commands rewritten"
    }

    /// Streams a trace into `runner`: `replay` and `test` read traces the same way, so they agree
    /// on every file (a line that is not UTF-8 is corrupt there, in both).
    static func feed(_ reader: LineReader, into runner: inout TraceRunner) throws(FileError) {
        // The runner takes only expected lines equal to its own output (UTF-8).
        try reader.forEachLineBytes(takesOnlyUTF8: true) { line, following in
            runner.read(TraceLine(line, following: following))
        }
    }
}

/// `handoff test [PATH…] [--update] [-j N]`: each trace runs in its own child process (N at a
/// time), so a crash gives that file a CRASH verdict and loses no other verdict; output comes in
/// file order, each line written as soon as it is known.
struct TestTraces: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test", abstract: "Verify every .trace under the paths (default: Traces).")

    @Argument(help: "Trace files or folders.")
    var paths: [String] = ["Traces"]

    @Flag(help: "Rewrite expected output of failing traces.")
    var update = false

    @Option(
        name: .short, help: "Traces verified at once, each in its own process (default: cores).")
    var jobs: Int?

    /// Verify the given files in this process (what each child does).
    @Flag(name: .customLong("in-process"), help: .hidden)
    var inProcess = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("-j takes a number of jobs, 1 or more") }
    }

    func run() throws {
        if inProcess {
            // A child verifies exactly the files it is given (a folder named like a trace is
            // reported as unreadable, not searched).
            var failed = false
            for path in paths where !Self.verify(path, update: update) { failed = true }
            throw ExitCode(failed ? 1 : 0)
        }
        // Paths that name nothing, and folders with no trace, are unusable arguments (exit 2,
        // before anything runs): a CI job whose traces moved must not pass on `0 failed`.
        var traces: [String] = []
        for path in paths {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
                Self.usage(ErrorMessage.text(FileError("no such file or folder").unreadable(path)))
            }
            if !isDir.boolValue {
                // A device or a FIFO named on the command line is unusable (it may never end).
                var st = stat()
                if stat(path, &st) == 0, st.st_mode & S_IFMT != S_IFREG {
                    Self.usage(ErrorMessage.text(FileError.notRegular.unreadable(path)))
                }
                traces.append(path)
                continue
            }
            let found =
                FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
            let inFolder = found.filter { $0.hasSuffix(".trace") }.sorted().map {
                path.hasSuffix("/") ? path + $0 : path + "/" + $0
            }
            if inFolder.isEmpty { Self.usage("no .trace file under '\(Escape.visible(path))'") }
            traces += inFolder
        }
        var passed = 0
        var failed = 0
        let pool = ChildPool(
            jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
            arguments: { ["test", "--in-process"] + (update ? ["--update"] : []) + ["--", $0] })
        pool.run(traces) { path, output, status in
            switch status {
            case .exited(0):
                passed += 1
                Self.write(output)
            case .exited:
                failed += 1
                Self.write(output)
            case .signalled(let signal):
                failed += 1
                Self.write("CRASH \(Escape.visible(path)): killed by signal \(signal)\n")
                // What it printed last (the runtime's message), not its whole stack.
                for line in output.split(separator: "\n").prefix(3) {
                    Self.write("  \(Escape.visible(String(line)))\n")
                }
            }
        }
        Self.write("\(passed) passed, \(failed) failed\n")
        if failed > 0 { throw ExitCode(1) }
    }

    /// Verifies one trace in this process and prints its verdict (and diff); true if it passed
    /// (or was updated into a trace that passes).
    static func verify(_ path: String, update: Bool) -> Bool {
        // Test hook: the suite checks that a crashing child costs only its own verdict.
        if let marker = ProcessInfo.processInfo.environment["HANDOFF_TEST_CRASH_ON"],
            !marker.isEmpty, path.hasSuffix(marker)
        {
            raise(SIGSEGV)
        }
        let files = LocalFiles()
        var runner = TraceRunner(file: path, files: files, update: update)
        do {
            try Replay.feed(try LineReader.open(path), into: &runner)
        } catch {
            let at = SourceLocation(file: Escape.visible(path), line: 1)
            let unreadable = UserError.located(at, .unreadable(.it, reason: error.message))
            write("CORRUPT " + ErrorMessage.line(unreadable) + "\n")
            return false
        }
        let outcome = runner.finish()
        if update, case .failed(let n, let d) = outcome {
            do {
                try files.create(path, runner.updated)
            } catch {
                write("FAIL \(Escape.visible(path)): cannot update it: \(error.message)\n")
                return false
            }
            write(Replay.updated(path, n, d) + "\n")
            if let warning = runner.updateWarning {
                write(warning + "\n")
                return false
            }
            return true
        }
        var text = TraceRunner.summary(file: path, outcome: outcome) + "\n"
        if case .passed = outcome {
            write(text)
            return true
        }
        for line in runner.diff { text += "  " + line + "\n" }
        if runner.hunksLeftOut > 0 {
            text += "  … \(runner.hunksLeftOut) more differing commands\n"
        }
        write(text)
        return false
    }

    /// Reports unusable arguments on standard error and exits 2 (SPEC §8).
    static func usage(_ message: String) -> Never {
        StandardStream.err("error: \(message)\n")
        Foundation.exit(2)
    }

    /// Writes to standard output at once (no buffering: a crash loses nothing printed).
    static func write(_ text: String) {
        StandardStream.out(text)
    }
}
