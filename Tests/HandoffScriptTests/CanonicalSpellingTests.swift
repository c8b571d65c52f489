import HandoffTestSupport
import Testing

@testable import HandoffScript

/// A line typed as its canonical text keeps the line as that text (no second spelling): it must
/// be exactly what `Command.canonical` spells, for every number however it is typed.
@Suite struct CanonicalSpellingTests {
    @Test func typedCanonicalTextIsTheCommandsOwn() throws {
        let numbers = [
            "0", "-0", "+5", "05", "5", "-5", "1.5", "1.50", "-0.0", "0.001", "0.0001", "-.5", ".5",
            "5.", "1e3", "123456789012345", "1234567.12345678", "0.1234567", "9999999", "-200.004",
            "0.333", "10000000", "3.0", "007",
        ]
        let shapes = [
            "pan 0 N", "move N 0 over Nms", "end N N", "swipe N 0 over Ns at N 100", "touch N N",
            "tap N", "tap N N", "wait Nms", "wait Ns", "tab N", "step N", "pan N N at N N",
        ]
        var random = SplitMix(seed: 28)
        var same = 0
        for _ in 0..<3000 {
            let shape = shapes[random.int(shapes.count)]
            var line = ""
            for ch in shape {
                line += ch == "N" ? numbers[random.int(numbers.count)] : String(ch)
            }
            guard let parsed = try? CommandParser.parseWithSource(line) else { continue }
            #expect(parsed.canonical == parsed.command.canonical, "\(line)")
            if parsed.canonical == line { same += 1 }
        }
        #expect(same > 300)
    }

    @Test func spellings() {
        for text in ["0", "5", "-5", "1.5", "0.001", "-200.004", "123456789012345"] {
            #expect(CommandParser.isExactSpelling(text), "\(text)")
        }
        for text in ["-0", "+5", "05", "1.50", "-0.0", ".5", "5.", "1e3", "1234567890123456", ""] {
            #expect(!CommandParser.isExactSpelling(text), "\(text)")
        }
        #expect(CommandParser.isIntegerSpelling("12") && !CommandParser.isIntegerSpelling("1.2"))
        #expect(CommandParser.isPlain("pan 0 -1", Token.split("pan 0 -1")))
        for line in [
            "pan  0 -1", " pan 0 -1", "pan 0 -1 ", "pan\t0 -1", "pan 0 \"-1\"", "pan 0 -1 #",
        ] {
            #expect(!CommandParser.isPlain(line, Token.split(line)), "\(line)")
        }
    }
}
