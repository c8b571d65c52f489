/// A line typed as its command's canonical text (SPEC §1) is that text: `pan 0 -250`,
/// `wait 250ms`, `tap 3`. The parser notes whether each word it reads is spelled canonically,
/// so such a line needs no second spelling (formatting its numbers again cost more than
/// parsing them).
extension CommandParser {
    /// The canonical text of `command`, parsed from `line`: the line itself when the command
    /// spells its words as typed, the cursor found each number spelled canonically and the line
    /// is its words joined by single spaces.
    static func canonical(of command: Command, line: String, cursor: Cursor) -> String {
        guard !cursor.respelled, command.canonicalIsTyped, isPlain(line, cursor.tokens) else {
            return command.canonical
        }
        assert(line == command.canonical, "'\(line)' is not spelled canonically")
        return line
    }

    /// Whether `line` is its words joined by single spaces: no blank before, after or doubled,
    /// no tab, quote or comment. Its last word then ends at its last byte (which a line of any
    /// character of several bytes never does), so columns are byte offsets.
    static func isPlain(_ line: String, _ tokens: [Token]) -> Bool {
        guard let last = tokens.last, tokens[0].column == 1 else { return false }
        let bytes = line.utf8.span
        guard bytes.count == last.column + last.length - 1 else { return false }
        for k in 1..<tokens.count {
            let end = tokens[k - 1].column + tokens[k - 1].length
            // The byte between two words is at offset `end - 1` (columns count from 1).
            guard tokens[k].column == end + 1, bytes[end - 1] == UInt8(ascii: " ") else {
                return false
            }
        }
        return true
    }

    /// Whether a number `decimal` read is typed as `NumberFormat.exact` spells its value: a
    /// `-` at most, no leading zero, no trailing zero after a dot, no exponent, at most fifteen
    /// digits (so it is the shortest decimal that reads back), and not a negative zero.
    static func isExactSpelling(_ text: String) -> Bool {
        isExactSpelling(text.utf8.span)
    }

    /// `isExactSpelling` of a number's bytes.
    static func isExactSpelling(_ bytes: Span<UInt8>) -> Bool {
        var k = 0
        let negative = k < bytes.count && bytes[k] == UInt8(ascii: "-")
        if negative { k += 1 }
        let whole = digitsEnd(bytes, from: k)
        guard whole > k, whole == k + 1 || bytes[k] != UInt8(ascii: "0") else { return false }
        var digits = whole - k
        var zero = whole == k + 1 && bytes[k] == UInt8(ascii: "0")
        if whole < bytes.count {
            guard bytes[whole] == UInt8(ascii: ".") else { return false }
            let end = digitsEnd(bytes, from: whole + 1)
            guard end == bytes.count, end > whole + 1, bytes[end - 1] != UInt8(ascii: "0")
            else { return false }
            digits += end - whole - 1
            zero = false
        }
        return digits <= 15 && !(negative && zero)
    }

    /// Whether a whole number is typed as `"\(n)"` spells it: no `+`, no leading zero, not `-0`.
    static func isIntegerSpelling(_ text: String) -> Bool {
        isExactSpelling(text) && !text.utf8.contains(UInt8(ascii: "."))
    }

    /// The offset after the ASCII digits that start at `start`.
    private static func digitsEnd(_ bytes: Span<UInt8>, from start: Int) -> Int {
        var k = start
        while k < bytes.count, bytes[k] >= UInt8(ascii: "0"), bytes[k] <= UInt8(ascii: "9") {
            k += 1
        }
        return k
    }
}

extension Command {
    /// Whether the canonical text is the command's words as typed, in order, when each number is
    /// spelled canonically: false for a command that quotes, re-spells or drops a word (`load`
    /// quotes its file, `step 1` is `step`, `tap a[03]` is `tap a[3]`, `+-` is `±`).
    var canonicalIsTyped: Bool {
        switch self {
        case .scenes, .move, .pan, .end, .swipe, .tab, .wait, .settle, .state, .tree, .why,
            .show, .quit:
            true
        case .touch(let p), .tap(.place(let p)):
            switch p {
            case .point, .node: true
            case .item: false
            }
        case .tap(.row): true
        case .step(let n): n != 1
        case .load, .expect, .set, .settings, .record, .recordStop, .replay, .plot, .help, .debug:
            false
        }
    }
}
