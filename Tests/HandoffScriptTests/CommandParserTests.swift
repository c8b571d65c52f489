import Testing

@testable import HandoffScript

struct CommandParserTests {
    /// Every command prints back to canonical text that parses to the same command.
    @Test(arguments: [
        "load sheet", "scenes", "touch 195 400", "touch first[3]", "touch header", "move 0 -5",
        "move 0 -40 over 50ms", "pan 0 -250", "pan 0 -40 over 50ms at 195 400", "end",
        "end 0 -1000",
        "swipe 0 -300 over 200ms", "tap 3", "tap first[3]", "tap header", "tap 195 100", "tab next",
        "tab prev of menu", "tab 1", "tab previous", "wait 500ms", "wait 2s", "step", "step 6",
        "settle",
        "state", "state --json", "tree", "why", "show", "expect first.offset == 50",
        "expect owner == first",
        "expect list.offset ~= 14.36 ± 0.01", "set policy uikit", "set slop 12.5", "set fps 120",
        "record a.trace", "record a.trace --force", "record stop", "replay a.trace --step", "help",
        "help pan", "quit",
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
                == "pan 0 -40 over 50ms")
        #expect(try CommandParser.parse("expect t >= 1 +- 0.5")?.canonical == "expect t >= 1 ± 0.5")
        #expect(try CommandParser.parse("step 1")?.canonical == "step")
        #expect(try CommandParser.parse("# a comment") == nil)
        #expect(try CommandParser.parse("") == nil)
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
        "pan 0 -1 over", "help nope",
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
