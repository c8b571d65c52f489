import HandoffCore

/// The debugger's facts (SPEC §10): stops, watches, breakpoints, history, rewinds and compare,
/// as JSON events of kinds `breakpoint`, `watch`, `back`, … and as text lines.
extension FactDescriber {
    static func debugger<R: FactRenderer>(_ d: DebuggerFact, _ n: Names, into r: inout R) {
        let line = TextRenderer.line
        let f = NumberFormat.format
        switch d {
        case .stop(let s):
            let event: FactValue
            switch s.trigger {
            case .condition: event = .null
            case .event(let o): event = Self.captured(o, n).value
            }
            r.describe(
                "breakpoint", at: nil, role: .highlight, lines: [stopLine(s, n)],
                [
                    ("number", .int(s.number)), ("what", .string(trigger(s.trigger, n))),
                    ("event", event), ("t", .number(s.time)),
                    ("frame", s.frame.map(FactValue.int) ?? .null),
                    ("frames", s.total.map(FactValue.int) ?? .null),
                    ("command", .string(s.command)),
                ])
        case .watch(let path, let from, let to, let time, let frame):
            r.describe(
                "watch", at: Moment(time: time, frame: frame),
                lines: [line("watch", "\(path) \(text(from)) → \(text(to)) at t \(f(time))")],
                [("path", .string(path)), ("from", value(from)), ("to", value(to))])
        case .breakpointSet(let number, let what):
            r.describe(
                "break", at: nil, lines: [line("break", "\(number)  \(what)")],
                [("number", .int(number)), ("what", .string(what))])
        case .unresolved(let number, let what):
            r.describe(
                "unresolved", at: nil,
                lines: [
                    line("break", "\(number)  \(what): no such value in this scene, it never fires")
                ],
                [("number", .int(number)), ("what", .string(what))])
        case .breakpoints(let rows):
            r.describe(
                "breakpoints", at: nil, lines: breakpointLines(rows),
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
            r.describe(
                "delete", at: nil,
                lines: [
                    line(
                        "delete",
                        numbers.isEmpty
                            ? "no breakpoints"
                            : (numbers.count == 1 ? "breakpoint " : "breakpoints ")
                                + numbers.map(String.init).joined(separator: ", "))
                ], [("numbers", .list(numbers.map(FactValue.int)))])
        case .watching(let path, let value):
            r.describe(
                "watching", at: nil,
                lines: [
                    line("watch", "\(path) (now \(value.map(text) ?? "no value in this scene"))")
                ],
                [("path", .string(path)), ("value", value.map(Self.value) ?? .null)])
        case .watches(let rows):
            r.describe(
                "watches", at: nil,
                lines: rows.isEmpty
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
            r.describe(
                "unwatch", at: nil,
                lines: [
                    line(
                        "unwatch",
                        paths.isEmpty ? "nothing was watched" : paths.joined(separator: ", "))
                ], [("paths", .list(paths.map(FactValue.string)))])
        case .hazards(let rows):
            r.describe(
                "hazards", at: nil,
                lines: rows.isEmpty
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
                FactDescription(kind: "history", moment: nil, role: .plain, marks: []),
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
            r.describe(
                "back", at: nil, lines: [line("back", text)],
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
            r.describe(
                "compare", at: nil, lines: compareLines(c),
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
                ]
                    // Only when a command failed on the other side: other compares print as before.
                    + (c.failed.map {
                        [
                            (
                                "failed",
                                .record([
                                    ("number", .int($0.number)), ("command", .string($0.command)),
                                    ("message", .string($0.message)),
                                ])
                            )
                        ]
                    } ?? []))
        }
    }
}
