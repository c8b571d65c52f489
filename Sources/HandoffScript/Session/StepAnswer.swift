/// An answer at a `replay --step` pause (the CLI and the shell share it): Enter runs the trace's
/// next command, `continue` (`c`) runs the rest without pausing, `quit` (`q`) or no answer (end
/// of input) stops; an inspection command (`state`, `why`, `tree`, `show`, `expect`, `history`,
/// `break` and `watch` alone, `set` alone, `help`)
/// runs on the replay's state and asks again; anything else is refused and asks again, so a typo
/// never advances the replay.
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
                        + "and only inspection commands run here (state, why, tree, show, expect, "
                        + "history, break, watch, set, help)")
            }
        }
    }

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
