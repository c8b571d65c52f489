import Foundation
import Testing

/// Issue 9 through the binary: crashes, unreadable files, lost recordings, traces that lie or
/// write, CRLF scripts, history files that are not ours. Each reproduction of the issue is here.
@Suite(.serialized) struct ReliabilityTests {
    static func write(_ text: String, _ url: URL) throws {
        try text.write(to: url, atomically: false, encoding: .utf8)
    }

    // MARK: Crashes

    @Test func whyAfterLoadDoesNotCrash() throws {
        let r = try Harness.run([], stdin: "pan 0 -100\nload indicator\nwhy\n")
        #expect(r.status == 0, "\(r.err)")
        #expect(r.lines.contains("why       nothing has been decided yet"))
    }

    /// Directories and unreadable files exit 2 with "cannot read", never a Foundation crash.
    @Test func unreadableFilesExitTwo() throws {
        let dir = try Harness.temporaryDirectory()
        let script = try Harness.run(["--script", dir.path])
        #expect(script.status == 2)
        #expect(script.err == "error: cannot read '\(dir.path)': is a directory\n")
        let replay = try Harness.run(["replay", dir.path])
        #expect(replay.status == 2)
        #expect(replay.err == "error: cannot read '\(dir.path)': is a directory\n")
        let mem = try Harness.run(["--script", "/proc/self/mem"])
        #expect(mem.status == 2)
        #expect(mem.err.hasPrefix("error: cannot read '/proc/self/mem': "))
        let missing = try Harness.run(["--script", dir.appendingPathComponent("none").path])
        #expect(missing.status == 2)
        #expect(missing.err.hasSuffix("': no such file or directory\n"))
        let scene = try Harness.run([dir.path])
        #expect(scene.status == 2)
        #expect(scene.err.contains("is a directory"))
        let load = try Harness.run([], stdin: "load \(dir.path)\n")
        #expect(load.status == 1)
        #expect(load.err.contains("is a directory"))
        // A folder named like a trace, inside a folder being tested.
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("d.trace"), withIntermediateDirectories: true)
        let test = try Harness.run(["test", dir.path])
        #expect(test.status == 1)
        #expect(
            test.lines.contains(
                "CORRUPT \(dir.path)/d.trace:1: error: cannot read it: is a directory"))
    }

    /// A trace that replays itself recursed to SIGSEGV and, inside `handoff test DIR`, lost the
    /// verdicts of every other file. Now the nested replay is refused (a difference), and a child
    /// that crashes anyway costs only its own verdict, in file order, at any `-j`.
    @Test func selfReplayAndCrashesInTestKeepEveryVerdict() throws {
        let dir = try Harness.temporaryDirectory()
        let good = try String(
            contentsOf: Harness.root.appendingPathComponent("Traces/tabs/short-list.trace"),
            encoding: .utf8)
        try Self.write(good, dir.appendingPathComponent("a.trace"))
        try Self.write(
            "# handoff trace v1\n# scene: tabs\n> replay b.trace\n",
            dir.appendingPathComponent("b.trace"))
        try Self.write(good, dir.appendingPathComponent("c.trace"))
        try Self.write(good, dir.appendingPathComponent("d.trace"))
        let replay = try Harness.run(["replay", dir.appendingPathComponent("b.trace").path])
        #expect(replay.status == 1)
        #expect(
            replay.out.contains(
                "+error: 'replay' inside a trace is refused: a replayed or tested trace cannot replay another"
            ))
        var outputs: [String] = []
        for jobs in ["1", "3"] {
            // Under the address sanitizer (`make test-asan`) the planted SIGSEGV must still kill
            // the child, not turn into a sanitizer report and exit status 1.
            let asan = ProcessInfo.processInfo.environment["ASAN_OPTIONS"].map { $0 + ":" } ?? ""
            let r = try Harness.run(
                ["test", "-j", jobs, dir.path],
                env: ["HANDOFF_TEST_CRASH_ON": "/c.trace", "ASAN_OPTIONS": asan + "handle_segv=0"])
            #expect(r.status == 1)
            let verdicts = r.lines.filter { !$0.hasPrefix("  ") && !$0.isEmpty }
            #expect(
                verdicts == [
                    "PASS \(dir.path)/a.trace (9 commands)",
                    "FAIL \(dir.path)/b.trace: 1 of 1 commands differ",
                    "CRASH \(dir.path)/c.trace: killed by signal 11",
                    "PASS \(dir.path)/d.trace (9 commands)",
                    "2 passed, 2 failed",
                ], "\(r.out)")
            outputs.append(r.out)
        }
        #expect(outputs[0] == outputs[1])
    }

    // MARK: Traces that lie

    /// A trace file in a new folder: `head`, one 0xFF byte (never UTF-8), then `tail`.
    static func trace(_ head: String, badByteThen tail: String) throws -> URL {
        let file = try Harness.temporaryDirectory().appendingPathComponent("ff.trace")
        try Data(Array(head.utf8) + [0xFF] + Array(tail.utf8)).write(to: file)
        return file
    }

    /// One 0xFF byte in a comment: `test` and `replay` agree (CORRUPT at that line).
    @Test func invalidUTF8IsCorruptInTestAndReplay() throws {
        let file = try Self.trace(
            "# handoff trace v1\n# scene: tabs\n# caf",
            badByteThen: "\n> step\nt         0 → 0.02\n")
        let corrupt = "CORRUPT \(file.path):3: error: the line is not UTF-8 text"
        let test = try Harness.run(["test", file.path])
        #expect(test.status == 1)
        #expect(test.lines.contains(corrupt))
        let replay = try Harness.run(["replay", file.path])
        #expect(replay.status == 1)
        #expect(replay.lines.contains(corrupt))
    }

    /// UTF-8 is checked a word or four at a time: a character of every length at every place
    /// around those words is text, and each kind of bad sequence there is found (CORRUPT at its
    /// line, in one `test` of all the files).
    @Test func utf8IsCheckedAtEveryPlaceInAWord() throws {
        let dir = try Harness.temporaryDirectory()
        let head = Array("# handoff trace v1\n# scene: tabs\n".utf8)
        let tail = Array("\n> step\nt         0 → 0.02\n".utf8)
        let places = [0, 1, 7, 8, 9, 31, 32, 33, 39, 40]
        var good = head
        for place in places {
            for character in ["é", "→", "😀"] {
                good += Array("# ".utf8) + Array(repeating: UInt8(ascii: "a"), count: place)
                good += Array(character.utf8) + Array("bc\n".utf8)
            }
        }
        try Data(good + tail.dropFirst()).write(to: dir.appendingPathComponent("good.trace"))
        // A lone continuation byte, an overlong "/", a surrogate, a lead byte past U+10FFFF, a
        // sequence cut short.
        let bad: [[UInt8]] = [
            [0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80], [0xE2, 0x86],
        ]
        var expected: [String] = ["PASS \(dir.path)/good.trace (1 command)"]
        for (k, sequence) in bad.enumerated() {
            for place in places {
                let name = "bad-\(k)-\(place + 10).trace"
                var bytes = head + Array("# ".utf8)
                bytes += Array(repeating: UInt8(ascii: "a"), count: place) + sequence
                bytes += Array(repeating: UInt8(ascii: "b"), count: 40) + tail
                try Data(bytes).write(to: dir.appendingPathComponent(name))
                expected.append("CORRUPT \(dir.path)/\(name):3: error: the line is not UTF-8 text")
            }
        }
        let r = try Harness.run(["test", dir.path])
        #expect(r.status == 1)
        let verdicts = r.lines.filter { !$0.isEmpty && !$0.hasPrefix(" ") }
        #expect(
            verdicts.sorted() == (expected + ["1 passed, 50 failed"]).sorted(), "\(r.out)")
    }

    /// A trace of several megabytes is read in pieces whose ends fall inside lines (the partial
    /// line moves to the front of the reader's region): every line is still read once, in order,
    /// so the diff at the end names its line.
    @Test func aLongTraceIsReadLineByLineAcrossReads() throws {
        let dir = try Harness.temporaryDirectory()
        let file = dir.appendingPathComponent("long.trace")
        var text = "# handoff trace v1\n# scene: tabs\n"
        var lines = 2
        for k in 0..<60_000 {
            text += "# " + String(repeating: "x", count: k % 97) + "\n"
            lines += 1
        }
        text += "> step\nt         0 → 0.03\n"
        try Self.write(text, file)
        let r = try Harness.run(["replay", file.path])
        #expect(r.status == 1)
        #expect(
            r.lines.contains("@@ -\(lines + 2) +\(lines + 2) @@ > step"), "\(r.lines.prefix(5))"
        )
        #expect(r.lines.contains("-t         0 → 0.03"))
    }

    /// A bad line right after a command, then a comment and the command's output: the output is
    /// not taken as its expected lines (reading stopped at the bad line), so its diff says none
    /// came.
    @Test func invalidUTF8AfterACommandEndsItsExpectedLines() throws {
        let file = try Self.trace(
            "# handoff trace v1\n# scene: tabs\n> step\n",
            badByteThen: "\n# a comment\nt         0 → 0.02\n")
        let replay = try Harness.run(["replay", file.path])
        #expect(replay.status == 1)
        #expect(
            replay.lines.filter { !$0.isEmpty }.suffix(3) == [
                "@@ -3,0 +4 @@ > step", "+t         0 → 0.02",
                "CORRUPT \(file.path):4: error: the line is not UTF-8 text",
            ], "\(replay.lines)")
    }

    /// `> quit` first does not pass; `test --update` keeps the commands after a `> quit`; a
    /// hand-written `record` overwrites nothing.
    @Test func quitAndRecordInATrace() throws {
        let dir = try Harness.temporaryDirectory()
        let first = dir.appendingPathComponent("first.trace")
        try Self.write("# handoff trace v1\n# scene: tabs\n> quit\n", first)
        let r = try Harness.run(["test", first.path])
        #expect(r.status == 1)
        #expect(r.lines.contains("FAIL \(first.path): 1 of 1 commands differ"))
        let middle = dir.appendingPathComponent("middle.trace")
        try Self.write(
            "# handoff trace v1\n# scene: tabs\n> pan 0 -100\n> quit\n> end\n> expect phase == idle\n",
            middle)
        _ = try Harness.run(["test", "--update", middle.path])
        let updated = try String(contentsOf: middle, encoding: .utf8)
        #expect(
            updated.split(separator: "\n").filter { $0.hasPrefix("> ") } == [
                "> pan 0 -100", "> quit", "> end", "> expect phase == idle",
            ])
        #expect(updated.contains("expect    ok: phase == idle"))
        #expect(try Harness.run(["test", middle.path]).status == 1)
        let victim = dir.appendingPathComponent("victim.txt")
        try Self.write("precious", victim)
        let writer = dir.appendingPathComponent("writer.trace")
        try Self.write(
            "# handoff trace v1\n# scene: tabs\n> record victim.txt --force\n> record writer.trace --force\n",
            writer)
        for args in [["test", writer.path], ["replay", writer.path]] {
            let v = try Harness.run(args)
            #expect(v.status == 1)
            #expect(v.out.contains("'record' writes a file"))
        }
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
        #expect(try String(contentsOf: writer, encoding: .utf8).hasSuffix("--force\n"))
    }

    // MARK: Recording

    /// `--json --record`, settings before `load`, a path with a space, `--force`, and a scene
    /// file path written relative to the trace's folder: the recording replays from anywhere.
    @Test func recordingsReplay() throws {
        let dir = try Harness.temporaryDirectory()
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Self.write(
            "name: mine\nwindow: [390, 600]\nroot:\n  - list: l\n    frame: [0, 0, 390, 600]\n    rows: 40\n    rowHeight: 50\n",
            dir.appendingPathComponent("scenes/s.yaml"))
        let script = dir.appendingPathComponent("script")
        try Self.write("set slop 20\nload scenes/s.yaml\npan 0 -15\nend 0 -300\nsettle\n", script)
        let r = try Harness.run(
            ["--json", "--record", "sub/my x.trace", "--script", script.path], cwd: dir)
        #expect(r.status == 0, "\(r.err)")
        #expect(r.lines.filter { $0.hasPrefix("{") }.count == 5)
        let trace = dir.appendingPathComponent("sub/my x.trace")
        let text = try String(contentsOf: trace, encoding: .utf8)
        #expect(!text.contains("{"))
        #expect(text.contains("> set slop 20\n"))
        #expect(text.contains("> load ../scenes/s.yaml\n"))
        let replay = try Harness.run(["replay", trace.path])
        #expect(replay.status == 0, "\(replay.out)")
        // The scene given on the command line, recorded from another folder.
        let direct = try Harness.run(
            ["scenes/s.yaml", "--record", "sub/my x.trace", "--force"], stdinFile: script.path,
            cwd: dir)
        #expect(direct.status == 0, "\(direct.err)")
        #expect(
            try String(contentsOf: trace, encoding: .utf8).contains("# scene: ../scenes/s.yaml\n"))
        #expect(try Harness.run(["replay", trace.path]).status == 0)
        let again = try Harness.run(["--record", "sub/my x.trace"], cwd: dir)
        #expect(again.status == 2)
        #expect(again.err == "error: 'sub/my x.trace' exists; add --force to overwrite it\n")
    }

    /// `kill -9` while recording loses no command whose output was printed: each block is in the
    /// file (the shared mapping's pages) before its output appears, and the file is still a trace.
    @Test func killNineLosesNoPrintedCommand() throws {
        let dir = try Harness.temporaryDirectory()
        let script = dir.appendingPathComponent("script")
        try Self.write(
            (1...40_000).map { "expect t == \($0) ± 1000000\n" }.joined(), script)
        let trace = dir.appendingPathComponent("k.trace")
        let p = Process()
        p.executableURL = Harness.binary
        p.arguments = ["--record", trace.path]
        p.standardInput = FileHandle(forReadingAtPath: script.path)!
        let outPipe = Pipe()
        p.standardOutput = outPipe
        p.standardError = Pipe()
        try p.run()
        var out = Data()
        let reader = outPipe.fileHandleForReading
        while out.count < 300_000 {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            out.append(chunk)
        }
        kill(p.processIdentifier, SIGKILL)
        out.append(reader.readDataToEndOfFile())
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal)
        let printed = String(decoding: out, as: UTF8.self).split(separator: "\n").compactMap {
            line -> Int? in
            guard line.hasPrefix("expect    ok: t == "), line.hasSuffix(" ± 1000000") else {
                return nil
            }
            return Int(line.dropFirst("expect    ok: t == ".count).dropLast(" ± 1000000".count))
        }
        let last = try #require(printed.last)
        #expect(last > 1000 && last < 40_000, "printed \(last) commands before the kill")
        let recorded = try String(contentsOf: trace, encoding: .utf8)
        let lastBlock = "> expect t == \(last) ± 1000000\nexpect    ok: t == \(last) ± 1000000\n"
        let end = try #require(recorded.range(of: lastBlock)).upperBound
        // Every printed command is in the file, whole: the trace up to the last printed one
        // replays clean.
        let printedPart = dir.appendingPathComponent("printed.trace")
        try Self.write(String(recorded[..<end]), printedPart)
        let replayed = try Harness.run(["replay", printedPart.path])
        #expect(replayed.status == 0, "\(replayed.out.suffix(300))")
        #expect(replayed.out.hasSuffix("PASS \(printedPart.path) (\(last) commands)\n"))
        // After it: the blocks of commands not printed yet, then the recorder's room not used,
        // as comment lines, so the whole file is still a trace (a block the kill cut in the
        // middle of its copy would show as that last command differing, status 1).
        let whole = try Harness.run(["replay", trace.path])
        #expect(whole.status == 0 || whole.status == 1, "\(whole.err)")
    }

    /// A crash the process can catch (here a `SIGSEGV`; a trap or `SIGTERM` alike) cuts the
    /// recorder's unused room off: the trace ends with its last whole block and replays clean,
    /// and the process still dies of the signal. (The Swift runtime's backtracer and a sanitizer
    /// own the crash signals when they are on: both are turned off for this run.)
    @Test func terminatedRecordingEndsAtItsLastBlock() throws {
        let dir = try Harness.temporaryDirectory()
        let script = dir.appendingPathComponent("script")
        try Self.write(String(repeating: "step\n", count: 400_000), script)
        let trace = dir.appendingPathComponent("t.trace")
        let p = Process()
        p.executableURL = Harness.binary
        p.arguments = ["--record", trace.path]
        let asan = ProcessInfo.processInfo.environment["ASAN_OPTIONS"].map { $0 + ":" } ?? ""
        p.environment = ProcessInfo.processInfo.environment.merging([
            "SWIFT_BACKTRACE": "enable=no", "ASAN_OPTIONS": asan + "handle_segv=0",
        ]) { $1 }
        p.standardInput = FileHandle(forReadingAtPath: script.path)!
        let outPipe = Pipe()
        p.standardOutput = outPipe
        p.standardError = Pipe()
        try p.run()
        let reader = outPipe.fileHandleForReading
        var out = 0
        while out < 100_000 {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            out += chunk.count
        }
        // (Sent, not caused: the process is in any of its code when it comes.)
        kill(p.processIdentifier, SIGSEGV)
        _ = reader.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == SIGSEGV)
        let recorded = try String(contentsOf: trace, encoding: .utf8)
        let lines = recorded.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "")
        #expect(lines.dropLast().last?.hasPrefix("t ") == true, "\(lines.suffix(3))")
        #expect(!recorded.contains("#  "))
        let replayed = try Harness.run(["replay", trace.path])
        #expect(replayed.status == 0, "\(replayed.out.suffix(300))")
    }

    /// A file renamed while recording is reported at the next sync (≤ 100 ms), the session goes
    /// on, and the process exits non-zero.
    @Test func renamedRecordingIsReported() throws {
        let dir = try Harness.temporaryDirectory()
        let trace = dir.appendingPathComponent("r.trace")
        let running = try Harness.start(["--record", trace.path])
        let p = running.process
        let input = running.input
        input.write(Data("step\nstep\n".utf8))
        Thread.sleep(forTimeInterval: 0.3)
        try FileManager.default.moveItem(at: trace, to: dir.appendingPathComponent("moved.trace"))
        input.write(Data("step\n".utf8))
        Thread.sleep(forTimeInterval: 0.3)
        input.write(Data("step\nexpect t == 0.07\n".utf8))
        try input.close()
        let out = String(
            decoding: running.output.readDataToEndOfFile(), as: UTF8.self)
        let err = String(
            decoding: running.error.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 1)
        #expect(
            err
                == "error: recording to '\(trace.path)' stopped: the file was renamed or removed while recording; the session goes on\n"
        )
        #expect(out.contains("expect    ok: t == 0.07"))
    }

    /// Disk full while recording: reported at once, the session goes on, exit non-zero, and the
    /// file ends at its last complete command. Needs root for a 64 KB tmpfs.
    @Test func fullDiskIsReported() throws {
        guard getuid() == 0 else {
            print("skipped fullDiskIsReported: mounting a small tmpfs needs root")
            return
        }
        let dir = try Harness.temporaryDirectory()
        let mount = dir.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
        let mounted = try Self.shell("mount -t tmpfs -o size=64k tmpfs '\(mount.path)'")
        guard mounted == 0 else {
            print("skipped fullDiskIsReported: mount -t tmpfs failed (no CAP_SYS_ADMIN here)")
            return
        }
        defer { _ = try? Self.shell("umount '\(mount.path)'") }
        let script = dir.appendingPathComponent("script")
        try Self.write(
            String(repeating: "pan 0 -10\nstate\nend\n", count: 400) + "expect t == 0\n", script)
        let trace = mount.appendingPathComponent("full.trace")
        let r = try Harness.run(["--record", trace.path, "--script", script.path])
        #expect(r.status == 1)
        #expect(
            r.err
                == "error: recording to '\(trace.path)' stopped: no space left on device; the session goes on\n"
        )
        #expect(r.out.hasSuffix("expect    ok: t == 0\n"))
        let replay = try Harness.run(["replay", trace.path])
        #expect(replay.status == 0, "\(replay.out.suffix(500))")
    }

    /// Standard output that cannot be written (`/dev/full`: no space left) is an error on
    /// standard error with exit status 2, in script mode and in replay, never a trap.
    @Test func unwritableStandardOutputIsAnError() throws {
        let dir = try Harness.temporaryDirectory()
        let script = dir.appendingPathComponent("script")
        try Self.write("pan 0 -100\nend\n", script)
        let trace = dir.appendingPathComponent("t.trace")
        let recorded = try Harness.run(["--script", script.path, "--record", trace.path])
        #expect(recorded.status == 0, "\(recorded.err)")
        for args in ["tabs --script '\(script.path)'", "replay '\(trace.path)'"] {
            let err = dir.appendingPathComponent("err")
            let status = try Self.shell(
                "('\(Harness.binary.path)' \(args) > /dev/full 2> '\(err.path)')")
            #expect(status == 2, "\(args)")
            #expect(
                try String(contentsOf: err, encoding: .utf8)
                    == "error: cannot write to standard output: No space left on device\n",
                "\(args)")
        }
    }

    static func shell(_ command: String) throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", command + " 2>/dev/null"]
        try p.run()
        p.waitUntilExit()
        return p.terminationStatus
    }

    // MARK: Line endings and costs

    /// `--script` of a CRLF file behaves like the same file on stdin.
    @Test func crlfScriptIsLikeStdin() throws {
        let dir = try Harness.temporaryDirectory()
        let lines = "pan 0 -100\nexpect outer.offset == 100\nend\nsettle\n"
        let file = dir.appendingPathComponent("crlf.txt")
        try Self.write(lines.replacingOccurrences(of: "\n", with: "\r\n"), file)
        let script = try Harness.run(["--script", file.path])
        let piped = try Harness.run([], stdin: lines)
        #expect(script.status == 0, "\(script.err)")
        #expect(script.out == piped.out)
        #expect(script.err == piped.err)
    }

    /// A long line (8 MB here; the 32 MB takes seconds in a debug build) in a script and
    /// in a trace's expected output is read in linear time: the reader used to search the whole
    /// buffer again for every 1 MiB chunk.
    @Test func hugeLinesAreRefusedNotStalled() throws {
        let dir = try Harness.temporaryDirectory()
        let word = String(repeating: "x", count: 8 << 20)
        let script = dir.appendingPathComponent("big.txt")
        try Self.write(word + "\nexpect t == 0\n", script)
        let r = try Harness.run(["--script", script.path])
        #expect(r.status == 1)
        // (a Bool, so a failure does not print the 8 MB line)
        let named = r.err.hasPrefix("\(script.path):1:1: error: unknown command 'xxxx")
        #expect(named)
        #expect(r.out == "expect    ok: t == 0\n")
        let trace = dir.appendingPathComponent("big.trace")
        try Self.write("# handoff trace v1\n# scene: tabs\n> step\n" + word + "\n", trace)
        let replay = try Harness.run(["replay", trace.path])
        #expect(replay.status == 1)
        #expect(replay.lines.contains("FAIL \(trace.path): 1 of 1 commands differ"))
    }
}
