import HandoffCore

/// What a lane of the timeline (and a group of `state --json`) holds for a node.
package enum LaneKind: String, Sendable {
    /// A scroll, list or pager node's visual offset (`offsets`).
    case offset
    /// A sheet's top y (`sheets`).
    case top
    /// A `stretches` view's height (`heights`).
    case height
}

/// The nodes whose value changes with time, in tree order: every scroll node (its offset), sheet
/// (its top) and stretching view (its height) — the `offsets`, `sheets` and `heights` of
/// `state --json`, and the lanes of `plot`.
package struct Lanes: Sendable {
    package let entries: [(node: Int, kind: LaneKind)]

    package init(_ graph: SceneGraph) {
        var out: [(Int, LaneKind)] = []
        for i in graph.nodes.indices {
            let n = graph.nodes[i]
            if n.scroll != nil { out.append((i, .offset)) }
            if n.kind.isSheet { out.append((i, .top)) }
            if n.stretches { out.append((i, .height)) }
        }
        entries = out
    }

    /// Lane `k`'s value in `sim` now.
    package func value(_ k: Int, _ sim: Simulator) -> Double {
        let e = entries[k]
        switch e.kind {
        case .offset: return sim.offsets[e.node]
        case .top: return sim.sheetTop(e.node)
        case .height: return sim.layout.stretchedHeight(e.node)
        }
    }
}

/// The fields every moment has in `state --json` — `t`, `phase`, `owner` and the `offsets`,
/// `sheets` and `heights` objects — encoded in one place, for `state --json` and for each row of
/// `plot`'s JSON Lines (SPEC §12: the values drawn are exactly those `state --json` reports).
package struct MomentFields {
    package var t: String
    package var phase: String
    package var owner: String
    package var offsets: String
    package var sheets: String
    package var heights: String

    /// Encodes a moment from its time, phase, owner id and the value of each lane.
    package init(
        time: Double, phase: Phase, owner: String?, graph: SceneGraph, lanes: Lanes,
        value: (Int) -> Double
    ) {
        var offsets: [(String, String)] = []
        var sheets: [(String, String)] = []
        var heights: [(String, String)] = []
        for k in lanes.entries.indices {
            let e = lanes.entries[k]
            let pair = (graph.nodes[e.node].id, JSONWriter.number(value(k)))
            switch e.kind {
            case .offset: offsets.append(pair)
            case .top: sheets.append(pair)
            case .height: heights.append(pair)
            }
        }
        t = JSONWriter.number(time)
        self.phase = JSONWriter.string(phase.rawValue)
        self.owner = JSONWriter.optional(owner)
        self.offsets = JSONWriter.object(offsets)
        self.sheets = JSONWriter.object(sheets)
        self.heights = JSONWriter.object(heights)
    }

    /// The moment of a simulator now.
    package init(_ sim: Simulator, names: Names) {
        let lanes = Lanes(sim.graph)
        self.init(
            time: sim.time, phase: sim.phase, owner: sim.owner.map(names.id), graph: sim.graph,
            lanes: lanes, value: { lanes.value($0, sim) })
    }
}
