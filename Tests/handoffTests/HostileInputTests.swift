import Foundation
import Testing

/// Issue 22 through the binary: devices and FIFOs, `--update` on a full disk or through a link,
/// a recording truncated by another process, numbers no screen has, a `plot` window past any
/// session, a nameless scene recorded through an absolute path, Ctrl-\ while recording, and a
/// file that is not a scene quoted into a log. Each case failed before its fix.
@Suite(.serialized) struct HostileInputTests {
    static func write(_ text: String, _ url: URL) throws {
        try text.write(to: url, atomically: false, encoding: .utf8)
    }

    /// Runs the binary under `timeout`, so a read that never ends fails the test (status 124)
    /// instead of hanging the suite.
    static func run(_ args: [String], stdin: String = "", cwd: URL? = nil) throws -> Harness.Result
    {
        try Harness.run(["-k", "5", "20", Harness.binary.path] + args, stdin: stdin, cwd: cwd) {
            $0.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        }
    }

    // MARK: 1. Devices and FIFOs

    /// Anything that is not a regular file is refused at once (exit 2), wherever a file is
    /// named: it may never end (`/dev/zero`) or never start (a FIFO with no writer).
    @Test func devicesAndFIFOsAreRefusedAtOnce() throws {
        let dir = try Harness.temporaryDirectory()
        let fifo = dir.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for path in ["/dev/zero", fifo] {
            let refused = "cannot read '\(path)': not a regular file"
            for args in [
                ["replay", path], ["test", path], ["plot", path], ["import", path],
                ["--script", path], [path],
            ] {
                let r = try Self.run(args)
                #expect(r.status == 2, "\(args): \(r.err)")
                #expect(
                    r.err.contains(refused)
                        || r.err.contains("read scene '\(path)': not a regular"),
                    "\(args): \(r.err)")
            }
            // Inside a session and inside traces: an error there, and the rest goes on.
            let load = try Self.run([], stdin: "load \(path)\nexpect t == 0\n")
            #expect(load.status == 1)
            #expect(load.err.contains("cannot read scene '\(path)': not a regular file"))
            #expect(load.out.contains("expect    ok: t == 0"))
            let sceneLine = dir.appendingPathComponent("scene.trace")
            try Self.write("# handoff trace v1\n# scene: \(path)\n> state\n", sceneLine)
            let test = try Self.run(["test", sceneLine.path])
            #expect(test.status == 1)
            #expect(
                test.lines.contains(
                    "CORRUPT \(sceneLine.path):2: error: cannot read scene '\(path)': not a regular file"
                ), "\(test.out)")
        }
        let stdin = dir.appendingPathComponent("stdin.trace")
        try Self.write("# handoff trace v1\n# scene: tabs\n> load /dev/stdin\n", stdin)
        let replay = try Self.run(["replay", stdin.path])
        #expect(replay.status == 1)
        #expect(replay.out.contains("+error: cannot read scene '/dev/stdin': not a regular file"))
    }

    // MARK: 2. --update

    /// A trace whose expected output is off by one word, so `--update` has something to write.
    static func staleTrace(_ url: URL) throws -> String {
        let text =
            "# handoff trace v1\n# scene: tabs\n> tab next\ntab       menu → previous (STALE)\n"
        try write(text, url)
        return text
    }

    /// `--update` never writes through a symbolic link: the file it points at stays as it was.
    @Test func updateNeverWritesThroughALink() throws {
        let dir = try Harness.temporaryDirectory()
        let elsewhere = try Harness.temporaryDirectory().appendingPathComponent("real.trace")
        let original = try Self.staleTrace(elsewhere)
        let link = dir.appendingPathComponent("x.trace")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: elsewhere)
        let test = try Self.run(["test", "--update", dir.path])
        #expect(test.status == 1)
        #expect(
            test.lines.contains(
                "FAIL \(link.path): cannot update it: it is a symbolic link (not written through)"))
        let replay = try Self.run(["replay", "--update", link.path])
        #expect(replay.status == 2)
        #expect(
            replay.err.hasSuffix(
                "error: cannot update '\(link.path)': it is a symbolic link (not written through)\n"
            ))
        #expect(try String(contentsOf: elsewhere, encoding: .utf8) == original)
        // A real file is rewritten in place of the old one, keeping its permissions.
        let plain = dir.appendingPathComponent("plain.trace")
        _ = try Self.staleTrace(plain)
        #expect(chmod(plain.path, 0o600) == 0)
        let updated = try Self.run(["replay", "--update", plain.path])
        #expect(updated.status == 0, "\(updated.err)")
        #expect(try Self.run(["replay", plain.path]).status == 0)
        var st = stat()
        #expect(stat(plain.path, &st) == 0 && st.st_mode & 0o777 == 0o600)
        // No temporary file is left beside it.
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(left == ["plain.trace", "x.trace"])
    }

    /// On a full disk `--update` leaves the trace byte for byte and exits non-zero (it used to
    /// truncate it, write 4,096 bytes, and say `updated`). Needs root for a small tmpfs.
    @Test func updateOnAFullDiskLeavesTheTrace() throws {
        guard let mount = try SmallDisk.mount(kilobytes: 64) else { return }
        defer { SmallDisk.unmount(mount) }
        let trace = mount.appendingPathComponent("t.trace")
        // Long enough that its rewrite cannot fit in what the filler leaves free.
        var text = "# handoff trace v1\n# scene: tabs\n"
        for _ in 0..<40 { text += "> tab next\nstale\n> tab prev\nstale\n" }
        try Self.write(text, trace)
        try SmallDisk.fill(mount)
        let replay = try Self.run(["replay", "--update", trace.path])
        #expect(replay.status == 2)
        #expect(
            replay.err.contains("error: cannot update '\(trace.path)': no space left on device"))
        #expect(try String(contentsOf: trace, encoding: .utf8) == text)
        let test = try Self.run(["test", "--update", trace.path])
        #expect(test.status == 1)
        #expect(test.out.contains("FAIL \(trace.path): cannot update it: no space left on device"))
        #expect(try String(contentsOf: trace, encoding: .utf8) == text)
    }

    // MARK: 3. A recording truncated by another process

    /// `truncate -s 0` of the file being recorded, or a second `--record SAME --force`, is
    /// reported with the next command (it used to kill the session with SIGBUS); the session goes
    /// on and exits 1.
    @Test func aTruncatedRecordingIsReported() throws {
        for how in ["truncate", "second recorder"] {
            let dir = try Harness.temporaryDirectory()
            let trace = dir.appendingPathComponent("r.trace")
            let running = try Harness.start(["--record", trace.path])
            let p = running.process
            let input = running.input
            input.write(Data("step\nstep\n".utf8))
            // The two blocks are written before their output: wait for the output.
            var seen = Data()
            while !String(decoding: seen, as: UTF8.self).contains("0.02 → 0.03") {
                let chunk = running.output.availableData
                if chunk.isEmpty { break }
                seen.append(chunk)
            }
            if how == "truncate" {
                #expect(truncate(trace.path, 0) == 0)
            } else {
                let second = try Harness.run(["--record", trace.path, "--force"])
                #expect(second.status == 0)
            }
            // The recorder looks at its file at most every 100 ms (a command costs no system
            // call): the next command after that reports it.
            Thread.sleep(forTimeInterval: 0.15)
            input.write(Data("step\nstep\nexpect t == 0.07\n".utf8))
            try input.close()
            let out = seen + running.output.readDataToEndOfFile()
            let err = running.error.readDataToEndOfFile()
            p.waitUntilExit()
            #expect(p.terminationReason == .exit && p.terminationStatus == 1, "\(how)")
            #expect(
                String(decoding: err, as: UTF8.self)
                    == "error: recording to '\(trace.path)' stopped: the file was truncated or written by another process while recording; the session goes on\n",
                "\(how)")
            #expect(String(decoding: out, as: UTF8.self).contains("expect    ok: t == 0.07"))
        }
    }

    // MARK: 4 and 5. Numbers no screen has

    /// A dump with a frame of 1e20 pt or an offset of 1e300 pt is a scene error at its line
    /// (it trapped in the number printer), wherever the dump is loaded.
    @Test func hugeNumbersInADumpAreSceneErrors() throws {
        let dir = try Harness.temporaryDirectory()
        let source = try String(
            contentsOf: Harness.root.appendingPathComponent(ImportCLITests.dump), encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        let first = try #require(lines.firstIndex { $0.contains("frame = (") })
        let scroll = try #require(lines.firstIndex { $0.contains("contentOffset: {") })
        let cases: [(String, Int, String)] = [
            ("frame", first, "frame = (0 0; 1e20 844)"),
            ("contentOffset", scroll, "contentOffset: {0, 1e300}"),
        ]
        for (key, index, field) in cases {
            var edited = lines
            edited[index] = edited[index].replacingOccurrences(
                of: key == "frame" ? #"frame = \([^)]*\)"# : #"contentOffset: \{[^}]*\}"#,
                with: field, options: .regularExpression)
            let dump = dir.appendingPathComponent("\(key).txt")
            try Self.write(edited.joined(separator: "\n"), dump)
            // `FILE:LINE:COL: error: …` on its own; inside a session or a trace, after the
            // session's or the trace's own position.
            let at = "\(dump.path):\(index + 1):1: "
            for args in [[dump.path], ["import", dump.path]] {
                let r = try Self.run(args, stdin: "state\n")
                #expect(r.status == 2, "\(args)")
                #expect(r.err.hasPrefix(at + "error: \(key) '"), "\(args): \(r.err)")
                #expect(r.err.contains("is out of range (at most 1000000 in size)"))
            }
            let load = try Self.run([], stdin: "load \(dump.path)\nexpect t == 0\n")
            #expect(load.status == 1)
            #expect(load.err.contains(": error: \(at)\(key) '"), "\(load.err)")
            #expect(load.out.contains("expect    ok: t == 0"))
            let trace = dir.appendingPathComponent("\(key).trace")
            try Self.write("# handoff trace v1\n# scene: \(key).txt\n> state\n", trace)
            let test = try Self.run(["test", trace.path])
            #expect(test.status == 1)
            #expect(
                test.out.hasPrefix("CORRUPT \(trace.path):2: error: \(at)\(key) '"), "\(test.out)")
        }
    }

    /// `plot --from 1e30s` and `--to 99999999999999999999` are usage errors (they trapped), on
    /// the command line and in a session, which goes on.
    @Test func plotWindowsPastAnySessionAreRefused() throws {
        let dir = try Harness.temporaryDirectory()
        let script = dir.appendingPathComponent("s.txt")
        try Self.write("pan 0 -100\nend\n", script)
        for (flag, value) in [("--from", "1e30s"), ("--to", "99999999999999999999")] {
            let r = try Self.run(["plot", script.path, flag, value, "-o", dir.path + "/p.svg"])
            #expect(r.status == 2)
            #expect(
                r.err
                    == "error: \(flag) takes a time in seconds from 0 to 1000000000 like 1.5 or 250ms, got '\(value)'\n"
            )
            let session = try Self.run(
                [], stdin: "pan 0 -100\nplot \(dir.path)/q.svg \(flag) \(value)\nexpect t == 0\n")
            #expect(session.status == 1)
            #expect(session.err.contains("error: expected a time in seconds from 0 to 1000000000"))
            #expect(session.out.contains("expect    ok: t == 0"))
        }
    }

    // MARK: 6. A nameless scene recorded through an absolute path

    /// A scene file without `name:` is named by its file (`s`), whatever path loads it: a
    /// recording made through `/abs/s.yaml` replays through `../s.yaml`.
    @Test func aNamelessSceneRecordedByAbsolutePathReplays() throws {
        let dir = try Harness.temporaryDirectory()
        let yaml = try String(
            contentsOf: Harness.root.appendingPathComponent(
                "Traces/list-in-scroll/list-in-scroll.yaml"), encoding: .utf8)
        let nameless = yaml.split(separator: "\n").filter { !$0.hasPrefix("name:") }.joined(
            separator: "\n")
        let scene = dir.appendingPathComponent("s.yaml")
        try Self.write(nameless, scene)
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("out"), withIntermediateDirectories: true)
        let argument = try Self.run(
            [scene.path, "--record", "out/a.trace"], stdin: "tree\n", cwd: dir)
        #expect(argument.status == 0, "\(argument.err)")
        #expect(argument.out.contains("window [390, 600]  scene s\n"))
        let loaded = try Self.run(
            ["--record", "out/b.trace"], stdin: "load \(scene.path)\ntree\n", cwd: dir)
        #expect(loaded.status == 0, "\(loaded.err)")
        for name in ["a", "b"] {
            let trace = dir.appendingPathComponent("out/\(name).trace")
            // From the trace's folder, from elsewhere, and by an absolute path.
            #expect(try Self.run(["replay", "out/\(name).trace"], cwd: dir).status == 0)
            #expect(
                try Self.run(["replay", "\(name).trace"], cwd: trace.deletingLastPathComponent())
                    .status == 0)
            #expect(try Self.run(["replay", trace.path]).status == 0)
        }
    }

    // MARK: 7. Ctrl-\ while recording

    /// `SIGQUIT` ends the process (the runtime's backtracer used to report a crash and keep
    /// reading with its handlers gone), and the trace replays up to the last printed command.
    @Test func quitSignalEndsARecordingThatReplays() throws {
        let dir = try Harness.temporaryDirectory()
        let trace = dir.appendingPathComponent("q.trace")
        let p = Process()
        // No core file (`exec`: the signal goes to handoff itself).
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = [
            "-c", "ulimit -c 0; exec \"$0\" --record \"$1\"", Harness.binary.path, trace.path,
        ]
        let inPipe = Pipe()
        let outPipe = Pipe()
        p.standardInput = inPipe
        p.standardOutput = outPipe
        p.standardError = Pipe()
        try p.run()
        inPipe.fileHandleForWriting.write(Data("pan 0 -100\nend\nstep\n".utf8))
        var seen = ""
        while !seen.contains("t         0 → 0.02") {
            let chunk = outPipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        kill(p.processIdentifier, SIGQUIT)
        // It must end by itself, without its input being closed.
        let deadline = Date().addingTimeInterval(10)
        while p.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let ended = !p.isRunning
        if !ended { p.terminate() }
        try inPipe.fileHandleForWriting.close()
        p.waitUntilExit()
        #expect(ended)
        #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == SIGQUIT)
        let replay = try Self.run(["replay", trace.path])
        #expect(replay.status == 0, "\(replay.out)")
        #expect(replay.out.hasSuffix("PASS \(trace.path) (3 commands)\n"))
    }

    // MARK: 8. Files that are not scenes, and file names

    /// `> load FILE` of a password-shaped file under `handoff test` says it is not a scene and
    /// quotes nothing of it (it printed the first line into the CI log); an unknown key of a real
    /// scene is quoted at most 24 characters, escaped.
    @Test func aFileThatIsNotASceneIsNotQuoted() throws {
        let dir = try Harness.temporaryDirectory()
        let secret = "s3cr3t-hash-QWERTY"
        let passwd = dir.appendingPathComponent("shadow-like")
        try Self.write(
            "root:$6$\(secret):20228:0:99999:7:::\ndaemon:*:20228:0:99999:7:::\n", passwd)
        let trace = dir.appendingPathComponent("t.trace")
        try Self.write("# handoff trace v1\n# scene: tabs\n> load shadow-like\n", trace)
        let test = try Self.run(["test", trace.path])
        #expect(test.status == 1)
        #expect(
            test.out.contains(
                "+error: \(passwd.path):1:1: not a scene file: none of its top-level keys is a scene key (name, window, touch, root, settings, gestures, on)"
            ), "\(test.out)")
        #expect(!test.out.contains(secret) && !test.out.contains("daemon"))
        let scene = dir.appendingPathComponent("k.yaml")
        try Self.write(
            "name: k\nwindow: [390, 844]\nroot: []\n\"key-\\e[31m-\(secret)-and-more\": 1\n", scene)
        let load = try Self.run([scene.path])
        #expect(load.status == 2)
        #expect(
            load.err
                == "\(scene.path):4:1: error: unknown key 'key-\\x1b[31m-s3cr3t-hash-QW…' in the scene\n"
        )
    }

    /// A file name with a control character is printed escaped in the import summary (it went
    /// to the terminal raw).
    @Test func fileNamesArePrintedEscaped() throws {
        let dir = try Harness.temporaryDirectory()
        let name = "d\u{1B}[31m.txt"
        let dump = dir.appendingPathComponent(name)
        try FileManager.default.copyItem(
            at: Harness.root.appendingPathComponent(ImportCLITests.dump), to: dump)
        let imported = try Self.run(["import", name], cwd: dir)
        #expect(imported.status == 0)
        #expect(imported.err == "d\\x1b[31m.txt: 53 views, 1 scroll view, 0 lines skipped\n")
        let loaded = try Self.run([name], cwd: dir)
        #expect(
            loaded.err.hasPrefix(
                "d\\x1b[31m.txt: UIKit dump: 53 views, 1 scroll view, 0 lines skipped\n"))
        #expect(!loaded.err.contains("\u{1B}"))
    }

    /// Every `CORRUPT` line carries `error:`, even for a scene error inside the trace itself
    /// (`# scene:` naming the trace).
    @Test func corruptLinesSayError() throws {
        let dir = try Harness.temporaryDirectory()
        let trace = dir.appendingPathComponent("self.trace")
        try Self.write("# handoff trace v1\n# scene: self.trace\n> state\n", trace)
        let test = try Self.run(["test", trace.path])
        #expect(test.status == 1)
        #expect(
            test.lines.first?.hasPrefix("CORRUPT \(trace.path):2: error: \(trace.path):") == true,
            "\(test.out)")
    }
}

/// A small tmpfs to fill up (root only: elsewhere the tests that need one are skipped, saying so).
enum SmallDisk {
    static func mount(kilobytes: Int) throws -> URL? {
        guard getuid() == 0 else {
            print("skipped: mounting a small tmpfs needs root")
            return nil
        }
        let dir = try Harness.temporaryDirectory().appendingPathComponent("small")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        guard
            try ReliabilityTests.shell("mount -t tmpfs -o size=\(kilobytes)k tmpfs '\(dir.path)'")
                == 0
        else {
            print("skipped: mount -t tmpfs failed (no CAP_SYS_ADMIN here)")
            return nil
        }
        return dir
    }

    /// Fills the disk to the last block.
    static func fill(_ dir: URL) throws {
        _ = try ReliabilityTests.shell("dd if=/dev/zero of='\(dir.path)/filler' bs=1k 2>/dev/null")
    }

    static func unmount(_ dir: URL) {
        _ = try? ReliabilityTests.shell("umount '\(dir.path)'")
    }
}
