import HandoffCore

/// The printed values of a simulator, to report `old → new` after a command (a debugger step
/// shows what changed, not the whole world).
struct Snapshot {
    var t: Double
    var phase: Phase
    var owner: Int?
    var values: [(path: String, value: Double)]

    init(_ sim: Simulator) {
        t = sim.time
        phase = sim.phase
        owner = sim.owner
        values = StateReport(sim).values
    }

    /// Changes in printed form; values whose printed text did not change are left out.
    func changes(from old: Snapshot) -> [Fact] {
        let f = NumberFormat.format
        var out: [Fact] = []
        if f(t) != f(old.t) { out.append(.changed(path: "t", from: f(old.t), to: f(t))) }
        if phase != old.phase {
            out.append(.changed(path: "phase", from: old.phase.rawValue, to: phase.rawValue))
        }
        for (a, b) in zip(old.values, values) where a.value != b.value {
            let (x, y) = (f(a.value), f(b.value))
            if x != y { out.append(.changed(path: b.path, from: x, to: y)) }
        }
        return out
    }
}
