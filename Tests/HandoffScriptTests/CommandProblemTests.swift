import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// Issue 23 item 5: a command line's error is a typed value (`CommandProblem`) carrying its
/// data, worded by `ErrorMessage` and printed by `ErrorMessage.lines` only when it prints. Each
/// family prints byte for byte what it printed when the words were built where it was thrown.
@Suite struct CommandProblemTests {
    /// The printed lines of `line`, run as line 7 of a script on `scene` after `setup`.
    func printed(
        _ line: String, after setup: [String] = [], scene: String = "tabs",
        files: any FileAccess = MemoryFiles()
    ) -> [String] {
        var s = Session(scene: BuiltinScenes.named(scene)!, ref: scene, files: files)
        for l in setup { _ = s.run(l) }
        let r = s.run(line, lineNumber: 7)
        #expect(r.failed, "\(line) should fail")
        return r.lines.map(\.text)
    }

    /// The thrown value, before any words: what the parser found, where, for which command.
    func thrown(_ line: String) -> Diagnostic? {
        do throws(Diagnostic) {
            _ = try CommandParser.parse(line)
            return nil
        } catch {
            return error
        }
    }

    @Test func theParserThrowsValuesNotWords() {
        #expect(
            thrown("pna 0 1")
                == Diagnostic(.unknownCommand("pna"), column: 1, length: 3, typed: "pna"))
        #expect(
            thrown("pan 0") == Diagnostic(.missing("DY"), column: 6, length: 1, command: "pan"))
        #expect(
            thrown("wait 100")
                == Diagnostic(
                    .durationWithoutUnit("100"), column: 6, length: 3, command: "wait",
                    typed: "100"))
        #expect(
            thrown("set polcy uikit")?.problem == .unknownSetting("polcy", compare: false))
        #expect(thrown("compare output json")?.problem == .unknownSetting("output", compare: true))
    }

    @Test func unknownCommands() {
        #expect(
            printed("pna 0 -100") == [
                "7:1: error: unknown command 'pna'; did you mean 'pan'?", "  pna 0 -100", "  ^~~",
            ])
        // A synonym, and a drastic command never offered for a word it is not a typo of.
        #expect(printed("undo")[0] == "7:1: error: unknown command 'undo'; did you mean 'back'?")
        #expect(printed("en")[0] == "7:1: error: unknown command 'en'")
        #expect(
            printed("help sette")[0] == "7:6: error: no command 'sette'; did you mean 'settle'?")
    }

    @Test func missingAndExtraArguments() {
        #expect(
            printed("pan 0") == [
                "7:6: error: missing DY", "  pan 0", "       ^",
                "usage: pan DX DY [over D] [at X Y]",
            ])
        #expect(
            printed("pan 0 -100 ovr 50ms") == [
                "7:12: error: unexpected 'ovr'; did you mean 'over'?", "  pan 0 -100 ovr 50ms",
                "             ^~~", "usage: pan DX DY [over D] [at X Y]",
            ])
        #expect(
            printed("replay a b")[0]
                == "7:10: error: unexpected 'b' (quote a file name with spaces: \"a b.yaml\")")
        #expect(
            printed("state --jsn")[0] == "7:7: error: unexpected '--jsn'; did you mean '--json'?")
        #expect(printed("set touches")[0] == "7:12: error: missing a VALUE (simple, uikit)")
    }

    @Test func numbersAndDurations() {
        #expect(printed("pan x y")[0] == "7:5: error: expected a number for DX, got 'x'")
        #expect(
            printed("pan 0 1e9")[0]
                == "7:7: error: DY is out of range (at most 10000000 in size)")
        #expect(printed("step x")[0] == "7:6: error: expected a whole number for N, got 'x'")
        #expect(printed("step 0")[0] == "7:6: error: N must be between 1 and 100000")
        #expect(
            printed("wait 100") == [
                "7:6: error: a duration needs a unit (ms or s), got '100'; did you mean '100ms'?",
                "  wait 100", "       ^~~", "usage: wait D",
            ])
        #expect(
            printed("pan 0 -100 over 2")[0]
                == "7:17: error: a duration needs a unit (ms or s), got '2'; did you mean '2s'?")
        #expect(
            printed("wait 5x")[0]
                == "7:6: error: expected a duration like 120ms or 0.3s for D, got '5x'")
        #expect(printed("wait 9999s")[0] == "7:6: error: D must be between 0 and 600s")
    }

    @Test func unknownSettingsAndPaths() {
        #expect(
            printed("set polcy uikit")[0]
                == "7:5: error: unknown setting 'polcy' (slop, slopmode, policy, touches, fps, output, gestures, rule N, ID.KEY); did you mean 'policy'?"
        )
        #expect(
            printed("set list.ofset 1")[0]
                == "7:5: error: unknown key 'list.ofset' (bounces, scrollEnabled, transfers, nested.pre, nested.post, nested.fling, deceleration, momentum, delaysContentTouches, canCancelContentTouches, style, scrollingExpands)"
        )
        #expect(
            printed("compare output json")[0]
                == "7:9: error: compare changes a setting of the simulation (slop, slopmode, policy, touches, fps), not output"
        )
        #expect(
            printed("compare frob 1")[0]
                == "7:9: error: unknown setting 'frob' (slop, slopmode, policy, touches, fps, gestures, rule N, ID.KEY)"
        )
        #expect(
            printed("expect outer.ofset == 1")[0]
                == "7:8: error: unknown PATH 'outer.ofset'; did you mean 'outer.offset'?")
        #expect(printed("watch nosuch")[0] == "7:7: error: unknown PATH 'nosuch'")
    }

    @Test func valuesAKeyDoesNotTake() {
        #expect(
            printed("set policy uikt") == [
                "7:12: error: policy takes nested or uikit or outer, got 'uikt'; did you mean 'uikit'?",
                "  set policy uikt", "             ^~~~", "usage: set [KEY VALUE]",
            ])
        #expect(
            printed("set slop x")[0]
                == "7:10: error: slop takes a number of points from 0 to 1000, got 'x'")
        #expect(
            printed("set fps 0")[0]
                == "7:9: error: fps takes a whole number from 1 to 1000, got '0'")
        #expect(
            printed("set gestures onn")[0]
                == "7:14: error: gestures takes on or off, got 'onn'; did you mean 'on'?")
        #expect(
            printed("set outer.bounces maybe")[0]
                == "7:19: error: bounces takes true or false, got 'maybe'")
        #expect(
            printed("set outer.deceleration x")[0]
                == "7:24: error: deceleration takes normal or fast, got 'x'")
        #expect(printed("compare policy uikt")[0].hasSuffix("got 'uikt'; did you mean 'uikit'?"))
        // A scene file's settings say it on one line, as the validator reports it.
        #expect(
            ErrorMessage.text(Setting.sceneError(.badValue(key: "policy", value: "uikt")).problem)
                == "policy takes nested or uikit or outer, got 'uikt'; did you mean 'uikit'?")
    }

    @Test func operatorsAndPhases() {
        #expect(
            printed("expect t === 1")[0]
                == "7:10: error: unknown operator '==='; did you mean '=='?")
        #expect(
            printed("expect phase == paning")[0]
                == "7:17: error: unknown phase 'paning' (idle, touching, panning, animating); did you mean 'panning'?"
        )
        #expect(
            printed("expect phase == flying")[0]
                == "7:17: error: unknown phase 'flying' (idle, touching, panning, animating)")
    }

    @Test func touchesTheSimulatorRefuses() {
        #expect(
            printed("move 0 -10") == [
                "7:1: error: no finger is down; start with 'touch' or 'pan'", "  move 0 -10",
                "  ^~~~",
                "usage: move DX DY [over D]",
            ])
        #expect(printed("end")[0] == "7:1: error: no finger is down; start with 'touch' or 'pan'")
        #expect(
            printed("tap 3", after: ["pan 0 -100"])[0]
                == "7:1: error: a finger is already down; 'end' it first")
        #expect(
            printed("tap 195 -5") == [
                "7:5: error: the point is outside the window", "  tap 195 -5", "      ^~~~~~",
                "usage: tap N | tap ID[N] | tap ID | tap X Y",
            ])
    }

    @Test func rowsSegmentsAndNodes() {
        #expect(
            printed("tap 99", scene: "stretchy") == [
                "7:5: error: 'table' has 10 rows", "  tap 99", "      ^~",
                "usage: tap N | tap ID[N] | tap ID | tap X Y",
            ])
        #expect(
            printed("tab next", scene: "stretchy")[0]
                == "7:5: error: this scene has no tabs control")
        #expect(printed("tab 7")[0] == "7:5: error: 'menu' has 2 segments (0…1)")
        #expect(
            printed("tab nxt")[0]
                == "7:5: error: no segment 'nxt' in 'menu' (next, prev, upcoming, previous); did you mean 'next'?"
        )
        #expect(
            printed("tap tabel", scene: "stretchy")[0]
                == "7:5: error: no node 'tabel'; did you mean 'table'?")
        #expect(printed("tab 0 of nosuch")[0] == "7:10: error: no node 'nosuch'")
    }

    @Test func placesOffScreenOrPastTheLastItem() {
        #expect(
            printed("tap upcoming[29]") == [
                "7:5: error: 'upcoming[29]' is not on screen", "  tap upcoming[29]",
                "      ^~~~~~~~~~~~", "usage: tap N | tap ID[N] | tap ID | tap X Y",
            ])
        #expect(printed("tap menu[5]")[0] == "7:5: error: 'menu' has 2 items (0…1)")
        #expect(
            printed("tap 39", scene: "sheet")[0]
                == "7:5: error: row 39 of 'studios' is not on screen")
    }

    /// The usage line's command is the canonical text's first word, as `Command.name` reads it.
    @Test func theCommandNameIsCutAsCharactersCutIt() {
        for canonical in ["tap 3", "state", "load a", "load \u{301}a", "set policy uikit", "end"] {
            #expect(
                Session.Fail.name(ofCanonical: canonical) == Command.name(ofCanonical: canonical),
                "\(canonical)")
        }
    }

    /// A quiet check (a breakpoint's condition, a watched value) never builds its error.
    @Test func aQuietCheckBuildsNoError() {
        var built = false
        func problem() -> CommandProblem {
            built = true
            return .noTabs
        }
        #expect(Session.Fail.quiet(problem()).problem == .unprinted)
        #expect(!built)
        let loud = Session.Fail(parts: [:], canonical: "tab next")
        #expect(loud(problem()) == Diagnostic(.noTabs, command: "tab"))
        #expect(built)
    }

    @Test func filesThatCannotBeWrittenOrRead() {
        #expect(
            printed("record /nonexistent/x.trace", files: Unwritable()) == [
                "7:8: error: cannot write '/nonexistent/x.trace': read-only file system",
                "  record /nonexistent/x.trace", "         ^~~~~~~~~~~~~~~~~~~~",
                "usage: record FILE [--force] | record stop",
            ])
        #expect(
            ErrorMessage.line(.unwritable(.file("a\tb"), reason: "is a directory"))
                == "error: cannot write 'a\\tb': is a directory")
        // Typed on a command line, the path is shown as the line shows it (U+FFFD).
        #expect(
            Diagnostic(.user(.unwritable(.typed("a\tb"), reason: "x"))).render(
                line: "record a\tb", lineNumber: nil)[0] == "error: cannot write 'a\u{FFFD}b': x")
        #expect(
            printed("replay /nonexistent.trace")[0]
                == "7:8: error: cannot read '/nonexistent.trace': no such file")
        #expect(
            printed("plot a.svg", files: Unwritable())[0]
                == "7:6: error: cannot write 'a.svg': read-only file system")
    }

    /// Under `--json` an error is one object: its words and "did you mean" as fields.
    @Test func jsonCarriesTheSameWords() {
        var s = Session(scene: BuiltinScenes.named("tabs")!, ref: "tabs", files: MemoryFiles())
        _ = s.run("set output json")
        let line = s.run("pna 0 1", lineNumber: 3).lines[0].text
        #expect(
            line.contains(
                #""message":"unknown command 'pna'","line":3,"column":1,"length":3,"usage":null,"suggestion":"pan""#
            ))
    }

    /// plot's and the trace runner's errors go through the same renderer.
    @Test func plotAndTraceErrorsAreValues() {
        #expect(
            ErrorMessage.line(.escaped(.message("no built-in scene or file 'a\tb'")))
                == "error: no built-in scene or file 'a\\tb'")
        #expect(
            ErrorMessage.line(
                .located(
                    SourceLocation(file: "t.trace", line: 3),
                    .command(.durationWithoutUnit("2"), column: 17)))
                == "t.trace:3: error: column 17: a duration needs a unit (ms or s), got '2'")
        #expect(
            SceneLoadError.notFound(ref: "tbas", suggestion: "tabs").rendered
                == "error: no built-in scene or file 'tbas' (built-in: tabs, sheet, indicator, switcher, stretchy); did you mean 'tabs'?"
        )
    }
}

/// Files that can be read (there are none) but never written.
private struct Unwritable: FileAccess {
    func read(_ path: String) throws(FileError) -> String { throw FileError("no such file") }
    func exists(_ path: String) -> Bool { false }
    func create(_ path: String, _ text: String) throws(FileError) {
        throw FileError("read-only file system")
    }
}
