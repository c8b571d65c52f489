import HandoffCore

/// What the window places along time: markers, command starts and the time axis's ticks.
extension TimelineChart {
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
}
