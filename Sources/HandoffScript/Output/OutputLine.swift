/// A line of output and its role; errors go to standard error in the executable (text mode).
package struct OutputLine: Equatable, Sendable {
    package var text: String
    package var role: LineRole

    package init(_ text: String, role: LineRole = .plain) {
        self.text = text
        self.role = role
    }

    package init(_ text: String, isError: Bool) {
        self.init(text, role: isError ? .error : .plain)
    }

    /// Whether the line goes to standard error.
    package var isError: Bool { role == .error }
}
