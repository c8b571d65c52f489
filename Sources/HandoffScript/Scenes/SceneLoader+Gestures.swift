import HandoffCore
import Yams

/// Reading `gestures:` (SPEC §13.2): pairs of nodes that pan, and `shouldBegin` conditions,
/// resolved against the validated scene's graph. A condition's error points at its word in the
/// file (LINE:COL).
extension SceneLoader {
    /// The keys of `gestures:`.
    static let gestureKeys = ["simultaneous", "requireToFail", "shouldBegin"]

    /// Reads the top-level `gestures:` of `root`, if any, for the valid scene `scene`.
    func gestures(of root: Yams.Node, _ scene: Scene) throws(SceneError) -> Gestures {
        guard let value = try mapping(root, "a scene").first(where: { $0.key == "gestures" })?.value
        else { return Gestures() }
        let graph = SceneGraph(scene)
        var out = Gestures()
        for (key, mark, v) in try mapping(value, "gestures") {
            switch key {
            case "simultaneous": out.simultaneous = try pairs(v, key, graph)
            case "requireToFail": out.requireToFail = try pairs(v, key, graph)
            case "shouldBegin":
                for (id, idMark, c) in try mapping(v, "shouldBegin") {
                    let node = try panNode(id, idMark, graph)
                    guard out.shouldBegin(of: node) == nil else {
                        throw fail(idMark, "'\(id)' has two shouldBegin conditions")
                    }
                    let text = try word(c, "a condition")
                    do {
                        let condition = try ConditionParser.condition(text, graph: graph)
                        out.shouldBegin.append(
                            Gestures.ShouldBegin(node: node, condition: condition, text: text))
                    } catch {
                        throw conditionError(error, in: c)
                    }
                }
            default:
                throw unknownKey(key, mark, allowed: Self.gestureKeys, in: "gestures")
            }
        }
        return out
    }

    /// `[[A, B], …]`: each a pair of two different nodes that pan.
    private func pairs(_ value: Yams.Node, _ what: String, _ graph: SceneGraph)
        throws(SceneError) -> [Gestures.Pair]
    {
        var out: [Gestures.Pair] = []
        for item in try sequence(value, what) {
            let ids = try sequence(item, "a pair of \(what)")
            guard ids.count == 2 else {
                throw fail(item.mark, "a pair of \(what) has two ids, [A, B]")
            }
            let a = try panNode(try word(ids[0], "an id"), ids[0].mark, graph)
            let b = try panNode(try word(ids[1], "an id"), ids[1].mark, graph)
            guard a != b else { throw fail(ids[1].mark, "a pair of \(what) names two nodes") }
            out.append(Gestures.Pair(a, b))
        }
        return out
    }

    /// A node with a pan of its own: a scroll, list, pager or sheet.
    private func panNode(_ id: String, _ mark: Mark?, _ graph: SceneGraph) throws(SceneError)
        -> Int
    {
        guard let n = graph.index(of: id) else {
            var message = "no node '\(Escape.excerpt(id))'"
            if let s = Suggest.closest(to: id, in: graph.ids) {
                message += "; did you mean '\(s)'?"
            }
            throw fail(mark, message)
        }
        guard graph.motion[n].axis != nil, !graph.motion[n].follower else {
            throw fail(mark, "'\(id)' has no pan: only a scroll, list, pager or sheet does")
        }
        return n
    }

    /// A condition's error at its word: the scalar's position plus the column within its text
    /// (past the opening quote of a quoted scalar).
    private func conditionError(_ d: Diagnostic, in node: Yams.Node) -> SceneError {
        var message = d.message
        if let s = d.suggestion { message += "; did you mean '\(s)'?" }
        guard case .scalar(let s) = node, let mark = node.mark else {
            return fail(node.mark, message)
        }
        let quoted = s.style == .singleQuoted || s.style == .doubleQuoted
        return SceneError(
            file: file, line: mark.line, column: mark.column + d.column - 1 + (quoted ? 1 : 0),
            message: message)
    }
}
