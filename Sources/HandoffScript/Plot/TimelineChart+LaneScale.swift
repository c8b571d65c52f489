import HandoffCore

/// A lane's vertical scale: the values at its edges, what it shades and its guides.
extension TimelineChart {
    /// A lane's vertical scale and what it shades.
    struct LaneScale {
        /// The values at the lane's bottom and top edges.
        var low: Double
        var high: Double
        /// Larger values drawn higher (offsets, heights), or lower (a sheet's top y, as on
        /// screen: a rising sheet rises).
        var upward: Bool
        /// The range shaded (offsets: min…max; sheets: top-most…bottom-most detent).
        var range: ClosedRange<Double>?
        /// Values past the range (or past the view's own height, for a stretching view) are
        /// marked as overscroll.
        var overscrollBelow: Double?
        var overscrollAbove: Double?
        /// Reference lines: detents, pages, the unstretched height.
        var guides: [(value: Double, label: String)]
    }

    func scale(_ k: Int) -> LaneScale {
        let e = timeline.lanes.entries[k]
        let g = timeline.graph
        var (lo, hi) = extremes[k]
        var s = LaneScale(low: 0, high: 0, upward: true, guides: [])
        switch e.kind {
        case .offset:
            let range = g.range(e.node)
            s.range = range
            s.overscrollBelow = range.lowerBound
            s.overscrollAbove = range.upperBound
            // An edge far from what the lane did stays off the lane, so the motion fills it
            // (the shading still shows which side is in range).
            let span = max(hi - lo, 1)
            if !lo.isFinite || lo - range.lowerBound <= span { lo = min(lo, range.lowerBound) }
            if !hi.isFinite || range.upperBound - hi <= span { hi = max(hi, range.upperBound) }
            let n = g.nodes[e.node]
            if n.kind.pages == .scrolled, n.frame.width > 0 {
                for p in 0..<g.pageCount(e.node) {
                    s.guides.append((Double(p) * n.frame.width, "page \(p) at"))
                }
            }
        case .top:
            let sheet = g.nodes[e.node].sheet!
            s.upward = false
            s.range = sheet.detents.first!.top...sheet.bottomMost
            s.guides = sheet.detents.map { ($0.top, $0.name) }
            lo = min(lo, sheet.detents.first!.top)
            hi = max(hi, sheet.bottomMost)
        case .height:
            let base = g.nodes[e.node].frame.height
            s.overscrollAbove = base
            s.guides = [(base, "at rest")]
            lo = min(lo, base)
            hi = max(hi, base)
        }
        if !lo.isFinite { (lo, hi) = (0, 1) }
        let pad = max(hi - lo, 1) * 0.08
        s.low = lo - pad
        s.high = hi + pad
        return s
    }

    /// The y of a value in lane `k`.
    func y(_ v: Double, lane k: Int, _ s: LaneScale) -> Double {
        let f = (v - s.low) / (s.high - s.low)
        let top = laneTop(k)
        let h = laneHeight(k)
        return s.upward ? top + (1 - f) * h : top + f * h
    }
}
