/// What a printed line is, so the executable routes and colours it without reading its text
/// (habit 15: one printer that colours by severity).
package enum LineRole: Equatable, Sendable {
    /// Ordinary output.
    case plain
    /// An error or a failed `expect`: standard error in text mode, red on a terminal.
    case error
    /// A decision worth seeing at a glance (the owner, a repair): cyan on a terminal.
    case highlight
    /// A passed `expect`: green on a terminal.
    case success
}
