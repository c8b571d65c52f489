import HandoffCore

/// The one step from a typed fact to its `FactDescription` (kind, time, role, markers), with its
/// text pieces and fields, handed to a `FactRenderer`. Text, `--json` and the timeline read the
/// same description. This holds the only switches over `Fact` and `Event` in the output layer,
/// one file per family of facts: this file the session's facts, `+Touch` and `+Scroll` the
/// simulator's (written straight into the output's bytes), `+Debugger` the debugger's.
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
        default: session(fact, n, into: &r)
        }
    }

    /// A simulator fact, handed to its family's switch.
    static func event<R: FactRenderer>(
        _ e: Event, _ n: Names, at moment: Moment, into r: inout R
    ) {
        switch e {
        case .touchDown, .stopped, .swallowed, .recognizer, .tracking, .tapMoved, .offAxis,
            .delivered, .panNotBegun, .touchesCancelled, .tap, .tabbed, .pageSelected,
            .transitionEnded, .refused,
            .decided(.sheetCaught):
            touchEvent(e, n, at: moment, into: &r)
        case .owner, .moved, .flingFrame, .handoff, .released, .momentumStarted, .momentumEnded,
            .edgeHit, .springStarted, .springEnded, .repair, .hazard:
            scrollEvent(e, n, at: moment, into: &r)
        case .code(let w):
            code(CodeSummary(w, time: moment.time, frame: moment.frame), n, into: &r)
        case .decided:
            return  // only `why` prints a decision's numbers
        }
    }

    /// `describe` for the facts that are not simulator facts.
    private static func session<R: FactRenderer>(
        _ fact: borrowing Fact, _ n: Names, into r: inout R
    ) {
        let line = TextRenderer.line
        let f = NumberFormat.format
        switch fact {
        case .event: preconditionFailure("describe hands simulator facts to event")
        case .fling(let l, let time, let frame):
            ledgerFact(
                "fling", label: "fling", l, n, at: Moment(time: time, frame: frame), into: &r)
        case .code(let c):
            code(c, n, into: &r)
        case .changed(let path, let from, let to):
            r.describe(
                "changed", at: nil, lines: [line(path, "\(text(from)) → \(text(to))")],
                [("path", .string(path)), ("from", value(from)), ("to", value(to))])
        case .aimed(let asked, let hit):
            r.describe(
                "aimed", at: nil,
                lines: [line("note", "aimed at \(n.target(asked)), hit \(n.target(hit))")],
                [("asked", .string(n.target(asked))), ("hit", .string(n.target(hit)))])
        case .loaded(let scene, let nodes, let window, let imported):
            r.describe(
                "loaded", at: nil,
                lines: [
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
            r.describe(
                "warning", at: nil, role: .highlight, lines: [line("warning", w.message)],
                warningFields(w))
        case .scene(let name, let description):
            r.describe(
                "scene", at: nil, lines: [line(name, description)],
                [("name", .string(name)), ("description", .string(description))])
        case .state(let report):
            r.describe(
                "state", at: nil, lines: report.lines, [("settings", settings(report.settings))])
        case .tree(let report):
            let rules = report.rulesJSON
            r.describe(
                "tree", at: nil, lines: report.tree,
                [("nodes", .list(report.treeJSON.map(FactValue.encoded)))]
                    + (report.gesturesJSON.map { [("gestures", $0)] } ?? [])
                    + (rules.isEmpty ? [] : [("rules", .list(rules.map(FactValue.encoded)))]))
        case .drawing(let rows):
            r.describe("show", at: nil, lines: rows, [("lines", .list(rows.map(FactValue.string)))])
        case .why(let report):
            guard let report else {
                r.describe(
                    "why", at: nil, lines: ["why       nothing has been decided yet"],
                    [("command", .null), ("reasons", .list([]))])
                return
            }
            r.describe(
                "why", at: nil, lines: report.lines,
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
            r.describe(
                "expect", at: nil, role: passed ? .success : .error,
                lines: [line("expect", (passed ? "ok: " : "FAILED: ") + message)],
                [("passed", .bool(passed)), ("message", .string(message))])
        case .set(let key, let value):
            r.describe(
                "set", at: nil, lines: [line("set", "\(key) \(value)")],
                [("key", .string(key)), ("value", .string(value))])
        case .settings(let rows):
            r.describe(
                "settings", at: nil, lines: settingsText(rows), [("settings", settings(rows))])
        case .recording(let path, let commands):
            let note =
                commands == 0 ? "" : " (with the \(Plural.count(commands, "command")) since load)"
            r.describe(
                "record", at: nil, lines: [line("record", "recording to \(path)\(note)")],
                [("path", .string(path)), ("commands", .int(commands))])
        case .recordingStopped(let path):
            r.describe(
                "recordStopped", at: nil, lines: [line("record", "stopped; \(path) is complete")],
                [("path", .string(path))])
        case .replayed(let file, let outcome, let diff):
            let summary = TraceRunner.summary(file: file, outcome: outcome)
            r.describe(
                "replay", at: nil, lines: diff + [summary],
                [
                    ("file", .string(file)), ("passed", .bool(outcome.passed)),
                    ("summary", .string(summary)), ("diff", .list(diff.map(FactValue.string))),
                ])
        case .plotted(let path, let rows, let commands, let marks):
            let what = [
                Plural.count(commands, "command"), Plural.count(rows, "row"),
                Plural.count(marks, "marker"),
            ]
            r.describe(
                "plot", at: nil,
                lines: [line("plot", "wrote \(path): " + what.joined(separator: ", "))],
                [
                    ("path", .string(path)), ("commands", .int(commands)), ("rows", .int(rows)),
                    ("marks", .int(marks)),
                ])
        case .help(let topic):
            r.describe(
                "help", at: nil, lines: topic.lines,
                topic.jsonFields.map { ($0.0, .encoded($0.1)) })
        case .settleCapped(let seconds):
            r.describe(
                "settleCapped", at: nil,
                lines: [line("settle", "stopped after \(f(seconds))s: still animating")],
                [("after", .number(seconds))])
        case .error(let d, let lineNumber):
            r.describe(
                "error", at: nil, role: .error,
                lines: [ErrorMessage.head(d, lineNumber: nil)],
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

    /// A scene warning's fields.
    private static func warningFields(_ w: SceneWarning) -> Fields {
        switch w {
        case .pastContent(let node, let others, let scroll, let end, let reach):
            [
                ("warning", .string("pastContent")), ("node", .string(node)),
                ("others", .int(others)), ("scroll", .string(scroll)), ("end", .number(end)),
                ("reach", .number(reach)),
            ]
        case .neverBounces(let node, let scroll):
            [
                ("warning", .string("neverStretches")), ("node", .string(node)),
                ("scroll", .string(scroll)), ("reason", .string("bounces: false")),
            ]
        case .noScroll(let node, let parent):
            [
                ("warning", .string("neverStretches")), ("node", .string(node)),
                ("scroll", .null), ("reason", .string("not in a scroll view")),
                ("parent", .optional(parent)),
            ]
        }
    }
}
