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
        help:
            "Pause before each command: Enter runs it, 'continue' runs the rest, 'quit' stops (and fails); state, why, tree, show, expect inspect."
    )
    var step = false

    @Flag(help: "Rewrite the trace's expected output with what the commands print now.")
    var update = false

    func run() throws {
        let files = LocalFiles()
        guard let reader = LineReader(path: file) else {
            FileHandle.standardError.write(
                Data("error: cannot read '\(file)': no such file\n".utf8))
            throw ExitCode(2)
        }
        var runner = TraceRunner(file: file, files: files, update: update)
        if step {
            var pausing = true
            let typing = isatty(STDIN_FILENO) != 0
            runner.beforeCommand = { command, line, session in
                print("\(file):\(line): > \(command)")
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
                        FileHandle.standardError.write(Data((out.text + "\n").utf8))
                    })
                if answer == .runRest { pausing = false }
                return answer != .stop
            }
            runner.afterCommand = { lines, hunk in
                for l in lines { print(l) }
                if let hunk {
                    print("differs from the trace:")
                    for l in hunk { print(l) }
                }
            }
        }
        reader.forEachLine { runner.feed($0) }
        let outcome = runner.finish()
        for line in runner.diff { print(line) }
        if runner.hunksLeftOut > 0 { print("… \(runner.hunksLeftOut) more differing commands") }
        if update, case .failed(let n, let d) = outcome {
            // The rewrite is what was asked for: it says `updated`, never FAIL, and exits 0.
            try? files.create(file, runner.updated)
            print(Self.updated(file, n, d))
            return
        }
        print(TraceRunner.summary(file: file, outcome: outcome))
        if case .passed = outcome { return }
        throw ExitCode(1)
    }

    /// `updated FILE: D of N commands rewritten`, for `replay --update` and `test --update`.
    static func updated(_ file: String, _ commands: Int, _ differing: Int) -> String {
        "updated \(file): \(differing) of \(commands) commands rewritten"
    }
}

/// `handoff test [PATH…] [--update]`
struct TestTraces: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test", abstract: "Verify every .trace under the paths (default: Traces).")

    @Argument(help: "Trace files or folders.")
    var paths: [String] = ["Traces"]

    @Flag(help: "Rewrite expected output of failing traces.")
    var update = false

    func run() throws {
        let files = LocalFiles()
        var traces: [String] = []
        var missing: [String] = []
        for path in paths {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
                missing.append(path)
                continue
            }
            if !isDir.boolValue {
                traces.append(path)
                continue
            }
            let found =
                FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
            traces += found.filter { $0.hasSuffix(".trace") }.sorted().map {
                path.hasSuffix("/") ? path + $0 : path + "/" + $0
            }
        }
        var passed = 0
        var failed = 0
        for path in missing {
            print("MISSING \(path): no such file or folder")
            failed += 1
        }
        for path in traces {
            let text: String
            do {
                text = try files.read(path)
            } catch {
                print("CORRUPT \(path):1: error: \(error.message)")
                failed += 1
                continue
            }
            var runner = TraceRunner.run(file: path, text: text, files: files, update: update)
            let outcome = runner.finish()
            if update, case .failed(let n, let d) = outcome {
                try? files.create(path, runner.updated)
                print(Replay.updated(path, n, d))
                passed += 1
                continue
            }
            print(TraceRunner.summary(file: path, outcome: outcome))
            if case .passed = outcome {
                passed += 1
            } else {
                failed += 1
                for line in runner.diff { print("  " + line) }
            }
        }
        print("\(passed) passed, \(failed) failed")
        if failed > 0 { throw ExitCode(1) }
    }
}
