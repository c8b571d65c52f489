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
    /// `{"t":…,"frame":F,"command":N,"offsets":{…},"sheets":{…},"heights":{…},"owner":…,"phase":…}`,
    /// laid out as `state --json` lays its moment out but with `t` and the values to 1e-6
    /// (`micro`), so rates can be computed at any frame rate (SPEC §12).
    package func jsonLines(from: Double? = nil, to: Double? = nil) -> String {
        var text = ""
        jsonLines(from: from, to: to) { text += $0 }
        return text
    }

    /// `jsonLines`, handed to `write` in pieces of about 64 KB as it is made: a long session's
    /// file is never whole in memory.
    package func jsonLines(from: Double? = nil, to: Double? = nil, into write: (String) -> Void) {
        let encoder = MomentEncoder(graph, lanes)
        let window = rows(from: from, to: to)
        let piece = 1 << 16
        var out = ""
        out.reserveCapacity(piece + 1024)
        for r in window {
            let row = rows[r]
            let m = encoder.encode(
                time: row.time, phase: row.phase, owner: row.owner.map(id),
                value: { value(row: r, lane: $0) }, number: Self.micro)
            out += "{\"t\":" + m.t + ",\"frame\":" + String(row.frame) + ",\"command\":"
            out += String(row.command) + ",\"offsets\":" + m.offsets + ",\"sheets\":" + m.sheets
            out += ",\"heights\":" + m.heights + ",\"owner\":" + m.owner + ",\"phase\":" + m.phase
            out += "}\n"
            if out.utf8.count >= piece {
                write(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        if !out.isEmpty { write(out) }
    }

    /// A number to 1e-6, half away from zero, trailing zeros dropped, never `-0` and never an
    /// exponent (`0.004167`, `-12.5`, `420`): what JSON Lines writes (SPEC §12).
    static func micro(_ v: Double) -> String {
        let scaled = (v.magnitude * 1_000_000).rounded()
        guard v.isFinite, scaled < 9e15 else { return NumberFormat.format(v) }
        let n = Int64(scaled)
        guard n != 0 else { return "0" }
        var fraction = String(n % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        return (v < 0 ? "-" : "") + String(n / 1_000_000) + (fraction.isEmpty ? "" : "." + fraction)
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
