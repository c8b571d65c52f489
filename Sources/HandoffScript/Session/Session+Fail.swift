import HandoffCore

extension Session {
    /// Builds the error of a command that failed while running, with its caret under a part of
    /// the line: a typed problem, worded and given its usage line only if it prints.
    struct Fail {
        /// Where each part of the command was typed.
        var parts: PartRanges
        /// The command's canonical text (its name is the usage's), or nil for a quiet check.
        var canonical: String?

        /// `problem`, with its caret under `part` (the command's name when nil). A quiet check
        /// never builds its problem: its error is never printed.
        func callAsFunction(
            _ problem: @autoclosure () -> CommandProblem, _ part: ParsedCommand.Part? = nil
        ) -> Diagnostic {
            guard let canonical else { return Diagnostic(.unprinted) }
            return Diagnostic(
                problem(), at: ParsedCommand.range(part ?? .name, in: parts),
                command: Self.name(ofCanonical: canonical))
        }

        /// The command's name, the canonical text's first word: cut at the first space byte
        /// unless a non-ASCII byte follows it (a combining mark would join the space, and
        /// `Command.name` reads characters).
        static func name(ofCanonical canonical: String) -> String {
            let bytes = canonical.utf8
            guard let space = bytes.firstIndex(of: UInt8(ascii: " ")) else { return canonical }
            let next = bytes.index(after: space)
            guard next == bytes.endIndex || bytes[next] < 0x80 else {
                return Command.name(ofCanonical: canonical)
            }
            return String(canonical[..<space])
        }

        /// A rare error worded where it is found (`CommandProblem.message`), only if it prints.
        func callAsFunction(
            _ message: @autoclosure () -> String, _ part: ParsedCommand.Part? = nil,
            _ suggestion: @autoclosure () -> String? = nil
        ) -> Diagnostic {
            self(.message(message(), suggestion: suggestion()), part)
        }

        /// For a check whose error is never printed (a breakpoint's condition, a watch).
        static let quiet = Fail(parts: [:], canonical: nil)
    }
}
