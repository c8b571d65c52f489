import HandoffCore

/// Parses one line of the command language into a `Command`, with positioned errors.
package enum CommandParser {
    /// Largest coordinate or velocity magnitude accepted.
    static let maxMagnitude = 1e7
    static let maxFrames = 100_000
    static let maxSeconds = 600.0

    /// Parses a line; nil for a blank line or a comment.
    package static func parse(_ line: String) throws(Diagnostic) -> Command? {
        try parseWithSource(line)?.command
    }

    /// Parses a line and keeps where each part of the command was typed; nil for a blank line
    /// or a comment.
    package static func parseWithSource(_ line: String) throws(Diagnostic) -> ParsedCommand? {
        var words: [Token] = []
        return try parseWithSource(line, words: &words)
    }

    /// `parseWithSource`, splitting the line into `words`, an array the caller keeps from one
    /// line to the next (allocating and freeing one for each line cost more than splitting it).
    static func parseWithSource(_ line: String, words: inout [Token]) throws(Diagnostic)
        -> ParsedCommand?
    {
        Token.split(line, into: &words)
        guard !words.isEmpty else { return nil }
        return try parseWords(line, words: &words)
    }

    /// `parseWithSource` of a line already split into `words` (at least one): a command, never
    /// nil (returned as it is made, so a caller keeping it moves it instead of copying it out
    /// of an optional).
    static func parseWords(_ line: String, words: inout [Token]) throws(Diagnostic)
        -> ParsedCommand
    {
        let head = words[0]
        guard let name = CommandTable.name(head) else {
            throw Diagnostic(.unknownCommand(head.text), at: head)
        }
        // The cursor reads the words in place and hands them back, whatever it finds.
        var p = Cursor(tokens: [], name: name, line: line)
        swap(&p.tokens, &words)
        defer { swap(&p.tokens, &words) }
        p.parts[.name] = SourceRange(head)
        let command = try p.command()
        try p.finish()
        return ParsedCommand(
            command, parts: p.parts, canonical: canonical(of: command, line: line, cursor: p))
    }

    /// An ASCII letter, digit, `_`, `-` or `.`: the ASCII characters an id may hold.
    private static func isIdentifierByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
            UInt8(ascii: "."):
            true
        default: false
        }
    }

    static func placeWord(_ t: Token, cursor: Cursor) throws(Diagnostic) -> Place {
        let text = t.text
        // An ASCII word is read as bytes (each character one byte), without walking graphemes.
        let ascii = text.utf8.allSatisfy { $0 < 0x80 }
        let bracket = ascii ? text.utf8.firstIndex(of: UInt8(ascii: "[")) : text.firstIndex(of: "[")
        if let open = bracket, text.hasSuffix("]") {
            let id = String(text[..<open])
            let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
            guard !id.isEmpty, let n = Int(inner), n >= 0 else {
                throw cursor.error(
                    "expected ID[N] with a row or segment number, got '\(text)'", at: t)
            }
            return .item(id, n)
        }
        let isIdentifier =
            ascii
            ? text.utf8.allSatisfy(Self.isIdentifierByte)
            : text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." })
        guard isIdentifier else {
            throw cursor.error("expected a point or an id, got '\(text)'", at: t)
        }
        return .node(text)
    }

    /// Decimal numbers only: no hex, no `nan`, no `inf`. A number without an exponent and with
    /// at most fifteen digits (what people type: `-237`, `2314`, `0.35`) is read as `Double(s)`
    /// reads it without the general reader: its digits n are an exact integer and 10^k an exact
    /// power, so n / 10^k is the double nearest the decimal, as the reader rounds it.
    package static func decimal(_ s: String) -> Double? { decimal(s.utf8.span) }

    /// `decimal` of a word's bytes.
    static func decimal(_ bytes: Span<UInt8>) -> Double? {
        var digits = 0
        var seenDot = false
        var seenExp = false
        // The digits as an integer and how many follow the dot (meaningful without an exponent
        // and up to fifteen digits).
        var n = 0
        var decimals = 0
        // By byte: every accepted character is ASCII, and a byte of anything else is refused
        // as its character would be.
        var prev = UInt8(ascii: " ")
        var negative = false
        for k in 0..<bytes.count {
            let ch = bytes[k]
            switch ch {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                if digits <= 15, !seenExp {
                    n = n * 10 + Int(ch - UInt8(ascii: "0"))
                    if seenDot { decimals += 1 }
                }
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard k == 0 || prev == UInt8(ascii: "e") || prev == UInt8(ascii: "E") else {
                    return nil
                }
                if k == 0 { negative = ch == UInt8(ascii: "-") }
            case UInt8(ascii: "."):
                guard !seenDot, !seenExp else { return nil }
                seenDot = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard !seenExp, digits > 0 else { return nil }
                seenExp = true
            default: return nil
            }
            prev = ch
        }
        switch prev {
        case UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-"): return nil
        default: break
        }
        guard digits > 0 else { return nil }
        guard !seenExp, digits <= 15 else { return general(bytes) }
        let v = Double(n) / exactPowers[decimals]
        return negative ? -v : v
    }

    /// `Double`'s own reader of a number's bytes (with an exponent or more than fifteen digits;
    /// ASCII, which `decimal` checked).
    private static func general(_ bytes: Span<UInt8>) -> Double? {
        guard let utf8 = try? UTF8Span(validating: bytes) else { return nil }
        return Double(String(copying: utf8))
    }

    /// 10^0 … 10^15, each an exact double (every power of ten up to 10^22 is), written out: no
    /// table built on the first number read.
    private static let exactPowers: [Double] = [
        1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
    ]

    /// `120ms`, `0.3s`, or a bare number of seconds.
    /// The latest time a `plot` window may name (no session runs this long; a larger number
    /// would overflow the picture's arithmetic).
    package static let maxTime = 1e9

    /// A point in time (`plot --from/--to`): a duration from 0 to `maxTime` seconds.
    package static func time(_ s: String) -> Double? {
        guard let v = duration(s), v.isFinite, v >= 0, v <= maxTime else { return nil }
        return v
    }

    /// The error for a text `time` refuses.
    package static func timeExpected(_ s: String) -> String {
        "a time in seconds from 0 to \(NumberFormat.format(maxTime)) like 1.5 or 250ms, got '\(s)'"
    }

    package static func duration(_ s: String) -> Double? {
        if s.hasSuffix("ms") { return decimal(String(s.dropLast(2))).map { $0 / 1000 } }
        if s.hasSuffix("s") { return decimal(String(s.dropLast())) }
        return decimal(s)
    }

    /// The values of `phase` (SPEC §6).
    static let phases = ["idle", "touching", "panning", "animating"]

    /// A close fixed path, or the same id with a close field (`outer.ofset` → `outer.offset`).
    static func pathSuggestion(_ p: String) -> String? {
        if let fixed = Suggest.closest(to: p, in: ExpectPath.fixed) { return fixed }
        guard let dot = p.lastIndex(of: "."), dot != p.startIndex else { return nil }
        let id = p[..<dot]
        let field = String(p[p.index(after: dot)...])
        let close = Suggest.closest(to: field, in: ExpectPath.Field.allCases.map(\.rawValue)).map {
            "\(id).\($0)"
        }
        return close == p ? nil : close
    }

    /// The unit that makes a bare number a plausible drag: seconds below 10 (`2` → `2s`),
    /// milliseconds from 10 up (`250` → `250ms`): a drag lasts more than 10 ms and less than 10 s.
    static func unitSuggestion(_ text: String, _ n: Double) -> String {
        abs(n) < 10 ? text + "s" : text + "ms"
    }
}
