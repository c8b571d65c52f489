import HandoffCore
import Testing

/// SPEC §5.1–5.4 while the finger is down, on the §2 example (touch at (195, 400)).
struct NestedScrollTests {
    let at = Point(195, 400)

    @Test func headerCollapsesBeforeList() throws {
        var sim = Simulator(scene: Fixtures.example)
        try sim.pan(0, -150, at: at)
        #expect(sim.offset("outer") == 150)
        #expect(sim.offset("first") == 0)
    }

    @Test func continuousHandoffLedger() throws {
        var sim = Simulator(scene: Fixtures.example)
        try sim.pan(0, -250, at: at)
        #expect(sim.offset("outer") == 200)
        #expect(sim.offset("first") == 50)
        let ledger = try #require(sim.ledger)
        let outer = sim.graph.index(of: "outer")!
        let first = sim.graph.index(of: "first")!
        #expect(ledger.d == 250)
        #expect(ledger.shares.map(\.node) == [outer, first])
        #expect(ledger.shares.map(\.amount) == [200, 50])
        #expect(ledger.shares.map(\.phase) == [.pre, .self])
        #expect(ledger.unconsumed == 0)
        let events = sim.drainEvents()
        #expect(events.contains(.handoff(from: outer, to: first)))
    }

    @Test func reversalMovesAtOnceWithoutJump() throws {
        var sim = Simulator(scene: Fixtures.example)
        try sim.pan(0, -250, at: at)
        try sim.move(by: Point(0, 100))
        #expect(sim.offset("first") == 0)
        #expect(sim.offset("outer") == 150)
        let l = try #require(sim.ledger)
        #expect(l.shares.map(\.phase) == [.self, .post])
        #expect(l.shares.map(\.amount) == [-50, -50])
    }

    @Test func backwardDragScrollsListThenHeader() throws {
        var sim = Simulator(scene: Fixtures.example)
        try sim.pan(0, -500, at: at)  // outer 200, first 300
        try sim.end(velocity: .zero)
        #expect(sim.offset("first") == 300)
        try sim.pan(0, 400, at: at)
        #expect(sim.offset("first") == 0)
        #expect(sim.offset("outer") == 100)
        let l = try #require(sim.ledger)
        #expect(l.shares.map(\.amount) == [-300, -100])
        #expect(l.shares.map(\.phase) == [.self, .post])
    }

    @Test func ledgerDropsWhatNoOneTakes() throws {
        var sim = Simulator(scene: Fixtures.example)
        try sim.pan(0, -5000, at: at)
        // first: 40 rows × 50 = 2000 content, viewport 556 → max 1444; no bounce.
        #expect(sim.offset("outer") == 200)
        #expect(sim.offset("first") == 1444)
        #expect(sim.ledger?.unconsumed == 3356.0)
    }

    @Test func rubberBandOnBuiltinTabs() throws {
        var sim = Simulator(scene: BuiltinScenes.tabs)
        try sim.pan(0, -1200)
        try sim.move(by: Point(0, -100))
        // upcoming max 1000, raw pull 100 with dimension 800 → 51.46.
        #expect(close(sim.offset("upcoming"), 1051.46))
        #expect(sim.offset("outer") == 200)
    }

    @Test func stretchyHeaderGrowsByOverscroll() throws {
        var sim = Simulator(scene: BuiltinScenes.stretchy)
        #expect(sim.offset("table") == -300)
        try sim.pan(0, 100)
        #expect(close(sim.offset("table"), -351.64))
        let photo = sim.graph.index(of: "photo")!
        #expect(close(sim.layout.stretchedHeight(photo), 351.64))
        #expect(close(sim.layout.frame(photo).y, -351.64))
    }

    @Test func indicatorFollowsProportionally() throws {
        var sim = Simulator(scene: BuiltinScenes.indicator)
        try sim.pan(0, -778)
        #expect(sim.offset("list") == 778)
        #expect(close(sim.offset("background"), 378))
    }

    @Test func sheetMovesBeforeItsList() throws {
        var sim = Simulator(scene: BuiltinScenes.sheet)
        #expect(sim.top("sheet") == 420)
        try sim.pan(0, -200)
        #expect(sim.top("sheet") == 220)
        #expect(sim.offset("studios") == 0)
    }

    @Test func sheetAtTopHandsOverToListAndBack() throws {
        var sim = Simulator(scene: BuiltinScenes.sheet)
        try sim.pan(0, -450)
        #expect(sim.top("sheet") == 100)
        #expect(sim.offset("studios") == 130)
        try sim.move(by: Point(0, 200))  // list back to its top first, then the sheet
        #expect(sim.offset("studios") == 0)
        #expect(sim.top("sheet") == 170)
    }

    @Test func grabberDragDrivesSheetAlone() throws {
        var sim = Simulator(scene: BuiltinScenes.sheet)
        try sim.pan(0, -400)  // sheet to full, studios 80
        try sim.end(velocity: .zero)
        try sim.pan(0, 100, at: Point(195, 110))  // grabber strip of the sheet at top 100
        #expect(sim.owner == sim.graph.index(of: "sheet"))
        #expect(sim.top("sheet") == 200)
        #expect(sim.offset("studios") == 80)
    }

    @Test func linearOverscrollEqualsRawPull() throws {
        var scene = BuiltinScenes.indicator
        scene.root[1].scroll?.overscroll = .linear
        var sim = Simulator(scene: scene)
        try sim.pan(0, 60)
        #expect(sim.offset("list") == -60)
    }

    @Test func driverOverscrollTakenBackBeforePre() throws {
        var sim = Simulator(scene: BuiltinScenes.tabs)
        try sim.pan(0, 100)  // upcoming bounces at its top: pulled down
        #expect(sim.offset("upcoming") < 0)
        #expect(sim.offset("outer") == 0)
        try sim.move(by: Point(0, -150))  // closes the overscroll first, then the header collapses
        #expect(sim.offset("upcoming") == 0)
        #expect(sim.offset("outer") == 50)
        let l = try #require(sim.ledger)
        #expect(l.shares.first?.phase == .overscroll)
        #expect(l.shares.map(\.amount).reduce(0, +) + l.unconsumed == l.d)
    }
}
