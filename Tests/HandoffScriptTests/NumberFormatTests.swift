import Foundation
import HandoffTestSupport
import Testing

@testable import HandoffScript

struct NumberFormatTests {
    @Test(arguments: [
        (120.0, "120"), (52.77, "52.77"), (0.5, "0.5"), (-0.0, "0"), (-0.001, "0"),
        (51.4619883, "51.46"),
        (-351.6351, "-351.64"), (0.1 + 0.2, "0.3"), (1e6, "1000000"), (2.005, "2.01"),
        (-14.355, "-14.36"), (7.0, "7"), (-42.0, "-42"), (999.0, "999"), (-999.0, "-999"),
        (999.999, "1000"), (1000.0, "1000"), (-0.4, "-0.4"),
    ])
    func format(value: Double, text: String) {
        #expect(NumberFormat.format(value) == text)
    }

    /// Canonical command numbers (SPEC §1): shortest round-trip text, plain decimal, `0` for −0.
    @Test(arguments: [
        (-200.004, "-200.004"), (0.003, "0.003"), (0.333, "0.333"), (-0.0, "0"), (120.0, "120"),
        (1e-5, "0.00001"), (1.5e-7, "0.00000015"), (1e7, "10000000"),
        (0.1 + 0.2, "0.30000000000000004"),
        (8.3334, "8.3334"), (-1234567.125, "-1234567.125"), (1e16, "10000000000000000"),
    ])
    func exact(value: Double, text: String) {
        #expect(NumberFormat.exact(value) == text)
        #expect(Double(text) == value)
    }

    /// The typed-number path of `exact` (at most three decimals) spells what the shortest
    /// round-trip text spells, on numbers as people type them and on arbitrary doubles, where it
    /// must decline rather than round.
    @Test func exactShortAgreesWithTheGeneralSpelling() {
        var random = SplitMix(seed: 28)
        var answered = 0
        for k in 0..<200_000 {
            let typed = Double(Int.random(in: -9_999_999...9_999_999, using: &random))
            let value: Double =
                switch k % 4 {
                case 0: typed
                case 1: typed / 10
                case 2: typed / 1000
                default: Double(bitPattern: random.next() & ~(0x7FF << 52) | (0x3FF << 52)) * 1e3
                }
            guard value != 0, let short = NumberFormat.exactShort(value) else { continue }
            answered += 1
            #expect(short == NumberFormat.exactGeneral(value), "\(value)")
            if short != NumberFormat.exactGeneral(value) { return }
        }
        #expect(answered > 140_000)
        #expect(NumberFormat.exactShort(0.1 + 0.2) == nil)
        #expect(NumberFormat.exactShort(1e-5) == nil)
    }

    /// `printsSame` (the before/after comparison of a command's values, which formats nothing)
    /// agrees with comparing the printed texts, at the rounding boundaries and around them.
    @Test func printsSameAgreesWithTheText() {
        var values: [Double] = [
            0, -0.0, 0.004, -0.004, 0.005, -0.005, 0.0049999, 2.005, 2.015, -14.355, 1e-9,
            .infinity, -.infinity, .nan, 9e13, 9e13 + 0.004, 9.1e13, 1e15, -1e15, 1e15 + 1,
        ]
        var random = SplitMix(seed: 0x9E37_79B9_7F4A_7C15)
        for _ in 0..<4000 {
            let hundredths = Double(random.int(400_000) - 200_000) / 100
            values.append(hundredths)
            values.append(hundredths + 0.005)
            values.append(hundredths + 0.004999)
            values.append(-hundredths - 0.005)
        }
        for (k, a) in values.enumerated() {
            // (`nextUp` of −∞ is the most negative double, which no command produces.)
            let next = a.isFinite ? a.nextUp : a
            for b in [values[(k * 7 + 3) % values.count], a + 0.001, a - 0.001, next, -a, a] {
                #expect(
                    NumberFormat.printsSame(a, b)
                        == (NumberFormat.format(a) == NumberFormat.format(b)), "\(a) vs \(b)")
            }
        }
    }

    /// `format` writes its digits itself: it agrees with the same rule spelled with integer
    /// printing, on many values of every size and sign.
    @Test func formatAgreesWithIntegerPrinting() {
        func reference(_ value: Double) -> String {
            let hundredths = (abs(value) * 100).rounded(.toNearestOrAwayFromZero)
            let n = Int64(hundredths)
            if n == 0 { return "0" }
            let sign = value < 0 ? "-" : ""
            let (whole, frac) = (n / 100, n % 100)
            if frac == 0 { return "\(sign)\(whole)" }
            if frac % 10 == 0 { return "\(sign)\(whole).\(frac / 10)" }
            return "\(sign)\(whole).\(frac < 10 ? "0" : "")\(frac)"
        }
        var random = SplitMix(seed: 0x2545_F491_4F6C_DD1D)
        for k in 0..<20_000 {
            let scale = [1e-3, 1, 1e3, 1e7, 1e12][k % 5]
            let value = (random.unit() - 0.5) * scale
            #expect(NumberFormat.format(value) == reference(value), "\(value)")
            // Whole numbers take a shorter path.
            let whole = value.rounded()
            #expect(NumberFormat.format(whole) == reference(whole), "\(whole)")
        }
    }

    /// `write`'s word-at-once path (below 100,000) agrees with `writeGeneral`, digit by digit, on
    /// thousandths up to 1100 of either sign, hundredths up to 101,000 and halfway cases,
    /// neighbours of both, random values of every size and the non-finite ones. By default a
    /// sample: every 97th thousandth and every 679th hundredth, plus all of them within 300 of
    /// each power of ten (where the digits carry). `HANDOFF_EXHAUSTIVE=1 swift test --filter
    /// fastWrite` checks every thousandth and every 7th hundredth (11 million values).
    @Test func fastWriteAgreesWithTheGeneralOne() {
        let exhaustive = ProcessInfo.processInfo.environment["HANDOFF_EXHAUSTIVE"] == "1"
        func text(_ value: Double, general: Bool) -> String {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: NumberFormat.maxBytes) {
                buffer in
                let end =
                    general
                    ? NumberFormat.writeGeneral(value, into: buffer, at: 0)
                    : NumberFormat.write(value, into: buffer, at: 0)
                return String(
                    decoding: UnsafeBufferPointer(rebasing: buffer[..<end]), as: UTF8.self)
            }
        }
        var values: [Double] = [
            0, -0.0, 0.004, -0.004, 0.005, -0.005, 999.994, 999.995, -999.995, 999.999, 1000,
            -1000, 99_999.994, 99_999.995, -99_999.995, 99_999.999, 100_000, 1e-9, -1e-9,
            .infinity, -.infinity, .nan, 9e13, 1e15, -1e16,
        ]
        // k of k/100 and k/1000: the sample (or all), and in a sample every k within 300 of each
        // power of ten's, of either sign.
        func near(_ powers: [Int]) -> [Int] {
            exhaustive ? [] : powers.flatMap { p in [p, -p].flatMap { ($0 - 300)...($0 + 300) } }
        }
        let hundredthsK =
            Array(stride(from: -10_100_000, through: 10_100_000, by: exhaustive ? 7 : 679))
            + near([100, 1000, 10_000, 100_000, 1_000_000, 10_000_000])
        for k in hundredthsK {
            let hundredths = Double(k) / 100
            values.append(hundredths)
            values.append(hundredths + 0.005)
            values.append((hundredths + 0.005).nextDown)
        }
        let thousandthsK =
            Array(stride(from: -1_100_000, through: 1_100_000, by: exhaustive ? 1 : 97))
            + near([1000, 10_000, 100_000, 1_000_000])
        for k in thousandthsK {
            let thousandths = Double(k) / 1000
            values.append(thousandths)
            if k % 10 == 0 || !exhaustive {
                values.append(thousandths.nextUp)
                values.append(thousandths.nextDown)
            }
        }
        var random = SplitMix(seed: 0x2545_F491_4F6C_DD1D)
        for k in 0..<20_000 {
            let scale = [1e-2, 1, 1e3, 2e5, 1e7][k % 5]
            values.append((random.unit() - 0.5) * scale)
        }
        for value in values {
            let (fast, general) = (text(value, general: false), text(value, general: true))
            if fast != general { Issue.record("\(value): \(fast) vs \(general)") }
        }
    }

    @Test func durationsKeepTheirUnit() {
        #expect(TimeSpan.parse("250ms") == TimeSpan(250, .ms))
        #expect(TimeSpan.parse("250ms")?.canonical == "250ms")
        #expect(TimeSpan.parse("8.3334ms")?.canonical == "8.3334ms")
        #expect(TimeSpan.parse("0.30s")?.canonical == "0.3s")
        #expect(TimeSpan.parse("2") == nil)
        #expect(TimeSpan.parse("300ms")?.seconds == 0.3)
    }
}

/// The printer is total (issue 22): no double traps it (it trapped past Int64 in `Int64(_:)`),
/// and what it prints fits in `maxBytes`.
struct NumberFormatTotalityTests {
    @Test(arguments: [
        (1e20, "1e+20"), (-1e300, "-1e+300"), (9.3e18, "9.3e+18"), (9e18, "9e+18"),
        (8.9e18, "8900000000000000000"),
        (-Double.greatestFiniteMagnitude, "-1.7976931348623157e+308"),
        (Double.infinity, "inf"), (-Double.infinity, "-inf"), (Double.nan, "nan"),
    ])
    func hugeAndNonFiniteValues(value: Double, text: String) {
        #expect(NumberFormat.format(value) == text)
        #expect(NumberFormat.format(value).utf8.count <= NumberFormat.maxBytes)
    }

    @Test func printsSameIsTotal() {
        #expect(NumberFormat.printsSame(1e20, 1e20))
        #expect(!NumberFormat.printsSame(1e20, 2e20))
        #expect(!NumberFormat.printsSame(1e300, -1e300))
        #expect(NumberFormat.printsSame(9.5e18, 9.5e18))
    }
}
