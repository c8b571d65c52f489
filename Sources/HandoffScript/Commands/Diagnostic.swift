/// A user error in a command line: what is wrong (a typed `CommandProblem`), where, and the
/// command whose usage follows it. `ErrorMessage` words and renders it, only when it prints.
package struct Diagnostic: Error, Equatable, Sendable {
    package var problem: CommandProblem
    /// 1-based column of the bad token (in characters), and its length.
    package var column: Int
    package var length: Int
    /// The command whose usage line follows the error (looked up when it prints).
    package var command: String?
    /// The word at the caret, never offered back as its own "did you mean".
    package var typed: String?

    package init(
        _ problem: CommandProblem, column: Int = 1, length: Int = 1, command: String? = nil,
        typed: String? = nil
    ) {
        self.problem = problem
        self.column = column
        self.length = length
        self.command = command
        self.typed = typed
    }

    package init(_ problem: CommandProblem, at range: SourceRange, command: String? = nil) {
        self.init(problem, column: range.column, length: range.length, command: command)
    }

    package init(_ problem: CommandProblem, at token: Token, command: String? = nil) {
        self.init(
            problem, column: token.column, length: max(1, token.text.count), command: command,
            typed: token.text)
    }

    /// A rare error worded where it is found (`CommandProblem.message`).
    package init(
        _ message: String, column: Int = 1, length: Int = 1, suggestion: String? = nil
    ) {
        self.init(.message(message, suggestion: suggestion), column: column, length: length)
    }

    package init(_ message: String, at token: Token, suggestion: String? = nil) {
        self.init(.message(message, suggestion: suggestion), at: token)
    }

    /// What went wrong, in words (`ErrorMessage`).
    package var message: String { ErrorMessage.text(problem) }

    /// The "did you mean", never the word that was typed.
    package var suggestion: String? {
        let s = ErrorMessage.suggestion(problem)
        return s == typed ? nil : s
    }

    /// The usage line of the command at fault.
    package var usage: String? { command.flatMap(CommandTable.usage) }

    /// The rendered error: `[LINE:COL: ]error: …`, the line with a caret under the bad token,
    /// the command's usage and a "did you mean" (`ErrorMessage.lines`).
    package func render(line raw: String, lineNumber: Int?, file: String? = nil) -> [String] {
        ErrorMessage.lines(self, line: raw, lineNumber: lineNumber, file: file)
    }
}

extension Diagnostic {
    /// `FILE:LINE:COL: ` in a `--script FILE` run, `LINE:COL: ` on standard input, else nothing.
    package static func location(file: String?, line: Int?, column: Int) -> String {
        var place = ""
        location(file: file, line: line, column: column, into: &place)
        return place
    }

    /// `location`, appended to `text`.
    static func location(file: String?, line: Int?, column: Int, into text: inout String) {
        guard let line else { return }
        if let file {
            text += file
            text += ":"
        }
        text += String(line)
        text += ":"
        text += String(column)
        text += ": "
    }

    /// Control characters shown as U+FFFD, one for one, so the caret stays under its token.
    static func visible(_ s: String) -> String {
        // A control character is one byte in UTF-8, never part of another character's bytes.
        guard s.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
            return s
        }
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars {
            out.append(u.value < 0x20 || u.value == 0x7F ? "\u{FFFD}" : u)
        }
        return String(out)
    }
}
