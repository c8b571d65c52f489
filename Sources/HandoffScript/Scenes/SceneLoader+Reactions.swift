import HandoffCore
import Yams

/// Reading `on:`, the app's own code (SPEC §13.3): each rule has one trigger, an optional `when`
/// and its actions in the order written; every mistake is a scene error at its line and column
/// (SPEC §13.5).
extension SceneLoader {
    /// The keys a rule may have besides its trigger.
    static let ruleKeys = ["when", "set", "animate", "stop"]

    func reactions(_ value: Yams.Node, nodes: [HandoffCore.Node]) throws(SceneError) -> [Reaction] {
        var kinds: [String: NodeKind.Name] = [:]
        func walk(_ n: HandoffCore.Node) {
            kinds[n.id] = n.kind.name
            for c in n.children { walk(c) }
        }
        for n in nodes { walk(n) }
        var out: [Reaction] = []
        for item in try sequence(value, "on") {
            out.append(try reaction(item, kinds))
        }
        return out
    }

    private func reaction(_ item: Yams.Node, _ kinds: [String: NodeKind.Name])
        throws(SceneError) -> Reaction
    {
        let entries = try mapping(item, "a rule")
        let triggers = TriggerKind.allCases.map(\.rawValue)
        var trigger: Reaction.Trigger?
        let when: RuleCondition? = nil
        var actions: [Reaction.Action] = []
        for (key, mark, value) in entries {
            if let kind = TriggerKind(rawValue: key) {
                guard trigger == nil else {
                    throw fail(mark, "a rule has one trigger; '\(key)' is a second one")
                }
                trigger = Reaction.Trigger(kind, try id(value, kinds, for: kind))
                continue
            }
            switch key {
            case "when":
                throw fail(value.mark, "'when' conditions are not supported yet")
            case "set":
                var writes: [Reaction.Write] = []
                for (k, kmark, v) in try mapping(value, "set") {
                    writes.append(try write(k, kmark, v, kinds, trigger: trigger?.kind))
                }
                guard !writes.isEmpty else { throw fail(value.mark, "'set' needs PATH: VALUE") }
                actions.append(.set(writes))
            case "animate":
                let pairs = try mapping(value, "animate")
                guard pairs.count == 1, let (k, kmark, v) = pairs.first else {
                    throw fail(value.mark, "'animate' takes one PATH: VALUE")
                }
                let w = try write(k, kmark, v, kinds, trigger: trigger?.kind)
                guard w.path.key != .target else {
                    throw fail(kmark, "'animate' cannot write 'target'")
                }
                actions.append(.animate(w))
            case "stop":
                let id = try word(value, "stop")
                guard kinds[id] != nil else { throw unknownID(id, value.mark, kinds) }
                actions.append(.stop(id))
            default:
                throw unknownKey(key, mark, allowed: triggers + Self.ruleKeys, in: "a rule")
            }
        }
        guard let trigger else {
            throw fail(
                item.mark,
                "a rule needs a trigger: one of \(triggers.joined(separator: ", "))")
        }
        guard !actions.isEmpty else {
            throw fail(item.mark, "a rule needs an action: set, animate or stop")
        }
        return Reaction(trigger: trigger, when: when, actions: actions)
    }

    /// The id a trigger names, of a kind it can fire on.
    private func id(
        _ value: Yams.Node, _ kinds: [String: NodeKind.Name], for kind: TriggerKind
    ) throws(SceneError) -> String {
        let id = try word(value, kind.rawValue)
        guard let k = kinds[id] else { throw unknownID(id, value.mark, kinds) }
        if kind == .page, !Self.writable(k).contains(.page) {
            throw fail(
                value.mark, "'page' fires on a pager or switcher; '\(id)' is a \(k.rawValue)")
        }
        return id
    }

    /// `ID.KEY: VALUE` of a `set` or `animate`: the key must suit the node's kind.
    private func write(
        _ path: String, _ mark: Mark?, _ value: Yams.Node, _ kinds: [String: NodeKind.Name],
        trigger: TriggerKind?
    ) throws(SceneError) -> Reaction.Write {
        guard let dot = path.lastIndex(of: "."), dot != path.startIndex else {
            throw fail(mark, "'\(Escape.excerpt(path))' is not a path (ID.KEY)")
        }
        let id = String(path[..<dot])
        let name = String(path[path.index(after: dot)...])
        guard let kind = kinds[id] else { throw unknownID(id, mark, kinds) }
        guard let key = RuleKey(rawValue: name) else {
            var message = "unknown key '\(Escape.excerpt(name))' in a write"
            let keys = RuleKey.allCases.map(\.rawValue)
            if let s = Suggest.closest(to: name, in: keys) { message += "; did you mean '\(s)'?" }
            throw fail(mark, message)
        }
        guard Self.writable(kind).contains(key) else {
            throw fail(mark, "a \(kind.rawValue) has no '\(name)' a rule can write ('\(path)')")
        }
        if key == .target, trigger != .release {
            throw fail(mark, "'\(path)' can be written only in a 'release' rule")
        }
        return Reaction.Write(RulePath(id, key), RuleValue(try number(value, path)))
    }

    /// What a rule can write on a node of `kind` (SPEC §13.3); exhaustive, so a new kind must say.
    static func writable(_ kind: NodeKind.Name) -> Set<RuleKey> {
        switch kind {
        case .scroll, .list: [.offset, .target]
        case .pager: [.offset, .page]
        case .switcher: [.page]
        case .sheet: [.top]
        case .view, .tabs, .backdrop: []
        }
    }

    private func unknownID(_ id: String, _ mark: Mark?, _ kinds: [String: NodeKind.Name])
        -> SceneError
    {
        var message = "unknown id '\(Escape.excerpt(id))'"
        if let s = Suggest.closest(to: id, in: kinds.keys.sorted()) {
            message += "; did you mean '\(s)'?"
        }
        return fail(mark, message)
    }
}
