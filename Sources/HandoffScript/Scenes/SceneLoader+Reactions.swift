import HandoffCore
import Yams

/// Reading `on:`, the app's own code (SPEC §13.3): each rule has one trigger, an optional `when`
/// and its actions in the order written; every mistake is a scene error at its line and column
/// (SPEC §13.5). Read once the scene is valid: ids resolve against its graph.
extension SceneLoader {
    /// The keys a rule may have besides its trigger.
    static let ruleKeys = ["when", "set", "animate", "stop"]

    func reactions(_ value: Yams.Node, graph: SceneGraph) throws(SceneError) -> [Reaction] {
        var out: [Reaction] = []
        for item in try sequence(value, "on") {
            out.append(try reaction(item, graph))
        }
        return out
    }

    private func reaction(_ item: Yams.Node, _ graph: SceneGraph) throws(SceneError) -> Reaction {
        let entries = try mapping(item, "a rule")
        let triggers = TriggerKind.allCases.map(\.rawValue)
        // The trigger first: whether the rule may read and write `target` depends on it.
        var trigger: (kind: TriggerKind, node: Int)?
        for (key, mark, _) in entries
        where TriggerKind(rawValue: key) == nil && !Self.ruleKeys.contains(key) {
            throw unknownKey(key, mark, allowed: triggers + Self.ruleKeys, in: "a rule")
        }
        for (key, mark, value) in entries {
            guard let kind = TriggerKind(rawValue: key) else { continue }
            guard trigger == nil else {
                throw fail(mark, "a rule has one trigger; '\(key)' is a second one")
            }
            trigger = (kind, try node(value, graph, for: kind))
        }
        guard let trigger else {
            throw fail(
                item.mark, "a rule needs a trigger: one of \(triggers.joined(separator: ", "))")
        }
        let release = trigger.kind == .release
        var when: (Condition, String)?
        var actions: [Reaction.Action] = []
        for (key, mark, value) in entries where TriggerKind(rawValue: key) == nil {
            switch key {
            case "when":
                let text = try word(value, "when")
                do throws(Diagnostic) {
                    when = (
                        try ConditionParser.condition(text, graph: graph, allowsTarget: release),
                        text
                    )
                } catch {
                    throw fail(value.mark, error)
                }
            case "set":
                var writes: [Reaction.Write] = []
                for (k, kmark, v) in try mapping(value, "set") {
                    writes.append(try write(k, kmark, v, graph, release: release))
                }
                guard !writes.isEmpty else { throw fail(value.mark, "'set' needs PATH: VALUE") }
                actions.append(.set(writes))
            case "animate":
                let pairs = try mapping(value, "animate")
                guard pairs.count == 1, let (k, kmark, v) = pairs.first else {
                    throw fail(value.mark, "'animate' takes one PATH: VALUE")
                }
                let w = try write(k, kmark, v, graph, release: release)
                guard w.key != .target, w.key != .scrollEnabled else {
                    throw fail(kmark, "'animate' cannot write '\(w.key.rawValue)'")
                }
                actions.append(.animate(w))
            case "stop":
                let id = try word(value, "stop")
                guard let n = graph.index(of: id) else { throw unknownID(id, value.mark, graph) }
                actions.append(.stop(n))
            default:
                throw unknownKey(key, mark, allowed: triggers + Self.ruleKeys, in: "a rule")
            }
        }
        guard !actions.isEmpty else {
            throw fail(item.mark, "a rule needs an action: set, animate or stop")
        }
        return Reaction(
            trigger.kind, trigger.node, when: when?.0, whenText: when?.1, actions: actions)
    }

    /// The node a trigger names, of a kind it can fire on.
    private func node(_ value: Yams.Node, _ graph: SceneGraph, for kind: TriggerKind)
        throws(SceneError) -> Int
    {
        let id = try word(value, kind.rawValue)
        guard let n = graph.index(of: id) else { throw unknownID(id, value.mark, graph) }
        let name = graph.nodes[n].kind.name
        if kind == .page, !Self.writable(name).contains(.page) {
            throw fail(
                value.mark, "'page' fires on a pager or switcher; '\(id)' is a \(name.rawValue)")
        }
        return n
    }

    /// `ID.KEY: VALUE` of a `set` or `animate`: the key must suit the node's kind, and VALUE is
    /// an expression (SPEC §13.2).
    private func write(
        _ path: String, _ mark: Mark?, _ value: Yams.Node, _ graph: SceneGraph, release: Bool
    ) throws(SceneError) -> Reaction.Write {
        guard let dot = path.lastIndex(of: "."), dot != path.startIndex else {
            throw fail(mark, "'\(Escape.excerpt(path))' is not a path (ID.KEY)")
        }
        let id = String(path[..<dot])
        let name = String(path[path.index(after: dot)...])
        guard let n = graph.index(of: id) else { throw unknownID(id, mark, graph) }
        guard let key = RuleKey(rawValue: name) else {
            var message = "unknown key '\(Escape.excerpt(name))' in a write"
            let keys = RuleKey.allCases.map(\.rawValue)
            if let s = Suggest.closest(to: name, in: keys) { message += "; did you mean '\(s)'?" }
            throw fail(mark, message)
        }
        let kind = graph.nodes[n].kind.name
        guard Self.writable(kind).contains(key) else {
            throw fail(mark, "a \(kind.rawValue) has no '\(name)' a rule can write ('\(path)')")
        }
        if key == .target, !release {
            throw fail(mark, "'\(path)' can be written only in a 'release' rule")
        }
        let text = try word(value, path)
        if key == .scrollEnabled {
            // A yes/no value (YAML's true/false/yes/no as written); an expression otherwise.
            let words = ["true": 1.0, "yes": 1, "on": 1, "false": 0, "no": 0, "off": 0]
            if let b = words[text] {
                return Reaction.Write(n, key, Expression(.number(b)), text: text)
            }
        }
        do throws(Diagnostic) {
            let e = try ConditionParser.expression(text, graph: graph, allowsTarget: release)
            return Reaction.Write(n, key, e, text: text)
        } catch {
            throw fail(value.mark, error)
        }
    }

    /// A condition's or expression's error, at its column within the scalar written at `mark`.
    private func fail(_ mark: Mark?, _ d: Diagnostic) -> SceneError {
        var message = d.message
        if let s = d.suggestion { message += "; did you mean '\(s)'?" }
        return SceneError(
            file: file, line: mark?.line ?? 1, column: (mark?.column ?? 1) + d.column - 1,
            message: message)
    }

    /// What a rule can write on a node of `kind` (SPEC §13.3); exhaustive, so a new kind must say.
    static func writable(_ kind: NodeKind.Name) -> Set<RuleKey> {
        switch kind {
        case .scroll, .list: [.offset, .target, .scrollEnabled]
        case .pager: [.offset, .page, .scrollEnabled]
        case .switcher: [.page]
        case .sheet: [.top]
        case .view, .tabs, .backdrop: []
        }
    }

    private func unknownID(_ id: String, _ mark: Mark?, _ graph: SceneGraph) -> SceneError {
        var message = "unknown id '\(Escape.excerpt(id))'"
        if let s = Suggest.closest(to: id, in: graph.ids.sorted()) {
            message += "; did you mean '\(s)'?"
        }
        return fail(mark, message)
    }
}
