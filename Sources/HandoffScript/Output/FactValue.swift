/// A fact's field as a structured value: what `--json` writes and the timeline reads. Numbers
/// stay `Double`s until a writer formats them.
package indirect enum FactValue: Sendable {
    case number(Double)
    case int(Int)
    case string(String)
    case bool(Bool)
    case null
    case list([FactValue])
    case record([(String, FactValue)])
    /// A value that is already JSON text: the state object, the tree's node objects, `help`.
    case encoded(String)

    /// A string, or null.
    static func optional(_ s: String?) -> FactValue { s.map(FactValue.string) ?? .null }

    /// The value as JSON text, keys in their given order, numbers in the project's format.
    package var json: String {
        switch self {
        case .number(let d): JSONWriter.number(d)
        case .int(let i): String(i)
        case .string(let s): JSONWriter.string(s)
        case .bool(let b): b ? "true" : "false"
        case .null: "null"
        case .list(let items): JSONWriter.array(items.map(\.json))
        case .record(let pairs): JSONWriter.object(pairs.map { ($0.0, $0.1.json) })
        case .encoded(let text): text
        }
    }
}

/// When a simulator fact happened: its time and frame.
package struct Moment: Equatable, Sendable {
    package var time: Double
    package var frame: Int
}
