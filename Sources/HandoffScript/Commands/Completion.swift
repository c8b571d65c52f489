import HandoffCore

/// Tab completion for the shell, from the command table and the loaded scene.
package enum Completion {
    /// Candidates for the word being typed at the end of `before` (the text left of the cursor).
    /// `files(prefix)` lists paths that start with a prefix (the executable reads the disk).
    package static func candidates(
        for before: String, session: Session, files: (String) -> [String]
    ) -> (partial: String, candidates: [String]) {
        let (head, partial) = split(before)
        let words = head.split(separator: " ").map(String.init)
        let bare = unquoted(partial)
        let all: [String]
        if words.isEmpty {
            all = CommandTable.names
        } else {
            all = arguments(
                command: words[0], previous: Array(words.dropFirst()), partial: bare,
                session: session, files: files)
        }
        var seen = Set<String>()
        let hits = all.filter { $0.hasPrefix(bare) && seen.insert($0).inserted }
        return (partial, hits)
    }

    /// What Tab does: replace the word being typed (`delete` characters before the cursor) by the
    /// common prefix of the candidates (plus a space when one candidate is complete), or list the
    /// candidates when nothing more is common. A file name with a space or a `#` is written
    /// quoted (`load "my scenes/a b.yaml"`), as the command language reads it.
    package static func action(for before: String, session: Session, files: (String) -> [String])
        -> (delete: Int, insert: String, list: [String])
    {
        let (partial, hits) = candidates(for: before, session: session, files: files)
        guard !hits.isEmpty else { return (0, "", []) }
        let bare = unquoted(partial)
        var common = commonPrefix(hits)
        // Quoted as the command language writes a word back (`Token.quoted`: a space, a tab, a
        // `#`, a leading quote), or as the user opened it.
        let written = Token.quoted(common)
        let quote: Character? =
            partial.first.flatMap { $0 == "\"" || $0 == "'" ? $0 : nil }
            ?? (!common.isEmpty && written != common ? written.first : nil)
        let complete = hits.count == 1 && !common.hasSuffix("[") && !common.hasSuffix("/")
        guard common.count > bare.count || (complete && quote != nil) else {
            return (0, "", hits)
        }
        if let quote {
            common = String(quote) + common + (complete ? String(quote) + " " : "")
            return (partial.count, common, [])
        }
        if complete { common += " " }
        return (0, String(common.dropFirst(partial.count)), [])
    }

    /// The text before the word being typed, and that word as typed (with its opening quote when
    /// it is a quoted file name that is not closed yet).
    static func split(_ before: String) -> (head: Substring, partial: String) {
        var quote: Character?
        var start = before.startIndex
        var i = before.startIndex
        while i < before.endIndex {
            let c = before[i]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == " " {
                start = before.index(after: i)
            }
            i = before.index(after: i)
        }
        return (before[..<start], String(before[start...]))
    }

    /// A word without its opening quote.
    static func unquoted(_ word: String) -> String {
        guard let q = word.first, q == "\"" || q == "'" else { return word }
        return String(word.dropFirst())
    }

    /// The longest common prefix of the candidates.
    package static func commonPrefix(_ words: [String]) -> String {
        guard var common = words.first else { return "" }
        for w in words.dropFirst() {
            while !w.hasPrefix(common) { common.removeLast() }
        }
        return common
    }

    static func arguments(
        command: String, previous: [String], partial: String, session: Session,
        files: (String) -> [String]
    ) -> [String] {
        let g = session.sim.graph
        let ids = g.ids.filter { !$0.hasSuffix(".backdrop") }
        let itemIDs = g.nodes.filter { $0.rows != nil || $0.kind.isTabs }.map { $0.id + "[" }
        let targets = ids + itemIDs
        switch command {
        case "load":
            return previous.isEmpty
                ? BuiltinScenes.names
                    + files(partial).filter {
                        isDirectory($0) || $0.hasSuffix(".yaml") || $0.hasSuffix(".yml")
                            || $0.hasSuffix(".json") || isDump($0)
                    } : []
        case "record":
            return previous.isEmpty ? ["stop"] + files(partial) : ["--force"]
        case "replay":
            return previous.isEmpty
                ? files(partial).filter { isDirectory($0) || $0.hasSuffix(".trace") } : ["--step"]
        case "plot":
            return previous.isEmpty
                ? files(partial).filter {
                    isDirectory($0) || $0.hasSuffix(".svg") || $0.hasSuffix(".html")
                        || $0.hasSuffix(".jsonl")
                } : ["--from", "--to"]
        case "touch", "tap":
            return previous.isEmpty ? targets : []
        case "tab":
            if previous.last == "of" { return g.tabs.map { g.nodes[$0].id } }
            if previous.isEmpty {
                let segments = g.tabs.first.map { g.nodes[$0].segments } ?? []
                return ["next", "prev"] + segments
            }
            return ["of"]
        case "move", "pan", "swipe":
            return previous.count >= 2 ? (command == "move" ? ["over"] : ["over", "at"]) : []
        case "state":
            return ["--json"]
        case "set":
            if previous.isEmpty { return SettingKeys.keys + sceneKeys(session) }
            return previous.count == 1 ? keyValues(previous[0], session) : []
        case "help":
            return previous.isEmpty ? CommandTable.names + ["scene"] : []
        case "break":
            if previous.first == "when" {
                return arguments(
                    command: "expect", previous: Array(previous.dropFirst()), partial: partial,
                    session: session, files: files)
            }
            return previous.isEmpty ? BreakEvent.allCases.map(\.rawValue) + ["when"] : []
        case "delete":
            return previous.isEmpty
                ? session.debug.breakpoints.map { String($0.number) } + ["all"] : []
        case "watch":
            return previous.isEmpty ? expectPaths(session) : []
        case "unwatch":
            return previous.isEmpty ? session.debug.watches.map(\.path.canonical) + ["all"] : []
        case "back":
            return previous.isEmpty ? ["break"] : []
        case "compare":
            if previous.isEmpty {
                return SettingKeys.keys.filter { $0 != "output" } + sceneKeys(session)
            }
            return previous.count == 1 ? keyValues(previous[0], session) : []
        case "expect":
            switch previous.count {
            case 0:
                return expectPaths(session)
            case 1: return ExpectOp.allCases.map(\.rawValue)
            case 2:
                switch previous[0] {
                case "phase": return Phase.allCases.map(\.rawValue)
                case "owner", "touch": return ["none"] + ids
                case "stopped": return ["yes", "no"]
                case "tap":
                    return [
                        "delivered", "not-delivered", "swallowed", "cancelled", "rejected",
                        "not-tappable",
                    ]
                default: return []
                }
            default: return ["±"]
            }
        default:
            return []
        }
    }

    /// The scene's own keys of `set` and `compare` (SPEC §13.4): `gestures`, `rule`, and
    /// `ID.KEY` for every node a key applies to.
    static func sceneKeys(_ session: Session) -> [String] {
        var keys = ["gestures", "rule"]
        for n in session.sim.graph.nodes where n.scroll != nil || n.kind.isSheet {
            keys += NodeKeys.names.map { n.id + "." + $0 }
        }
        return keys
    }

    /// The words after `set KEY` / `compare KEY`: a setting's values, on/off, rule numbers.
    static func keyValues(_ key: String, _ session: Session) -> [String] {
        if key == "rule" { return session.sim.reactions.indices.map { String($0 + 1) } }
        return NodeKeys.values(of: key)
    }

    /// Every PATH `expect`, `watch` and `break when` read in this scene.
    static func expectPaths(_ session: Session) -> [String] {
        let g = session.sim.graph
        var paths = ExpectPath.fixed
        paths += StateReport(session.sim).values.map(\.path)
        paths += g.nodes.filter { $0.scroll != nil || $0.kind.isSheet }.map { "ledger." + $0.id }
        return paths
    }

    static func isDirectory(_ path: String) -> Bool { path.hasSuffix("/") }

    /// UIKit dumps (SPEC §11) are plain text: `.txt`, `.dump` or `.log` files.
    static func isDump(_ path: String) -> Bool {
        path.hasSuffix(".txt") || path.hasSuffix(".dump") || path.hasSuffix(".log")
    }
}

extension Phase: CaseIterable {
    public static let allCases: [Phase] = [.idle, .touching, .panning, .animating]
}
