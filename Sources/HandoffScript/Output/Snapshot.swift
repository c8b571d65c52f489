import HandoffCore

/// The printable values of a scene: `ID.offset`, `ID.page`, `ID.top`, `ID.height`, in tree order.
/// Built once per scene, so a command's before/after comparison allocates no strings.
package struct ValuePaths: Sendable {
    package typealias Kind = NodeValue

    package let entries: [(path: String, kind: Kind, node: Int)]
    /// Each entry's kind and node, apart from its path: reading a value touches no string.
    private let kinds: [Kind]
    private let nodes: [Int]

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
    }

    package func value(_ k: Int, _ sim: Simulator) -> Double { sim.value(kinds[k], of: nodes[k]) }

    package func values(_ sim: Simulator) -> [Double] { entries.indices.map { value($0, sim) } }

    /// Every value of `sim` into `values`, in place, and its phase (`Simulator.read`: the
    /// simulator handed over by address, not copied).
    func read(_ sim: inout Simulator, into values: inout [Double]) -> Phase {
        sim.read(kinds, of: nodes, into: &values)
    }
}

/// The printed values of a simulator, to report `old → new` after a command (a debugger step
/// shows what changed, not the whole world). The session keeps one from command to command, so
/// its buffer is reused (a command allocates nothing for it), and the values a command leaves
/// are the next one's before, unless the simulator changed in between (`Session.run`).
struct Snapshot {
    var t: Double = 0
    var phase: Phase = .idle
    var values: [Double] = []
    /// The values after a command, compared with `values`, then swapped with them: a buffer
    /// kept from command to command.
    private var after: [Double] = []

    init() {}

    /// Takes the values of `sim` (in place; `inout` only so that it is not copied).
    mutating func capture(_ sim: inout Simulator, _ paths: ValuePaths) {
        t = sim.time
        phase = paths.read(&sim, into: &values)
    }

    /// Changes from this snapshot to `sim` now, in printed form, appended to `out`; values whose
    /// printed text did not change are left out (compared as printed, without formatting). The
    /// snapshot then holds the values of `sim` now (`sim` is `inout` only so that it is not
    /// copied).
    mutating func appendChanges(to sim: inout Simulator, _ paths: ValuePaths, _ out: inout [Fact]) {
        let same = NumberFormat.printsSame
        if sim.time != t, !same(sim.time, t) {
            out.append(.changed(path: "t", from: .number(t), to: .number(sim.time)))
        }
        t = sim.time
        let now = paths.read(&sim, into: &after)
        if now != phase {
            out.append(
                .changed(path: "phase", from: .word(phase.rawValue), to: .word(now.rawValue)))
            phase = now
        }
        // Taken before the scene changed (not a command's before): nothing to compare.
        guard values.count == after.count else { return swap(&values, &after) }
        for k in after.indices where after[k] != values[k] {
            let old = values[k]
            let new = after[k]
            guard !same(old, new) else { continue }
            out.append(
                .changed(path: paths.entries[k].path, from: .number(old), to: .number(new)))
        }
        swap(&values, &after)
    }
}
