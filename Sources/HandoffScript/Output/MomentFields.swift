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

    /// The moment of a simulator now.
    package init(_ sim: Simulator, names: Names) {
        let lanes = Lanes(sim.graph)
        self = MomentEncoder(sim.graph, lanes).encode(
            time: sim.time, phase: sim.phase, owner: sim.owner.map(names.id),
            value: { lanes.value($0, sim) })
    }

    init(
        t: String, phase: String, owner: String, offsets: String, sheets: String, heights: String
    ) {
        self.t = t
        self.phase = phase
        self.owner = owner
        self.offsets = offsets
        self.sheets = sheets
        self.heights = heights
    }
}

/// Encodes moments of one scene: each lane's `"id":` is escaped once, so `plot` can encode a
/// million rows quickly, and `state --json` encodes its one moment the same way.
package struct MomentEncoder {
    let lanes: Lanes
    /// `"id":` per lane.
    private let keys: [String]

    package init(_ graph: SceneGraph, _ lanes: Lanes) {
        self.lanes = lanes
        keys = lanes.entries.map { JSONWriter.string(graph.nodes[$0.node].id) + ":" }
    }

    /// Encodes a moment from its time, phase, owner id and the value of each lane, its numbers
    /// written by `number` (`state --json`'s two decimals unless told).
    package func encode(
        time: Double, phase: Phase, owner: String?, value: (Int) -> Double,
        number: (Double) -> String = JSONWriter.number
    ) -> MomentFields {
        var offsets = "{"
        var sheets = "{"
        var heights = "{"
        for k in lanes.entries.indices {
            let pair = keys[k] + number(value(k))
            switch lanes.entries[k].kind {
            case .offset: offsets += (offsets.utf8.count > 1 ? "," : "") + pair
            case .top: sheets += (sheets.utf8.count > 1 ? "," : "") + pair
            case .height: heights += (heights.utf8.count > 1 ? "," : "") + pair
            }
        }
        return MomentFields(
            t: number(time), phase: JSONWriter.string(phase.rawValue),
            owner: JSONWriter.optional(owner), offsets: offsets + "}", sheets: sheets + "}",
            heights: heights + "}")
    }
}
