/// The time axis of the timeline picture: time across the plot, piecewise linear. By default the
/// quiet stretches of a window (nothing marked, no finger down, every lane nearly still) are drawn
/// faster, by one whole factor, so that a fling's long tail does not squeeze the pan and the
/// handoff into a corner; the picture shades and labels those stretches (SPEC §12 leaves the scale
/// to the picture).
struct TimelineAxis {
    /// A stretch of time drawn at one scale.
    struct Segment: Equatable {
        var from: Double
        var to: Double
        var x0: Double
        var x1: Double
        /// How many times faster than the rest of the axis it is drawn (1: not compressed).
        var factor: Int
    }

    let from: Double
    let to: Double
    let segments: [Segment]

    /// The axis is compressed only where the quiet stretches are more than this share of the
    /// window (a short pause in a busy session is drawn as it is).
    static let compressedAbove = 0.5
    /// The axis stays linear where the rest of the window is less than this share of it (a
    /// session that is all waiting has nothing to widen).
    static let busyAtLeast = 0.05
    /// The quiet stretches take at most this share of the width...
    static let quietShare = 0.25
    /// ...unless that would draw them more than this many times faster (a session that is
    /// nearly all waiting stays nearly linear).
    static let maxFactor = 20

    /// An axis from `from` to `to` over `x0...x1`, the `quiet` stretches (disjoint, in order,
    /// inside the window) compressed so that together they take at most `quietShare` of the width
    /// (by at most `maxFactor`); linear when they are at most `compressedAbove` of the window, or
    /// when the rest is less than `busyAtLeast` of it.
    init(from: Double, to: Double, x0: Double, x1: Double, quiet: [ClosedRange<Double>] = []) {
        self.from = from
        self.to = to
        let span = to - from
        let quietTime = quiet.reduce(0) { $0 + $1.upperBound - $1.lowerBound }
        let busyTime = span - quietTime
        guard quietTime > Self.compressedAbove * span, busyTime >= Self.busyAtLeast * span else {
            segments = [Segment(from: from, to: to, x0: x0, x1: x1, factor: 1)]
            return
        }
        // A whole factor, so that the label tells the truth: quiet / factor ≤ busy / 3.
        let needed = quietTime * (1 - Self.quietShare) / (Self.quietShare * busyTime)
        let factor = min(Self.maxFactor, Int(needed.rounded(.up)))
        let perSecond = (x1 - x0) / (busyTime + quietTime / Double(factor))
        var out: [Segment] = []
        var t = from
        var x = x0
        func add(_ end: Double, _ f: Int) {
            guard end > t else { return }
            let next = x + (end - t) * perSecond / Double(f)
            out.append(Segment(from: t, to: end, x0: x, x1: next, factor: f))
            (t, x) = (end, next)
        }
        for q in quiet {
            add(q.lowerBound, 1)
            add(q.upperBound, factor)
        }
        add(to, 1)
        // The last segment ends exactly at x1 (no rounding drift).
        out[out.count - 1].x1 = x1
        segments = out
    }

    /// The stretches drawn compressed.
    var compressed: [Segment] { segments.filter { $0.factor > 1 } }

    /// The segment `t` falls in (the first or last for a time outside the window).
    private func segment(time t: Double) -> Segment {
        var low = 0
        var high = segments.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if segments[mid].from <= t { low = mid } else { high = mid - 1 }
        }
        return segments[low]
    }

    /// The x of a time (outside the window: extended at the nearest segment's scale).
    func x(_ t: Double) -> Double {
        let s = segment(time: t)
        guard s.to > s.from else { return s.x0 }
        return s.x0 + (t - s.from) / (s.to - s.from) * (s.x1 - s.x0)
    }

    /// The time at an x.
    func time(_ x: Double) -> Double {
        var s = segments[0]
        for candidate in segments where candidate.x0 <= x { s = candidate }
        guard s.x1 > s.x0 else { return s.from }
        return s.from + (x - s.x0) / (s.x1 - s.x0) * (s.to - s.from)
    }

    /// Pixels per second where the axis is not compressed.
    var busyScale: Double {
        let s = segments.first { $0.factor == 1 } ?? segments[0]
        return s.to > s.from ? (s.x1 - s.x0) / (s.to - s.from) : 1
    }
}
