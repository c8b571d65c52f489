import HandoffCore
import HandoffTestSupport
import PropertyBased
import Testing

@testable import HandoffScript

/// Parse → print → parse gives the same `Command` value (SPEC §1, STYLE 7), for random
/// commands whose numbers carry any number of digits.
struct CommandRoundTripTests {
    /// Choices from one seed (the shared SplitMix64 generator), so one `Int` from the property
    /// test decodes into one whole command and shrinking stays meaningful.
    struct Bits {
        var mix: SplitMix
        init(state: UInt64) { mix = SplitMix(seed: state) }
        mutating func int(_ n: Int) -> Int { mix.int(n) }

        /// A number a user might type, or any double in range: up to 17 significant digits,
        /// tiny fractions, negative zero.
        mutating func number(limit: Double = 1e6) -> Double {
            switch int(5) {
            case 0: return Double(int(2_000_001) - 1_000_000) / 1000  // -200.004
            case 1:
                let m = Double(int(1_000_000))
                return (int(2) == 0 ? -m : m) / Double([1, 10, 1e3, 1e5, 1e9][int(5)])
            case 2: return Double(int(1 << 53)) / Double(1 << 53) * limit * (int(2) == 0 ? -1 : 1)
            case 3: return int(2) == 0 ? -0.0 : 0.0
            default: return Double(int(3)) / 3  // 0.333…
            }
        }
        mutating func positive(limit: Double) -> Double {
            abs(number(limit: limit)).truncatingRemainder(dividingBy: limit)
        }
        mutating func span() -> TimeSpan {
            int(2) == 0
                ? TimeSpan(positive(limit: 2000), .ms) : TimeSpan(positive(limit: 2), .s)
        }
        mutating func maybe<T>(_ make: (inout Bits) -> T) -> T? {
            int(2) == 0 ? nil : make(&self)
        }
    }

    static func command(_ seed: Int) -> Command {
        var b = Bits(state: UInt64(truncatingIfNeeded: seed))
        switch b.int(12) {
        case 0: return .touch(.point(b.number(), b.number()))
        case 1: return .move(dx: b.number(), dy: b.number(), over: b.maybe { $0.span() })
        case 2:
            return .pan(
                dx: b.number(), dy: b.number(), over: b.maybe { $0.span() },
                at: b.maybe { Point($0.number(), $0.number()) })
        case 3: return .end(velocity: b.maybe { Point($0.number(), $0.number()) })
        case 4:
            return .swipe(
                dx: b.number(), dy: b.number(), over: b.maybe { $0.span() },
                at: b.maybe { Point($0.number(), $0.number()) })
        case 5: return .wait(b.span())
        case 6: return .tap(.place(.point(b.number(), b.number())))
        case 7:
            return .expect(
                path: [.time, .value(id: "outer", field: .offset), .unconsumed][b.int(3)],
                op: ExpectOp.allCases[b.int(ExpectOp.allCases.count)],
                value: .number(b.number()), tolerance: b.maybe { $0.positive(limit: 100) })
        case 8: return .set(.slop(b.positive(limit: 1000)))
        case 9: return .step(1 + b.int(999))  // N is 1 or more
        case 10: return .tab(.index(b.int(10)), of: b.maybe { _ in "menu" })
        default: return .expect(path: .phase, op: .eq, value: .word("idle"), tolerance: nil)
        }
    }

    @Test func parsePrintParseGivesTheSameValue() async {
        await propertyCheck(count: 2000, input: Gen.int(in: 0...Int.max)) { seed in
            let command = Self.command(seed)
            let text = command.canonical
            for word in text.split(separator: " ")
            where word.first?.isNumber == true || word.first == "-" {
                #expect(!word.contains("e"), "no exponent: \(text)")
                #expect(word != "-0", "no negative zero: \(text)")
            }
            let parsed: Command?
            do throws(Diagnostic) {
                parsed = try CommandParser.parse(text)
            } catch {
                Issue.record("'\(text)' does not parse: \(error.message)")
                return
            }
            #expect(parsed == command, "\(text)")
        }
    }
}
