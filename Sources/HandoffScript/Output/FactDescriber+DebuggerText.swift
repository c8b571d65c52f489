import HandoffCore

/// The debugger's longer wording: a stop's line, breakpoints, history rows and compare's table,
/// and the first line and object a stop's fact describes.
extension FactDescriber {
    /// The first fact a simulator occurrence describes: its text line and its JSON object.
    struct Capture: FactRenderer {
        var line: String?
        var value: FactValue = .null

        mutating func fact(
            _ d: FactDescription, text: (inout TextOutput) -> Void,
            fields: () -> [(String, FactValue)]
        ) {
            guard line == nil else { return }
            var lines = TextOutput()
            text(&lines)
            line = lines.isEmpty ? "" : lines.text(0)
            var pairs: [(String, FactValue)] = [("kind", .string(d.kind))]
            if let moment = d.moment {
                pairs += [("t", .number(moment.time)), ("frame", .int(moment.frame))]
            }
            value = .record(pairs + fields())
        }
    }

    static func captured(_ o: Occurrence, _ n: Names) -> Capture {
        var c = Capture()
        event(o.event, n, at: Moment(time: o.time, frame: o.frame), into: &c)
        return c
    }

    /// `breakpoint 1  when outer.offset > 90 at t 0.1, frame 6 of 18 of 'pan 0 -300 over 300ms'`
    static func stopLine(_ s: BreakStop, _ n: Names) -> String {
        let f = NumberFormat.format
        var text = "breakpoint \(s.number)  \(trigger(s.trigger, n)) at t \(f(s.time))"
        if let frame = s.frame {
            text += ", frame \(frame)" + (s.total.map { " of \($0)" } ?? "")
            text += " of '\(s.command)'"
        } else {
            text += " in '\(s.command)'"
        }
        return text
    }

    /// What fired: the condition, or the fact as its line says it (`handoff outer → upcoming`).
    static func trigger(_ t: BreakStop.Trigger, _ n: Names) -> String {
        switch t {
        case .condition(let c): return "when " + c
        case .event(let o):
            let first = captured(o, n).line ?? ""
            // The fact's line without its label column's padding.
            let label = first.prefix { $0 != " " }
            let rest = first.dropFirst(label.count).drop { $0 == " " }
            return label + " " + rest
        }
    }

    static func breakpointLines(_ rows: [(number: Int, what: String, hits: Int)]) -> [String] {
        guard !rows.isEmpty else { return [TextRenderer.line("break", "no breakpoints")] }
        let width = (rows.map { "\($0.number)  \($0.what)".count }.max() ?? 0) + 2
        return rows.map {
            TextRenderer.line(
                "break",
                TextRenderer.pad("\($0.number)  \($0.what)", width) + Plural.count($0.hits, "hit"))
        }
    }

    /// `#3  t 0.5  pan 0 -300 over 300ms  (stopped at frame 6 of 18)`, after the `history`
    /// label (a trace line that starts with `#` is a comment, SPEC §7).
    static func historyLine(_ r: HistoryRow) -> String {
        var text = "#\(r.number)  t \(NumberFormat.format(r.time))  \(r.command)"
        if r.stopped, let frames = r.frames {
            text += "  (stopped at frame \(frames)" + (r.total.map { " of \($0)" } ?? "") + ")"
        } else if let frames = r.frames {
            text += "  (rest dropped after \(Plural.count(frames, "frame")))"
        }
        return text
    }

    /// Both final states side by side, every difference marked `≠`, and the first command whose
    /// output differs.
    static func compareLines(_ r: CompareReport) -> [String] {
        let pad = TextRenderer.pad
        let line = TextRenderer.line
        // The left column is the session as it ran: the value at the load, then what the
        // history's own `set KEY` commands made it (they are skipped on the right only).
        var chain = [r.loaded]
        for s in r.skipped where s.value != chain[chain.count - 1] { chain.append(s.value) }
        if chain.count > 3 { chain = [chain[0], "…", chain[chain.count - 1]] }
        let left = "now (\(r.key) \(chain.joined(separator: " → ")))"
        let right = "\(r.key) \(r.value)"
        let counted = "the \(Plural.count(r.commands, "command")) since the last load"
        let header: String
        switch r.skipped.count {
        case 0: header = "\(r.key) \(r.value) against \(r.now): " + counted
        case 1:
            header =
                "\(r.key) \(r.value) from the load against now: \(counted), #\(r.skipped[0].number) 'set \(r.key) \(r.skipped[0].value)' skipped"
        default:
            header =
                "\(r.key) \(r.value) from the load against now: \(counted), its \(r.skipped.count) 'set \(r.key)' skipped"
        }
        let pathWidth = max(TextRenderer.labelWidth, (r.rows.map(\.path.count).max() ?? 0) + 2)
        let rows = r.rows.map { (path: $0.path, now: text($0.now), with: text($0.with)) }
        let nowWidth = max(left.count, rows.map(\.now.count).max() ?? 0) + 2
        let withWidth = max(right.count, rows.map(\.with.count).max() ?? 0) + 2
        var out = [
            line("compare", header),
            pad("", pathWidth) + pad(left, nowWidth) + right,
        ]
        for row in rows {
            if row.now == row.with {
                out.append(pad(row.path, pathWidth) + pad(row.now, nowWidth) + row.with)
            } else {
                out.append(
                    pad(row.path, pathWidth) + pad(row.now, nowWidth) + pad(row.with, withWidth)
                        + "≠")
            }
        }
        if let first = r.first {
            out.append(line("differs", "first at #\(first.number) '\(first.command)'"))
            out.append(line("  now", first.now))
            out.append(line("  " + r.value, first.with))
        } else {
            out.append(line("differs", "no command's output differs"))
        }
        if let f = r.failed {
            out.append(
                line(
                    "error",
                    "#\(f.number) '\(f.command)' fails with \(r.key) \(r.value): \(f.message)"))
        }
        return out
    }
}
