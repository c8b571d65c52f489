import HandoffCore

/// Something a scene says that it cannot do, though it loads: `load` prints it after its `load`
/// line, naming the node (issue 24). Found by `SceneValidator.warnings`, from the scene value.
package enum SceneWarning: Equatable, Sendable {
    /// Children of a scroll end past what scrolling can show: `reach`, the end of the content
    /// and its trailing inset, or of the viewport when the content is shorter. Named: the first
    /// such child in tree order, with how many `others` there are.
    case pastContent(node: String, others: Int, scroll: String, end: Double, reach: Double)
    /// A `stretches` view whose parent scroll never overscrolls at its leading edge (SPEC §5.6:
    /// it stretches only with that overscroll): the scroll does not bounce.
    case neverBounces(node: String, scroll: String)
    /// A `stretches` view whose parent is no scroll view (nothing to stretch with).
    case noScroll(node: String, parent: String?)

    /// What `load` prints after `warning`.
    package var message: String {
        let f = NumberFormat.format
        switch self {
        case .pastContent(let node, let others, let scroll, let end, let reach):
            return
                "\(node) reaches past \(scroll)'s content: it ends at \(f(end)), scrolling shows up to \(f(reach))"
                + (others > 0
                    ? " (and \(Plural.count(others, "more child", plural: "more children")))" : "")
        case .neverBounces(let node, let scroll):
            return
                "\(node) never stretches: \(scroll) has bounces: false, so it never overscrolls at its leading edge"
        case .noScroll(let node, let parent):
            return "\(node) never stretches: "
                + (parent.map { "\($0) is not a scroll view" } ?? "it is not inside a scroll view")
        }
    }
}

extension SceneValidator {
    /// The scene's warnings, in tree order.
    package static func warnings(_ scene: Scene) -> [SceneWarning] {
        var out: [SceneWarning] = []
        func walk(_ n: Node, parent: Node?, depth: Int) {
            guard depth <= maxDepth else { return }
            if n.stretches {
                if let parent, let c = parent.scroll {
                    if !c.bounces { out.append(.neverBounces(node: n.id, scroll: parent.id)) }
                } else {
                    out.append(.noScroll(node: n.id, parent: parent?.id))
                }
            }
            if let c = n.scroll, n.kind.name == .scroll || n.kind.name == .list {
                let viewport = c.axis == .vertical ? n.frame.height : n.frame.width
                let reach = max(c.content + c.insetTrailing, viewport - c.insetLeading)
                var past: [(id: String, end: Double)] = []
                for child in n.children where child.kind.name != .sheet {
                    let f = child.frame
                    let end = c.axis == .vertical ? f.y + f.height : f.x + f.width
                    // Half a point of slack: dumps print lengths such as 70.000100000000003.
                    if end > reach + 0.5 { past.append((child.id, end)) }
                }
                if let first = past.first {
                    out.append(
                        .pastContent(
                            node: first.id, others: past.count - 1, scroll: n.id, end: first.end,
                            reach: reach))
                }
            }
            for child in n.children { walk(child, parent: n, depth: depth + 1) }
        }
        for n in scene.root { walk(n, parent: nil, depth: 1) }
        return out
    }
}
