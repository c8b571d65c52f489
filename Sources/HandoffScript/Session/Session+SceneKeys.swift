import HandoffCore

/// `set ID.KEY VALUE` and `set gestures off|on` (SPEC §13.4): the loaded scene changed from
/// that moment. They are history commands like every `set`, but belong to the scene: `load`
/// starts from the scene file again and `set` alone does not list them.
extension Session {
    /// Checks a scene key against the loaded scene, as a scene file is checked: the node exists
    /// and takes the key.
    func checkSceneKey(_ setting: Setting, fail: Fail) throws(Diagnostic) {
        if case .rule(let n, _) = setting {
            let count = sim.reactions.count
            guard n <= count else {
                throw fail(
                    count == 0
                        ? "no rule \(n): the scene has no rules"
                        : "no rule \(n): the scene has rules 1 to \(count)", .key, nil)
            }
            return
        }
        guard case .node(let id, let key, let value, _) = setting else { return }
        let ids = sim.graph.ids
        guard let i = sim.graph.index(of: id) else {
            throw fail(
                "no node '\(Escape.excerpt(id))'", .key,
                Suggest.closest(to: id, in: ids).map { "\($0).\(key)" })
        }
        guard sim.accepts(value, node: i) else {
            let takers = ids.indices.filter { sim.accepts(value, node: $0) }.map { ids[$0] }
            throw fail(
                "'\(id)' is a \(sim.graph.nodes[i].kind.name.rawValue): it has no \(key)", .key,
                Suggest.closest(to: id, in: takers).map { "\($0).\(key)" })
        }
    }

    /// Applies a checked scene key to the simulator.
    mutating func applySceneKey(_ setting: Setting) {
        switch setting {
        case .node(let id, _, let value, _):
            guard let i = sim.graph.index(of: id), sim.accepts(value, node: i) else { return }
            sim.apply(value, to: i)
        case .gestures(let on):
            sim.gestures = on ? sim.graph.scene.gestures : Gestures()
        case .rule(let n, let on):
            guard n <= sim.reactions.count else { return }
            sim.switchRule(n - 1, on: on)
        case .slop, .slopMode, .policy, .touches, .fps, .output:
            return
        }
    }

    /// The value in force of a scene key, as `set` writes it ("" for a node that has none).
    func sceneKeyValue(_ key: String) -> String {
        if key.hasPrefix("rule "), let n = Int(key.dropFirst(5)), n >= 1,
            n <= sim.reactions.count
        {
            return sim.isRuleOn(n - 1) ? "on" : "off"
        }
        if key == "gestures" {
            return sim.gestures.isEmpty && !sim.graph.scene.gestures.isEmpty ? "off" : "on"
        }
        guard let (id, nodeKey) = NodeKeys.split(key), let i = sim.graph.index(of: id) else {
            return ""
        }
        return nodeKey.current(sim, i)
    }
}
