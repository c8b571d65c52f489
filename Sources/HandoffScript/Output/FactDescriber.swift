import HandoffCore

/// The one step from a typed fact to a structured value: its kind, time, role, text lines and
/// fields, handed to a `FactRenderer`. This is the only switch over `Fact` and `Event` in the
/// output layer: a new fact is one new arm here, and every output (text, `--json`, the timeline)
/// gets it.
package enum FactDescriber {
    typealias Fields = [(String, FactValue)]

    /// Hands `fact` to `r` (facts that only `why` prints hand nothing).
    package static func describe<R: FactRenderer>(
        _ fact: borrowing Fact, _ n: Names, into r: inout R
    ) {
        // Simulator facts, most of every command's, go straight to `event`: not through the
        // large frame of the other facts' switch.
        switch fact {
        case .event(let o): event(o.event, n, at: Moment(time: o.time, frame: o.frame), into: &r)
        default: other(fact, n, into: &r)
        }
    }

    /// `describe` for the facts that are not simulator facts.
    private static func other<R: FactRenderer>(
        _ fact: borrowing Fact, _ n: Names, into r: inout R
    ) {
        let line = TextRenderer.line
        let f = NumberFormat.format
        func emit(
            _ kind: String, role: LineRole = .plain, _ text: @autoclosure () -> [String],
            _ fields: @autoclosure () -> Fields
        ) {
            r.fact(
                kind, at: nil, role: role, text: { out in for s in text() { out.line(s) } },
                fields: fields)
        }
        switch fact {
        case .event: preconditionFailure("describe hands simulator facts to event")
        case .fling(let l, let time, let frame):
            r.fact(
                "fling", at: Moment(time: time, frame: frame), role: .plain,
                text: { out in
                    out.line { w in
                        w.label("fling")
                        TextRenderer.ledger(l, n, into: &w)
                    }
                },
                fields: { ledgerFields(l, n) })
        case .changed(let path, let from, let to):
            emit(
                "changed", [line(path, "\(text(from)) → \(text(to))")],
                [("path", .string(path)), ("from", value(from)), ("to", value(to))])
        case .aimed(let asked, let hit):
            emit(
                "aimed", [line("note", "aimed at \(n.target(asked)), hit \(n.target(hit))")],
                [("asked", .string(n.target(asked))), ("hit", .string(n.target(hit)))])
        case .loaded(let scene, let nodes, let window, let imported):
            emit(
                "loaded",
                [
                    line(
                        "load",
                        "\(scene): \(nodes) nodes, window \(f(window.x))×\(f(window.y))"
                            + (imported.map { "; UIKit dump: " + $0.text } ?? ""))
                ],
                [
                    ("scene", .string(scene)), ("nodes", .int(nodes)),
                    ("window", .list([.number(window.x), .number(window.y)])),
                    (
                        "imported",
                        imported.map {
                            .record([
                                ("views", .int($0.views)), ("scrollViews", .int($0.scrollViews)),
                                ("skipped", .int($0.skipped)), ("dropped", .int($0.dropped)),
                            ])
                        } ?? .null
                    ),
                ])
        case .sceneWarning(let w):
            let fields: Fields
            switch w {
            case .pastContent(let node, let others, let scroll, let end, let reach):
                fields = [
                    ("warning", .string("pastContent")), ("node", .string(node)),
                    ("others", .int(others)), ("scroll", .string(scroll)), ("end", .number(end)),
                    ("reach", .number(reach)),
                ]
            case .neverBounces(let node, let scroll):
                fields = [
                    ("warning", .string("neverStretches")), ("node", .string(node)),
                    ("scroll", .string(scroll)), ("reason", .string("bounces: false")),
                ]
            case .noScroll(let node, let parent):
                fields = [
                    ("warning", .string("neverStretches")), ("node", .string(node)),
                    ("scroll", .null), ("reason", .string("not in a scroll view")),
                    ("parent", .optional(parent)),
                ]
            }
            emit("warning", role: .highlight, [line("warning", w.message)], fields)
        case .scene(let name, let description):
            emit(
                "scene", [line(name, description)],
                [("name", .string(name)), ("description", .string(description))])
        case .state(let report):
            emit("state", report.lines, [("settings", settings(report.settings))])
        case .tree(let report):
            emit("tree", report.tree, [("nodes", .list(report.treeJSON.map(FactValue.encoded)))])
        case .drawing(let rows):
            emit("show", rows, [("lines", .list(rows.map(FactValue.string)))])
        case .why(let report):
            guard let report else {
                emit(
                    "why", ["why       nothing has been decided yet"],
                    [("command", .null), ("reasons", .list([]))])
                return
            }
            emit(
                "why", report.lines,
                [
                    ("command", .string(report.command)),
                    (
                        "reasons",
                        .list(
                            report.rows.map {
                                .record([("rule", .string($0.rule)), ("text", .string($0.text))])
                            })
                    ),
                ])
        case .expectation(let passed, let message):
            emit(
                "expect", role: passed ? .success : .error,
                [line("expect", (passed ? "ok: " : "FAILED: ") + message)],
                [("passed", .bool(passed)), ("message", .string(message))])
        case .set(let key, let value):
            emit(
                "set", [line("set", "\(key) \(value)")],
                [("key", .string(key)), ("value", .string(value))])
        case .settings(let rows):
            emit("settings", settingsText(rows), [("settings", settings(rows))])
        case .recording(let path, let commands):
            let note =
                commands == 0 ? "" : " (with the \(Plural.count(commands, "command")) since load)"
            emit(
                "record", [line("record", "recording to \(path)\(note)")],
                [("path", .string(path)), ("commands", .int(commands))])
        case .recordingStopped(let path):
            emit(
                "recordStopped", [line("record", "stopped; \(path) is complete")],
                [("path", .string(path))])
        case .replayed(let file, let outcome, let diff):
            let summary = TraceRunner.summary(file: file, outcome: outcome)
            emit(
                "replay", diff + [summary],
                [
                    ("file", .string(file)), ("passed", .bool(outcome.passed)),
                    ("summary", .string(summary)), ("diff", .list(diff.map(FactValue.string))),
                ])
        case .plotted(let path, let rows, let commands, let marks):
            let what = [
                Plural.count(commands, "command"), Plural.count(rows, "row"),
                Plural.count(marks, "marker"),
            ]
            emit(
                "plot", [line("plot", "wrote \(path): " + what.joined(separator: ", "))],
                [
                    ("path", .string(path)), ("commands", .int(commands)), ("rows", .int(rows)),
                    ("marks", .int(marks)),
                ])
        case .help(let topic):
            emit("help", topic.lines, topic.jsonFields.map { ($0.0, .encoded($0.1)) })
        case .settleCapped(let seconds):
            emit(
                "settleCapped", [line("settle", "stopped after \(f(seconds))s: still animating")],
                [("after", .number(seconds))])
        case .error(let d, let lineNumber):
            emit(
                "error", role: .error, Array(d.render(line: "", lineNumber: nil).prefix(1)),
                [
                    ("message", .string(d.message)),
                    ("line", lineNumber.map(FactValue.int) ?? .null),
                    ("column", .int(d.column)), ("length", .int(d.length)),
                    ("usage", .optional(d.usage)), ("suggestion", .optional(d.suggestion)),
                ])
        case .debugger(let d):
            debugger(d, n, into: &r)
        }
    }

    /// A simulator fact. The common ones write their text straight into the output's bytes;
    /// the rarer ones, put together as strings, are `wordedEvent`'s (a function of their own,
    /// so the common path keeps a small frame).
    static func event<R: FactRenderer>(
        _ e: Event, _ n: Names, at moment: Moment, into r: inout R
    ) {
        func write(
            _ kind: String, role: LineRole = .plain,
            mark: @autoclosure () -> [TimelineMark.Kind] = [],
            _ text: (inout TextOutput) -> Void, _ fields: @autoclosure () -> Fields
        ) {
            if R.readsMarks {
                let kinds = mark()
                if !kinds.isEmpty { r.mark(kinds) }
            }
            r.fact(kind, at: moment, role: role, text: text, fields: fields)
        }
        func point(_ p: Point) -> FactValue { .list([.number(p.x), .number(p.y)]) }
        func id(_ node: Int) -> FactValue { .string(n.id(node)) }
        switch e {
        case .touchDown(let p, let target, let path):
            func ids() -> [String] {
                var ids = path.map { n.id($0) }
                if target.item != nil { ids.append(n.target(target)) }
                return ids
            }
            write(
                "touch", mark: [.touchDown],
                { out in
                    out.line { w in
                        w.label("touch")
                        w.put(target, n)
                        w.put(" at (" as StaticString)
                        w.put(p.x)
                        w.put(", " as StaticString)
                        w.put(p.y)
                        w.put(")" as StaticString)
                    }
                    out.line { w in
                        w.label("path")
                        for (i, node) in path.enumerated() {
                            if i > 0 { w.put(" > " as StaticString) }
                            w.put(n.id(node))
                        }
                        if target.item != nil {
                            if !path.isEmpty { w.put(" > " as StaticString) }
                            w.put(target, n)
                        }
                    }
                },
                [
                    ("point", point(p)), ("target", .string(n.target(target))),
                    ("path", .list(ids().map(FactValue.string))),
                ])
        case .stopped(let node, let kind):
            write(
                "stopped",
                { out in
                    out.line { w in
                        w.label("stopped")
                        w.put(n.id(node))
                        w.put(" " as StaticString)
                        w.put(kind.rawValue)
                    }
                },
                [("node", id(node)), ("animation", .string(kind.rawValue))])
        case .swallowed(let t):
            write(
                "swallowed",
                { out in
                    out.line { w in
                        w.label("swallowed")
                        w.put(t, n)
                        w.put(": the touch stopped an animation" as StaticString)
                    }
                },
                [("target", .string(n.target(t)))])
        case .recognizer(let recognizer, let state):
            func name() -> String {  // only JSON prints it
                switch recognizer {
                case .pan(let axis): "pan(\(axis.rawValue))"
                case .tap(let t): "tap(\(n.target(t)))"
                }
            }
            write(
                "recognizer", mark: recognizer.isPan && state == .began ? [.pan] : [],
                { out in
                    out.line { w in
                        switch recognizer {
                        case .pan(let axis):
                            w.label("pan")
                            w.put(axis.rawValue)
                        case .tap(let t):
                            w.label("tap")
                            w.put(t, n)
                        }
                        w.put(" " as StaticString)
                        w.put(state.rawValue)
                    }
                },
                [("recognizer", .string(name())), ("state", .string(state.rawValue))])
        case .touchesCancelled(let t):
            write(
                "touchesCancelled", mark: [.tapCancelled],
                { out in
                    out.line { w in
                        w.label("cancel")
                        w.put(t, n)
                        w.put(" touchesCancelled" as StaticString)
                    }
                },
                [("target", .string(n.target(t)))])
        case .owner(let node, let chain):
            write(
                "owner", role: .highlight,
                { out in
                    out.line { w in
                        w.label("owner")
                        w.put(n.id(node))
                        w.put(" (chain " as StaticString)
                        for (i, c) in chain.enumerated() {
                            if i > 0 { w.put(", " as StaticString) }
                            w.put(n.id(c))
                        }
                        w.put(")" as StaticString)
                    }
                },
                [("node", id(node)), ("chain", .list(chain.map(id)))])
        case .moved(let l):
            write(
                "move",
                { out in
                    out.line { w in
                        w.label("move")
                        TextRenderer.ledger(l, n, into: &w)
                    }
                }, ledgerFields(l, n))
        case .flingFrame(let l):
            write(
                "fling",
                { out in
                    out.line { w in
                        w.label("fling")
                        TextRenderer.ledger(l, n, into: &w)
                    }
                }, ledgerFields(l, n))
        case .handoff(let from, let to):
            write(
                "handoff", role: .highlight, mark: [.handoff],
                { out in
                    out.line { w in
                        w.label("handoff")
                        w.put(n.id(from))
                        w.put(" → " as StaticString)
                        w.put(n.id(to))
                    }
                },
                [("from", id(from)), ("to", id(to))])
        case .released(let v, let s):
            write(
                "release", mark: [.lift],
                { out in
                    out.line { w in
                        w.label("release")
                        w.put("velocity (" as StaticString)
                        w.put(v.x)
                        w.put(", " as StaticString)
                        w.put(v.y)
                        w.put(") pt/s, scroll " as StaticString)
                        w.put(s)
                    }
                },
                [("velocity", point(v)), ("scroll", .number(s))])
        case .momentumStarted(let d, let v, let travel):
            write(
                "momentum",
                { out in
                    out.line { w in
                        w.label("momentum")
                        w.put(n.id(d))
                        w.put(" at " as StaticString)
                        w.put(v)
                        w.put(" pt/s, travel " as StaticString)
                        w.put(travel)
                    }
                },
                [("node", id(d)), ("velocity", .number(v)), ("travel", .number(travel))])
        case .momentumEnded(let d):
            write(
                "momentumEnded",
                { out in
                    out.line { w in
                        w.label("rest")
                        w.put(n.id(d))
                        w.put(" momentum ended" as StaticString)
                    }
                }, [("node", id(d))])
        case .springStarted(let node, let kind, let target, let v):
            write(
                "spring",
                { out in
                    out.line { w in
                        w.label("spring")
                        w.put(n.id(node))
                        w.put(" " as StaticString)
                        w.put(kind.rawValue)
                        w.put(" → " as StaticString)
                        springTarget(node, target, n, into: &w)
                        w.put(" from " as StaticString)
                        w.put(v)
                        w.put(" pt/s" as StaticString)
                    }
                },
                [
                    ("node", id(node)), ("animation", .string(kind.rawValue)),
                    ("target", .number(n.springTarget(node, target))), ("velocity", .number(v)),
                ])
        case .springEnded(let node, let kind, let target):
            write(
                "settled",
                { out in
                    out.line { w in
                        w.label("settled")
                        w.put(n.id(node))
                        w.put(" " as StaticString)
                        w.put(kind.rawValue)
                        w.put(" at " as StaticString)
                        springTarget(node, target, n, into: &w)
                    }
                },
                [
                    ("node", id(node)), ("animation", .string(kind.rawValue)),
                    ("target", .number(n.springTarget(node, target))),
                ])
        case .tap(let t, let outcome):
            write(
                "tap", mark: [.lift, TimelineMark.Kind(outcome)],
                { out in
                    out.line { w in
                        w.label("tap")
                        w.put(t, n)
                        w.put(" " as StaticString)
                        w.put(tapText(outcome, n))
                    }
                },
                [
                    ("target", .string(n.target(t))), ("delivered", .bool(outcome.isDelivered)),
                    ("reason", .optional(tapReason(outcome, n))),
                ])
        case .tabbed(let t):
            write(
                "tap", mark: [.tapDelivered],
                { out in
                    out.line { w in
                        w.label("tap")
                        w.put(t, n)
                        w.put(" delivered" as StaticString)
                    }
                },
                [("target", .string(n.target(t))), ("delivered", .bool(true)), ("reason", .null)])
        case .pageSelected(let node, let from, let to):
            write(
                "select",
                { out in
                    out.line { w in
                        w.label("select")
                        w.put(n.id(node))
                        w.put(" page " as StaticString)
                        w.put(from)
                        w.put(" → " as StaticString)
                        w.put(to)
                        w.put(" (" as StaticString)
                        w.put(n.page(node, to))
                        w.put(")" as StaticString)
                    }
                },
                [("node", id(node)), ("from", .int(from)), ("to", .int(to))])
        case .transitionEnded(let node, let page):
            write(
                "transitionEnded",
                { out in
                    out.line { w in
                        w.label("select")
                        w.put(n.id(node))
                        w.put(" transition to " as StaticString)
                        w.put(n.page(node, page))
                        w.put(" done" as StaticString)
                    }
                },
                [("node", id(node)), ("page", .int(page))])
        case .tracking, .tapMoved, .offAxis, .edgeHit, .repair, .refused, .hazard:
            wordedEvent(e, n, at: moment, into: &r)
        case .decided(.sheetCaught(let sheet, let stopped)):
            write(
                "caught",
                { out in
                    out.line { w in
                        w.label("caught")
                        w.put(n.id(sheet))
                        w.put(": the touch stopped its " as StaticString)
                        w.put(stopped.rawValue)
                        w.put(" and began its pan (no slop); cancelled by pan" as StaticString)
                    }
                },
                [("node", id(sheet)), ("animation", .string(stopped.rawValue))])
        case .decided:
            return  // only `why` prints a decision's numbers
        }
    }

    /// `event` for the simulator facts whose text is put together as strings.
    private static func wordedEvent<R: FactRenderer>(
        _ e: Event, _ n: Names, at moment: Moment, into r: inout R
    ) {
        let line = TextRenderer.line
        let f = NumberFormat.format
        func emit(
            _ kind: String, role: LineRole = .plain,
            mark: @autoclosure () -> [TimelineMark.Kind] = [],
            _ text: @autoclosure () -> [String], _ fields: @autoclosure () -> Fields
        ) {
            if R.readsMarks {
                let kinds = mark()
                if !kinds.isEmpty { r.mark(kinds) }
            }
            r.fact(
                kind, at: moment, role: role, text: { out in for s in text() { out.line(s) } },
                fields: fields)
        }
        func id(_ node: Int) -> FactValue { .string(n.id(node)) }
        switch e {
        case .tracking(let d, let slop):
            emit(
                "tracking", [line("tracking", "d \(f(d)) of slop \(f(slop))")],
                [("distance", .number(d)), ("slop", .number(slop))])
        case .tapMoved(let t, let d, let slop):
            emit(
                "recognizer",
                [line("tap", "\(n.target(t)) failed: moved \(f(d)) > slop \(f(slop))")],
                [
                    ("recognizer", .string("tap(\(n.target(t)))")), ("state", .string("failed")),
                    ("reason", .string("moved")), ("distance", .number(d)), ("slop", .number(slop)),
                ])
        case .offAxis(let axis):
            emit(
                "offAxis",
                [line("tracking", "pan locked \(axis.rawValue): no \(axis.rawValue) movement")],
                [("axis", .string(axis.rawValue))])
        case .edgeHit(let node, let v):
            let text =
                node.map { line("edge", "\(n.id($0)) hit its edge at \(f(v)) pt/s and bounces") }
                ?? line("edge", "momentum stopped at an edge at \(f(v)) pt/s")
            emit(
                "edge", mark: [.edgeHit], [text],
                [("node", node.map(id) ?? .null), ("velocity", .number(v))])
        case .repair(let node, let from, let to, let ancestor, let offset, let maximum):
            emit(
                "repair", role: .highlight, mark: [.repair],
                [line("repair", "\(n.id(node)) \(f(from)) → \(f(to)): \(repairReason)")],
                [
                    ("node", id(node)), ("from", .number(from)), ("to", .number(to)),
                    ("reason", .string(repairReason)), ("ancestor", id(ancestor)),
                    ("ancestorOffset", .number(offset)), ("ancestorMax", .number(maximum)),
                ])
        case .refused(let refusal):
            emit(
                "refused", mark: [.refusal], [line("refused", "tab: \(refusalText(refusal, n))")],
                [("reason", .string(refusalText(refusal, n)))])
        case .hazard(let hazard):
            emit(
                "hazard", role: .highlight, mark: [.hazard], [line("hazard", hazard.summary(n))],
                hazard.fields(n))
        default: preconditionFailure("event writes the others")
        }
    }

    // MARK: Shared wording and values

    /// A ledger as `{"d":…,"consumed":{…},"overscroll":{…},"unconsumed":…}` (also `state`'s).
    package static func ledger(_ l: Ledger, _ n: Names) -> FactValue {
        .record([
            ("d", .number(l.d)),
            ("consumed", .record(l.totals(false).map { (n.id($0.node), .number($0.amount)) })),
            ("overscroll", .record(l.totals(true).map { (n.id($0.node), .number($0.amount)) })),
            ("unconsumed", .number(l.unconsumed)),
        ])
    }

    /// A move or fling frame: the ledger, then its shares in order.
    static func ledgerFields(_ l: Ledger, _ n: Names) -> Fields {
        [
            ("ledger", ledger(l, n)),
            (
                "shares",
                .list(
                    l.shares.map {
                        .record([
                            ("node", .string(n.id($0.node))), ("amount", .number($0.amount)),
                            ("phase", .string($0.phase.rawValue)),
                        ])
                    })
            ),
        ]
    }

    /// A printed state value as text.
    static func text(_ v: StateValue) -> String {
        switch v {
        case .number(let d): NumberFormat.format(d)
        case .word(let w): w
        }
    }

    static func value(_ v: StateValue) -> FactValue {
        switch v {
        case .number(let d): .number(d)
        case .word(let w): .string(w)
        }
    }

    /// `set` alone: the settings aligned in three columns.
    static func settingsText(_ rows: [(key: String, value: String, origin: SettingOrigin)])
        -> [String]
    {
        let width = (rows.map(\.value.count).max() ?? 0) + 2
        return TextRenderer.aligned(
            rows.map { ($0.key, TextRenderer.pad($0.value, width) + $0.origin.rawValue) })
    }

    /// Settings as `[{"key":…,"value":…,"origin":…}]`.
    static func settings(_ rows: [(key: String, value: String, origin: SettingOrigin)])
        -> FactValue
    {
        .list(
            rows.map {
                .record([
                    ("key", .string($0.key)), ("value", .string($0.value)),
                    ("origin", .string($0.origin.rawValue)),
                ])
            })
    }

    /// Why a repair happened, as the `repair` line and JSON say it.
    static let repairReason = "header not fully collapsed"

    /// `delivered`, or `not delivered: REASON` (SPEC §6 `last_tap`).
    static func tapText(_ outcome: TapOutcome, _ n: Names) -> String {
        tapReason(outcome, n).map { "not delivered: " + $0 } ?? "delivered"
    }

    /// The reason SPEC §6 gives for a tap that was not delivered (nil when it was).
    static func tapReason(_ outcome: TapOutcome, _ n: Names) -> String? {
        switch outcome {
        case .delivered: nil
        case .swallowed: "swallowed"
        case .cancelledByPan: "cancelled by pan"
        case .moved: "moved"
        case .notTappable: "not tappable"
        case .rejected(let c): "rejected: \(n.id(c)) is transitioning"
        }
    }

    /// Why a `tab` changed nothing.
    static func refusalText(_ r: Refusal, _ n: Names) -> String {
        switch r {
        case .panActive: "a pan is active"
        case .transitioning(let c): "\(n.id(c)) is transitioning"
        case .noNextSegment(let tabs, let k): "'\(n.segment(tabs, k))' is the last segment"
        case .noPreviousSegment(let tabs, let k): "'\(n.segment(tabs, k))' is the first segment"
        }
    }

    /// Sheet springs print the detent (and top); others the offset.
    static func springTarget(
        _ node: Int, _ target: Double, _ n: Names, into out: inout LineWriter
    ) {
        let value = n.springTarget(node, target)
        if let detent = n.detent(node, top: value) {
            out.put(detent)
            out.put(" (top " as StaticString)
            out.put(value)
            out.put(")" as StaticString)
        } else {
            out.put(value)
        }
    }
}

extension TraceRunner.Outcome {
    /// Whether the trace passed.
    var passed: Bool {
        switch self {
        case .passed: true
        case .failed, .failing, .corrupt, .stopped: false
        }
    }
}
