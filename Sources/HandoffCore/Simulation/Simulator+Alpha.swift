/// A node's alpha as drawn now (SPEC §2, §8 `ID.alpha`).
extension Simulator {
    /// The alpha of node `i` itself (not multiplied by its ancestors'): a backdrop's follows its
    /// sheet linearly (§2); a switcher's pages cross-dissolve linearly over the transition, the
    /// outgoing page from 1 to 0 and the incoming one from 0 to 1, and a page that is not shown
    /// is at 0; every other node has its static `alpha`. This is the presented alpha: hit testing
    /// follows the selected page from the start of the transition (§5.8), as a UIKit
    /// `transition(with:options: .transitionCrossDissolve)` does.
    public func alpha(_ i: Int) -> Double {
        let node = graph.nodes[i]
        if node.kind.isBackdrop { return layout.backdropAlpha(sheet: graph.partner[i]!) }
        guard let p = graph.parent[i], graph.nodes[p].kind.pages == .switched,
            let page = graph.children[p].firstIndex(of: i)
        else { return node.alpha }
        for a in animations {
            guard case .transition(let tr) = a, tr.node == p, tr.duration > 0 else { continue }
            let progress = Swift.min(1, Swift.max(0, (time - tr.start) / tr.duration))
            if page == tr.to { return node.alpha * progress }
            if page == tr.from { return node.alpha * (1 - progress) }
        }
        return page == selected[p] ? node.alpha : 0
    }
}
