import HandoffCore

/// The debugger's facts (SPEC §10): stops, watches, breakpoints, history, rewinds and compare,
/// as JSON events of kinds `breakpoint`, `watch`, `back`, … and as text lines.
extension FactDescriber {
    static func debugger<R: FactRenderer>(_ d: DebuggerFact, _ n: Names, into r: inout R) {
        let line = TextRenderer.line
        let f = NumberFormat.format
        func emit(
            _ kind: String, at moment: Moment? = nil, role: LineRole = .plain,
            _ text: @autoclosure () -> [String], _ fields: @autoclosure () -> Fields
        ) {
            r.fact(
                kind, at: moment, role: role, text: { out in for s in text() { out.line(s) } },
                fields: fields)
        }
        switch d {
        case .stop(let s):
            let event: FactValue
            switch s.trigger {
            case .condition: event = .null
            case .event(let o): event = Self.captured(o, n).value
            }
            emit(
                "breakpoint", role: .highlight, [stopLine(s, n)],
                [
                    ("number", .int(s.number)), ("what", .string(trigger(s.trigger, n))),
                    ("event", event), ("t", .number(s.time)),
                    ("frame", s.frame.map(FactValue.int) ?? .null),
                    ("frames", s.total.map(FactValue.int) ?? .null),
                    ("command", .string(s.command)),
                ])
        case .watch(let path, let from, let to, let time, let frame):
            emit(
                "watch", at: Moment(time: time, frame: frame),
                [line("watch", "\(path) \(text(from)) → \(text(to)) at t \(f(time))")],
                [("path", .string(path)), ("from", value(from)), ("to", value(to))])
        case .breakpointSet(let number, let what):
            emit(
                "break", [line("break", "\(number)  \(what)")],
                [("number", .int(number)), ("what", .string(what))])
        case .unresolved(let number, let what):
            emit(
                "unresolved",
                [line("break", "\(number)  \(what): no such value in this scene, it never fires")],
                [("number", .int(number)), ("what", .string(what))])
        case .breakpoints(let rows):
            emit(
                "breakpoints", breakpointLines(rows),
                [
                    (
                        "breakpoints",
                        .list(
                            rows.map {
                                .record([
                                    ("number", .int($0.number)), ("what", .string($0.what)),
                                    ("hits", .int($0.hits)),
                                ])
                            })
                    )
                ])
        case .deleted(let numbers):
            emit(
                "delete",
                [
                    line(
                        "delete",
                        numbers.isEmpty
                            ? "no breakpoints"
                            : (numbers.count == 1 ? "breakpoint " : "breakpoints ")
                                + numbers.map(String.init).joined(separator: ", "))
                ], [("numbers", .list(numbers.map(FactValue.int)))])
        case .watching(let path, let value):
            emit(
                "watching",
                [line("watch", "\(path) (now \(value.map(text) ?? "no value in this scene"))")],
                [("path", .string(path)), ("value", value.map(Self.value) ?? .null)])
        case .watches(let rows):
            emit(
                "watches",
                rows.isEmpty
                    ? [line("watch", "nothing is watched")]
                    : rows.map {
                        line(
                            "watch",
                            "\($0.path) (now \($0.value.map(text) ?? "no value in this scene"))")
                    },
                [
                    (
                        "watches",
                        .list(
                            rows.map {
                                .record([
                                    ("path", .string($0.path)),
                                    ("value", $0.value.map(Self.value) ?? .null),
                                ])
                            })
                    )
                ])
        case .unwatched(let paths):
            emit(
                "unwatch",
                [
                    line(
                        "unwatch",
                        paths.isEmpty ? "nothing was watched" : paths.joined(separator: ", "))
                ], [("paths", .list(paths.map(FactValue.string)))])
        case .hazards(let rows):
            emit(
                "hazards",
                rows.isEmpty
                    ? [line("hazards", "none since the last load")]
                    : rows.map {
                        line(
                            "hazards",
                            "#\($0.number)  t \(f($0.time))  hazard \($0.hazard.summary(n))"
                                + ($0.stopped ? "  (so far: its command is stopped)" : ""))
                    },
                [
                    (
                        "hazards",
                        .list(
                            rows.map {
                                .record(
                                    [("number", .int($0.number)), ("t", .number($0.time))]
                                        + $0.hazard.fields(n) + [("stopped", .bool($0.stopped))])
                            })
                    )
                ])
        case .history(let rows):
            // Each line is made as it is written (no array of a million lines).
            r.fact(
                "history", at: nil, role: .plain,
                text: { out in
                    if rows.count == 0 {
                        out.line(line("history", "no commands since the last load"))
                    }
                    for k in 0..<rows.count { out.line(line("history", historyLine(rows.row(k)))) }
                },
                fields: {
                    [
                        (
                            "commands",
                            .list(
                                (0..<rows.count).map {
                                    let row = rows.row($0)
                                    return .record([
                                        ("number", .int(row.number)), ("t", .number(row.time)),
                                        ("command", .string(row.command)),
                                        ("frames", row.frames.map(FactValue.int) ?? .null),
                                        ("stopped", .bool(row.stopped)),
                                    ])
                                })
                        )
                    ]
                })
        case .back(let undone, let remaining, let to):
            var text = "undid \(Plural.count(undone, "command")); \(remaining) left"
            if let to {
                text =
                    to.frame.map {
                        "to frame \($0) of #\(to.number) '\(to.command)', stopped there"
                    }
                    ?? "to the end of #\(to.number) '\(to.command)'"
            }
            emit(
                "back", [line("back", text)],
                [
                    ("undone", .int(undone)), ("remaining", .int(remaining)),
                    (
                        "to",
                        to.map {
                            .record([
                                ("number", .int($0.number)), ("command", .string($0.command)),
                                ("frame", $0.frame.map(FactValue.int) ?? .null),
                            ])
                        } ?? .null
                    ),
                ])
        case .compare(let c):
            emit(
                "compare", compareLines(c),
                [
                    ("key", .string(c.key)), ("now", .string(c.now)), ("value", .string(c.value)),
                    ("loaded", .string(c.loaded)),
                    (
                        "skipped",
                        .list(
                            c.skipped.map {
                                .record([("number", .int($0.number)), ("value", .string($0.value))])
                            })
                    ),
                    ("commands", .int(c.commands)),
                    (
                        "rows",
                        .list(
                            c.rows.map {
                                .record([
                                    ("path", .string($0.path)), ("now", value($0.now)),
                                    ("with", value($0.with)),
                                    ("differs", .bool(text($0.now) != text($0.with))),
                                ])
                            })
                    ),
                    (
                        "firstDifference",
                        c.first.map {
                            .record([
                                ("number", .int($0.number)), ("command", .string($0.command)),
                                ("now", .string($0.now)), ("with", .string($0.with)),
                            ])
                        } ?? .null
                    ),
                ])
        }
    }

    /// The first fact a simulator occurrence describes: its text line and its JSON object.
    struct Capture: FactRenderer {
        var line: String?
        var value: FactValue = .null

        mutating func fact(
            _ kind: String, at moment: Moment?, role: LineRole, text: (inout TextOutput) -> Void,
            fields: () -> [(String, FactValue)]
        ) {
            guard line == nil else { return }
            var lines = TextOutput()
            text(&lines)
            line = lines.isEmpty ? "" : lines.text(0)
            var pairs: [(String, FactValue)] = [("kind", .string(kind))]
            if let moment { pairs += [("t", .number(moment.time)), ("frame", .int(moment.frame))] }
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
        return out
    }
}
