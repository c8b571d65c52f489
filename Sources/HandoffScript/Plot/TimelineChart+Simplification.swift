import HandoffCore

/// The lanes and bands simplified to the pixel columns.
extension TimelineChart {
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
}
