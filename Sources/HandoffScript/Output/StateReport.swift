import HandoffCore

/// The printable state: what `state` prints, what `state --json` encodes, and what a command
/// compares before and after to print `old → new`.
package struct StateReport: Sendable {
    let sim: Simulator
    let names: Names
    /// The settings that differ from their default, with their origin (`state` prints them).
    package var settings: [(key: String, value: String, origin: SettingOrigin)] = []

    /// The state of `sim`, named by `names` when given (a session's, made once a load).
    package init(_ sim: Simulator, names: Names? = nil) {
        self.sim = sim
        self.names = names ?? Names(sim.graph)
    }

    /// `ID.offset`, `ID.page`, `ID.top`, `ID.height` values in tree order.
    package var values: [(path: String, value: Double)] {
        let paths = ValuePaths(sim.graph)
        return paths.entries.indices.map { (paths.entries[$0].path, paths.value($0, sim)) }
    }

    package var owner: String { sim.owner.map(names.id) ?? "none" }

    package var touch: String {
        guard let t = sim.touchInfo else { return "none" }
        return "\(names.target(t.target)) \(Self.touchState(t.state))"
    }

    /// `possible`, `swallowed` or `panning(AXIS)`.
    static func touchState(_ s: TouchState) -> String {
        switch s {
        case .possible: "possible"
        case .swallowed: "swallowed"
        case .delayed: "delayed"
        case .panning(let axis): "panning(\(axis.rawValue))"
        }
    }

    package var lastTap: String {
        guard let tap = sim.lastTap else { return "none" }
        return names.target(tap.target) + " " + FactDescriber.tapText(tap.outcome, names)
    }

    /// The lines of `state`.
    package var lines: [String] {
        var rows: [(String, String)] = [
            ("t", NumberFormat.format(sim.time)), ("phase", sim.phase.rawValue), ("owner", owner),
        ]
        for (path, v) in values { rows.append((path, NumberFormat.format(v))) }
        rows.append(("touch", touch))
        rows.append(("last tap", lastTap))
        rows.append(("ledger", sim.ledger.map { TextRenderer.ledger($0, names) } ?? "none"))
        let anims = sim.animationInfo
        if anims.isEmpty { rows.append(("animations", "none")) }
        for a in anims {
            let what =
                a.kind == .momentum
                ? "\(NumberFormat.format(a.target)) pt to go" : "→ \(NumberFormat.format(a.target))"
            rows.append(("animation", "\(names.id(a.node)) \(a.kind.rawValue) \(what)"))
        }
        if !settings.isEmpty {
            rows.append(
                (
                    "settings",
                    settings.map { "\($0.key) \($0.value) (\($0.origin.rawValue))" }
                        .joined(separator: ", ")
                ))
        }
        return TextRenderer.aligned(rows)
    }

    /// One line of JSON with exactly the keys of SPEC §6.
    package var json: String {
        let g = sim.graph
        var pages: [(String, String)] = []
        for i in g.nodes.indices where g.nodes[i].kind.pages != nil {
            pages.append((g.nodes[i].id, String(sim.page(i))))
        }
        // The values that change with time are encoded where `plot` encodes its rows.
        let moment = MomentFields(sim, names: names)
        let touch = sim.touchInfo.map {
            JSONWriter.object([
                ("target", JSONWriter.string(names.target($0.target))),
                ("state", JSONWriter.string(Self.touchState($0.state))),
            ])
        }
        let tap = sim.lastTap.map {
            JSONWriter.object([
                ("target", JSONWriter.string(names.target($0.target))),
                ("delivered", $0.delivered ? "true" : "false"),
                ("reason", JSONWriter.optional(FactDescriber.tapReason($0.outcome, names))),
            ])
        }
        let anims = sim.animationInfo.map {
            JSONWriter.object([
                ("node", JSONWriter.string(names.id($0.node))),
                ("kind", JSONWriter.string($0.kind.rawValue)),
                ($0.kind == .momentum ? "remaining" : "target", JSONWriter.number($0.target)),
            ])
        }
        return JSONWriter.object([
            ("t", moment.t), ("phase", moment.phase), ("owner", moment.owner),
            ("offsets", moment.offsets), ("pages", JSONWriter.object(pages)),
            ("sheets", moment.sheets), ("heights", moment.heights),
            ("touch", touch ?? "null"),
            ("last_tap", tap ?? "null"),
            ("ledger", sim.ledger.map { FactDescriber.ledger($0, names).json } ?? "null"),
            ("animations", JSONWriter.array(anims)),
        ])
    }

    /// The hierarchy with frames, offsets and ranges (`tree`).
    package var tree: [String] {
        let g = sim.graph
        let f = NumberFormat.format
        var out: [String] = [
            "window [\(f(g.scene.windowSize.x)), \(f(g.scene.windowSize.y))]  scene \(g.scene.name)"
        ]
        for i in g.nodes.indices {
            let n = g.nodes[i]
            let r = sim.layout.frame(i)
            var line =
                String(repeating: "  ", count: g.depth[i] + 1) + "\(n.id)  \(n.kind.name.rawValue)"
            line += " [\(f(r.x)), \(f(r.y)), \(f(r.width)), \(f(r.height))]"
            if let c = n.scroll {
                let range = g.range(i)
                line +=
                    " \(c.axis.rawValue) offset \(f(sim.offsets[i])) (\(f(range.lowerBound))…\(f(range.upperBound)))"
                if c.nested != NestedPolicy() {
                    line +=
                        " nested pre \(c.nested.pre.rawValue) post \(c.nested.post.rawValue) fling \(c.nested.fling.rawValue)"
                }
                if !c.bounces { line += " no-bounce" }
                if c.snapEdges { line += " snap" }
                if let p = c.parallax { line += " follows \(p.follows)" }
                if !c.delaysContentTouches { line += " delaysContentTouches no" }
                if !c.canCancelContentTouches { line += " canCancelContentTouches no" }
                // The app's flags in force (SPEC §13.1), only where not the default.
                if !sim.scrollEnabled[i] { line += " scrollEnabled false" }
                if sim.transfers[i] != .auto { line += " transfers \(sim.transfers[i].rawValue)" }
            }
            if let rows = n.rows { line += " rows \(rows.count)" }
            if n.kind.pages != nil { line += " page \(sim.page(i))" }
            if n.kind.isTabs {
                line += " segments \(n.segments.joined(separator: "|")) → \(n.controls ?? "-")"
            }
            if let s = n.sheet {
                line +=
                    " top \(f(sim.sheetTop(i))) detents "
                    + s.detents.map { "\($0.name) \(f($0.top))" }.joined(separator: ", ")
                if s.style == .system {
                    line += " style system" + (s.expands ? "" : " scrollingExpands no")
                }
            }
            if n.kind.isBackdrop {
                line += " alpha \(f(sim.layout.backdropAlpha(sheet: g.partner[i]!)))"
            }
            if n.tappable { line += " tap" }
            if n.control { line += " control" }
            if n.hidden { line += " hidden" }
            if !n.interactive { line += " not-interactive" }
            if n.stretches { line += " stretches" }
            if let o = n.origin {
                line +=
                    "  ("
                    + [o.className, o.address ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
                    + ")"
            }
            out.append(line)
        }
        return out + gestureLines + ruleLines
    }

    /// The recognizer wiring in force (SPEC §13.2), after the nodes; none without wiring.
    var gestureLines: [String] {
        let g = sim.gestures
        let id = names.id
        var out: [String] = []
        for p in g.simultaneous {
            out.append("gestures  simultaneous \(id(p.first)) + \(id(p.second))")
        }
        for p in g.requireToFail {
            out.append("gestures  requireToFail \(id(p.first)) waits for \(id(p.second))")
        }
        for s in g.shouldBegin { out.append("gestures  shouldBegin \(id(s.node)): \(s.text)") }
        return out
    }

    /// `gestureLines` as JSON; nil without wiring (`tree --json` is then as before).
    package var gesturesJSON: FactValue? {
        let g = sim.gestures
        guard !g.isEmpty else { return nil }
        let id = names.id
        func pairs(_ ps: [Gestures.Pair]) -> FactValue {
            .list(ps.map { .list([.string(id($0.first)), .string(id($0.second))]) })
        }
        return .record([
            ("simultaneous", pairs(g.simultaneous)), ("requireToFail", pairs(g.requireToFail)),
            ("shouldBegin", .record(g.shouldBegin.map { (id($0.node), .string($0.text)) })),
        ])
    }

    /// `tree` as JSON: one object per node in tree order, with the fields `tree` prints.
    package var treeJSON: [String] {
        typealias J = JSONWriter
        let g = sim.graph
        return g.nodes.indices.map { i in
            let n = g.nodes[i]
            let r = sim.layout.frame(i)
            var fields: [(String, String)] = [
                ("id", J.string(n.id)), ("kind", J.string(n.kind.name.rawValue)),
                ("depth", String(g.depth[i])),
                ("frame", J.array([r.x, r.y, r.width, r.height].map(J.number))),
            ]
            if let c = n.scroll {
                let range = g.range(i)
                fields += [
                    ("axis", J.string(c.axis.rawValue)), ("offset", J.number(sim.offsets[i])),
                    ("range", J.array([J.number(range.lowerBound), J.number(range.upperBound)])),
                    (
                        "nested",
                        J.object([
                            ("pre", J.string(c.nested.pre.rawValue)),
                            ("post", J.string(c.nested.post.rawValue)),
                            ("fling", J.string(c.nested.fling.rawValue)),
                        ])
                    ),
                    ("bounces", c.bounces ? "true" : "false"),
                    ("snap", c.snapEdges ? "true" : "false"),
                    ("follows", J.optional(c.parallax?.follows)),
                ]
                // Written only when not the default, so a scene without them prints as before.
                if !c.delaysContentTouches { fields.append(("delaysContentTouches", "false")) }
                if !c.canCancelContentTouches {
                    fields.append(("canCancelContentTouches", "false"))
                }
                if !sim.scrollEnabled[i] { fields.append(("scrollEnabled", "false")) }
                if sim.transfers[i] != .auto {
                    fields.append(("transfers", J.string(sim.transfers[i].rawValue)))
                }
            }
            if let rows = n.rows { fields.append(("rows", String(rows.count))) }
            if let page = pageOf(i) { fields.append(("page", String(page))) }
            if !n.segments.isEmpty || n.controls != nil {
                fields.append(("segments", J.array(n.segments.map(J.string))))
                fields.append(("controls", J.optional(n.controls)))
            }
            if let sh = n.sheet {
                fields.append(("top", J.number(sim.sheetTop(i))))
                fields.append(
                    (
                        "detents",
                        J.array(
                            sh.detents.map {
                                J.object([("name", J.string($0.name)), ("top", J.number($0.top))])
                            })
                    ))
                if sh.style == .system {
                    fields.append(("style", J.string(sh.style.rawValue)))
                    fields.append(("scrollingExpands", sh.expands ? "true" : "false"))
                }
            }
            if let sheet = g.partner[i], n.sheet == nil {
                fields.append(("alpha", J.number(sim.layout.backdropAlpha(sheet: sheet))))
            }
            fields += [
                ("tap", n.tappable ? "true" : "false"), ("hidden", n.hidden ? "true" : "false"),
                ("interactive", n.interactive ? "true" : "false"),
                ("stretches", n.stretches ? "true" : "false"),
            ]
            if n.control { fields.append(("control", "true")) }
            if let o = n.origin {
                fields.append(
                    (
                        "origin",
                        J.object([
                            ("class", J.string(o.className)), ("address", J.optional(o.address)),
                        ])
                    ))
            }
            return J.object(fields)
        }
    }

    /// The page of a pager or switcher; nil for other kinds.
    func pageOf(_ i: Int) -> Int? {
        switch sim.graph.nodes[i].kind {
        case .pager, .switcher: sim.page(i)
        case .view, .scroll, .list, .tabs, .sheet, .backdrop: nil
        }
    }
}
