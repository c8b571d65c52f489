/// `help` and `help CMD`, from the command table.
package enum Help {
    package static func lines(for name: String?) -> [String] {
        guard let name, let spec = CommandTable.spec(name) else {
            let width = (CommandTable.all.map(\.usage.count).max() ?? 0) + 2
            var out = ["commands (help CMD for one; SPEC §8):"]
            for spec in CommandTable.all {
                out.append(
                    "  " + TextRenderer.pad(spec.usage, width)
                        + spec.summary)
            }
            return out
        }
        var out = ["usage: " + spec.usage, "  " + spec.summary, "example: " + spec.example]
        if !spec.words.isEmpty { out.append("words: " + spec.words.joined(separator: " ")) }
        return out
    }
}
