import Foundation
import HandoffCore
import Testing

/// SPEC §5.5 worked examples (issue 6) on the §2 example and built-in scenes.
struct ReleaseTests {
    let at = Point(195, 400)

    @Test func flingHandsOffFromListToHeader() throws {
        var sim = Simulator(scene: Fixtures.example)
        try sim.pan(0, -600, at: at)  // outer 200, first 400
        try sim.end(velocity: .zero)
        try sim.pan(0, 100, at: at)
        #expect(sim.offset("first") == 300)
        try sim.end(velocity: Point(0, 800))
        sim.settle()
        // travel 800 × 0.4995 = 399.6: first takes 300, outer the rest.
        #expect(sim.offset("first") == 0)
        let travel = 800 / -(1000 * log(0.998))  // 399.6 printed
        #expect(close(sim.offset("outer"), 200 - (travel - 300), 1e-9))
        #expect(close(sim.offset("outer"), 100.4))
        #expect(sim.phase == .idle)
    }

    @Test func momentumClosedFormAtHalfSecondAndAtRest() throws {
        var sim = Simulator(scene: Fixtures.example)
        try sim.pan(0, -300, at: at)
        try sim.end()
        try sim.pan(0, -20, at: at)
        #expect(sim.offset("outer") == 200)
        #expect(sim.offset("first") == 120)
        try sim.end(velocity: Point(0, -1000))
        sim.wait(0.5)
        let expected = 1000 * (pow(0.998, 500) - 1) / (1000 * log(0.998))
        #expect(close(sim.offset("first"), 120 + expected, 1e-9))
        #expect(close(expected, 315.93))
        sim.settle()
        #expect(close(sim.offset("first"), 120 + 1000 / -(1000 * log(0.998)), 1e-9))
        #expect(close(sim.offset("first"), 619.5))
    }

    @Test func estimatedVelocityDrivesMomentum() throws {
        var sim = Simulator(scene: Fixtures.example)
        try sim.touchDown(at: at)
        try sim.move(by: Point(0, -40), frames: sim.frames(in: 0.05))
        try sim.end()
        sim.settle()
        #expect(sim.offset("outer") == 200)
        #expect(close(sim.offset("first"), 239.6))
    }

    @Test func sheetDetentsByVelocity() throws {
        var sim = Simulator(scene: BuiltinScenes.sheet)
        try sim.pan(0, -200)
        try sim.end()
        sim.settle()
        #expect(sim.top("sheet") == 100)

        sim = Simulator(scene: BuiltinScenes.sheet)
        try sim.pan(0, -20)
        try sim.end(velocity: Point(0, -100))
        sim.settle()
        #expect(sim.top("sheet") == 420)
    }

    @Test func sheetAtFullKeepsListMomentum() throws {
        var sim = Simulator(scene: BuiltinScenes.sheet)
        try sim.pan(0, -450)
        try sim.end(velocity: Point(0, -1000))
        sim.settle()
        #expect(sim.top("sheet") == 100)
        // The sheet takes 320 (half 420 → full 100); the list the remaining 130, then 499.5.
        #expect(close(sim.offset("studios"), 130 + 499.5))
    }

    @Test func bounceBackSpringAfterQuarterSecond() throws {
        var scene = BuiltinScenes.indicator
        scene.root[1].scroll?.overscroll = .linear
        var sim = Simulator(scene: scene)
        try sim.pan(0, 50)
        #expect(sim.offset("list") == -50)
        try sim.end(velocity: .zero)
        sim.wait(0.25)
        #expect(close(sim.offset("list"), -50 * exp(-2.5) * 3.5))
        #expect(close(-sim.offset("list"), 14.36))
        sim.settle()
        #expect(sim.offset("list") == 0)
    }

    @Test func momentumHittingAnEdgeBouncesFromIt() throws {
        var sim = Simulator(scene: BuiltinScenes.indicator)
        try sim.pan(0, -1500)
        try sim.end(velocity: Point(0, -2000))
        sim.wait(0.2)
        #expect(sim.offset("list") > 1556)  // past max: bouncing
        sim.settle()
        #expect(sim.offset("list") == 1556)
    }

    @Test func touchStopsMomentumAndIsSwallowed() throws {
        var sim = Simulator(scene: Fixtures.example)
        try sim.pan(0, -300, at: at)
        try sim.end(velocity: Point(0, -1000))
        sim.wait(0.1)
        let moving = sim.offset("first")
        try sim.touchDown(at: at)
        sim.wait(0.1)
        #expect(sim.offset("first") == moving)
        try sim.end()
        #expect(sim.lastTap?.outcome == .swallowed)
        #expect(sim.lastTap?.delivered == false)
    }

    @Test func pagerReleaseTargets() throws {
        var sim = Simulator(scene: Fixtures.example)
        try sim.pan(-100, 0, at: Point(300, 400))
        try sim.end(velocity: Point(-200, 0))
        sim.settle()
        #expect(sim.offset("pager") == 390)
        #expect(sim.page(sim.graph.index(of: "pager")!) == 1)
        try sim.pan(100, 0, at: Point(300, 400))
        try sim.end(velocity: .zero)  // 290 / 390 rounds to page 1
        sim.settle()
        #expect(sim.offset("pager") == 390)
    }

    /// A pager that starts at `offset: 780` (width 390) is on page 2 (SPEC §5.8): a drag back
    /// that springs to page 2 selects nothing (it used to print `page 0 → 2`).
    @Test func pagerStartsOnItsOffsetsPage() throws {
        let lists = (0..<3).map { k in
            Node(
                id: "p\(k)", kind: .list(ScrollConfig(), .uniform(count: 4, height: 50)),
                frame: Rect(0, 0, 390, 400))
        }
        var pager = Node(
            id: "pager", kind: .pager(ScrollConfig(axis: .horizontal, offset: 780)),
            frame: Rect(0, 0, 390, 400))
        pager.children = lists
        var sim = Simulator(
            scene: Scene(name: "pages", window: Point(390, 400), root: [pager]))
        let p = sim.graph.index(of: "pager")!
        #expect(sim.selected[p] == 2)
        #expect(sim.page(p) == 2)
        try sim.pan(60, 0, at: Point(200, 200))
        try sim.end(velocity: .zero)  // 720 / 390 rounds to page 2
        let events = sim.drainEvents()
        #expect(!events.contains { if case .pageSelected = $0 { true } else { false } })
        sim.settle()
        #expect(sim.offset("pager") == 780)
        #expect(sim.selected[p] == 2)
    }

    @Test func tabRefusedDuringPanAndTransition() throws {
        var sim = Simulator(scene: Fixtures.example)
        let menu = sim.graph.index(of: "menu")!
        try sim.pan(0, -50, at: at)
        _ = sim.drainEvents()
        sim.tab(menu, segment: 1)
        #expect(sim.drainEvents() == [.refused(.panActive)])
        try sim.end(velocity: .zero)
        sim.tab(menu, segment: 1)
        _ = sim.drainEvents()
        sim.tab(menu, segment: 0)
        #expect(sim.drainEvents() == [.refused(.transitioning(sim.graph.index(of: "pager")!))])
        sim.settle()
        #expect(sim.offset("pager") == 390)
    }

    @Test func invariantRepairResetsNewlyShownList() throws {
        var sim = Simulator(scene: Fixtures.example)
        let menu = sim.graph.index(of: "menu")!
        let first = sim.graph.index(of: "first")!
        try sim.pan(0, -700, at: at)  // outer 200, first 500
        try sim.end(velocity: .zero)
        sim.tab(menu, segment: 1)  // header collapsed: no repair
        sim.settle()
        #expect(!sim.drainEvents().contains { if case .repair = $0 { true } else { false } })
        try sim.pan(0, 50, at: at)  // on second (at its top): the header expands to 150
        try sim.end(velocity: .zero)
        #expect(sim.offset("outer") == 150)
        _ = sim.drainEvents()
        sim.tab(menu, segment: 0)
        #expect(sim.offset("first") == 0)
        #expect(
            sim.drainEvents().contains(
                .repair(
                    node: first, from: 500, to: 0, ancestor: sim.graph.index(of: "outer")!,
                    ancestorOffset: 150, ancestorMax: 200)))
    }

    @Test func noRepairWhenPreIncludesBackward() throws {
        var scene = Fixtures.example
        scene.root[0].scroll?.nested.pre = .both
        var sim = Simulator(scene: scene)
        let menu = sim.graph.index(of: "menu")!
        try sim.pan(0, -700, at: at)
        try sim.end(velocity: .zero)
        sim.tab(menu, segment: 1)
        sim.settle()
        try sim.pan(0, 50, at: at)
        try sim.end(velocity: .zero)
        sim.tab(menu, segment: 0)
        #expect(sim.offset("first") == 500)
    }

    @Test func switcherTransitionDisablesControl() throws {
        var sim = Simulator(scene: BuiltinScenes.switcher)
        let control = sim.graph.index(of: "control")!
        let container = sim.graph.index(of: "container")!
        sim.tab(control, segment: 1)
        #expect(sim.page(container) == 1)
        sim.wait(0.1)
        try sim.touchDown(at: Point(50, 110))
        try sim.end()
        #expect(sim.lastTap?.outcome == .rejected(transitioning: sim.graph.index(of: "container")!))
        sim.wait(0.2)
        #expect(!sim.isTransitioning(container))
        try sim.touchDown(at: Point(195, 140 + 322))  // the button on the second page
        try sim.end()
        #expect(sim.lastTap?.delivered == true)
    }

    @Test func snapEdgesGoesToNearerEnd() throws {
        var scene = Fixtures.example
        scene.root[0].scroll?.snapEdges = true
        var sim = Simulator(scene: scene)
        try sim.pan(0, -120, at: at)
        try sim.end(velocity: .zero)
        sim.settle()
        #expect(sim.offset("outer") == 200)
        try sim.pan(0, 100, at: Point(195, 100))
        try sim.end(velocity: .zero)  // 100: exactly the midpoint → expanded
        sim.settle()
        #expect(sim.offset("outer") == 0)
    }

    @Test func frameRateOnlyChangesSampling() throws {
        func run(_ fps: Double) throws -> [Double] {
            var sim = Simulator(scene: BuiltinScenes.tabs)
            sim.settings.fps = fps
            try sim.pan(0, -300)
            try sim.end(velocity: Point(0, -2500))
            sim.settle()
            try sim.pan(0, 400)
            try sim.end(velocity: Point(0, 3000))
            sim.settle()
            return sim.offsets
        }
        let a = try run(60)
        let b = try run(120)
        #expect(zip(a, b).allSatisfy { abs($0 - $1) < 1e-6 })
    }
}

/// Found by the property test: a fast release toward the bottom-most detent must not overshoot.
struct DetentClampTests {
    @Test func detentSpringNeverLeavesTheSheetRange() throws {
        var sim = Simulator(scene: BuiltinScenes.sheet)
        try sim.touchDown(at: Point(331, 456))
        try sim.move(by: Point(-300, 181), frames: 5)
        try sim.end(velocity: Point(-3000, 2907))
        for _ in 0..<120 {
            sim.advance(frames: 1)
            #expect(sim.top("sheet") <= 744)
            #expect(sim.top("sheet") >= 100)
        }
        #expect(sim.top("sheet") == 744)
    }
}
