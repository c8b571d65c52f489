/// A duration as the user typed it: its number and its unit, so `250ms` stays `250ms` and
/// `8.3334ms` stays `8.3334ms` in canonical text (SPEC §1); a bare number is not a duration.
package struct TimeSpan: Equatable, Sendable {
    /// The unit a duration was typed in.
    package enum Unit: String, Equatable, Sendable, CaseIterable {
        case ms
        case s
    }

    /// The number as typed, in `unit`.
    package var value: Double
    package var unit: Unit

    package init(_ value: Double, _ unit: Unit) {
        self.value = value
        self.unit = unit
    }

    /// The duration in seconds.
    package var seconds: Double {
        switch unit {
        case .ms: value / 1000
        case .s: value
        }
    }

    /// `250ms`, `0.3s`: the number's exact text and the unit typed.
    package var canonical: String { NumberFormat.exact(value) + unit.rawValue }

    /// `120ms` or `0.3s`; nil for anything else, a bare number included.
    package static func parse(_ text: String) -> TimeSpan? { parse(text.utf8.span) }

    /// `parse` of a word's bytes (`decimal` refuses any byte that is not ASCII, as it refuses
    /// its character).
    static func parse(_ bytes: Span<UInt8>) -> TimeSpan? {
        let n = bytes.count
        guard n > 0, bytes[n - 1] == UInt8(ascii: "s") else { return nil }
        if n > 1, bytes[n - 2] == UInt8(ascii: "m") {
            return CommandParser.decimal(bytes.extracting(0..<(n - 2))).map { TimeSpan($0, .ms) }
        }
        return CommandParser.decimal(bytes.extracting(0..<(n - 1))).map { TimeSpan($0, .s) }
    }
}
