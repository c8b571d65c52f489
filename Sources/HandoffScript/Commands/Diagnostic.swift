/// A user error in a command line: what is wrong, where, and how to write it instead.
package struct Diagnostic: Error, Equatable, Sendable {
    package var message: String
    /// 1-based column of the bad token (in characters), and its length.
    package var column: Int
    package var length: Int
    package var usage: String?
    package var suggestion: String?

    package init(
        _ message: String, column: Int = 1, length: Int = 1, usage: String? = nil,
        suggestion: String? = nil
    ) {
        self.message = message
        self.column = column
        self.length = length
        self.usage = usage
        self.suggestion = suggestion
    }

    package init(
        _ message: String, at range: SourceRange, usage: String? = nil, suggestion: String? = nil
    ) {
        self.init(
            message, column: range.column, length: range.length, usage: usage,
            suggestion: suggestion)
    }

    package init(
        _ message: String, at token: Token, usage: String? = nil, suggestion: String? = nil
    ) {
        // Never "did you mean" the word that was typed.
        self.init(
            message, column: token.column, length: max(1, token.text.count), usage: usage,
            suggestion: suggestion == token.text ? nil : suggestion)
    }

    /// The rendered error: `[LINE:COL: ]error: …`, the line with a caret under the bad token,
    /// the command's usage and a "did you mean".
    package func render(line raw: String, lineNumber: Int?, file: String? = nil) -> [String] {
        let source = Self.visible(raw)
        var head = "error: " + Self.visible(message)
        if let suggestion { head += "; did you mean '\(suggestion)'?" }
        head = Self.location(file: file, line: lineNumber, column: column) + head
        var out = [head, "  " + source]
        out.append(
            "  " + String(repeating: " ", count: max(0, column - 1)) + "^"
                + String(repeating: "~", count: max(0, length - 1)))
        if let usage { out.append("usage: " + usage) }
        return out
    }
}

extension Diagnostic {
    /// `FILE:LINE:COL: ` in a `--script FILE` run, `LINE:COL: ` on standard input, else nothing.
    package static func location(file: String?, line: Int?, column: Int) -> String {
        guard let line else { return "" }
        return (file.map { "\($0):" } ?? "") + "\(line):\(column): "
    }

    /// Control characters shown as U+FFFD, one for one, so the caret stays under its token.
    static func visible(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            return s
        }
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars {
            out.append(u.value < 0x20 || u.value == 0x7F ? "\u{FFFD}" : u)
        }
        return String(out)
    }
}
