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
    /// Each entry's kind and node, apart from its path: reading a value touches no string.
    private let kinds: [Kind]
    private let nodes: [Int]
    /// Per node, the entries whose value follows its offset or selected page, in increasing order:
    /// `decided[decidedStarts[n]..<decidedStarts[n + 1]]` (its own offset, page and top, and the
    /// height of a stretching view in it).
    private let decidedStarts: [Int]
    private let decided: [Int]

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
        kinds = out.map(\.1)
        nodes = out.map(\.2)
        // A stretching view's height follows its scroll view's offset (`Layout.frame`).
        let deciders = out.map { e in e.1 == .height ? graph.parent[e.2] ?? e.2 : e.2 }
        var starts = Array(repeating: 0, count: graph.count + 1)
        for n in deciders { starts[n + 1] += 1 }
        for n in graph.nodes.indices { starts[n + 1] += starts[n] }
        var next = starts
        var list = Array(repeating: 0, count: out.count)
        for k in deciders.indices {
            list[next[deciders[k]]] = k
            next[deciders[k]] += 1
        }
        decidedStarts = starts
        decided = list
    }

    /// Calls `body` with each entry whose value node `node`'s offset or selected page decides.
    func forEachEntry(decidedBy node: Int, _ body: (Int) -> Void) {
        guard node + 1 < decidedStarts.count else { return }
        for j in decidedStarts[node]..<decidedStarts[node + 1] { body(decided[j]) }
    }

    package func value(_ k: Int, _ sim: Simulator) -> Double {
        let node = nodes[k]
        switch kinds[k] {
        case .offset: return sim.offsets[node]
        case .page: return Double(sim.page(node))
        case .top: return sim.sheetTop(node)
        case .height: return sim.layout.stretchedHeight(node)
        }
    }

    package func values(_ sim: Simulator) -> [Double] { entries.indices.map { value($0, sim) } }
}

/// The printed values of a simulator, to report `old → new` after a command (a debugger step
/// shows what changed, not the whole world). The session keeps one from command to command: its
/// values are the scene's values after the last command, and the simulator lists the nodes it
/// wrote since (`Simulator.written`, under the token the snapshot gave it), so a command that
/// only moves compares the values of the nodes it wrote, not every value of the scene (SPEC §9).
struct Snapshot {
    var t: Double = 0
    var phase: Phase = .idle
    var values: [Double] = []
    /// The simulator's `writesToken` under which `values` are its values, but for the nodes
    /// it lists as written (0: none, every value is read).
    private(set) var token = 0
    /// The last token `capture` gave out.
    private var issued = 0
    /// The entries the last command that only moved compared (those of the nodes it wrote), in
    /// increasing order (the buffer is reused).
    private(set) var touched: [Int] = []

    init() {}

    /// Takes the time, phase and values of `sim` before a command: when `sim` tracks its writes
    /// under this snapshot's token, only the values of the nodes written since are read again.
    /// Returns a new token, under which the caller starts tracking (`Simulator.trackWrites`).
    mutating func capture(_ sim: Simulator, _ paths: ValuePaths) -> Int {
        t = sim.time
        phase = sim.phase
        let n = paths.entries.count
        if token != 0, sim.writesToken == token, values.count == n {
            for node in sim.written {
                paths.forEachEntry(decidedBy: node) { k in values[k] = paths.value(k, sim) }
            }
        } else {
            if values.count != n { values = Array(repeating: 0, count: n) }
            values.withUnsafeMutableBufferPointer { buffer in
                for k in 0..<n { buffer[k] = paths.value(k, sim) }
            }
        }
        issued += 1
        token = issued
        return token
    }

    /// Changes from this snapshot to `sim` now, in printed form, appended to `out`; values whose
    /// printed text did not change are left out (compared as printed, without formatting). With
    /// `onlyMoved` (a command that changes values only through the simulator's writes) and `sim`
    /// still tracking under this snapshot's token, only the entries of the nodes it wrote are
    /// compared; otherwise every one. The values become those of `sim` now.
    mutating func appendChanges(
        to sim: Simulator, _ paths: ValuePaths, onlyMoved: Bool, _ out: inout [Fact]
    ) {
        let same = NumberFormat.printsSame
        if sim.time != t, !same(sim.time, t) {
            out.append(.changed(path: "t", from: .number(t), to: .number(sim.time)))
        }
        let now = sim.phase
        if now != phase {
            out.append(
                .changed(path: "phase", from: .word(phase.rawValue), to: .word(now.rawValue)))
        }
        let n = paths.entries.count
        guard values.count == n else {
            values = paths.values(sim)
            return
        }
        guard onlyMoved, token != 0, sim.writesToken == token else {
            for k in 0..<n { compare(k, sim, paths, &out) }
            return
        }
        touched.empty()
        for node in sim.written { paths.forEachEntry(decidedBy: node) { touched.append($0) } }
        // In the scene's order, as every value would be compared (nodes are listed as written).
        if touched.count > 1 { touched.sort() }
        for k in touched { compare(k, sim, paths, &out) }
        #if DEBUG
            // The written nodes hold every change: the whole scene compares to the same.
            for k in values.indices {
                assert(
                    paths.value(k, sim) == values[k]
                        || (paths.value(k, sim).isNaN && values[k].isNaN),
                    "\(paths.entries[k].path) changed but its node was not written")
            }
        #endif
    }

    /// Compares entry `k` with its value in `sim`, appending its change; the value becomes the
    /// new one.
    private mutating func compare(
        _ k: Int, _ sim: Simulator, _ paths: ValuePaths, _ out: inout [Fact]
    ) {
        let old = values[k]
        let new = paths.value(k, sim)
        guard new != old else { return }
        values[k] = new
        guard !NumberFormat.printsSame(old, new) else { return }
        out.append(.changed(path: paths.entries[k].path, from: .number(old), to: .number(new)))
    }
}
