import HandoffCore

extension Session {
    /// Builds the error of a command that failed while running, with its caret under a part of
    /// the line: a typed problem, worded and given its usage line only if it prints.
    struct Fail {
        /// Where each part of the command was typed.
        var parts: [ParsedCommand.Part: SourceRange]
        /// The command's canonical text (its name is the usage's), or nil for a quiet check.
        var canonical: String?

        /// `problem`, with its caret under `part` (the command's name when nil).
        func callAsFunction(_ problem: CommandProblem, _ part: ParsedCommand.Part? = nil)
            -> Diagnostic
        {
            guard let canonical else { return Diagnostic(problem) }
            return Diagnostic(
                problem, at: ParsedCommand.range(part ?? .name, in: parts),
                command: Command.name(ofCanonical: canonical))
        }

        /// A rare error worded where it is found (`CommandProblem.message`).
        func callAsFunction(
            _ message: String, _ part: ParsedCommand.Part? = nil, _ suggestion: String? = nil
        ) -> Diagnostic {
            self(.message(message, suggestion: suggestion), part)
        }

        /// For a check whose error is never printed (a breakpoint's condition, a watch).
        static let quiet = Fail(parts: [:], canonical: nil)
    }
}
