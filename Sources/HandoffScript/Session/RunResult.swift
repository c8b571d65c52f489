/// What running one line did.
package struct RunResult: Equatable, Sendable {
    /// With `Session.textInBuffer`, the command's text lines as bytes, or a failed command's
    /// error lines (then all are error lines); they come before `lines`.
    package var text = TextOutput()
    package var lines: [OutputLine] = []
    /// The command failed (bad input, a failed `expect`).
    package var failed = false
    package var quit = false
    /// The command was refused because a trace is being verified (`record`, `replay`, `quit` in a
    /// trace): it counts as a difference whatever the trace expected.
    package var refused = false

    package init() {}

    /// Empties the result for the next command, keeping its text's buffer.
    mutating func clear() {
        text.removeAll()
        if !lines.isEmpty { lines = [] }
        failed = false
        quit = false
        refused = false
    }
}
