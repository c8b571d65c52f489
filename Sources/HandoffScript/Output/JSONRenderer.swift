import HandoffCore

/// Renders a command's facts as one JSON line: `{"command":…,"events":[…],"state":{…}}`. Each
/// fact is the object `FactDescriber` describes: its kind, its time and frame (simulator facts),
/// then its fields.
package struct JSONRenderer: FactRenderer {
    private var events: [String] = []

    package init() {}

    package mutating func fact(
        _ d: FactDescription, text: (inout TextOutput) -> Void,
        fields: () -> [(String, FactValue)]
    ) {
        var pairs: [(String, FactValue)] = [("kind", .string(d.kind))]
        if let moment = d.moment {
            pairs += [("t", .number(moment.time)), ("frame", .int(moment.frame))]
        }
        events.append(FactValue.record(pairs + fields()).json)
    }

    /// One fact's event object alone, as a line (a fact printed outside any command).
    static func event(_ fact: Fact, names: Names) -> String {
        var renderer = JSONRenderer()
        FactDescriber.describe(fact, names, into: &renderer)
        return renderer.events.joined(separator: ",")
    }

    package static func line(command: String, facts: [Fact], state: String, names: Names) -> String
    {
        var renderer = JSONRenderer()
        for fact in facts { FactDescriber.describe(fact, names, into: &renderer) }
        return JSONWriter.object([
            ("command", JSONWriter.string(command)), ("events", JSONWriter.array(renderer.events)),
            ("state", state),
        ])
    }
}
