import HandoffCore

/// `help` and `help CMD`, from the command table.
package enum HelpTopic: Sendable {
    /// Every command, with its usage and summary.
    case all
    /// One command's usage, summary, example and fixed words.
    case command(CommandSpec)
    /// The keys of a scene file, from the scene loader's own tables.
    case scene

    /// The topic `help` names (nil: all commands); an unknown name is all commands.
    package init(_ name: String?) {
        self = name.flatMap(Self.named) ?? .all
    }

    /// A command's topic or `scene`; nil for any other name.
    package static func named(_ name: String) -> HelpTopic? {
        if name == "scene" { return .scene }
        return CommandTable.spec(name).map(HelpTopic.command)
    }

    /// The text `help` prints.
    package var lines: [String] {
        switch self {
        case .all:
            let width = (CommandTable.all.map(\.usage.count).max() ?? 0) + 2
            var out = [
                "commands (help CMD for one, help scene for scene files; docs/reference/commands.md):"
            ]
            for spec in CommandTable.all {
                out.append("  " + TextRenderer.pad(spec.usage, width) + spec.summary)
            }
            return out
        case .command(let spec):
            var out = ["usage: " + spec.usage, "  " + spec.summary, "example: " + spec.example]
            if !spec.words.isEmpty { out.append("words: " + spec.words.joined(separator: " ")) }
            return out
        case .scene:
            let width = (SceneKeys.summaries.map(\.key.count).max() ?? 0) + 2
            func described(_ keys: [String]) -> [String] {
                keys.map { key in
                    "  " + TextRenderer.pad(key, width)
                        + (SceneKeys.summaries.first { $0.key == key }?.summary ?? "")
                }
            }
            var out = ["scene files (YAML or JSON; docs/reference/scene-format.md). At the top:"]
            out += described(SceneKeys.top)
            out.append("node kinds and their keys (write 'KIND: ID' for kind and id):")
            for (kind, keys) in Self.kinds {
                out.append("  " + TextRenderer.pad(kind, width) + keys.joined(separator: " "))
            }
            out.append("node keys:")
            out += described(Self.nodeKeys)
            return out
        }
    }

    /// Each writable kind with its keys, in `SceneKeys.summaries` order.
    static var kinds: [(String, [String])] {
        NodeKind.Name.writable.map { kind in
            let keys = SceneKeys.node(kind)
            return (kind.rawValue, SceneKeys.summaries.map(\.key).filter(keys.contains))
        }
    }

    /// Every key a node may have, in `SceneKeys.summaries` order.
    static var nodeKeys: [String] {
        SceneKeys.summaries.map(\.key).filter { SceneKeys.anyNode.contains($0) || $0 == "id" }
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
        func keys(_ names: [String]) -> String {
            J.array(
                names.map { key in
                    J.object([
                        ("key", J.string(key)),
                        (
                            "summary",
                            J.string(SceneKeys.summaries.first { $0.key == key }?.summary ?? "")
                        ),
                    ])
                })
        }
        switch self {
        case .all: return [("commands", J.array(CommandTable.all.map { J.object(spec($0)) }))]
        case .command(let s): return spec(s)
        case .scene:
            return [
                ("topic", J.string("scene")), ("top", keys(SceneKeys.top)),
                (
                    "kinds",
                    J.object(Self.kinds.map { ($0.0, J.array($0.1.map(J.string))) })
                ),
                ("keys", keys(Self.nodeKeys)),
            ]
        }
    }
}
