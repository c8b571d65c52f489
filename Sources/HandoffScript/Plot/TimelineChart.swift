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
}
