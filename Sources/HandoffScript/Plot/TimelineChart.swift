import HandoffCore

/// The timeline laid out for drawing (SPEC §12): time across a window of it (its quiet stretches
/// compressed when no window is given: `TimelineAxis`), one lane per scroll node, sheet and
/// stretching view, simplified to the pixel width — each lane keeps, per pixel column, its first,
/// lowest, highest and last sample (so every peak and every jump survives), the bands keep one
/// entry per column, and the markers are placed so that none hides another (`MarkLayout`). The
/// SVG and HTML views draw this.
struct TimelineChart {
    let timeline: Timeline
    /// The window drawn, in seconds.
    let from: Double
    let to: Double
    /// The rows whose time lies in the window.
    let window: Range<Int>
    /// Each lane's lowest and highest value in the window.
    let extremes: [(low: Double, high: Double)]
    /// Time across the plot.
    private(set) var axis: TimelineAxis
    /// Where the markers go.
    private(set) var layout: MarkLayout

    // Layout, in pixels.
    static let width = 960.0
    static let left = 168.0
    static let right = 28.0
    static var plotWidth: Double { width - left - right }
    /// Pixel columns the lanes are simplified to.
    static var columns: Int { Int(plotWidth) }
    static let titleHeight = 44.0
    static let bandHeight = 18.0
    static let phaseHeight = 8.0
    static let markRowHeight = 16.0
    static let laneHeight = 78.0
    static let flatLaneHeight = 26.0
    static let laneGap = 30.0
    static let axisHeight = 64.0

    init(_ timeline: Timeline, from: Double?, to: Double?) {
        self.timeline = timeline
        // The window opens when the first command starts (its first frame comes one frame later).
        let first = min(timeline.commands.first?.time ?? 0, timeline.rows.first?.time ?? 0)
        let last = timeline.rows.last?.time ?? 0
        var start = from ?? first
        var end = to ?? last
        if end <= start {
            // A session that never advanced the clock still gets a readable axis.
            end = start + max(0.1, 1 / 60)
            if from == nil && to != nil { start = end - 0.1 }
        }
        self.from = start
        self.to = end
        window = timeline.rows(from: start, to: end)
        var extremes: [(low: Double, high: Double)] = []
        for k in timeline.lanes.entries.indices {
            var lo = Double.infinity
            var hi = -Double.infinity
            for r in window {
                let v = timeline.value(row: r, lane: k)
                lo = min(lo, v)
                hi = max(hi, v)
            }
            extremes.append((lo, hi))
        }
        self.extremes = extremes
        axis = TimelineAxis(from: start, to: end, x0: Self.left, x1: Self.left + Self.plotWidth)
        layout = MarkLayout([], strips: Self.markRows, x: { _ in 0 }, minX: 0, maxX: 0) { _ in nil }
        if from == nil && to == nil {
            axis = TimelineAxis(
                from: start, to: end, x0: Self.left, x1: Self.left + Self.plotWidth,
                quiet: quietStretches())
        }
        let handoffs = marks.count { $0.mark.kind == .handoff }
        let axis = axis
        layout = MarkLayout(
            marks, strips: Self.markRows, x: { axis.x($0) }, minX: Self.left,
            maxX: Self.left + Self.plotWidth
        ) { [timeline] m in
            // Few handoffs: each says who handed to whom beside its marker.
            handoffs <= 12 ? timeline.describe(m).label : nil
        }
    }

    /// A quiet stretch lasts at least this long (and `quietPart` of the window).
    static let quietMinimum = 0.25
    static let quietPart = 0.08
    /// A lane moving less than this part of its travel in the window a second is still.
    static let stillSpeed = 0.5

    /// The stretches of the window in which nothing is marked, no command starts, no finger is
    /// down and every lane is nearly still (each at least `quietMinimum` long): the tail of a
    /// fling, a `wait`.
    func quietStretches() -> [ClosedRange<Double>] {
        let rows = timeline.rows
        let lanes = timeline.lanes.entries.indices
        // Each lane's whole travel in the window: a lane is still where it moves less than
        // `stillSpeed` of it a second.
        let spans = lanes.map { k in max(extremes[k].high - extremes[k].low, 1e-9) }
        var events = timeline.marks.map(\.time) + timeline.commands.map(\.time)
        events.sort()
        let minimum = max(Self.quietMinimum, Self.quietPart * (to - from))
        var out: [ClosedRange<Double>] = []
        var start: Double?
        var e = 0
        func close(_ end: Double) {
            if let s = start, end - s >= minimum { out.append(s...end) }
            start = nil
        }
        for r in window.dropFirst() {
            let a = rows[r - 1].time
            let b = rows[r].time
            guard b > a else { continue }
            var marked = false
            while e < events.count, events[e] <= b {
                if events[e] > a { marked = true }
                e += 1
            }
            var fastest = 0.0
            for k in lanes {
                let moved = abs(
                    timeline.value(row: r, lane: k) - timeline.value(row: r - 1, lane: k))
                fastest = max(fastest, moved / spans[k])
            }
            let busy =
                marked || fastest / (b - a) >= Self.stillSpeed || rows[r].phase == .touching
                || rows[r].phase == .panning
            if busy {
                close(a)
            } else if start == nil {
                start = a
            }
        }
        if let r = window.last { close(rows[r].time) }
        return out
    }

    /// A lane whose value never changes in the window is drawn flat and low.
    func laneHeight(_ k: Int) -> Double {
        extremes[k].high > extremes[k].low ? Self.laneHeight : Self.flatLaneHeight
    }

    // MARK: Scales

    /// The x of a time.
    func x(_ t: Double) -> Double { axis.x(t) }

    /// The pixel column of a time, clamped to the plot.
    func column(_ t: Double) -> Int {
        let f = (x(t) - Self.left) / Self.plotWidth
        return min(Self.columns - 1, max(0, Int(f * Double(Self.columns))))
    }

    /// The time where pixel column `c` starts.
    func time(column c: Int) -> Double {
        axis.time(Self.left + Double(c) * Self.plotWidth / Double(Self.columns))
    }

    var bandTop: Double { Self.titleHeight }
    /// The band of which node consumed the movement, under the owner band.
    var consumerTop: Double { bandTop + Self.bandHeight + 2 }
    var phaseTop: Double { consumerTop + Self.bandHeight + 2 }
    var marksTop: Double { phaseTop + Self.phaseHeight + 6 }
    /// Strips of the marker band (`TimelineMark.Kind.row`).
    static let markRows = 4
    /// The top of a strip of the marker band (a strip has as many lines as its markers need).
    func stripTop(_ strip: Int) -> Double {
        marksTop + Double(layout.lines.prefix(strip).reduce(0, +)) * Self.markRowHeight
    }
    var lanesTop: Double { stripTop(Self.markRows) + 10 }
    func laneTop(_ k: Int) -> Double {
        var top = lanesTop + Self.laneGap
        for j in 0..<k { top += laneHeight(j) + Self.laneGap }
        return top
    }
    var lanesBottom: Double { laneTop(timeline.lanes.entries.count) - Self.laneGap }
    var axisTop: Double { lanesBottom + 8 }
    var legendTop: Double { axisTop + Self.axisHeight }

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

    // MARK: Simplification

    /// The rows lane `k` draws: every row in the window when there are fewer than columns,
    /// otherwise per pixel column its first, lowest, highest and last row, in time order.
    func simplified(_ k: Int) -> [Int] {
        guard window.count > Self.columns else { return Array(window) }
        var out: [Int] = []
        out.reserveCapacity(4 * Self.columns)
        var c = -1
        var first = 0
        var low = 0
        var high = 0
        var last = 0
        func flush() {
            guard c >= 0 else { return }
            var keep = [first, low, high, last]
            keep.sort()
            for r in keep where out.last != r { out.append(r) }
        }
        for r in window {
            let col = column(timeline.rows[r].time)
            let v = timeline.value(row: r, lane: k)
            if col != c {
                flush()
                c = col
                (first, low, high, last) = (r, r, r, r)
                continue
            }
            if v < timeline.value(row: low, lane: k) { low = r }
            if v > timeline.value(row: high, lane: k) { high = r }
            last = r
        }
        flush()
        return out
    }

    /// A band over time: runs of equal value, each column holding the value that covers most of
    /// it (an interval between two rows carries the later row's value).
    func runs<V: Equatable>(_ value: (TimelineRow) -> V) -> [(from: Double, to: Double, value: V)] {
        var out: [(from: Double, to: Double, value: V)] = []
        func add(_ a: Double, _ b: Double, _ v: V) {
            guard b > a else { return }
            if let last = out.last, last.value == v, abs(last.to - a) < 1e-12 {
                out[out.count - 1].to = b
            } else {
                out.append((a, b, v))
            }
        }
        let rows = timeline.rows
        guard let first = window.first else { return out }
        // Each interval between rows carries the later row's value; the window's first row
        // covers the time from the window's start (its frame's moves).
        var intervals = [(a: from, b: rows[first].time, row: first)]
        for r in window.dropFirst() { intervals.append((rows[r - 1].time, rows[r].time, r)) }
        if window.count <= Self.columns {
            for i in intervals { add(i.a, i.b, value(rows[i.row])) }
            return out
        }
        // Long windows: per pixel column, the value held longest in it. Every column an
        // interval touches is visited (by index: no column is skipped by rounding).
        var c = 0
        var held: [(V, Double)] = []
        func flush() {
            guard let best = held.max(by: { $0.1 < $1.1 }) else { return }
            add(time(column: c), time(column: c + 1), best.0)
            held.removeAll(keepingCapacity: true)
        }
        for (a, b, r) in intervals where b > a {
            let v = value(rows[r])
            let c0 = column(a)
            for col in c0...max(c0, column(b)) {
                if col != c {
                    flush()
                    c = col
                }
                let part = max(0, min(b, time(column: col + 1)) - max(a, time(column: col)))
                if let i = held.firstIndex(where: { $0.0 == v }) {
                    held[i].1 += part
                } else {
                    held.append((v, part))
                }
            }
        }
        flush()
        return out
    }

    /// The markers in the window, one per kind and pixel column (the first), with how many
    /// fell there: what `layout` places.
    var marks: [(mark: TimelineMark, count: Int)] {
        var out: [(mark: TimelineMark, count: Int)] = []
        var at: [String: Int] = [:]
        for m in timeline.marks where m.time >= from && m.time <= to {
            let key = "\(m.kind.rawValue)@\(column(m.time))"
            if let i = at[key] {
                out[i].count += 1
            } else {
                at[key] = out.count
                out.append((m, 1))
            }
        }
        return out
    }

    /// The commands that start in the window, grouped by pixel column: first and last number,
    /// and the first one's start time.
    var commandTicks: [(first: Int, last: Int, time: Double)] {
        var out: [(first: Int, last: Int, time: Double)] = []
        var lastColumn = -1
        for c in timeline.commands where c.time >= from && c.time <= to {
            let col = column(c.time)
            if col == lastColumn {
                out[out.count - 1].last = c.number
            } else {
                out.append((c.number, c.number, c.time))
                lastColumn = col
            }
        }
        return out
    }

    /// Tick times for the time axis: 1, 2 or 5 × 10ⁿ apart, about 95 px apart where the axis is
    /// not compressed; in a compressed stretch, a tick closer than 40 px to the last is left out.
    var timeTicks: [Double] {
        let raw = 95 / axis.busyScale
        let magnitude = pow10(log10(raw).rounded(.down))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? raw
        var out: [Double] = []
        var t = (from / step).rounded(.up) * step
        var lastX = -Double.infinity
        while t <= to + step * 1e-9 {
            if x(t) - lastX >= 40 {
                out.append(abs(t) < step * 1e-9 ? 0 : t)
                lastX = x(t)
            }
            t += step
        }
        return out
    }

    private func pow10(_ e: Double) -> Double {
        var r = 1.0
        if e >= 0 { for _ in 0..<Int(e) { r *= 10 } } else { for _ in 0..<Int(-e) { r /= 10 } }
        return r
    }

    private func log10(_ v: Double) -> Double {
        // Enough for tick spacing: the exponent of v.
        var e = 0.0
        var x = v
        while x >= 10 {
            x /= 10
            e += 1
        }
        while x < 1 && x > 0 {
            x *= 10
            e -= 1
        }
        return e
    }

    // MARK: Colours

    static let palette = [
        "#4e79a7", "#f28e2b", "#59a14f", "#b07aa1", "#76b7b2", "#edc948", "#9c755f", "#ff9da7",
        "#bab0ac", "#e15759",
    ]

    /// The colour of lane `k` (and of its node in the owner band).
    func colour(lane k: Int) -> String { Self.palette[k % Self.palette.count] }

    /// The colour of a node in the owner band: its lane's, or grey.
    func colour(node: Int) -> String {
        guard let k = timeline.lanes.entries.firstIndex(where: { $0.node == node }) else {
            return "#888888"
        }
        return colour(lane: k)
    }

    static func colour(_ phase: Phase) -> String {
        switch phase {
        case .idle: "#eceff1"
        case .touching: "#ffe9a8"
        case .panning: "#9cc3e6"
        case .animating: "#b9dfb0"
        }
    }

    /// What a lane shows, in words.
    func caption(_ k: Int) -> (id: String, what: String) {
        let e = timeline.lanes.entries[k]
        let n = timeline.graph.nodes[e.node]
        switch e.kind {
        case .offset:
            let axis = n.scroll.map { $0.axis.rawValue } ?? ""
            let follows = n.scroll?.parallax.map { ", follows \($0.follows)" } ?? ""
            return (n.id, "\(n.kind.name.rawValue) offset, \(axis)\(follows)")
        case .top: return (n.id, "sheet top y")
        case .height: return (n.id, "stretching height")
        }
    }
}
