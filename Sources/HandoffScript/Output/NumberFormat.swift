import HandoffCore

/// Deterministic number printing: at most 2 decimals, half away from zero, trailing zeros
/// dropped, no negative zero (`120`, `52.77`, `0.5`).
package enum NumberFormat {
    package static func format(_ value: Double) -> String {
        var text = ""
        append(value, to: &text)
        return text
    }

    /// `format`, appended to `out`.
    package static func append(_ value: Double, to out: inout String) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxBytes) { buffer in
            let end = write(value, into: buffer, at: 0)
            out += String(decoding: UnsafeBufferPointer(rebasing: buffer[..<end]), as: UTF8.self)
        }
    }

    /// The most bytes `write` puts down.
    static let maxBytes = 24

    /// `format`, written into `buffer` from `start`; returns the end. The buffer must have
    /// `maxBytes` bytes of room from `start`: the common numbers are written with one word store,
    /// whose bytes past the end mean nothing.
    static func write(
        _ value: Double, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int
    ) -> Int {
        // Below 100,000 (nearly every offset, velocity, page and time printed): the digits, at
        // most 5 and `.DD`, are put together in a word and stored at once. `writeGeneral` is the
        // same rule digit by digit; `NumberFormatTests` compares the two on many values.
        guard let n = value == 0 ? 0 : hundredths(value), n < 10_000_000 else {
            return writeGeneral(value, into: buffer, at: start)
        }
        guard n != 0 else {  // no negative zero (zero, common, skips the rounding)
            buffer[start] = UInt8(ascii: "0")
            return start + 1
        }
        var end = start
        if value < 0 {
            buffer[end] = UInt8(ascii: "-")
            end += 1
        }
        let whole = n / 100
        let frac = n &- whole &* 100
        // The whole digits, the first in the lowest byte (the first written).
        var word: UInt64
        var count: Int
        if whole < 100 {
            (word, count) = whole < 10 ? (0x30 | whole, 1) : (pair(whole), 2)
        } else {
            let high = whole / 100
            let low = pair(whole &- high &* 100)
            if high < 10 {
                (word, count) = (0x30 | high | low &<< 8, 3)
            } else if high < 100 {
                (word, count) = (pair(high) | low &<< 16, 4)
            } else {
                let first = high / 100
                (word, count) = (0x30 | first | pair(high &- first &* 100) &<< 8 | low &<< 24, 5)
            }
        }
        if frac != 0 {
            // `.D` or `.DD`: a trailing zero is dropped.
            let decimals = pair(frac)
            word |= (UInt64(UInt8(ascii: ".")) | decimals &<< 8) &<< UInt64(8 &* count)
            count += decimals >> 8 == 0x30 ? 2 : 3
        }
        buffer.baseAddress.map {
            UnsafeMutableRawPointer($0 + end).storeBytes(of: word.littleEndian, as: UInt64.self)
        }
        return end + count
    }

    /// The two ASCII digits of `x` (below 100): the tens in the low byte, the ones above it.
    @inline(__always)
    static func pair(_ x: UInt64) -> UInt64 {
        let tens = (x &* 103) >> 10  // x / 10 for x < 179
        return (0x30 | tens) | (0x30 | (x &- tens &* 10)) &<< 8
    }

    /// `write` digit by digit, for every number (at most `maxBytes` bytes, no allocation but for
    /// numbers past 9e13); returns the end.
    static func writeGeneral(
        _ value: Double, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int
    )
        -> Int
    {
        func copy(_ text: String) -> Int {
            buffer[start...].initialize(from: text.utf8).1
        }
        // Whole numbers below 1000 (most offsets, pages and velocities): their digits straight.
        if abs(value) < 1000 {
            let i = Int(value)
            if Double(i) == value {
                var end = start
                if i < 0 {
                    buffer[end] = UInt8(ascii: "-")
                    end += 1
                }
                return writeDigits(UInt64(i.magnitude), into: buffer, at: end)
            }
        }
        guard value.isFinite else {
            return copy(value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf"))
        }
        guard let n = hundredths(value) else {
            // Past 9e13 whole numbers; past Int64, Swift's shortest text (`1e+20`, at most 24
            // bytes): no input traps.
            return copy(abs(value) < 9e18 ? String(Int64(value.rounded())) : value.description)
        }
        if n == 0 {
            buffer[start] = UInt8(ascii: "0")
            return start + 1
        }
        // Written forwards: the sign, the whole digits (counted first), then the decimals.
        let frac = n % 100
        var end = start
        if value < 0 {
            buffer[end] = UInt8(ascii: "-")
            end += 1
        }
        end = writeDigits(n / 100, into: buffer, at: end)
        if frac != 0 {
            buffer[end] = UInt8(ascii: ".")
            buffer[end + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: frac / 10)
            end += 2
            if frac % 10 != 0 {
                buffer[end] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: frac % 10)
                end += 1
            }
        }
        return end
    }

    /// `|value| × 100` rounded half away from zero, when below 9e15 (nil past it): the
    /// truncation and the exact remainder instead of a call to `round` (below 2^53 a double minus
    /// its truncation is exact, so `≥ 0.5` decides as `round` does).
    @inline(__always)
    private static func hundredths(_ value: Double) -> UInt64? {
        let scaled = abs(value) * 100
        guard scaled < 9e15 else { return nil }
        let whole = Int64(scaled)  // (signed: one instruction each way)
        let n = scaled - Double(whole) >= 0.5 ? whole + 1 : whole
        return n < 9_000_000_000_000_000 ? UInt64(n) : nil
    }

    /// A whole number in decimal, written into `buffer` from `start` (at most 20 bytes: its
    /// digits counted first, then written from the last); returns the end. Inlined: it is short
    /// and on every number's path.
    @inline(__always)
    static func writeDigits(
        _ value: UInt64, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int
    ) -> Int {
        // Most numbers have one to three digits: counted by comparisons, not divisions.
        var digits = value < 10 ? 1 : (value < 100 ? 2 : 3)
        var rest = value / 1000
        while rest > 0 {
            rest /= 10
            digits += 1
        }
        let end = start + digits
        var k = end
        var left = value
        repeat {
            k -= 1
            buffer[k] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: left % 10)
            left /= 10
        } while left > 0
        return end
    }

    /// Whether `a` and `b` print the same with `format` (without building either text): the same
    /// rounded hundredths, the same whole number past 9e13, or the same non-finite word.
    /// (The core's `Printed.same` is the same rule for conditions; this copy stays here, where
    /// every command's `old → new` calls it, so it inlines: a call across modules cost about a
    /// hundred instructions a command.)
    package static func printsSame(_ a: Double, _ b: Double) -> Bool {
        if a == b { return true }
        guard a.isFinite, b.isFinite else {
            return a.isNaN ? b.isNaN : (!b.isNaN && a == b)
        }
        guard let ha = hundredths(a), let hb = hundredths(b) else {
            guard hundredths(a) == nil, hundredths(b) == nil else { return false }
            return a.rounded() == b.rounded()
        }
        // No negative zero: `-0.001` prints `0`.
        if ha == 0 || hb == 0 { return ha == hb }
        return ha == hb && (a < 0) == (b < 0)
    }

    /// A number as a command's canonical text spells it (SPEC §1): the shortest decimal that
    /// reads back to the same double, plain (never an exponent), `0` for −0 (`-200.004`, `0.333`).
    package static func exact(_ value: Double) -> String {
        guard value.isFinite else { return format(value) }
        if value == 0 { return "0" }
        if let short = exactShort(value) { return short }
        return exactGeneral(value)
    }

    /// `exact` for a value with at most three decimals and fifteen significant digits (the
    /// numbers a person types: `-237`, `2314`, `0.3`): the decimal n/10^k that reads back to it.
    /// Two decimals of at most fifteen significant digits never read back to the same double,
    /// so it is the shortest; the smallest such k leaves no trailing zero. Nil otherwise.
    static func exactShort(_ value: Double) -> String? {
        var scale = 1.0
        for k in 0...3 {
            let n = (value * scale).rounded()
            if n.magnitude < 1e15, n / scale == value {
                var digits = String(Int64(n.magnitude))
                if k > 0 {
                    if digits.count <= k {
                        digits = String(repeating: "0", count: k + 1 - digits.count) + digits
                    }
                    digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -k))
                }
                return value < 0 ? "-" + digits : digits
            }
            scale *= 10
        }
        return nil
    }

    /// `exact` by the shortest round-trip text of `description`, for any finite nonzero value.
    static func exactGeneral(_ value: Double) -> String {
        // `description` is the shortest round-trip text, sometimes with an exponent: `1e-05`.
        var text = Substring(value.magnitude.description)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: e)...]) ?? 0
            text = text[..<e]
        }
        var digits = text.filter { $0 != "." }
        var point =
            (text.firstIndex(of: ".").map { text.distance(from: text.startIndex, to: $0) }
                ?? text.count) + exponent
        while digits.first == "0", point > 1 || digits.count > 1 {
            digits.removeFirst()
            point -= 1
        }
        if point <= 0 {
            digits = String(repeating: "0", count: 1 - point) + digits
            point = 1
        }
        if digits.count < point { digits += String(repeating: "0", count: point - digits.count) }
        var whole = String(digits.prefix(point))
        var fraction = String(digits.dropFirst(point))
        while fraction.last == "0" { fraction.removeLast() }
        while whole.count > 1, whole.first == "0" { whole.removeFirst() }
        let sign = value < 0 ? "-" : ""
        return sign + whole + (fraction.isEmpty ? "" : "." + fraction)
    }
}
