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
    static func ledgerEvent(_ kind: String, _ l: Ledger, _ n: Names) -> String {
        let shares = l.shares.map {
            J.object([
                ("node", J.string(n.id($0.node))), ("amount", J.number($0.amount)),
                ("phase", J.string($0.phase.rawValue)),
            ])
        }
        return J.object([
            ("kind", J.string(kind)), ("ledger", ledger(l, n)), ("shares", J.array(shares)),
        ])
    }

    package static func line(command: String, facts: [Fact], state: String, names: Names) -> String
    {
        J.object([
            ("command", J.string(command)), ("events", J.array(facts.map { fact($0, names) })),
            ("state", state),
        ])
    }

    static func fact(_ fact: Fact, _ n: Names) -> String {
        switch fact {
        case .event(let e): return event(e, n)
        case .fling(let l): return ledgerEvent("fling", l, n)
        case .changed(let path, let from, let to):
            return J.object([
                ("kind", J.string("changed")), ("path", J.string(path)), ("from", value(from)),
                ("to", value(to)),
            ])
        case .aimed(let asked, let hit):
            return J.object([
                ("kind", J.string("aimed")), ("asked", J.string(asked)), ("hit", J.string(hit)),
            ])
        case .text(let s): return J.object([("kind", J.string("text")), ("line", J.string(s))])
        case .expectation(let passed, let message):
            return J.object([
                ("kind", J.string("expect")), ("passed", passed ? "true" : "false"),
                ("message", J.string(message)),
            ])
        case .error(let d):
            return J.object([
                ("kind", J.string("error")), ("message", J.string(d.message)),
                ("column", String(d.column)),
                ("usage", J.optional(d.usage)), ("suggestion", J.optional(d.suggestion)),
            ])
        }
    }

    /// Numbers stay numbers; words become strings.
    static func value(_ s: String) -> String { CommandParser.decimal(s) != nil ? s : J.string(s) }

    static func event(_ e: Event, _ n: Names) -> String {
        func obj(_ kind: String, _ rest: [(String, String)]) -> String {
            J.object([("kind", J.string(kind))] + rest)
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
        case .moved(let l): return ledgerEvent("move", l, n)
        case .flingFrame(let l): return ledgerEvent("fling", l, n)
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
        case .tap(let t, let delivered, let reason):
            return obj(
                "tap",
                [
                    ("target", s(n.target(t))), ("delivered", delivered ? "true" : "false"),
                    ("reason", J.optional(reason)),
                ])
        case .pageSelected(let node, let from, let to):
            return obj(
                "select", [("node", s(n.id(node))), ("from", String(from)), ("to", String(to))])
        case .transitionEnded(let node, let page):
            return obj("transitionEnded", [("node", s(n.id(node))), ("page", String(page))])
        case .repair(let node, let from, let to, let reason):
            return obj(
                "repair",
                [
                    ("node", s(n.id(node))), ("from", num(from)), ("to", num(to)),
                    ("reason", s(reason)),
                ])
        case .refused(let reason): return obj("refused", [("reason", s(reason))])
        }
    }
}
