import HandoffCore

/// The printable values of a scene: `ID.offset`, `ID.page`, `ID.top`, `ID.height`, in tree order.
/// Built once per scene, so a command's before/after comparison allocates no strings.
package struct ValuePaths: Sendable {
    package enum Kind: Sendable {
        case offset
        case page
        case top
        case height
    }

    package let entries: [(path: String, kind: Kind, node: Int)]

    package init(_ graph: SceneGraph) {
        var out: [(String, Kind, Int)] = []
        for i in graph.nodes.indices {
            let n = graph.nodes[i]
            if n.scroll != nil { out.append((n.id + ".offset", .offset, i)) }
            if n.kind.pages != nil { out.append((n.id + ".page", .page, i)) }
            if n.kind.isSheet { out.append((n.id + ".top", .top, i)) }
            if n.stretches { out.append((n.id + ".height", .height, i)) }
        }
        entries = out
    }

    package func value(_ k: Int, _ sim: Simulator) -> Double {
        let e = entries[k]
        switch e.kind {
        case .offset: return sim.offsets[e.node]
        case .page: return Double(sim.page(e.node))
        case .top: return sim.sheetTop(e.node)
        case .height: return sim.layout.stretchedHeight(e.node)
        }
    }

    package func values(_ sim: Simulator) -> [Double] { entries.indices.map { value($0, sim) } }
}

/// The printed values of a simulator, to report `old → new` after a command (a debugger step
/// shows what changed, not the whole world).
struct Snapshot {
    var t: Double
    var phase: Phase
    var values: [Double]

    init(_ sim: Simulator, _ paths: ValuePaths) {
        t = sim.time
        phase = sim.phase
        values = paths.values(sim)
    }

    /// Changes in printed form; values whose printed text did not change are left out.
    func changes(from old: Snapshot, _ paths: ValuePaths) -> [Fact] {
        let f = NumberFormat.format
        var out: [Fact] = []
        if t != old.t, f(t) != f(old.t) {
            out.append(.changed(path: "t", from: .number(old.t), to: .number(t)))
        }
        if phase != old.phase {
            out.append(
                .changed(path: "phase", from: .word(old.phase.rawValue), to: .word(phase.rawValue)))
        }
        for k in values.indices where values[k] != old.values[k] {
            // Values that print the same did not change (the comparison formats; nothing parses).
            guard f(old.values[k]) != f(values[k]) else { continue }
            out.append(
                .changed(
                    path: paths.entries[k].path, from: .number(old.values[k]),
                    to: .number(values[k])))
        }
        return out
    }
}
