import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// Issue 9 in the script layer: stale `why`, what `record` writes, traces that cannot lie or
/// write files, escaped names, bounded "did you mean", the diff cap inside one command.
struct TraceSafetyTests {
    func session(_ name: String = "tabs", files: MemoryFiles = MemoryFiles()) -> Session {
        Session(scene: BuiltinScenes.named(name)!, ref: name, files: files)
    }

    func text(_ r: RunResult) -> [String] { r.lines.map(\.text) }

    /// `pan 0 -100`, `load indicator`, `why` crashed on indices of the previous scene.
    @Test func whyAfterLoadExplainsNothingOfThePreviousScene() {
        var s = session()
        _ = s.run("pan 0 -100")
        _ = s.run("load indicator")
        #expect(text(s.run("why")) == ["why       nothing has been decided yet"])
        _ = s.run("pan 0 -100")
        #expect(text(s.run("why")).first == "why       'pan 0 -100'")
    }

    /// Settings made before `load` start the trace as `set` commands (SPEC §7), so the slop of 20
    /// still keeps `pan 0 -15` from becoming a pan when the trace replays.
    @Test func recordStartsWithSettingsMadeBeforeLoad() throws {
        let files = MemoryFiles()
        var s = session(files: files)
        _ = s.run("set slop 20")
        _ = s.run("set policy uikit")
        _ = s.run("load indicator")
        let pan = text(s.run("pan 0 -15"))
        #expect(!pan.contains("pan       vertical began"))
        #expect(!s.run("record t.trace").failed)
        _ = s.run("end")
        _ = s.run("record stop")
        let trace = try #require(files.files["t.trace"])
        #expect(
            trace.hasPrefix(
                "# handoff trace v1\n# scene: indicator\n> set slop 20\nset       slop 20\n"
                    + "> set policy uikit\nset       policy uikit\n> pan 0 -15\n"))
        #expect(!trace.contains("> load"))
        var runner = TraceRunner.run(file: "t.trace", text: trace, files: files)
        #expect(runner.finish() == .passed(commands: 4))
    }

    /// The `set` settings in force at the load are written in `set`'s order, `output` left out.
    @Test func recordWritesTheSetSettingsOfTheLoad() {
        #expect(Session.settingCommands([:]) == [])
        #expect(
            Session.settingCommands([
                "fps": .fps(120), "output": .output(json: true), "slopmode": .slopMode(.subtract),
            ]) == [
                "set slopmode subtract", "set fps 120",
            ])
    }

    /// A `set` the scene's own settings override is written, then the scene loaded again over it,
    /// so the replay has the scene's value now and the `set` value after a later `load`.
    @Test func recordReloadsASceneWhoseSettingsOverrideASet() throws {
        let files = MemoryFiles()
        files.files["s.yaml"] = SceneLoaderTests.example.replacingOccurrences(
            of: "name: tabs-example\n", with: "name: tabs-example\nsettings: {policy: nested}\n")
        var s = session(files: files)
        _ = s.run("set policy uikit")
        #expect(!s.run("load s.yaml").failed)
        #expect(s.sim.settings.policy == .nested)
        _ = s.run("pan 0 -100")
        _ = s.run("record t.trace")
        _ = s.run("end")
        _ = s.run("load tabs")
        #expect(s.sim.settings.policy == .uikit)
        _ = s.run("pan 0 -100")
        _ = s.run("record stop")
        let trace = try #require(files.files["t.trace"])
        #expect(
            trace.split(separator: "\n").filter { $0.hasPrefix("> ") } == [
                "> set policy uikit", "> load s.yaml", "> pan 0 -100", "> end", "> load tabs",
                "> pan 0 -100",
            ])
        var runner = TraceRunner.run(file: "t.trace", text: trace, files: files)
        #expect(runner.finish() == .passed(commands: 6), "\(runner.diff.joined(separator: "\n"))")
    }

    /// `--json --record` writes the text output a replay compares, never JSON lines.
    @Test func jsonSessionRecordsTextOutput() throws {
        let files = MemoryFiles()
        var s = session(files: files)
        s.json = true
        _ = s.run("pan 0 -100")
        _ = s.run("record j.trace")
        let end = s.run("end 0 800")
        #expect(end.lines.count == 1 && end.lines[0].text.hasPrefix("{\"command\":\"end 0 800\""))
        _ = s.run("settle")
        _ = s.run("record stop")
        let trace = try #require(files.files["j.trace"])
        #expect(!trace.contains("{"))
        #expect(trace.contains("> end 0 800\npan       vertical ended\n"))
        var runner = TraceRunner.run(file: "j.trace", text: trace, files: files)
        #expect(runner.finish() == .passed(commands: 3))
    }

    /// `record`, `record stop`, `replay` and `set output` are comments in a recording.
    @Test func fileCommandsAreRecordedAsComments() throws {
        let files = MemoryFiles()
        files.files["other.trace"] = "# handoff trace v1\n# scene: tabs\n> step\nt     0 → 0.02\n"
        var s = session(files: files)
        _ = s.run("record r.trace")
        _ = s.run("step")
        _ = s.run("replay other.trace")
        _ = s.run("set output json")
        _ = s.run("set output text")
        _ = s.run("record stop")
        let trace = try #require(files.files["r.trace"])
        #expect(
            trace
                == "# handoff trace v1\n# scene: tabs\n> step\nt         0 → 0.02\n# replay other.trace\n"
                + "# set output json\n# set output text\n# record stop\n")
    }

    /// A trace that replays itself recursed to SIGSEGV: a replay inside a replay is refused and
    /// counts as a difference.
    @Test func replayInsideATraceIsRefused() {
        let files = MemoryFiles()
        let trace = "# handoff trace v1\n# scene: tabs\n> replay self.trace\n"
        files.files["self.trace"] = trace
        var s = session(files: files)
        let r = s.run("replay self.trace")
        #expect(r.failed)
        #expect(
            text(r).contains(
                "+error: 'replay' inside a trace is refused: a replayed or tested trace cannot replay another"
            ))
        #expect(text(r).last == "FAIL self.trace: 1 of 1 commands differ")
    }

    /// `> record victim --force` in a trace overwrote the file: refused, nothing written, and
    /// a difference even when the trace "expects" the refusal.
    @Test func verifyingNeverWritesFiles() {
        let files = MemoryFiles()
        files.files["victim.txt"] = "precious"
        let refusal =
            "error: 'record' writes a file: running a file to plot it, or replaying or testing a trace, never writes files (SPEC §7)"
        for command in ["record victim.txt --force", "record stop"] {
            let trace =
                "# handoff trace v1\n# scene: tabs\n> \(command)\n\(refusal)\n  \(command)\n  ^"
                + String(repeating: "~", count: command.count - 1) + "\n"
            var runner = TraceRunner.run(file: "v.trace", text: trace, files: files)
            #expect(runner.finish() == .failed(commands: 1, differing: 1))
        }
        #expect(files.files["victim.txt"] == "precious")
        #expect(files.files.count == 1)
    }

    /// `quit` in a trace: refused (a difference), so a `quit` first never passes unchecked and
    /// `--update` keeps every command after it.
    @Test func quitInATraceNeverPassesAndUpdateKeepsWhatFollows() {
        let files = MemoryFiles()
        var first = TraceRunner.run(
            file: "q.trace", text: "# handoff trace v1\n# scene: tabs\n> quit\n> pan 0 -1\n",
            files: files)
        #expect(first.finish() == .failed(commands: 2, differing: 2))
        var update = TraceRunner.run(
            file: "q.trace",
            text: "# handoff trace v1\n# scene: tabs\n> pan 0 -100\n> quit\n> end\n> settle\n",
            files: files, update: true)
        #expect(update.finish() == .failed(commands: 4, differing: 3))  // `settle` prints nothing
        let commands = update.updated.split(separator: "\n").filter { $0.hasPrefix("> ") }
        #expect(commands == ["> pan 0 -100", "> quit", "> end", "> settle"])
        var again = TraceRunner.run(file: "q.trace", text: update.updated, files: files)
        #expect(again.finish() == .failed(commands: 4, differing: 1))
    }

    /// A line the reader found not to be UTF-8 makes the trace corrupt at that line.
    @Test func invalidLineIsCorruptAtItsLine() {
        var runner = TraceRunner(file: "ff.trace", files: MemoryFiles())
        runner.read(text: "# handoff trace v1\n# scene: tabs\n")
        _ = runner.read(TraceLine(nil))
        runner.read(text: "> step\n")
        #expect(runner.finish() == .corrupt("ff.trace:3: error: the line is not UTF-8 text"))
    }

    /// Names from a scene file with a newline or ESC are escaped wherever printed: `tree` cannot
    /// forge a `> pan` line in a recording nor send escape codes.
    @Test func controlCharactersInNamesAreEscaped() throws {
        let files = MemoryFiles()
        files.files["evil.yaml"] = """
            name: "evil\\n> pan 0 -1\\e[31m"
            window: [390, 844]
            root:
              - tabs: menu
                frame: [0, 0, 390, 44]
                segments: ["a\\n> tap 1", "b\\e[2J"]
                controls: pager
              - pager: pager
                frame: [0, 44, 390, 300]
                pages:
                  - view: p1
                    frame: [0, 0, 390, 300]
                  - view: p2
                    frame: [0, 0, 390, 300]
              - sheet: sh
                detents: {"full\\n> x": 100, half: 300}
                children: []
            """
        var s = Session(
            scene: try Session.loadScene("evil.yaml", files: files, base: nil), ref: "evil.yaml",
            files: files)
        _ = s.run("record e.trace")
        var printed: [String] = []
        for command in ["tree", "state", "show", "tab 1", "settle", "expect pager.page == 7"] {
            printed += text(s.run(command))
        }
        _ = s.run("record stop")
        for line in printed {
            #expect(
                !line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(line)")
        }
        #expect(printed.contains { $0.contains("scene evil\\n> pan 0 -1\\x1b[31m") })
        #expect(printed.contains { $0.contains("segments a\\n> tap 1|b\\x1b[2J") })
        let trace = try #require(files.files["e.trace"])
        #expect(!trace.unicodeScalars.contains { $0.value == 0x1B })
        let commands = trace.split(separator: "\n").filter { $0.hasPrefix("> ") }
        #expect(
            commands == [
                "> tree", "> state", "> show", "> tab 1", "> settle", "> expect pager.page == 7",
            ])
    }

    @Test func escapeShowsEveryControlCharacter() {
        #expect(Escape.visible("plain é ✓") == "plain é ✓")
        #expect(
            Escape.visible("a\nb\rc\td\u{1B}e\u{7F}f\u{9B}g") == "a\\nb\\rc\\td\\x1be\\x7ff\\x9bg")
        #expect(JSONWriter.string("\u{1B}\u{7F}\u{9B}") == #""\u001b\u007f\u009b""#)
    }

    /// "Did you mean" is bounded: a 1 MB word and a 1,000-character id against 10,000 ids are
    /// near nothing, found without a word-length × candidate-length table per candidate (it was
    /// 3.9 s and 1.9 s); close words still match.
    @Test func didYouMeanIsBoundedAndStillFindsCloseWords() {
        let megabyte = String(repeating: "x", count: 1 << 20)
        #expect(Suggest.closest(to: megabyte, in: CommandTable.names) == nil)
        let ids = (0..<10_000).map { "node\($0)" }
        #expect(Suggest.closest(to: String(repeating: "n", count: 1000), in: ids) == nil)
        #expect(Suggest.closest(to: "node9999x", in: ids) == "node9999")
        #expect(Suggest.closest(to: "pna", in: CommandTable.names) == "pan")
        #expect(Suggest.closest(to: "stae", in: CommandTable.names) == "state")
        if case .failure(let d) = Result(catching: { () throws(Diagnostic) in
            try CommandParser.parse(megabyte)
        }) {
            #expect(d.suggestion == nil)
            #expect(d.message.hasPrefix("unknown command 'xxxx"))
        } else {
            Issue.record("a 1 MB word parsed")
        }
    }

    /// The diff cap holds inside one command: a million differing lines print a capped hunk.
    @Test func diffCapAppliesInsideOneCommand() {
        let expected = String(repeating: "nope\n", count: 1_000_000)
        var runner = TraceRunner.run(
            file: "big.trace", text: "# handoff trace v1\n# scene: tabs\n> step\n" + expected,
            files: MemoryFiles())
        #expect(runner.finish() == .failed(commands: 1, differing: 1))
        #expect(runner.diff.count == TraceDiff.maxLines)
        #expect(runner.diff.last == "… 998005 more lines of this command's diff")
    }

    /// `# scene:` is written relative to the trace's folder (SPEC §7).
    @Test func scenePathsRelativeToTheTrace() {
        #expect(Paths.relative("scenes/maps.yaml", from: "sub", cwd: "/w") == "../scenes/maps.yaml")
        #expect(Paths.relative("/w/a/s.yaml", from: "/w/a", cwd: "/x") == "s.yaml")
        #expect(Paths.relative("s.yaml", from: "", cwd: "/w") == "s.yaml")
        #expect(Paths.relative("./a/../b/s.yaml", from: "b/c", cwd: "/w") == "../s.yaml")
        #expect(Paths.relative("/w/s.yaml", from: "/elsewhere/t", cwd: "/w") == "../../w/s.yaml")
    }

    /// Every text of `length` 0 to `lengths - 1` characters with one of `controls` at each
    /// `place`, after `place` characters of a plain filler (multi-byte ones among them) and
    /// before `x`s; with the filler, for a clean text of the same shape.
    static func controlAtEveryPlace(lengths: Int, controls: [String], plain: [String])
        -> [(text: String, filler: String, place: Int, length: Int)]
    {
        var out: [(String, String, Int, Int)] = []
        for length in 0..<lengths {
            for place in 0...length {
                for (k, c) in controls.enumerated() {
                    let filler = plain[(length + place + k) % plain.count]
                    let text =
                        String(repeating: filler, count: place) + c
                        + String(repeating: "x", count: length - place)
                    out.append((text, filler, place, length))
                }
            }
        }
        return out
    }

    /// Text output notes the pieces that may need escaping as it writes them (labels and
    /// numbers never do): a control character in a piece of any length, at any place, among
    /// labels, numbers and clean pieces, is still escaped; clean lines stay as written.
    @Test func textOutputEscapesControlsInAnyPiece() {
        let cases = Self.controlAtEveryPlace(
            lengths: 24,
            controls: ["\u{0}", "\u{1F}", "\n", "\u{7F}", "\u{80}", "\u{9F}", "\u{1B}"],
            plain: ["a", "~", " ", "é", "✓"])
        for (piece, filler, place, length) in cases {
            var out = TextOutput()
            out.line { w in
                w.label("move")
                w.put("outer")
                w.put(" " as StaticString)
                w.put(12.5)
            }
            out.line { w in
                w.label("owner")
                w.put(piece)
                w.put(", " as StaticString)
                w.put(length)
            }
            out.escape()
            #expect(out.text(0) == "move      outer 12.5")
            #expect(
                out.text(1) == "owner     \(Escape.visible(piece)), \(length)",
                "\(Array(piece.utf8))")
            #expect(!out.text(1).unicodeScalars.contains { $0.value < 0x20 })
            var clean = TextOutput()
            let text = String(repeating: filler, count: place + 1) + "x"
            clean.line { $0.put(text) }
            clean.escape()
            #expect(clean.text(0) == text)
        }
    }

    /// The escape check reads eight bytes at a time: a control character is found at every
    /// place of every length, and text beside it (é, a no-break space) is left alone.
    @Test func escapingFindsControlsAtEveryPlace() {
        let cases = Self.controlAtEveryPlace(
            lengths: 20, controls: ["\u{0}", "\u{1F}", "\n", "\u{7F}", "\u{80}", "\u{9F}"],
            plain: ["a", "~", " ", "é", "\u{A0}", "✓"])
        for (text, filler, place, length) in cases {
            #expect(Escape.needsEscaping(text), "\(Array(text.utf8))")
            let clean =
                String(repeating: filler, count: place + 1)
                + String(repeating: "x", count: length - place)
            #expect(!Escape.needsEscaping(clean), "\(Array(clean.utf8))")
        }
    }
}
