import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// SPEC §9 (issue 28): a command's state changes are looked for in the nodes the simulator wrote,
/// not in every value of the scene; the output is the same as comparing every value.
@Suite struct SnapshotTests {
    let scene = BuiltinScenes.named("tabs")!

    func lines(_ facts: [Fact], _ sim: Simulator) -> [String] {
        TextRenderer.render(facts, names: Names(sim.graph)).map(\.text)
    }

    func entry(_ paths: ValuePaths, _ path: String) -> Int {
        paths.entries.firstIndex { $0.path == path }!
    }

    @Test func aCommandThatOnlyMovedComparesTheNodesItWrote() throws {
        var sim = Simulator(scene: scene)
        let paths = ValuePaths(sim.graph)
        var snap = Snapshot()
        sim.trackWrites(token: snap.capture(sim, paths))
        try sim.touchDown(at: sim.graph.scene.touchPoint)
        try sim.move(by: Point(0, -150))
        var facts: [Fact] = []
        snap.appendChanges(to: sim, paths, onlyMoved: true, &facts)
        // `pan 0 -150` on tabs: the header collapses by 150 (the cycle's first command).
        #expect(lines(facts, sim) == ["phase         idle → panning", "outer.offset  0 → 150"])
        // Of the five values (outer, pager offset and page, upcoming, previous), one compared.
        #expect(paths.entries.count == 5)
        #expect(snap.touched == [entry(paths, "outer.offset")])
        #expect(snap.values[entry(paths, "outer.offset")] == 150)
    }

    @Test func anyOtherCommandComparesEveryValue() throws {
        var sim = Simulator(scene: scene)
        let paths = ValuePaths(sim.graph)
        var snap = Snapshot()
        sim.trackWrites(token: snap.capture(sim, paths))
        try sim.touchDown(at: sim.graph.scene.touchPoint)
        try sim.move(by: Point(0, -150))
        var facts: [Fact] = []
        snap.appendChanges(to: sim, paths, onlyMoved: false, &facts)
        #expect(lines(facts, sim) == ["phase         idle → panning", "outer.offset  0 → 150"])
        #expect(snap.touched.isEmpty)
    }

    @Test func captureReadsAgainOnlyWhatWasWrittenSince() throws {
        var sim = Simulator(scene: scene)
        let paths = ValuePaths(sim.graph)
        var snap = Snapshot()
        sim.trackWrites(token: snap.capture(sim, paths))
        let previous = entry(paths, "previous.offset")
        let outer = entry(paths, "outer.offset")
        // A value held and not written since is not read again (marked to see it).
        snap.values[previous] = 999
        try sim.touchDown(at: sim.graph.scene.touchPoint)
        try sim.move(by: Point(0, -150))
        sim.trackWrites(token: snap.capture(sim, paths))
        #expect(snap.values[outer] == 150)
        #expect(snap.values[previous] == 999)
        // A simulator tracking under another token (a new one, or one put back) is read whole.
        let other = Simulator(scene: scene)
        _ = snap.capture(other, paths)
        #expect(snap.values[outer] == 0)
        #expect(snap.values[previous] == 0)
    }

    /// Random sessions on every built-in scene: after each command the snapshot holds the
    /// scene's values, so what it compares next is what comparing every value would find.
    @Test(arguments: BuiltinScenes.names)
    func theValuesHeldAreTheScenesAfterEveryCommand(_ name: String) {
        var session = Session(scene: BuiltinScenes.named(name)!, ref: name, files: MemoryFiles())
        var random = SplitMix(seed: 28)
        let commands = [
            "pan 0 -300", "pan 0 250", "pan -200 0", "move 0 -80", "end", "end 0 -1800",
            "end 0 1500", "swipe 0 -400", "settle", "wait 120ms", "tap 2", "tab next",
            "tab prev", "step 3", "touch 195 500", "back 1", "set policy uikit", "state",
            "expect t >= 0",
        ]
        for _ in 0..<300 {
            // (A command that failed part way is read again by the next one.)
            guard !session.run(commands[random.int(commands.count)]).failed else { continue }
            #expect(session.snapshot.values == session.paths.values(session.sim))
        }
    }
}
