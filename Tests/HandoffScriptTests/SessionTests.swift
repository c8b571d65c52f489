import Foundation
import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

struct SessionTests {
    func session(_ name: String = "tabs", files: MemoryFiles = MemoryFiles()) -> Session {
        Session(scene: BuiltinScenes.named(name)!, ref: name, files: files)
    }

    @Test func stateJSONHasExactlyTheSpecKeys() {
        var s = session()
        _ = s.run("pan 0 -250")
        let line = s.run("state --json").lines.map(\.text)
        #expect(
            line == [
                #"{"t":0,"phase":"panning","owner":"upcoming","offsets":{"outer":200,"pager":0,"upcoming":50,"previous":0},"pages":{"pager":0},"sheets":{},"heights":{},"touch":{"target":"upcoming[2]","state":"panning(vertical)"},"last_tap":null,"ledger":{"d":250,"consumed":{"outer":200,"upcoming":50},"overscroll":{},"unconsumed":0},"animations":[]}"#
            ])
    }

    /// SPEC §6: under `--json`, `state --json` prints the same envelope as every command, with
    /// the state under `state` (and no events: it only inspects).
    @Test func stateJSONUnderJSONIsTheEnvelope() {
        var s = session()
        s.json = true
        _ = s.run("pan 0 -250")
        let line = s.run("state --json").lines.map(\.text)
        #expect(
            line == [
                #"{"command":"state --json","events":[],"state":{"t":0,"phase":"panning","owner":"upcoming","offsets":{"outer":200,"pager":0,"upcoming":50,"previous":0},"pages":{"pager":0},"sheets":{},"heights":{},"touch":{"target":"upcoming[2]","state":"panning(vertical)"},"last_tap":null,"ledger":{"d":250,"consumed":{"outer":200,"upcoming":50},"overscroll":{},"unconsumed":0},"animations":[]}}"#
            ])
    }

    /// `swipe … at X Y` touches at X Y, as `pan … at X Y` does; with a finger down it is an
    /// error at `at`, as for `pan`.
    @Test func swipeAtTouchesThere() {
        var s = session()
        let out = s.run("swipe -200 0 at 195 500").lines.map(\.text)
        #expect(out.first == "touch     upcoming[4] at (195, 500)")
        #expect(out.contains("owner     pager (chain pager)"))
        _ = s.run("touch 195 500")
        let r = s.run("swipe 0 -10 at 100 100")
        #expect(r.failed)
        #expect(r.lines.first?.text == "error: a finger is already down; 'at' places a new touch")
    }

    /// `handoff` lines are coloured on a terminal like `owner` lines (docs/reference/output.md says so): the
    /// role, not the text, decides the colour.
    @Test func handoffLinesAreHighlighted() {
        var s = session()
        let out = s.run("pan 0 -250").lines
        #expect(out.first { $0.text.hasPrefix("handoff") }?.role == .highlight)
        #expect(out.first { $0.text.hasPrefix("owner") }?.role == .highlight)
    }

    @Test func moveOutputShowsLedgerHandoffAndChanges() {
        var s = session()
        let out = s.run("pan 0 -250").lines.map(\.text)
        #expect(out.contains("move      d 250 = outer 200 pre + upcoming 50 self + unconsumed 0"))
        #expect(out.contains("handoff   outer → upcoming"))
        #expect(out.contains("outer.offset     0 → 200"))
        #expect(out.contains("upcoming.offset  0 → 50"))
        #expect(out.contains("cancel    upcoming[2] touchesCancelled"))
    }

    @Test func badInputKeepsState() {
        var s = session()
        _ = s.run("pan 0 -100")
        let before = StateReport(s.sim).json
        for bad in [
            "pan 0 -12O", "touch 1 2", "move", "tab 7", "expect q.offset == 1", "load nowhere.yaml",
            "tap nothing",
        ] {
            let r = s.run(bad)
            #expect(r.failed, "\(bad)")
            #expect(r.lines.allSatisfy { $0.isError }, "\(bad)")
        }
        #expect(StateReport(s.sim).json == before)
    }

    @Test func expectPassesAndFails() {
        var s = session()
        _ = s.run("pan 0 -250")
        #expect(!s.run("expect upcoming.offset == 50").failed)
        #expect(!s.run("expect owner == upcoming").failed)
        #expect(!s.run("expect ledger.outer == 200").failed)
        #expect(!s.run("expect phase != idle").failed)
        #expect(s.run("expect outer.offset < 200").failed)
        let r = s.run("expect upcoming.offset == 49")
        #expect(r.failed)
        #expect(r.lines.map(\.text) == ["expect    FAILED: upcoming.offset is 50, expected == 49"])
        _ = s.run("end")
        #expect(!s.run("expect tap == cancelled").failed)
        #expect(!s.run("expect touch == none").failed)
    }

    @Test func whyExplainsTheLastDecisionsWithTheirRules() {
        var s = session("sheet")
        #expect(s.run("why").lines.map(\.text) == ["why       nothing has been decided yet"])
        _ = s.run("pan 0 -20")
        _ = s.run("end 0 -100")
        let why = s.run("why").lines.map(\.text)
        #expect(why.first == "why       'end 0 -100'")
        #expect(why.contains { $0.contains("§4.3") && $0.contains("given with 'end'") })
        #expect(
            why.contains {
                $0.contains("§5.5 r1")
                    && $0.contains(
                        "projection 400 + 0.499·-100 = 350.1, clamped to 350.1; progress 0.22 ≤ 0.5 → half (top 420)"
                    )
            })
        _ = s.run("settle")
        _ = s.run("pan 0 -450")
        let drag = s.run("why").lines.map(\.text)
        #expect(
            drag.contains {
                $0.contains(
                    "sheet 320 pre: below its top-most detent a sheet takes every delta first")
            })
        #expect(drag.contains { $0.contains("studios 130 self") })
        // Inspection commands do not replace what `why` explains.
        _ = s.run("state")
        #expect(s.run("why").lines.map(\.text) == drag)
    }

    @Test func showDrawsTheScreen() {
        var s = session()
        _ = s.run("pan 0 -130")
        let lines = s.run("show").lines.map(\.text)
        // 844 / 20 rounded up is 43 rows, then the offsets; 390 / 10 is 39 columns.
        #expect(lines.count == 44)
        #expect(lines.dropLast().allSatisfy { $0.count == 39 })
        #expect(lines[0].hasPrefix("+header---"))
        #expect(lines[4] == "|*upcoming         | previous         |")
        // The finger is on row 3's line.
        #expect(lines[14].hasPrefix("|[3]") && lines[14].contains("@"))
        #expect(
            lines.last
                == "offsets: outer 130 of 0…200, pager 0 of 0…390, upcoming 0 of 0…1000, previous 0 of 0…0"
        )
    }

    /// With `--json` N commands print N lines, each a JSON object whose `command` is that
    /// command's canonical text, in the order run (SPEC §6): a bad line (as typed) and `help`
    /// included.
    @Test func jsonModePrintsOneLinePerCommand() throws {
        var s = session()
        s.json = true
        let typed = ["pan  0 -250.0", "end", "pan 0 -12O", "tab next", "help", "wait 0.05s"]
        let printed = typed.flatMap { s.run($0).lines.map(\.text) }
        let commands = try printed.map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return (object as? [String: Any])?["command"] as? String
        }
        #expect(commands == ["pan 0 -250", "end", "pan 0 -12O", "tab next", "help", "wait 0.05s"])
    }

    @Test func recordWritesAReplayableTrace() {
        let files = MemoryFiles()
        var s = session(files: files)
        _ = s.run("pan 0 -250")
        _ = s.run("record t.trace")
        _ = s.run("end 0 800")
        _ = s.run("pan 0 nope")
        _ = s.run("settle")
        _ = s.run("record stop")
        let text = files.files["t.trace"]!
        #expect(text.hasPrefix("# handoff trace v1\n# scene: tabs\n> pan 0 -250\n"))
        #expect(text.contains("# error: pan 0 nope"))
        var runner = TraceRunner.run(file: "t.trace", text: text, files: files)
        #expect(runner.finish() == .passed(commands: 3))
        #expect(s.run("record t.trace").failed)  // exists: refuses to overwrite
        #expect(!s.run("record t.trace --force").failed)
    }

    @Test func traceDiffAndCorruption() {
        let files = MemoryFiles()
        var fresh = session()
        let good =
            "# handoff trace v1\n# scene: tabs\n> pan 0 -150\n"
            + fresh.run("pan 0 -150").lines.map { $0.text + "\n" }.joined()
        var ok = TraceRunner.run(file: "a.trace", text: good, files: files)
        #expect(ok.finish() == .passed(commands: 1))
        let changed = good.replacingOccurrences(of: "0 → 150", with: "0 → 151")
        #expect(changed != good)
        var bad = TraceRunner.run(file: "a.trace", text: changed, files: files)
        #expect(bad.finish() == .failed(commands: 1, differing: 1))
        #expect(bad.diff.contains("-outer.offset  0 → 151"))
        #expect(bad.diff.contains("+outer.offset  0 → 150"))
        var corrupt = TraceRunner.run(
            file: "c.trace", text: "# handoff trace v1\n# scene: tabs\n> pna 0 1\n", files: files)
        #expect(corrupt.finish() == .corrupt("c.trace:3: error: column 3: unknown command 'pna'"))
        var noHeader = TraceRunner.run(file: "d.trace", text: "> pan 0 1\n", files: files)
        #expect(
            noHeader.finish()
                == .corrupt(
                    "d.trace:1: error: not a handoff trace: the first line must be '# handoff trace v1'"
                ))
        // A scene that is neither built in nor a file is the `# scene:` line's error; a scene
        // file that does not load is that line's error too, with the file's own position.
        var noScene = TraceRunner.run(
            file: "e.trace", text: "# handoff trace v1\n# scene: nope\n", files: files)
        #expect(
            noScene.finish()
                == .corrupt(
                    "e.trace:2: error: no built-in scene or file 'nope' (built-in: tabs, sheet,"
                        + " indicator, switcher, stretchy)"))
        files.files["bad.yaml"] = "name: x\n"
        var badScene = TraceRunner.run(
            file: "f.trace", text: "# handoff trace v1\n# scene: bad.yaml\n> pan 0 1\n",
            files: files)
        #expect(
            badScene.finish()
                == .corrupt("f.trace:2: error: bad.yaml:1:1: a scene needs 'root:' with its nodes"))
    }

    @Test func stepAnswers() {
        #expect(StepAnswer("") == .run)
        #expect(StepAnswer(" continue ") == .runRest)
        #expect(StepAnswer("c") == .runRest)
        #expect(StepAnswer("\tq") == .stop)
        #expect(StepAnswer(nil) == .stop)
        #expect(StepAnswer(" state ") == .inspect("state"))
        #expect(StepAnswer("why") == .inspect("why"))
        #expect(StepAnswer("expect t == 0") == .inspect("expect t == 0"))
        // A typo or a command that changes state never advances the replay.
        #expect(StepAnswer("con tinue") == .invalid("unknown command 'con'"))
        if case .invalid = StepAnswer("pan 0 -10") {} else { Issue.record("pan ran at a step") }
        // The refusal names every kind of command that does run at a step (the debugger's
        // listings included), and what `continue` means there.
        #expect(StepAnswer("history") == .inspect("history"))
        // Every command the refusal lists runs at a pause (`set` only alone).
        #expect(StepAnswer("hazards") == .inspect("hazards"))
        #expect(StepAnswer("delete all") == .inspect("delete all"))
        #expect(StepAnswer("unwatch all") == .inspect("unwatch all"))
        #expect(StepAnswer("compare policy uikit") == .inspect("compare policy uikit"))
        #expect(StepAnswer("scenes") == .inspect("scenes"))
        #expect(StepAnswer("set") == .inspect("set"))
        #expect(StepAnswer("break") == .inspect("break"))
        #expect(
            StepAnswer("tab next")
                == .invalid(
                    "'tab next' would change the replay; at a step, Enter runs the trace's next command, 'continue' (c) runs the rest of the replay, 'quit' (q) stops, and only inspection commands run here (scenes, state, tree, show, why, expect, set alone, break, delete, watch, unwatch, history, hazards, compare, help)"
                ))
    }

    @Test func loadSceneFileRelativeToBase() {
        let files = MemoryFiles()
        files.files["dir/s.yaml"] = SceneLoaderTests.example
        var s = session(files: files)
        s.baseDirectory = "dir"
        let r = s.run("load s.yaml")
        #expect(!r.failed)
        #expect(s.sim.graph.scene.name == "tabs-example")
        files.files["dir/bad.yaml"] = "root:\n  - view: a\n    frme: [0, 0, 1, 1]\n"
        let bad = s.run("load bad.yaml")
        #expect(bad.failed)
        #expect(
            bad.lines[0].text
                == "error: dir/bad.yaml:3:5: unknown key 'frme' in a view; did you mean 'frame'?")
        #expect(bad.lines[2].text == "       ^~~~~~~~")
        #expect(s.sim.graph.scene.name == "tabs-example")
    }
}
