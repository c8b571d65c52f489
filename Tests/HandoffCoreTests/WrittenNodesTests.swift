import HandoffCore
import Testing

/// SPEC §9: the simulator lists the nodes whose offset or selected page it wrote since the caller
/// started tracking, so a command's changes are looked for there only (issue 28).
struct WrittenNodesTests {
    let at = Point(195, 400)

    @Test func aPanListsTheNodesItMovedInTheOrderFirstWritten() throws {
        var sim = Simulator(scene: Fixtures.example)
        let outer = sim.graph.index(of: "outer")!
        let first = sim.graph.index(of: "first")!
        sim.trackWrites(token: 1)
        #expect(sim.written.isEmpty)
        try sim.pan(0, -150, at: at)
        // The header collapses (outer 0 → 150), the list has not moved.
        #expect(sim.written == [outer])
        try sim.move(by: Point(0, -100))
        // outer 150 → 200 (collapsed), then first 0 → 50: each node once.
        #expect(sim.offset("outer") == 200)
        #expect(sim.offset("first") == 50)
        #expect(sim.written == [outer, first])
        #expect(sim.writesToken == 1)
        sim.trackWrites(token: 2)
        #expect(sim.written.isEmpty)
        #expect(sim.writesToken == 2)
    }

    @Test func aTabListsThePagerItSelects() {
        var sim = Simulator(scene: Fixtures.example)
        let menu = sim.graph.index(of: "menu")!
        let pager = sim.graph.index(of: "pager")!
        sim.trackWrites(token: 7)
        sim.tab(menu, segment: 1)
        #expect(sim.selected[pager] == 1)
        #expect(sim.written == [pager])
    }

    @Test func aCopyTakenBeforeShowsItsOwnToken() throws {
        var sim = Simulator(scene: Fixtures.example)
        #expect(sim.writesToken == 0)
        sim.trackWrites(token: 3)
        let copy = sim
        sim.trackWrites(token: 4)
        try sim.pan(0, -50, at: at)
        #expect(copy.writesToken == 3)
        #expect(copy.written.isEmpty)
        #expect(sim.written == [sim.graph.index(of: "outer")!])
    }
}
