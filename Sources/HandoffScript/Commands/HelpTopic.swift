/// `help` and `help CMD`, from the command table.
package enum HelpTopic: Sendable {
    /// Every command, with its usage and summary.
    case all
    /// One command's usage, summary, example and fixed words.
    case command(CommandSpec)

    package init(_ name: String?) {
        self = name.flatMap(CommandTable.spec).map(HelpTopic.command) ?? .all
    }

    /// The text `help` prints.
    var lines: [String] {
        switch self {
        case .all:
            let width = (CommandTable.all.map(\.usage.count).max() ?? 0) + 2
            var out = ["commands (help CMD for one; SPEC §8):"]
            for spec in CommandTable.all {
                out.append("  " + TextRenderer.pad(spec.usage, width) + spec.summary)
            }
            return out
        case .command(let spec):
            var out = ["usage: " + spec.usage, "  " + spec.summary, "example: " + spec.example]
            if !spec.words.isEmpty { out.append("words: " + spec.words.joined(separator: " ")) }
            return out
        }
    }

    /// The fields of its JSON object.
    var jsonFields: [(String, String)] {
        typealias J = JSONWriter
        func spec(_ s: CommandSpec) -> [(String, String)] {
            [
                ("name", J.string(s.name)), ("usage", J.string(s.usage)),
                ("summary", J.string(s.summary)), ("example", J.string(s.example)),
                ("words", J.array(s.words.map(J.string))),
            ]
        }
        switch self {
        case .all: return [("commands", J.array(CommandTable.all.map { J.object(spec($0)) }))]
        case .command(let s): return spec(s)
        }
    }
}
