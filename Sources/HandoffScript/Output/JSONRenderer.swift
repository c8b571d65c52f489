import HandoffCore

/// Renders a command's facts as one JSON line: `{"command":…,"events":[…],"state":{…}}`.
package enum JSONRenderer {
    typealias J = JSONWriter

    package static func ledger(_ l: Ledger, _ names: Names) -> String {
        let consumed = l.totals(false).map { (names.id($0.node), J.number($0.amount)) }
        let over = l.totals(true).map { (names.id($0.node), J.number($0.amount)) }
        return J.object([
            ("d", J.number(l.d)), ("consumed", J.object(consumed)), ("overscroll", J.object(over)),
            ("unconsumed", J.number(l.unconsumed)),
        ])
    }

    /// A ledger with its shares in order, for events.
    static func ledgerEvent(
        _ kind: String, _ l: Ledger, _ n: Names, time: Double, frame: Int
    ) -> String {
        let shares = l.shares.map {
            J.object([
                ("node", J.string(n.id($0.node))), ("amount", J.number($0.amount)),
                ("phase", J.string($0.phase.rawValue)),
            ])
        }
        return J.object([
            ("kind", J.string(kind)), ("t", J.number(time)), ("frame", String(frame)),
            ("ledger", ledger(l, n)), ("shares", J.array(shares)),
        ])
    }

    package static func line(command: String, facts: [Fact], state: String, names: Names) -> String
    {
        J.object([
            ("command", J.string(command)),
            ("events", J.array(facts.compactMap { fact($0, names) })),
            ("state", state),
        ])
    }

    /// One fact as one JSON object (nil for the decisions only `why` prints).
    static func fact(_ fact: Fact, _ n: Names) -> String? {
        let s = J.string
        func obj(_ kind: String, _ rest: [(String, String)]) -> String {
            J.object([("kind", s(kind))] + rest)
        }
        switch fact {
        case .event(let o): return event(o.event, n, time: o.time, frame: o.frame)
        case .fling(let l, let t, let frame):
            return ledgerEvent("fling", l, n, time: t, frame: frame)
        case .changed(let path, let from, let to):
            return obj("changed", [("path", s(path)), ("from", value(from)), ("to", value(to))])
        case .aimed(let asked, let hit):
            return obj("aimed", [("asked", s(n.target(asked))), ("hit", s(n.target(hit)))])
        case .loaded(let scene, let nodes, let window, let imported):
            return obj(
                "loaded",
                [
                    ("scene", s(scene)), ("nodes", String(nodes)),
                    ("window", J.array([J.number(window.x), J.number(window.y)])),
                    ("imported", J.optional(imported)),
                ])
        case .scene(let name, let description):
            return obj("scene", [("name", s(name)), ("description", s(description))])
        case .state(let report):
            return obj("state", [("settings", settings(report.settings))])
        case .tree(let report): return obj("tree", [("nodes", J.array(report.treeJSON))])
        case .drawing(let rows): return obj("show", [("lines", J.array(rows.map(s)))])
        case .why(let report):
            guard let report else {
                return obj("why", [("command", "null"), ("reasons", "[]")])
            }
            return obj(
                "why",
                [
                    ("command", s(report.command)),
                    (
                        "reasons",
                        J.array(
                            report.rows.map {
                                J.object([("rule", s($0.rule)), ("text", s($0.text))])
                            })
                    ),
                ])
        case .expectation(let passed, let message):
            return obj("expect", [("passed", passed ? "true" : "false"), ("message", s(message))])
        case .set(let key, let value):
            return obj("set", [("key", s(key)), ("value", s(value))])
        case .settings(let rows):
            return obj("settings", [("settings", settings(rows))])
        case .recording(let path, let commands):
            return obj("record", [("path", s(path)), ("commands", String(commands))])
        case .recordingStopped(let path):
            return obj("recordStopped", [("path", s(path))])
        case .replayed(let file, let outcome, let diff):
            return obj(
                "replay",
                [
                    ("file", s(file)), ("passed", passed(outcome)),
                    ("summary", s(TraceRunner.summary(file: file, outcome: outcome))),
                    ("diff", J.array(diff.map(s))),
                ])
        case .help(let topic): return obj("help", topic.jsonFields)
        case .settleCapped(let seconds):
            return obj("settleCapped", [("after", J.number(seconds))])
        case .error(let d, let line):
            return obj(
                "error",
                [
                    ("message", s(d.message)), ("line", line.map(String.init) ?? "null"),
                    ("column", String(d.column)), ("length", String(d.length)),
                    ("usage", J.optional(d.usage)), ("suggestion", J.optional(d.suggestion)),
                ])
        }
    }

    static func passed(_ outcome: TraceRunner.Outcome) -> String {
        switch outcome {
        case .passed: "true"
        case .failed, .failing, .corrupt, .stopped: "false"
        }
    }

    /// Settings as `[{"key":…,"value":…,"origin":…}]`.
    static func settings(_ rows: [(key: String, value: String, origin: SettingOrigin)]) -> String {
        J.array(
            rows.map {
                J.object([
                    ("key", J.string($0.key)), ("value", J.string($0.value)),
                    ("origin", J.string($0.origin.rawValue)),
                ])
            })
    }

    static func value(_ v: StateValue) -> String {
        switch v {
        case .number(let d): J.number(d)
        case .word(let w): J.string(w)
        }
    }

    /// A simulator fact: its kind, its time and frame, then its fields.
    static func event(_ e: Event, _ n: Names, time: Double, frame: Int) -> String? {
        let when = [("t", J.number(time)), ("frame", String(frame))]
        func obj(_ kind: String, _ rest: [(String, String)]) -> String {
            J.object([("kind", J.string(kind))] + when + rest)
        }
        let s = J.string
        let num = J.number
        switch e {
        case .touchDown(let p, let target, let path):
            var ids = path.map(n.id)
            if target.item != nil { ids.append(n.target(target)) }
            return obj(
                "touch",
                [
                    ("point", J.array([num(p.x), num(p.y)])), ("target", s(n.target(target))),
                    ("path", J.array(ids.map(s))),
                ])
        case .stopped(let node, let kind):
            return obj("stopped", [("node", s(n.id(node))), ("animation", s(kind.rawValue))])
        case .swallowed(let t): return obj("swallowed", [("target", s(n.target(t)))])
        case .recognizer(let r, let state):
            let name: String
            switch r {
            case .pan(let axis): name = "pan(\(axis.rawValue))"
            case .tap(let t): name = "tap(\(n.target(t)))"
            }
            return obj("recognizer", [("recognizer", s(name)), ("state", s(state.rawValue))])
        case .tracking(let d, let slop):
            return obj("tracking", [("distance", num(d)), ("slop", num(slop))])
        case .tapMoved(let t, let d, let slop):
            return obj(
                "recognizer",
                [
                    ("recognizer", s("tap(\(n.target(t)))")), ("state", s("failed")),
                    ("reason", s("moved")), ("distance", num(d)), ("slop", num(slop)),
                ])
        case .offAxis(let axis): return obj("offAxis", [("axis", s(axis.rawValue))])
        case .touchesCancelled(let t): return obj("touchesCancelled", [("target", s(n.target(t)))])
        case .owner(let node, let chain):
            return obj(
                "owner", [("node", s(n.id(node))), ("chain", J.array(chain.map { s(n.id($0)) }))])
        case .moved(let l): return ledgerEvent("move", l, n, time: time, frame: frame)
        case .flingFrame(let l): return ledgerEvent("fling", l, n, time: time, frame: frame)
        case .handoff(let from, let to):
            return obj("handoff", [("from", s(n.id(from))), ("to", s(n.id(to)))])
        case .released(let v, let sv):
            return obj(
                "release", [("velocity", J.array([num(v.x), num(v.y)])), ("scroll", num(sv))])
        case .momentumStarted(let d, let v, let t):
            return obj(
                "momentum", [("node", s(n.id(d))), ("velocity", num(v)), ("travel", num(t))])
        case .momentumEnded(let d): return obj("momentumEnded", [("node", s(n.id(d)))])
        case .edgeHit(let node, let v):
            return obj("edge", [("node", J.optional(node.map(n.id))), ("velocity", num(v))])
        case .springStarted(let node, let kind, let target, let v):
            return obj(
                "spring",
                [
                    ("node", s(n.id(node))), ("animation", s(kind.rawValue)),
                    ("target", num(n.springTarget(node, target))), ("velocity", num(v)),
                ])
        case .springEnded(let node, let kind, let target):
            return obj(
                "settled",
                [
                    ("node", s(n.id(node))), ("animation", s(kind.rawValue)),
                    ("target", num(n.springTarget(node, target))),
                ])
        case .tap(let t, let outcome):
            return obj(
                "tap",
                [
                    ("target", s(n.target(t))),
                    ("delivered", outcome.isDelivered ? "true" : "false"),
                    ("reason", J.optional(TextRenderer.tapReason(outcome, n))),
                ])
        case .tabbed(let t):
            return obj(
                "tap", [("target", s(n.target(t))), ("delivered", "true"), ("reason", "null")])
        case .pageSelected(let node, let from, let to):
            return obj(
                "select", [("node", s(n.id(node))), ("from", String(from)), ("to", String(to))])
        case .transitionEnded(let node, let page):
            return obj("transitionEnded", [("node", s(n.id(node))), ("page", String(page))])
        case .repair(let node, let from, let to, let ancestor, let offset, let maximum):
            return obj(
                "repair",
                [
                    ("node", s(n.id(node))), ("from", num(from)), ("to", num(to)),
                    ("reason", s(TextRenderer.repairReason)), ("ancestor", s(n.id(ancestor))),
                    ("ancestorOffset", num(offset)), ("ancestorMax", num(maximum)),
                ])
        case .refused(let refusal):
            return obj("refused", [("reason", s(TextRenderer.refusalText(refusal, n)))])
        case .decided:
            return nil
        }
    }
}
