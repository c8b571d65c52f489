import HandoffCore
import Testing

/// The remaining rules of SPEC §4–5, one test each.
struct RuleTests {
    @Test func stoppingOnlyABounceDoesNotSwallow() throws {
        var sim = Simulator(scene: BuiltinScenes.indicator)
        try sim.pan(0, 80)  // pulled down past the top
        try sim.end(velocity: .zero)  // bounce-back spring
        sim.advance(frames: 2)
        try sim.touchDown(at: Point(195, 300))
        let events = sim.drainEvents()
        let list = sim.graph.index(of: "list")!
        #expect(events.contains(.stopped(node: list, kind: .bounce)))
        #expect(!events.contains { if case .swallowed = $0 { true } else { false } })
        try sim.end()
        #expect(sim.lastTap?.delivered == true)
        // The stopped node was overscrolled and is not set moving: it settles as at velocity 0.
        #expect(sim.phase == .animating)
        sim.settle()
        #expect(sim.offset("list") == 0)
    }

    @Test func touchOnAnimatingSheetBeginsTheSheetPanAtOnce() throws {
        var sim = Simulator(scene: BuiltinScenes.sheet)
        try sim.pan(0, -200)
        try sim.end()  // detent spring to full
        sim.advance(frames: 3)
        _ = sim.drainEvents()
        try sim.touchDown(at: Point(195, 640))
        let sheet = sim.graph.index(of: "sheet")!
        #expect(sim.phase == .panning)
        #expect(sim.owner == sheet)
        let events = sim.drainEvents()
        #expect(events.contains(.recognizer(.pan(.vertical), .began)))
        #expect(events.contains { if case .touchesCancelled = $0 { true } else { false } })
        let top = sim.top("sheet")
        try sim.move(by: Point(0, 30))  // no slop: moves at once
        #expect(sim.top("sheet") == top + 30)
        try sim.end(velocity: .zero)
        #expect(sim.lastTap?.outcome == .cancelledByPan)
        sim.settle()
        #expect([100.0, 420].contains(sim.top("sheet")))
    }

    @Test func backdropIsHitOnlyWhenVisibleAndTapsDoNothing() throws {
        var sim = Simulator(scene: BuiltinScenes.sheet)
        let backdrop = sim.graph.index(of: "sheet.backdrop")!
        // At half the backdrop's alpha is 0: the map gets the touch.
        #expect(sim.layout.hitTest(Point(195, 50)).map { sim.graph.nodes[$0.node].id } == "map")
        try sim.pan(0, -320)  // sheet to full: alpha 0.3
        try sim.end(velocity: .zero)
        #expect(abs(sim.layout.backdropAlpha(sheet: sim.graph.index(of: "sheet")!) - 0.3) < 1e-12)
        try sim.touchDown(at: Point(195, 50))
        try sim.end()
        #expect(
            sim.lastTap
                == TapRecord(target: Target(backdrop), outcome: .notTappable))
    }

    @Test func laterSiblingsFirstAndTransparentSkipped() throws {
        var a = Node(id: "a", kind: .view, frame: Rect(0, 0, 100, 100))
        a.tappable = true
        var b = Node(id: "b", kind: .view, frame: Rect(0, 0, 100, 100))
        b.tappable = true
        var scene = Scene(name: "s", window: Point(100, 100), root: [a, b])
        #expect(Simulator(scene: scene).layout.hitTest(Point(5, 5)).map(\.node) == 1)
        scene.root[1].alpha = 0.009
        #expect(Simulator(scene: scene).layout.hitTest(Point(5, 5)).map(\.node) == 0)
        scene.root[1].alpha = 0.01
        scene.root[1].hidden = true
        #expect(Simulator(scene: scene).layout.hitTest(Point(5, 5)).map(\.node) == 0)
    }

    @Test func parallaxFactorMode() throws {
        var scene = BuiltinScenes.indicator
        scene.root[0].scroll?.parallax = Parallax(follows: "list", mode: .factor(0.25))
        var sim = Simulator(scene: scene)
        try sim.pan(0, -400)
        #expect(sim.offset("background") == 100)
    }

    @Test func hugeVirtualListHitsInLogTime() throws {
        let rows = Rows(heights: (0..<100_000).map { Double(40 + $0 % 7) })
        let list = Node(id: "rows", kind: .list(ScrollConfig(), rows), frame: Rect(0, 0, 390, 844))
        var sim = Simulator(scene: Scene(name: "big", window: Point(390, 844), root: [list]))
        try sim.pan(0, -4_000_000)
        try sim.end(velocity: .zero)
        let top = sim.offset("rows")
        let t = try #require(sim.layout.hitTest(Point(10, 10)))
        let span = list.rows!.span(t.item!)
        #expect(span.top <= top + 10 && top + 10 < span.top + span.height)
    }

    @Test func flingNoneParentTakesNoMomentum() throws {
        var scene = Fixtures.example
        scene.root[0].scroll?.nested.fling = .none
        var sim = Simulator(scene: scene)
        try sim.pan(0, -600, at: Point(195, 400))
        try sim.end(velocity: .zero)
        try sim.pan(0, 100, at: Point(195, 400))  // first 300
        try sim.end(velocity: Point(0, 800))
        sim.settle()
        #expect(sim.offset("first") == 0)
        #expect(sim.offset("outer") == 200)  // the header took nothing from the fling
    }

    @Test func momentumStopsAtAnEdgeWhenNothingBounces() throws {
        var sim = Simulator(scene: Fixtures.example)
        try sim.pan(0, -300, at: Point(195, 400))
        try sim.end(velocity: Point(0, -5000))
        sim.settle()
        #expect(sim.offset("first") == 1444)
        let events = sim.drainEvents()
        #expect(
            events.contains(
                .edgeHit(
                    node: nil,
                    velocity: events.compactMap { e -> Double? in
                        if case .edgeHit(nil, let v) = e { return v }
                        return nil
                    }.first ?? .nan)))
        #expect(sim.phase == .idle)
    }

    @Test func momentumSheetLeftBetweenDetentsSettlesByRuleOne() throws {
        var scene = BuiltinScenes.sheet
        scene.root[1].sheet?.momentum = true
        var sim = Simulator(scene: scene)
        try sim.pan(0, -360)  // sheet to full (320), studios 40
        try sim.end(velocity: .zero)
        try sim.pan(0, 20)  // studios 20
        try sim.end(velocity: Point(0, 300))  // fling down: 149.9 of travel, the list takes 20
        sim.settle()
        #expect(sim.offset("studios") == 0)
        #expect([100.0, 420].contains(sim.top("sheet")))
        #expect(sim.top("sheet") == 100)  // 129.9 down of 320: back to full
    }

    @Test func settleStopsAfterTenSeconds() throws {
        var scene = BuiltinScenes.indicator
        scene.root[1].scroll?.rate = 0.9999  // a very long deceleration
        var sim = Simulator(scene: scene)
        try sim.pan(0, -20)
        try sim.end(velocity: Point(0, -10))
        let frames = sim.settle()
        #expect(frames == 600)
        #expect(sim.phase == .animating)
        #expect(abs(sim.time - 10) < 1e-9)
    }

    @Test func swallowedByPageSpring() throws {
        var sim = Simulator(scene: Fixtures.example)
        sim.tab(sim.graph.index(of: "menu")!, segment: 1)
        sim.advance(frames: 2)
        try sim.touchDown(at: Point(195, 400))
        try sim.end()
        #expect(sim.lastTap?.outcome == .swallowed)
        sim.settle()
        // Released at rest just after the spring started, the pager goes to the nearest page.
        #expect(sim.offset("pager") == 0)
        #expect(sim.page(sim.graph.index(of: "pager")!) == 0)
    }
}
