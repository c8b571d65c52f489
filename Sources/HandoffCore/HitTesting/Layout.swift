/// A scene graph (which never changes once built) behind one reference, for the layouts that a
/// simulator makes of it.
final class SharedGraph: Sendable {
    let graph: SceneGraph
    /// Per node, a list's rows (nil for other kinds): hit testing and item frames read them
    /// without copying the node's kind.
    let rows: [Rows?]
    /// Per node, whether hit testing may look at it as far as its own settings go: shown,
    /// interactive, not a parallax follower, and opaque enough (a backdrop's alpha is its sheet's,
    /// read when hit testing).
    let hittable: [Bool]

    init(_ graph: SceneGraph) {
        self.graph = graph
        rows = graph.nodes.map(\.rows)
        hittable = graph.nodes.indices.map { i in
            let n = graph.nodes[i]
            // A parallax scroll follows another node and is not interactive (SPEC §5.7).
            return !n.hidden && n.interactive && !graph.isFollower(i)
                && (graph.motion[i].backdrop || n.alpha >= 0.01)
        }
    }
}

/// Where nodes are on screen right now: derived from the graph and the current offsets, pages
/// and sheet positions. Computing a node's frame costs O(depth).
public struct Layout {
    /// The graph behind one reference: a layout made at each touch-down retains it, not each of
    /// the graph's tables.
    private let shared: SharedGraph
    public var graph: SceneGraph { shared.graph }
    /// Visual offsets (sheets: distance above the bottom-most detent).
    public let offsets: [Double]
    /// Selected page of each switcher.
    public let selected: [Int]

    public init(graph: SceneGraph, offsets: [Double], selected: [Int]) {
        self.init(shared: SharedGraph(graph), offsets: offsets, selected: selected)
    }

    init(shared: SharedGraph, offsets: [Double], selected: [Int]) {
        self.shared = shared
        self.offsets = offsets
        self.selected = selected
    }

    var window: Rect { Rect(0, 0, graph.scene.windowSize.x, graph.scene.windowSize.y) }

    /// A sheet's top y.
    public func sheetTop(_ i: Int) -> Double { graph.motion[i].sheetBottom - offsets[i] }

    /// The backdrop alpha of a sheet: 0 at the second-highest detent, `backdrop` at the top-most.
    public func backdropAlpha(sheet i: Int) -> Double {
        let s = graph.nodes[i].sheet!
        guard s.detents.count > 1 else { return s.backdrop }
        let second = s.detents[1].top
        let top = sheetTop(i)
        let f = (second - top) / (second - s.topMost)
        return s.backdrop * Swift.min(1, Swift.max(0, f))
    }

    /// The frame of node `i` in its parent's content coordinates, as it is now (sheets at their
    /// current top, stretching views grown).
    public func frame(_ i: Int) -> Rect {
        // Fields read in place: copying the node would copy its kind's configuration.
        var f = graph.nodes[i].frame
        if graph.motion[i].isSheet { f.y = sheetTop(i) }
        if graph.nodes[i].stretches, let p = graph.parent[i], let axis = graph.motion[p].scrollAxis
        {
            let lo = graph.range(p).lowerBound
            let o = offsets[p]
            if o < lo {
                if axis == .vertical {
                    f.y = o
                    f.height += lo - o
                } else {
                    f.x = o
                    f.width += lo - o
                }
            }
        }
        return f
    }

    /// The current height of a `stretches` view.
    public func stretchedHeight(_ i: Int) -> Double { frame(i).height }

    /// The origin of node `i`'s content coordinates in the window, given its window frame.
    func contentOrigin(_ i: Int, frame r: Rect) -> Point {
        guard let axis = graph.motion[i].scrollAxis else { return Point(r.x, r.y) }
        return axis == .vertical ? Point(r.x, r.y - offsets[i]) : Point(r.x - offsets[i], r.y)
    }

    /// Whether a node is shown at all (a switcher shows only its selected page).
    public func isShown(_ i: Int) -> Bool {
        guard let p = graph.parent[i], graph.motion[p].pages == .switched else { return true }
        return graph.children[p].firstIndex(of: i) == selected[p]
    }

    /// Whether hit testing looks at a node and its subtree (UIKit skips hidden, non-interactive
    /// and nearly transparent views).
    func isHittable(_ i: Int) -> Bool {
        guard shared.hittable[i], isShown(i) else { return false }
        if graph.motion[i].backdrop {
            return backdropAlpha(sheet: graph.partner[i]!) >= 0.01
        }
        return true
    }

    /// The window frame of node `i` and the clip its parents impose, in O(depth): its parent's
    /// first, walking up by recursion (no array of ancestors built).
    public func windowFrame(_ i: Int) -> (frame: Rect, visible: Rect) {
        var origin = Point.zero
        var clip = window
        if let p = graph.parent[i] {
            let (parentFrame, parentClip) = windowFrame(p)
            origin = contentOrigin(p, frame: parentFrame)
            clip = parentClip
        }
        let rect = frame(i).offsetBy(origin.x, origin.y)
        return (rect, rect.intersection(clip))
    }

    /// A list's rows, read without copying the node's kind; nil for other kinds.
    public func rows(of i: Int) -> Rows? { shared.rows[i] }

    /// The window rect of item `item` of node `i` (a row or a segment), clipped.
    public func itemFrame(_ i: Int, item: Int) -> (frame: Rect, visible: Rect) {
        let (r, visible) = windowFrame(i)
        var f: Rect
        if let rows = shared.rows[i] {
            let span = rows.span(item)
            let o = contentOrigin(i, frame: r)
            f = Rect(r.x, o.y + span.top, r.width, span.height)
        } else {
            let w = r.width / Double(Swift.max(1, graph.segmentCounts[i]))
            f = Rect(r.x + Double(item) * w, r.y, w, r.height)
        }
        return (f, f.intersection(visible))
    }

    /// UIKit `hitTest`: the deepest hittable node containing `p`, later siblings first, each child
    /// clipped to its parent. Rows and segments are items. O(depth + log rows) per level searched.
    public func hitTest(_ p: Point) -> Target? {
        guard window.contains(p) else { return nil }
        for r in graph.topLevel.reversed() {
            if let t = hit(r, p, origin: .zero, clip: window) { return t }
        }
        return nil
    }

    private func hit(_ i: Int, _ p: Point, origin: Point, clip: Rect) -> Target? {
        let r = frame(i).offsetBy(origin.x, origin.y)
        let visible = r.intersection(clip)
        // Where the point is decides most nodes, before whether the node can be hit at all.
        guard visible.contains(p), isHittable(i) else { return nil }
        let content = contentOrigin(i, frame: r)
        // Later siblings first, each read in place (the children array is not retained).
        var k = graph.children[i].count
        while k > 0 {
            k -= 1
            if let t = hit(graph.children[i][k], p, origin: content, clip: visible) { return t }
        }
        // Rows and segments are items.
        if let rows = shared.rows[i] {
            if let row = rows.row(at: p.y - content.y) { return Target(i, item: row) }
        } else if graph.segmentCounts[i] > 0 {
            let count = graph.segmentCounts[i]
            let w = r.width / Double(count)
            return Target(i, item: Swift.min(count - 1, Int((p.x - r.x) / w)))
        }
        return Target(i)
    }

    /// Root → target node (fixed for the scene: the graph's, not built per call).
    public func path(to i: Int) -> [Int] { graph.path(to: i) }
}
