import Foundation
import HandoffTestSupport
import Testing

/// The executable end to end, on scripts fed through stdin (issue 3's "must show").
@Suite(.serialized) struct CLITests {
    @Test func pipedScriptPrintsLedgerAndJSON() throws {
        let r = try Harness.run([], stdin: "pan 0 -250\nstate --json\n")
        #expect(r.status == 0)
        #expect(
            r.lines.contains("move      d 250 = outer 200 pre + upcoming 50 self + unconsumed 0"))
        let json = try #require(r.lines.first { $0.hasPrefix("{") })
        let obj = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        let offsets = obj["offsets"] as! [String: Double]
        #expect(offsets["outer"] == 200)
        #expect(offsets["upcoming"] == 50)
        #expect(
            Set(obj.keys) == [
                "t", "phase", "owner", "offsets", "pages", "sheets", "heights", "touch", "last_tap",
                "ledger", "animations",
            ])
        #expect(
            !r.lines.contains { $0.hasPrefix(">") || $0.contains("> ") && !$0.hasPrefix("path") })
    }

    /// Output from a pipe is written in batches, but always before the program waits for more
    /// input: a program that drives `handoff` through pipes gets each answer before it sends the
    /// next command (without the flush, this test would wait for an answer until its timeout).
    @Test func pipedCommandsAreAnsweredBeforeTheNextIsRead() throws {
        let p = Process()
        p.executableURL = Harness.binary
        let input = Pipe()
        let output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = FileHandle.nullDevice
        try p.run()
        defer { if p.isRunning { p.terminate() } }
        let fd = output.fileHandleForReading.fileDescriptor
        /// Sends a command and reads until `marker` has been printed, for at most 20 s.
        func answer(_ command: String, until marker: String) -> String {
            input.fileHandleForWriting.write(Data((command + "\n").utf8))
            var text = ""
            let deadline = Date().addingTimeInterval(20)
            var bytes = [UInt8](repeating: 0, count: 4096)
            while !text.contains(marker), Date() < deadline {
                var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 100) > 0 else { continue }
                let n = read(fd, &bytes, bytes.count)
                if n <= 0 { break }
                text += String(decoding: bytes[0..<n], as: UTF8.self)
            }
            return text
        }
        #expect(
            answer("pan 0 -250", until: "upcoming.offset").contains(
                "phase            idle → panning"))
        #expect(
            answer("end", until: "pan       vertical ended").contains("pan       vertical ended"))
        try input.fileHandleForWriting.close()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
    }

    /// A path that names nothing, or a folder without traces, is an unusable argument: a CI job
    /// whose traces moved must not pass on `0 passed, 0 failed`.
    @Test func testOfNothingExitsTwo() throws {
        let dir = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = try Harness.run(["test", "Traces", "nosuch.trace"])
        #expect(missing.status == 2)
        #expect(missing.out.isEmpty)
        #expect(missing.err == "error: cannot read 'nosuch.trace': no such file or folder\n")
        let empty = try Harness.run(["test", dir.path])
        #expect(empty.status == 2)
        #expect(empty.err == "error: no .trace file under '\(dir.path)'\n")
    }

    /// A failed `expect` recorded as golden output does not make a passing trace: `test`,
    /// `replay` and `--update` all fail on it, naming the line.
    @Test func aTraceThatPinsAFailedExpectFails() throws {
        let dir = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("pinned.trace").path
        let rec = try Harness.run(
            ["--record", trace], stdin: "pan 0 -50\nexpect outer.offset == 999\n")
        #expect(rec.status == 1)
        let verdict =
            "FAIL \(trace): 1 of 2 commands failed, as the trace expects (line 14 'expect outer.offset == 999'): a trace may not pin a failed expect or an error"
        for args in [["test", trace], ["test", "--update", trace], ["replay", trace]] {
            let r = try Harness.run(args)
            #expect(r.status == 1, "\(args)")
            #expect(r.lines.contains(verdict), "\(args): \(r.out)")
        }
    }

    /// `record` onto a directory says so, rather than suggesting a `--force` that fails too.
    @Test func recordOntoADirectorySaysSo() throws {
        let dir = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Harness.run([], stdin: "record \(dir.path)\n")
        #expect(r.status == 1)
        #expect(r.err.contains("error: cannot write '\(dir.path)': is a directory"), "\(r.err)")
        #expect(!r.err.contains("add --force"))
    }

    @Test func oneCommandIsSingular() throws {
        let dir = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("one.trace")
        try "# handoff trace v1\n# scene: tabs\n> step\nt         0 → 0.02\n".write(
            to: trace, atomically: true, encoding: .utf8)
        let r = try Harness.run(["test", trace.path])
        #expect(r.lines.first == "PASS \(trace.path) (1 command)")
    }

    @Test func failedExpectExitsOne() throws {
        let r = try Harness.run([], stdin: "pan 0 -100\nexpect outer.offset == 99\n")
        #expect(r.status == 1)
        #expect(r.err.contains("expect    FAILED: outer.offset is 100, expected == 99"))
    }

    @Test func badNumberShowsCaretAndLaterCommandsRunOnIntactState() throws {
        let r = try Harness.run(
            [],
            stdin:
                "pan 0 -100\npan 0 -12O\nexpect outer.offset == 100\nmove 0 -50\nexpect outer.offset == 150\n"
        )
        #expect(r.status == 1)
        #expect(
            r.err.contains(
                "2:7: error: expected a number for DY, got '-12O'\n  pan 0 -12O\n        ^~~~\nusage: pan DX DY [over D] [at X Y]"
            ))
        #expect(r.out.contains("expect    ok: outer.offset == 100"))
        #expect(r.out.contains("expect    ok: outer.offset == 150"))
    }

    @Test func bailStopsAtFirstFailure() throws {
        let r = try Harness.run(["--bail"], stdin: "pan 0 -12O\npan 0 -100\n")
        #expect(r.status == 1)
        #expect(!r.out.contains("move"))
    }

    @Test func sceneFileWithUnknownKeyExitsTwo() throws {
        let dir = try Harness.temporaryDirectory()
        let file = dir.appendingPathComponent("bad.yaml")
        try "window: [390, 844]\nroot:\n  - view: a\n    frame: [0, 0, 10, 10]\n    tapp: true\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let r = try Harness.run([file.path], stdin: "")
        #expect(r.status == 2)
        #expect(
            r.err == "\(file.path):5:5: error: unknown key 'tapp' in a view; did you mean 'tap'?\n")
        let missing = try Harness.run(["tabz"], stdin: "")
        #expect(missing.status == 2)
        #expect(missing.err.contains("no built-in scene or file 'tabz'"))
        #expect(missing.err.contains("did you mean 'tabs'?"))
    }

    @Test func scriptFlagAndJSONOutput() throws {
        let dir = try Harness.temporaryDirectory()
        let script = dir.appendingPathComponent("s.handoff")
        try "pan 0 -40 over 50ms\nend\nsettle\nexpect upcoming.offset == 239.6\n".write(
            to: script, atomically: true, encoding: .utf8)
        let r = try Harness.run(["--script", script.path])
        #expect(r.status == 0, "\(r.err)")
        let j = try Harness.run(["sheet", "--json"], stdin: "pan 0 -200\nnot-a-command\n")
        #expect(j.status == 1)
        let lines = j.out.split(separator: "\n") + j.err.split(separator: "\n")
        #expect(lines.count == 2)
        for l in lines { #expect((try? JSONSerialization.jsonObject(with: Data(l.utf8))) != nil) }
    }

    /// `handoff help CMD` on the command line prints the session's `help CMD`; `help scene`
    /// the scene file's keys; a subcommand's name keeps ArgumentParser's help for it.
    @Test func helpOfACommandOnTheCommandLine() throws {
        let pan = try Harness.run(["help", "pan"])
        #expect(pan.status == 0)
        #expect(
            pan.lines == [
                "usage: pan DX DY [over D] [at X Y]",
                "  touch at the scene's touch point (or X Y) if no finger is down, then move",
                "example: pan 0 -250", "words: over at", "",
            ])
        let scene = try Harness.run(["help", "scene"])
        #expect(scene.status == 0)
        #expect(
            scene.lines.first
                == "scene files (YAML or JSON; docs/reference/scene-format.md). At the top:")
        #expect(scene.out.contains("\n  rowHeights               [heights], one per row\n"))
        let replay = try Harness.run(["help", "replay"])
        #expect(replay.out.contains("USAGE: handoff replay"))
        let undo = try Harness.run(["help", "undo"])
        #expect(undo.status == 2)
        #expect(undo.err == "error: no command 'undo'; did you mean 'back'?\n")
    }

    @Test func scenesVersionHelp() throws {
        let s = try Harness.run(["scenes"])
        #expect(
            s.lines.prefix(5).map { String($0.prefix(9)).trimmingCharacters(in: .whitespaces) } == [
                "tabs", "sheet", "indicator", "switcher", "stretchy",
            ])
        #expect(try Harness.run(["--version"]).out == "0.1.0\n")
        #expect(try Harness.run(["--help"]).out.contains("USAGE"))
        let bad = try Harness.run(["--bogus"])
        #expect(bad.status == 2)
        #expect(bad.err.contains("Unknown option '--bogus'"))
    }

    @Test func sameInputSameBytes() throws {
        let script =
            "swipe 0 -300\nwait 200ms\npan 0 80\nend 0 900\nsettle\ntab next\nsettle\nstate --json\n"
        let a = try Harness.run(["tabs"], stdin: script)
        let b = try Harness.run(["tabs"], stdin: script)
        #expect(a.out == b.out)
        #expect(!a.out.isEmpty)
    }

    /// A few hundred random lines never crash the binary: exit 0 or 1 only.
    @Test func randomLinesNeverCrash() throws {
        var rng = SplitMix(seed: 42)
        let words = [
            "pan", "move", "end", "touch", "tap", "tab", "wait", "step", "settle", "swipe",
            "expect", "set",
            "state", "tree", "load", "help", "next", "prev", "over", "at", "of", "0", "-120",
            "1e309", "nan",
            "-0", "50ms", "0.3s", "first[3]", "upcoming[2]", "menu[1]", "ID[", "é", "π", "🙂",
            "--json",
            "slop", "fps", "policy", "uikit", "==", "~=", "±", "outer.offset", "9999999999999", "[",
            "]", "sheet", "stretchy",
        ]
        for scene in ["tabs", "sheet", "indicator", "switcher", "stretchy"] {
            var script = ""
            for _ in 0..<80 {
                let n = Int(rng.next() % 5)
                script +=
                    (0...n).map { _ in words[Int(rng.next() % UInt64(words.count))] }.joined(
                        separator: " ") + "\n"
            }
            let r = try Harness.run([scene], stdin: script)
            #expect(
                r.status == 0 || r.status == 1, "\(scene) exited \(r.status): \(r.err.suffix(300))")
        }
    }
}
