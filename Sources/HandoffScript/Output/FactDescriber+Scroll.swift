import HandoffCore

/// The scroll views' facts: the owner, each frame's ledger, handoffs, momentum, edges, springs,
/// repairs and hazards, each written straight into the output's bytes.
extension FactDescriber {
    static func scrollEvent<R: FactRenderer>(
        _ e: Event, _ n: Names, at moment: Moment, into r: inout R
    ) {
        func id(_ node: Int) -> FactValue { .string(n.id(node)) }
        switch e {
        case .owner(let node, let chain, let partners):
            r.describe(
                "owner", at: moment, role: .highlight,
                { out in
                    out.line { w in
                        w.label("owner")
                        w.put(id: node, n)
                        // Simultaneous partners (SPEC §13.2): `owner studios + sheet (simultaneous)`.
                        for p in partners {
                            w.put(" + " as StaticString)
                            w.put(id: p, n)
                        }
                        if !partners.isEmpty {
                            w.put(" (simultaneous)" as StaticString)
                            return
                        }
                        w.put(" (chain " as StaticString)
                        for (i, c) in chain.enumerated() {
                            if i > 0 { w.put(", " as StaticString) }
                            w.put(id: c, n)
                        }
                        w.put(")" as StaticString)
                    }
                },
                [("node", id(node)), ("chain", .list(chain.map(id)))]
                    + (partners.isEmpty ? [] : [("partners", .list(partners.map(id)))]))
        case .moved(let l):
            ledgerFact("move", label: "move", l, n, at: moment, into: &r)
        case .flingFrame(let l):
            ledgerFact("fling", label: "fling", l, n, at: moment, into: &r)
        case .handoff(let from, let to):
            r.describe(
                "handoff", at: moment, role: .highlight, marks: [.handoff],
                { out in
                    out.line { w in
                        w.label("handoff")
                        w.put(id: from, n)
                        w.put(" → " as StaticString)
                        w.put(id: to, n)
                    }
                },
                [("from", id(from)), ("to", id(to))])
        case .released(let v, let s):
            r.describe(
                "release", at: moment, marks: [.lift],
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
                [("velocity", .list([.number(v.x), .number(v.y)])), ("scroll", .number(s))])
        case .momentumStarted(let d, let v, let travel):
            r.describe(
                "momentum", at: moment,
                { out in
                    out.line { w in
                        w.label("momentum")
                        w.put(id: d, n)
                        w.put(" at " as StaticString)
                        w.put(v)
                        w.put(" pt/s, travel " as StaticString)
                        w.put(travel)
                    }
                },
                [("node", id(d)), ("velocity", .number(v)), ("travel", .number(travel))])
        case .momentumEnded(let d):
            r.describe(
                "momentumEnded", at: moment,
                { out in
                    out.line { w in
                        w.label("rest")
                        w.put(id: d, n)
                        w.put(" momentum ended" as StaticString)
                    }
                }, [("node", id(d))])
        case .springStarted(let node, let kind, let target, let v):
            r.describe(
                "spring", at: moment,
                { out in
                    out.line { w in
                        w.label("spring")
                        w.put(id: node, n)
                        w.put(" " as StaticString)
                        w.put(kind)
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
            r.describe(
                "settled", at: moment,
                { out in
                    out.line { w in
                        w.label("settled")
                        w.put(id: node, n)
                        w.put(" " as StaticString)
                        w.put(kind)
                        w.put(" at " as StaticString)
                        springTarget(node, target, n, into: &w)
                    }
                },
                [
                    ("node", id(node)), ("animation", .string(kind.rawValue)),
                    ("target", .number(n.springTarget(node, target))),
                ])
        case .edgeHit(let node, let v):
            r.describe(
                "edge", at: moment, marks: [.edgeHit],
                { out in
                    out.line { w in
                        w.label("edge")
                        if let node {
                            w.put(id: node, n)
                            w.put(" hit its edge at " as StaticString)
                            w.put(v)
                            w.put(" pt/s and bounces" as StaticString)
                        } else {
                            w.put("momentum stopped at an edge at " as StaticString)
                            w.put(v)
                            w.put(" pt/s" as StaticString)
                        }
                    }
                },
                [("node", node.map(id) ?? .null), ("velocity", .number(v))])
        case .repair(let node, let from, let to, let ancestor, let offset, let maximum):
            r.describe(
                "repair", at: moment, role: .highlight, marks: [.repair],
                { out in
                    out.line { w in
                        w.label("repair")
                        w.put(id: node, n)
                        w.put(" " as StaticString)
                        w.put(from)
                        w.put(" → " as StaticString)
                        w.put(to)
                        w.put(": " as StaticString)
                        w.put(repairReason)
                    }
                },
                [
                    ("node", id(node)), ("from", .number(from)), ("to", .number(to)),
                    ("reason", .string(repairReason)), ("ancestor", id(ancestor)),
                    ("ancestorOffset", .number(offset)), ("ancestorMax", .number(maximum)),
                ])
        case .hazard(let hazard):
            r.describe(
                "hazard", at: moment, role: .highlight, marks: [.hazard],
                { out in
                    out.line { w in
                        w.label("hazard")
                        w.put(hazard.summary(n))
                    }
                }, hazard.fields(n))
        default: preconditionFailure("event hands the other families elsewhere")
        }
    }

    /// A move or a fling frame (or the fling a `fling` command reports): its label, then the
    /// ledger; the ledger and its shares as fields. Its label is its kind.
    static func ledgerFact<R: FactRenderer>(
        _ kind: String, label: StaticString, _ l: Ledger, _ n: Names, at moment: Moment,
        into r: inout R
    ) {
        r.describe(
            kind, at: moment,
            { out in
                out.line { w in
                    w.label(label)
                    TextRenderer.ledger(l, n, into: &w)
                }
            }, ledgerFields(l, n))
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
