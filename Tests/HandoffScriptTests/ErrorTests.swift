import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// Issue 10: errors point at the token that caused them, say it once, and offer a "did you
/// mean" only when it is close and harmless.
struct ErrorTests {
    func session(_ name: String = "tabs", files: MemoryFiles = MemoryFiles()) -> Session {
        Session(scene: BuiltinScenes.named(name)!, ref: name, files: files)
    }

    /// The rendered error of `line` run as line `number` of a script, after `setup`.
    func error(
        _ line: String, after setup: [String] = [], number: Int = 16, scene: String = "tabs",
        files: MemoryFiles = MemoryFiles()
    ) -> [String] {
        var s = session(scene, files: files)
        for l in setup { _ = s.run(l) }
        let r = s.run(line, lineNumber: number)
        #expect(r.failed, "\(line) should fail")
        return r.lines.map(\.text)
    }

    /// `step 0` ran nothing and said nothing, stopped or not (fresh-eyes finding): N is 1 or more.
    @Test func stepZeroIsAnError() {
        #expect(
            error("step 0", number: 3) == [
                "3:6: error: N must be between 1 and 100000", "  step 0", "       ^",
                "usage: step [N]",
            ])
    }

    @Test func loadOfNothingIsOneErrorUnderTheName() {
        #expect(
            error("load nosuch") == [
                "16:6: error: no built-in scene or file 'nosuch' (built-in: tabs, sheet, indicator, switcher, stretchy)",
                "  load nosuch",
                "       ^~~~~~",
                "usage: load SCENE",
            ])
        #expect(error("load tabz")[0].hasSuffix("; did you mean 'tabs'?"))
    }

    @Test func aBadSceneFileKeepsItsOwnPosition() {
        let files = MemoryFiles()
        files.files["bad.yaml"] = "root:\n  - view: a\n    frme: [0, 0, 1, 1]\n"
        #expect(
            error("load bad.yaml", files: files).prefix(3) == [
                "16:6: error: bad.yaml:3:5: unknown key 'frme' in a view; did you mean 'frame'?",
                "  load bad.yaml",
                "       ^~~~~~~~",
            ])
    }

    @Test func runtimeErrorsPointAtTheirToken() {
        #expect(
            error("expect nosuch.offset == 1").prefix(3) == [
                "16:8: error: no node 'nosuch'", "  expect nosuch.offset == 1",
                "         ^~~~~~~~~~~~~",
            ])
        #expect(
            error("expect foo.offset == 1").prefix(3) == [
                "16:8: error: no node 'foo'", "  expect foo.offset == 1", "         ^~~~~~~~~~",
            ])
        #expect(
            error("tap 195 -5").prefix(3) == [
                "16:5: error: the point is outside the window", "  tap 195 -5", "      ^~~~~~",
            ])
        #expect(
            error("pan 0 -10 at 5000 5000").prefix(3) == [
                "16:14: error: the point is outside the window", "  pan 0 -10 at 5000 5000",
                "               ^~~~~~~~~",
            ])
        #expect(
            error("pan 0 -10 at 100 100", after: ["touch 195 400"]).prefix(3) == [
                "16:11: error: a finger is already down; 'at' places a new touch",
                "  pan 0 -10 at 100 100", "            ^~",
            ])
        #expect(
            error("tap upcomng[3]").prefix(3) == [
                "16:5: error: no node 'upcomng'; did you mean 'upcoming'?", "  tap upcomng[3]",
                "      ^~~~~~~~~~",
            ])
        #expect(error("touch upcoming[99]")[2] == "        ^~~~~~~~~~~~")
        #expect(error("tab 7")[2] == "      ^")
        #expect(error("end")[2] == "  ^~~")
    }

    @Test func recordErrorsPointAtTheFile() {
        let files = MemoryFiles()
        files.files["old.trace"] = "x"
        #expect(error("record old.trace", files: files)[2] == "         ^~~~~~~~~")
        #expect(error("replay none.trace")[2] == "         ^~~~~~~~~~")
    }

    @Test func didYouMeanOnPathsSegmentsAndPhases() {
        #expect(
            error("expect outer.ofset == 1")[0]
                == "16:8: error: unknown PATH 'outer.ofset'; did you mean 'outer.offset'?")
        #expect(
            error("expect outr.offset == 0")[0]
                == "16:8: error: no node 'outr'; did you mean 'outer.offset'?")
        #expect(
            error("tab nxt")[0]
                == "16:5: error: no segment 'nxt' in 'menu' (next, prev, upcoming, previous); did you mean 'next'?"
        )
        #expect(
            error("expect phase == paning")[0]
                == "16:17: error: unknown phase 'paning' (idle, touching, panning, animating); did you mean 'panning'?"
        )
        #expect(error("expect owner == outr")[0].hasSuffix("did you mean 'outer'?"))
        #expect(error("expect touch == upcomin[2]")[0].hasSuffix("did you mean 'upcoming[2]'?"))
        #expect(error("expect tap == delivred")[0].hasSuffix("did you mean 'delivered'?"))
    }

    /// Values that exist but do not hold are failed expectations, not errors.
    @Test func enumeratedValuesThatExistStillCompare() {
        var s = session()
        for line in [
            "expect phase == panning", "expect owner == upcoming", "expect touch == upcoming[2]",
            "expect tap == delivered", "expect tap == swallowed",
        ] {
            let r = s.run(line)
            #expect(r.lines.first?.text.hasPrefix("expect    FAILED") == true, "\(line)")
        }
    }

    @Test func harmlessSuggestionsOnly() {
        func suggestion(_ line: String) -> String? {
            do {
                _ = try CommandParser.parse(line)
                return nil
            } catch {
                return error.suggestion
            }
        }
        #expect(suggestion("undo") == "back")  // never 'end': that lifts the finger
        #expect(suggestion("rewind") == "back")
        #expect(suggestion("en") == nil)
        #expect(suggestion("and") == nil)
        #expect(suggestion("ned") == "end")  // a swap of two letters is a typo
        #expect(suggestion("lod x") == "load")
        #expect(suggestion("reload x") == nil)
        #expect(suggestion("qiut") == "quit")
        #expect(suggestion("sett") == "settle" || suggestion("sett") == "set")
        #expect(suggestion("stat") == "state")
        #expect(suggestion("tpa 3") == "tap")
        #expect(suggestion("settel") == "settle")
    }

    @Test func aDurationNeedsAUnit() throws {
        var s = session()
        #expect(
            s.run("pan 0 -10 over 2", lineNumber: 3).lines.map(\.text) == [
                "3:16: error: a duration needs a unit (ms or s), got '2'; did you mean '2s'?",
                "  pan 0 -10 over 2", "                 ^", "usage: pan DX DY [over D] [at X Y]",
            ])
        #expect(
            s.run("wait 250", lineNumber: 4).lines.first?.text
                == "4:6: error: a duration needs a unit (ms or s), got '250'; did you mean '250ms'?"
        )
        #expect(s.sim.time == 0)
    }

    @Test func failedExpectsSayWhereTheyAre() {
        var s = session()
        #expect(
            s.run("expect t == 1", lineNumber: 7).lines.map(\.text) == [
                "7:1: expect    FAILED: t is 0, expected == 1"
            ])
        #expect(
            s.run("  expect t == 1", lineNumber: 8, file: "a.handoff").lines.map(\.text) == [
                "a.handoff:8:3: expect    FAILED: t is 0, expected == 1"
            ])
        #expect(
            s.run("x", lineNumber: 9, file: "a.handoff").lines.first?.text
                == "a.handoff:9:1: error: unknown command 'x'")
        // Traces and the shell keep the plain line.
        #expect(
            s.run("expect t == 1").lines.first?.text == "expect    FAILED: t is 0, expected == 1")
    }
}
