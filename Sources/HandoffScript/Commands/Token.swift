/// A whitespace-separated word of a command line with its 1-based column. A word may be quoted
/// (`"my scene.yaml"` or `'my scene.yaml'`) to hold spaces or a `#`; the quotes are not part of
/// its text, and an unclosed quote runs to the end of the line.
package struct Token: Equatable, Sendable {
    package var text: String
    package var column: Int

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
