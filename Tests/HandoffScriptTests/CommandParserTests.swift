import Testing

@testable import HandoffScript

struct CommandParserTests {
    /// Every command prints back to canonical text that parses to the same command.
    @Test(arguments: [
        "load sheet", "scenes", "touch 195 400", "touch first[3]", "touch header", "move 0 -5",
        "move 0 -40 over 50ms", "pan 0 -250", "pan 0 -40 over 50ms at 195 400", "end",
        "end 0 -1000",
        "swipe 0 -300 over 200ms", "swipe -200 0 at 195 200", "swipe 0 -300 over 200ms at 195 400",
        "tap 3", "tap first[3]", "tap header", "tap 195 100", "tab next",
        "tab prev of menu", "tab 1", "tab previous", "wait 500ms", "wait 2s", "step", "step 6",
        "settle",
        "state", "state --json", "tree", "why", "show", "expect first.offset == 50",
        "expect owner == first",
        "expect list.offset ~= 14.36 ± 0.01", "set policy uikit", "set slop 12.5", "set fps 120",
        "record a.trace", "record a.trace --force", "record stop", "replay a.trace --step", "help",
        "help pan", "help scene", "quit",
        // Issue 10: every digit that changes the number, and the unit typed (SPEC §1).
        "pan 0 -200.004", "move 0 0.003", "expect t == 0.004 ± 0.001", "wait 8.3334ms",
        "move 0 -40 over 0.3s", "set slop 7.125", "end 0.5 -100.25", "touch 195.333 400.667",
        "pan 0 -30.333 over 8.3334ms at 100.5 300.25", "expect outer.offset ~= 0.00001",
        // File names with spaces, a `#` or a quote are quoted.
        "load \"my dir/a b.yaml\"", "record \"my trace.trace\" --force",
        "replay \"#1.trace\" --step",
        "load '\"odd\" name.yaml'",
    ])
    func roundTrip(line: String) throws {
        let command = try #require(try CommandParser.parse(line))
        #expect(command.canonical == line)
        let again = try #require(try CommandParser.parse(command.canonical))
        #expect(again == command)
    }

    @Test func spellingsNormalise() throws {
        #expect(
            try CommandParser.parse("  pan   0   -40.0 over 0.05s ")?.canonical
                == "pan 0 -40 over 0.05s")
        #expect(try CommandParser.parse("expect t >= 1 +- 0.5")?.canonical == "expect t >= 1 ± 0.5")
        #expect(try CommandParser.parse("step 1")?.canonical == "step")
        #expect(try CommandParser.parse("# a comment") == nil)
        #expect(try CommandParser.parse("load 'a b.yaml'") == .load("a b.yaml"))
        #expect(try CommandParser.parse("load \"a b.yaml\" # why") == .load("a b.yaml"))
        #expect(try CommandParser.parse("load \"unclosed b.yaml") == .load("unclosed b.yaml"))
        #expect(try CommandParser.parse("") == nil)
    }

    /// Each part of a command knows where it was typed, so running it never reads the line again.
    @Test func partsKnowWhereTheyWereTyped() throws {
        let pan = try #require(try CommandParser.parseWithSource("pan 0 -10 over 2s at 5000 5000"))
        #expect(pan.range(.name) == SourceRange(column: 1, length: 3))
        #expect(pan.range(.dy) == SourceRange(column: 7, length: 3))
        #expect(pan.range(.duration) == SourceRange(column: 16, length: 2))
        #expect(pan.range(.at) == SourceRange(column: 19, length: 2))
        #expect(pan.range(.point) == SourceRange(column: 22, length: 9))
        let expect = try #require(try CommandParser.parseWithSource("  expect a.offset == 1 ± 2"))
        #expect(expect.range(.path) == SourceRange(column: 10, length: 8))
        #expect(expect.range(.value) == SourceRange(column: 22, length: 1))
        #expect(expect.range(.tolerance) == SourceRange(column: 26, length: 1))
        let tap = try #require(try CommandParser.parseWithSource("tap 3"))
        #expect(tap.range(.target) == SourceRange(column: 5, length: 1))
        #expect(tap.range(.point) == tap.range(.name))  // not typed: the command's name
    }

    func error(_ line: String) -> Diagnostic? {
        do {
            _ = try CommandParser.parse(line)
            return nil
        } catch {
            return error
        }
    }

    @Test func badNumberPointsAtTheToken() throws {
        let d = try #require(error("pan 0 -12O"))
        #expect(d.message == "expected a number for DY, got '-12O'")
        #expect(d.column == 7)
        #expect(d.length == 4)
        #expect(d.usage == "pan DX DY [over D] [at X Y]")
        #expect(
            d.render(line: "pan 0 -12O", lineNumber: 3) == [
                "3:7: error: expected a number for DY, got '-12O'",
                "  pan 0 -12O",
                "        ^~~~",
                "usage: pan DX DY [over D] [at X Y]",
            ])
    }

    @Test(arguments: [
        "pan 0 nan", "pan 0 inf", "pan 0 1e309", "move 0x10 0", "pan 0 1e8", "wait 1e9s",
        "step 99999999", "step -1", "pän 0 1", "tap first[x]", "tap first[-1]", "end 1",
        "set fps 0", "set policy ios", "expect x.offset ?? 3", "expect nowhere == 1",
        "pan 0 -1 over", "help nope", "pan 0 -1 over 2", "wait 250", "swipe 0 -1 over 0.1",
        "expect phase == paning",
    ])
    func rejected(line: String) {
        #expect(error(line) != nil)
    }

    @Test func didYouMean() throws {
        #expect(error("pna 0 1")?.suggestion == "pan")
        #expect(error("set polcy uikit")?.suggestion == "policy")
        #expect(error("set policy uikt")?.suggestion == "uikit")
        #expect(error("stat")?.suggestion == "state")
        #expect(error("pan 0 1 ovr 50ms")?.suggestion == "over")
    }

    @Test func controlCharactersAreShownAndAligned() throws {
        let d = try #require(error("pan 0 -1\u{0}"))
        #expect(
            d.render(line: "pan 0 -1\u{0}", lineNumber: nil) == [
                "error: expected a number for DY, got '-1\u{FFFD}'", "  pan 0 -1\u{FFFD}",
                "        ^~~",
                "usage: pan DX DY [over D] [at X Y]",
            ])
    }

    @Test func unknownCommandColumn() throws {
        let d = try #require(error("   frobnicate 1"))
        #expect(d.column == 4)
        #expect(d.message == "unknown command 'frobnicate'")
    }
}
