/// What `why` prints: the command it explains and one row per decision, each with the SPEC rule
/// behind it.
package struct WhyReport: Sendable {
    package var command: String
    package var rows: [(rule: String, text: String)]

    /// `why       'COMMAND'`, then the rows with their rules aligned.
    var lines: [String] {
        ["why       '\(command)'"] + TextRenderer.aligned(rows.map { ("  " + $0.rule, $0.text) })
    }
}
