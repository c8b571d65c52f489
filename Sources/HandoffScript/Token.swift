/// A whitespace-separated word of a command line with its 1-based column.
package struct Token: Equatable, Sendable {
    package var text: String
    package var column: Int

    /// Splits a line into tokens; a `#` outside a word starts a comment.
    package static func split(_ line: String) -> [Token] {
        var out: [Token] = []
        var current = ""
        var start = 0
        var column = 0
        for ch in line {
            column += 1
            if ch == " " || ch == "\t" {
                if !current.isEmpty { out.append(Token(text: current, column: start)) }
                current = ""
            } else {
                if current.isEmpty {
                    if ch == "#" { break }
                    start = column
                }
                current.append(ch)
            }
        }
        if !current.isEmpty { out.append(Token(text: current, column: start)) }
        return out
    }
}
