/// A whitespace-separated word of a command line with its 1-based column.
package struct Token: Equatable, Sendable {
    package var text: String
    package var column: Int

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
                start = index
                startColumn = column
            }
            index = line.index(after: index)
        }
        if let s = start { out.append(Token(text: String(line[s...]), column: startColumn)) }
        return out
    }
}
