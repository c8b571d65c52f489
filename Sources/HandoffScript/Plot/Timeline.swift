import HandoffCore

/// The timeline of a session since its last load, sampled frame by frame (SPEC §12): what the
/// JSON Lines, SVG and HTML views of `plot` show.
package struct Timeline: Sendable {
    package let graph: SceneGraph
    package let lanes: Lanes
    package let rows: [TimelineRow]
    /// `lanes.entries.count` values per row, row after row.
    package let values: [Double]
    package let marks: [TimelineMark]
    package let commands: [TimelineCommand]

    var names: Names { Names(graph) }

    /// Lane `k`'s value at row `r`.
    package func value(row r: Int, lane k: Int) -> Double { values[r * lanes.entries.count + k] }

    /// A marker's words: its fact's text line (the tooltip) and a short label for a handoff.
    package func describe(_ m: TimelineMark) -> (detail: String, label: String?) {
        var words = MarkWords()
        FactDescriber.describe(m.fact, names, into: &words)
        return (words.detail, words.label)
    }

    /// A node's id.
    package func id(_ node: Int) -> String { graph.nodes[node].id }

    /// The rows whose time lies in `from...to` (nil ends: the whole timeline).
    package func rows(from: Double?, to: Double?) -> Range<Int> {
        let lower = from.map { f in rows.partitioningIndex { $0.time >= f } } ?? 0
        let upper = to.map { t in rows.partitioningIndex { $0.time > t } } ?? rows.count
        return lower..<max(lower, upper)
    }

    /// What a window holds (nil ends: the whole timeline): its rows, the history commands those
    /// rows belong to, and its markers. `plot` reports these, the counts of what it wrote.
    package func counts(from: Double?, to: Double?) -> (rows: Int, commands: Int, marks: Int) {
        let window = rows(from: from, to: to)
        var commands = 0
        var last: Int?
        for r in window where rows[r].command != last {
            commands += 1
            last = rows[r].command
        }
        let marks = marks.count { m in
            (from.map { m.time >= $0 } ?? true) && (to.map { m.time <= $0 } ?? true)
        }
        return (window.count, commands, marks)
    }

    /// Why a window that names an end holds no row, and the end to blame (`to` when it closes
    /// before the first row or before the next one after `from`); nil when it holds a row.
    package func emptyWindow(from: Double?, to: Double?) -> (message: String, blame: WindowEnd)? {
        guard from != nil || to != nil, rows(from: from, to: to).isEmpty else { return nil }
        let given = [
            from.map { "--from " + Self.seconds($0) }, to.map { "--to " + Self.seconds($0) },
        ]
        let window =
            "the window " + given.compactMap { $0 }.joined(separator: " ") + " holds no frame: "
        guard let first = rows.first?.time, let last = rows.last?.time else {
            return (window + "nothing has run since the last load", from == nil ? .to : .from)
        }
        let span =
            "the frames run from \(NumberFormat.format(first)) to \(NumberFormat.format(last)) s"
        let blame: WindowEnd =
            if let from, from > last { .from } else if to != nil { .to } else { .from }
        return (window + span, blame)
    }

    /// A time as typed to the millisecond (`0.201`, `5`): two decimals could print an empty
    /// window's ends as equal.
    static func seconds(_ t: Double) -> String {
        let ms = Int((t * 1000).rounded())
        guard ms % 1000 != 0 else { return String(ms / 1000) }
        var fraction = String(ms % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        return String(ms / 1000) + "." + fraction
    }

    /// The JSON Lines view: one object per row in the window,
    /// `{"t":…,"command":N,"offsets":{…},"sheets":{…},"heights":{…},"owner":…,"phase":…}`, its
    /// values encoded as `state --json` encodes them.
    package func jsonLines(from: Double? = nil, to: Double? = nil) -> String {
        let encoder = MomentEncoder(graph, lanes)
        let window = rows(from: from, to: to)
        var out = ""
        out.reserveCapacity(window.count * 128)
        for r in window {
            let row = rows[r]
            let m = encoder.encode(
                time: row.time, phase: row.phase, owner: row.owner.map(id),
                value: { value(row: r, lane: $0) })
            out += "{\"t\":" + m.t + ",\"command\":" + String(row.command) + ",\"offsets\":"
            out += m.offsets + ",\"sheets\":" + m.sheets + ",\"heights\":" + m.heights
            out += ",\"owner\":" + m.owner + ",\"phase\":" + m.phase + "}\n"
        }
        return out
    }
}

/// An end of `plot`'s time window.
package enum WindowEnd: Sendable {
    case from
    case to
}

extension Array {
    /// The first index whose element satisfies `belongs`, for a predicate that is false and then
    /// true along the array (binary search).
    func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if belongs(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
