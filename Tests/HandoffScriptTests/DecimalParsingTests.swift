import HandoffTestSupport
import Testing

@testable import HandoffScript

/// `CommandParser.decimal` reads a typed number without the general reader when it can
/// (digits n over an exact power of ten): it must give the very double `Double(text)` gives.
struct DecimalParsingTests {
    @Test func typedNumbersReadAsTheGeneralReaderReadsThem() {
        var random = SplitMix(seed: 28)
        for k in 0..<100_000 {
            let whole = String(Int.random(in: 0...999_999_999_999, using: &random))
            let fraction = String(Int.random(in: 0...9_999, using: &random))
            let sign = ["", "-", "+"][k % 3]
            let text: String =
                switch k % 5 {
                case 0: sign + whole
                case 1: sign + whole + "." + fraction
                case 2: sign + "0." + String(repeating: "0", count: k % 4) + fraction
                case 3: sign + "." + fraction
                default: sign + whole + "."
                }
            let read = CommandParser.decimal(text)
            #expect(read?.bitPattern == Double(text)?.bitPattern, "\(text)")
            if read?.bitPattern != Double(text)?.bitPattern { return }
        }
        // Past fifteen digits and with an exponent, the general reader reads them.
        for text in ["1234567890123456789", "0.1234567890123456789", "1e5", "-2.5E-3", "-0", "0.0"]
        {
            #expect(CommandParser.decimal(text)?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
    }
}
