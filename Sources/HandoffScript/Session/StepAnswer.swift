/// An answer at a `replay --step` pause (the CLI and the shell share it): Enter runs the trace's
/// next command, `continue` (`c`) runs the rest without pausing, `quit` (`q`) or no answer (end
/// of input) stops; an inspection command (`inspectionCommands`) runs on the replay's state and
/// asks again; anything else is refused and asks again, so a typo never advances the replay.
package enum StepAnswer: Equatable, Sendable {
    case run
    case runRest
    case stop
    /// An inspection command, to run without advancing.
    case inspect(String)
    /// Not an answer: why, and the prompt asks again.
    case invalid(String)

    package init(_ answer: String?) {
        guard let answer else {
            self = .stop
            return
        }
        let trimmed = answer.trimmingSpaces
        switch trimmed {
        case "": self = .run
        case "quit", "q": self = .stop
        case "continue", "c": self = .runRest
        default:
            let command: Command?
            do throws(Diagnostic) {
                command = try CommandParser.parse(trimmed)
            } catch {
                self = .invalid(error.message)
                return
            }
            if let command, command.isInspection {
                self = .inspect(trimmed)
            } else {
                self = .invalid(
                    "'\(trimmed)' would change the replay; at a step, Enter runs the trace's next "
                        + "command, 'continue' (c) runs the rest of the replay, 'quit' (q) stops, "
                        + "and only inspection commands run here (\(Self.inspectionCommands))")
            }
        }
    }

    /// The commands that run at a pause, in the command table's order: those whose name alone or
    /// example parses to an inspection command (`set alone` where only the bare name does), so a
    /// command added to the table is listed as soon as it inspects.
    package static let inspectionCommands: String = {
        func inspects(_ line: String) -> Bool {
            guard let command = try? CommandParser.parse(line) else { return false }
            return command.isInspection
        }
        return CommandTable.all.compactMap { spec -> String? in
            let alone = inspects(spec.name)
            if inspects(spec.example) { return spec.name }
            return alone ? spec.name + " alone" : nil
        }.joined(separator: ", ")
    }()

    /// Asks until the answer moves on (`run`, `runRest` or `stop`): inspection commands run on
    /// `session` and their output goes to `emit`, refusals too.
    package static func ask(
        _ session: inout Session, read: () -> String?, emit: (OutputLine) -> Void
    ) -> StepAnswer {
        while true {
            let answer = StepAnswer(read())
            switch answer {
            case .run, .runRest, .stop:
                return answer
            case .inspect(let line):
                for l in session.run(line).lines { emit(l) }
            case .invalid(let message):
                emit(OutputLine("error: " + message, isError: true))
            }
        }
    }
}
