/// A whitespace-separated word of a command line with its 1-based column. A word may be quoted
/// (`"my scene.yaml"` or `'my scene.yaml'`) to hold spaces or a `#`; the quotes are not part of
/// its text, and an unclosed quote runs to the end of the line.
package struct Token: Equatable, Sendable {
    /// The line the word was read from, or the word itself.
    private let source: String
    /// Where the word's bytes are in `source`'s UTF-8.
    private let bytes: Range<Int>
    package var column: Int
    /// The text's length in characters (what a caret under it spans), counted when the line is
    /// split.
    package var length: Int

    package init(text: String, column: Int) {
        self.init(text: text, column: column, length: SourceRange.length(text))
    }

    init(text: String, column: Int, length: Int) {
        self.init(line: text, bytes: 0..<text.utf8.count, column: column, length: length)
    }

    /// The word at `bytes` of `line`'s UTF-8 (which start and end characters).
    private init(line: String, bytes: Range<Int>, column: Int, length: Int) {
        source = line
        self.bytes = bytes
        self.column = column
        self.length = length
    }

    /// The word's text, made when asked: a number or a keyword is read from its bytes and never
    /// needs one (making a `String` of each word cost more than reading it).
    package var text: String {
        if bytes.count == source.utf8.count { return source }
        return withUTF8 { utf8 in
            // The bytes of whole characters of a `String` are valid UTF-8: the check passes.
            guard let valid = try? UTF8Span(validating: utf8) else { return "" }
            return String(copying: valid)
        }
    }

    /// Calls `body` with the word's UTF-8 bytes.
    func withUTF8<R>(_ body: (Span<UInt8>) -> R) -> R {
        body(source.utf8.span.extracting(bytes))
    }

    /// Whether the word is `word`, compared by bytes.
    func matches(_ word: String) -> Bool {
        withUTF8 { utf8 in
            let expected = word.utf8.span
            guard utf8.count == expected.count else { return false }
            for k in 0..<utf8.count where utf8[k] != expected[k] { return false }
            return true
        }
    }

    package static func == (a: Token, b: Token) -> Bool {
        a.column == b.column && a.length == b.length && a.text == b.text
    }

    /// A word as the command language reads it back: quoted when it holds a space, a tab, a `#`
    /// or starts with a quote (double quotes unless it holds one), else as it is.
    package static func quoted(_ word: String) -> String {
        let plain =
            !word.isEmpty && !word.contains { $0 == " " || $0 == "\t" || $0 == "#" }
            && word.first != "\"" && word.first != "'"
        if plain { return word }
        return word.contains("\"") ? "'\(word)'" : "\"\(word)\""
    }

    /// Splits a line into tokens; a `#` outside a word starts a comment.
    package static func split(_ line: String) -> [Token] {
        var words: [Token] = []
        split(line, into: &words)
        return words
    }

    /// `split` into `words` (emptied first, its room kept: the parser reuses one array).
    static func split(_ line: String, into words: inout [Token]) {
        // A line of plain ASCII (nearly every line typed) is read byte by byte, where a byte is
        // a character and its column: no `Character` is formed (issue 28, every error line is
        // parsed). A carriage return is left to `Character`, which joins it with a line feed.
        words.removeAll(keepingCapacity: true)
        if splitASCII(line, into: &words) { return }
        words = splitCharacters(line)
    }

    /// Whether each of the text's bytes is a character of its own: ASCII other than a carriage
    /// return (which `Character` joins with a following line feed).
    static func isOneCharacterPerByte(_ text: String) -> Bool {
        text.utf8.allSatisfy(isOneCharacter)
    }

    /// `split` of a line of ASCII bytes other than a carriage return; nil for any other line
    /// (found in the same pass). A byte is a column: the word at bytes `k..<end` starts at
    /// column `k + 1`.
    static func splitASCII(_ line: String) -> [Token]? {
        var words: [Token] = []
        return splitASCII(line, into: &words) ? words : nil
    }

    /// `splitASCII`, appending to `out`; false (with some words appended) for a line that is
    /// not ASCII.
    private static func splitASCII(_ line: String, into out: inout [Token]) -> Bool {
        // Room for a command's words at once (growing 1, 2, 4, 8 cost an allocation each).
        out.reserveCapacity(8)
        let bytes = line.utf8.span
        var start: Int?
        var k = 0
        while k < bytes.count {
            let b = bytes[k]
            guard isOneCharacter(b) else { return false }
            if b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") {
                if let s = start { out.append(word(line, s..<k, column: s + 1)) }
                start = nil
            } else if start == nil {
                if b == UInt8(ascii: "#") { return true }
                if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                    // A quoted word: up to the matching quote, which must end the word.
                    var close = k + 1
                    while close < bytes.count, bytes[close] != b {
                        guard isOneCharacter(bytes[close]) else { return false }
                        close += 1
                    }
                    out.append(word(line, (k + 1)..<close, column: k + 1))
                    k = close + 1
                    continue
                }
                start = k
            }
            k += 1
        }
        if let s = start { out.append(word(line, s..<bytes.count, column: s + 1)) }
        return true
    }

    /// Whether a byte is a character of its own: ASCII other than a carriage return.
    private static func isOneCharacter(_ b: UInt8) -> Bool { b < 0x80 && b != 0x0D }

    /// The word at `range` of an ASCII line's bytes, its length its byte count.
    private static func word(_ line: String, _ range: Range<Int>, column: Int) -> Token {
        Token(line: line, bytes: range, column: column, length: range.count)
    }

    /// `split`, a `Character` at a time.
    static func splitCharacters(_ line: String) -> [Token] {
        // Tokens are slices of the line (appending character by character cost ~50 ns each,
        // seconds for a 32 MB line).
        var out: [Token] = []
        var start: String.Index?
        var startColumn = 0
        var column = 0
        var index = line.startIndex
        while index < line.endIndex {
            let ch = line[index]
            column += 1
            if ch == " " || ch == "\t" {
                if let s = start {
                    out.append(Token(text: String(line[s..<index]), column: startColumn))
                }
                start = nil
            } else if start == nil {
                if ch == "#" { return out }
                if ch == "\"" || ch == "'" {
                    // A quoted word: up to the matching quote, which must end the word.
                    let open = line.index(after: index)
                    let close = line[open...].firstIndex(of: ch) ?? line.endIndex
                    out.append(Token(text: String(line[open..<close]), column: column))
                    column += line[open..<close].count + (close < line.endIndex ? 1 : 0)
                    index = close < line.endIndex ? line.index(after: close) : close
                    continue
                }
                start = index
                startColumn = column
            }
            index = line.index(after: index)
        }
        if let s = start { out.append(Token(text: String(line[s...]), column: startColumn)) }
        return out
    }
}
