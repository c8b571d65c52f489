import HandoffCore

/// The tree of nodes: children in place, touches passed to cells, scrolls nested in scrolls.
extension UIKitImporter {
    /// Builds node `i` with its children in place, records its line, and makes the `nested`
    /// guess for a scroll that contains a scroll on its own axis.
    func assemble(
        _ i: Int, path: [Int], _ drafts: inout [Draft], _ result: inout Result
    ) -> Node {
        var node = drafts[i].node
        var guesses = drafts[i].guesses
        result.map[ScenePlace(path)] = (drafts[i].view.line, 1)
        let childPaths = path.count < SceneValidator.maxDepth + 1 ? drafts[i].children : []
        for (k, c) in childPaths.enumerated() {
            node.children.append(assemble(c, path: path + [k], &drafts, &result))
        }
        if node.tappable {
            for k in node.children.indices {
                Self.passTouches(&node.children[k], path: path + [k], to: node.id, &result)
            }
        }
        if let axis = node.scroll?.axis, Self.containsScroll(on: axis, in: node.children) {
            node.scroll?.nested = NestedPolicy(pre: .none, post: .both, fling: .handoff)
            guesses.append(
                "nested: it contains a \(axis.rawValue) scroll view; inner first, then this one (what a coordinated handoff does)"
            )
        }
        if !guesses.isEmpty { result.guesses[path] = guesses }
        return node
    }

    /// UIKit selects a cell wherever its content is touched, but here a tap goes to the deepest
    /// view: so the views inside a tappable cell, button or control that hold nothing tappable or
    /// scrollable of their own are imported as not interactive, and hit testing lands on the cell.
    static func passTouches(
        _ n: inout Node, path: [Int], to owner: String, _ result: inout Result
    ) {
        guard n.interactive, !n.tappable, n.scroll == nil else { return }
        if !containsTappableOrScroll(n.children) {
            n.interactive = false
            result.guesses[path, default: []].append(
                "interactive false: touches here go to '\(owner)', as UIKit selects the whole cell")
            return
        }
        for k in n.children.indices {
            passTouches(&n.children[k], path: path + [k], to: owner, &result)
        }
    }

    static func containsTappableOrScroll(_ nodes: [Node]) -> Bool {
        nodes.contains { $0.tappable || $0.scroll != nil || containsTappableOrScroll($0.children) }
    }

    static func containsScroll(on axis: Axis, in nodes: [Node]) -> Bool {
        for n in nodes {
            if n.scroll?.axis == axis || containsScroll(on: axis, in: n.children) { return true }
        }
        return false
    }
}
