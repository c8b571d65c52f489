import HandoffCore

/// Renders facts as text: one fact per line, a fixed label column. The words come from
/// `FactDescriber`; this renderer keeps the lines and aligns consecutive state changes.
package struct TextRenderer: FactRenderer {
    static let labelWidth = 10

    package private(set) var lines: [OutputLine] = []

    package init() {}

    package mutating func fact(
        _ kind: String, at moment: Moment?, role: LineRole, text: () -> [String],
        fields: () -> [(String, FactValue)]
    ) {
        for line in text() { lines.append(OutputLine(line, role: role)) }
    }

    /// The lines of a command's facts; consecutive state changes are aligned together.
    package static func render(_ facts: [Fact], names: Names) -> [OutputLine] {
        var renderer = TextRenderer()
        var changes: [(String, String)] = []
        for fact in facts {
            if case .changed(let path, let from, let to) = fact {
                changes.append(
                    (path, "\(FactDescriber.text(from)) → \(FactDescriber.text(to))"))
                continue
            }
            renderer.flush(&changes)
            FactDescriber.describe(fact, names, into: &renderer)
        }
        renderer.flush(&changes)
        return renderer.lines
    }

    private mutating func flush(_ changes: inout [(String, String)]) {
        guard !changes.isEmpty else { return }
        lines += Self.aligned(changes).map { OutputLine($0) }
        changes.removeAll()
    }

    package static func line(_ label: String, _ text: String) -> String {
        pad(label, max(labelWidth, label.count + 1)) + text
    }

    /// `s` followed by spaces up to `width` characters (no Foundation: this is on the hot path).
    package static func pad(_ s: String, _ width: Int) -> String {
        let n = s.count
        return n >= width ? s : s + String(repeating: " ", count: width - n)
    }

    /// Rows of `label value`, with the values aligned.
    package static func aligned(_ rows: [(String, String)]) -> [String] {
        guard !rows.isEmpty else { return [] }
        let width = max(labelWidth, (rows.map(\.0.count).max() ?? 0) + 2)
        return rows.map { pad($0.0, width) + $0.1 }
    }

    /// `d 250 = outer 200 pre + first 50 self + unconsumed 0`
    package static func ledger(_ l: Ledger, _ names: Names) -> String {
        let f = NumberFormat.format
        var parts = l.shares.map { "\(names.id($0.node)) \(f($0.amount)) \($0.phase.rawValue)" }
        parts.append("unconsumed \(f(l.unconsumed))")
        return "d \(f(l.d)) = " + parts.joined(separator: " + ")
    }
}
