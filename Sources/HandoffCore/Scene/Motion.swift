/// What the move path reads of a flattened node every frame, derived once from its kind by an
/// exhaustive switch. Plain values: reading them never copies the kind's configuration (a
/// `NodeKind` payload holds strings and arrays, and copying one per frame shows in `make bench`).
public struct Motion: Sendable {
    /// The axis the node moves on (sheets are vertical); nil for kinds that do not move.
    public var axis: Axis?
    /// The axis of a scroll view (a scroll, list or pager); nil for sheets and other kinds.
    public var scrollAxis: Axis?
    /// A scroll's viewport length along its axis; 0 for other kinds.
    public var viewport: Double
    /// The offset range (`SceneGraph.range`).
    public var range: ClosedRange<Double>
    /// A scroll that bounces at its edges (a sheet settles to detents instead).
    public var bounces: Bool
    /// A scroll whose overscroll is the rubber band, not linear.
    public var rubber: Bool
    /// A scroll's nested policy as a parent; nil for kinds that are not scroll views.
    public var nested: NestedPolicy?
    /// A parallax scroll: it follows another node and is not interactive.
    public var follower: Bool
    /// A parallax scroll's mode (how it follows); nil for every other node.
    public var parallax: Parallax.Mode?
    /// A sheet (its springs are clamped to its range).
    public var isSheet: Bool
    /// A sheet's lowest top (its offset 0): its top is `sheetBottom - offset`; 0 for other kinds.
    public var sheetBottom: Double
    /// A sheet that takes a forward drag from its content (`SheetConfig.expands`); true for
    /// other kinds.
    public var sheetExpands: Bool
    /// A sheet that takes momentum (`SheetConfig.momentum`); false for other kinds.
    public var sheetMomentum: Bool
    /// UIKit's own sheet (`style: system`, SPEC §5.10); false for other kinds.
    public var systemSheet: Bool
    /// The deceleration rate of momentum started on this node: a scroll's `rate`, else normal.
    public var rate: Double
    /// A `snap: edges` scroll: at rest between its ends it springs to the nearer one.
    public var snapsToEdges: Bool
    /// A sheet's synthesised backdrop.
    public var backdrop: Bool
    /// How a pager or switcher shows its pages; nil for other kinds.
    public var pages: NodeKind.Pages?

    /// How far the node, at `offset`, can move in direction `dir` within its range: 0 at the
    /// edge, and within `Ledger.negligible` of it (SPEC §5.2).
    func room(from offset: Double, _ dir: ScrollDirection) -> Double {
        let room: Double
        switch dir {
        case .forward: room = range.upperBound - offset
        case .backward: room = offset - range.lowerBound
        }
        return room < Ledger.negligible ? 0 : room
    }

    /// Signed visual overscroll of the node at `offset`: positive past max, negative before min.
    func overscroll(at offset: Double) -> Double {
        if offset > range.upperBound { return offset - range.upperBound }
        if offset < range.lowerBound { return offset - range.lowerBound }
        return 0
    }

    /// Whether the node at `offset` is past an edge (by more than rounding).
    func isOverscrolled(at offset: Double) -> Bool { abs(overscroll(at: offset)) > 1e-9 }

    /// The raw pull behind the visual overscroll at `offset` (the rubber band inverted), where no
    /// drag set the pull itself.
    func rawOverscroll(at offset: Double) -> Double {
        let b = overscroll(at: offset)
        guard b != 0 else { return 0 }
        guard rubber else { return b }
        let raw = RubberBand.raw(
            visual: Swift.min(abs(b), viewport * (1 - 1e-12)), dimension: viewport)
        return b > 0 ? raw : -raw
    }

    init(_ n: Node) {
        backdrop = n.kind.isBackdrop
        pages = n.kind.pages
        switch n.kind {
        case .scroll(let c), .list(let c, _), .pager(let c):
            let viewport = n.frame.length(c.axis)
            let lo = -c.insetLeading
            axis = c.axis
            scrollAxis = c.axis
            self.viewport = viewport
            range = lo...Swift.max(lo, c.content + c.insetTrailing - viewport)
            bounces = c.bounces
            rubber = c.overscroll == .rubber
            nested = c.nested
            follower = c.parallax != nil
            parallax = c.parallax?.mode
            isSheet = false
            rate = c.rate
            snapsToEdges = c.snapEdges
            sheetBottom = 0
            sheetExpands = true
            sheetMomentum = false
            systemSheet = false
        case .sheet(let s):
            axis = .vertical
            scrollAxis = nil
            viewport = 0
            range = 0...(s.bottomMost - s.topMost)
            bounces = false
            rubber = false
            nested = nil
            follower = false
            parallax = nil
            isSheet = true
            rate = Deceleration.normal
            snapsToEdges = false
            sheetBottom = s.bottomMost
            sheetExpands = s.expands
            sheetMomentum = s.momentum
            systemSheet = s.style == .system
        case .view, .switcher, .tabs, .backdrop:
            axis = nil
            scrollAxis = nil
            viewport = 0
            range = 0...0
            bounces = false
            rubber = false
            nested = nil
            follower = false
            parallax = nil
            isSheet = false
            rate = Deceleration.normal
            snapsToEdges = false
            sheetBottom = 0
            sheetExpands = true
            sheetMomentum = false
            systemSheet = false
        }
    }
}
