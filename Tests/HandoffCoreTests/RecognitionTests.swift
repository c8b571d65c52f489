import HandoffCore
import Testing

/// SPEC §4: hit testing, slop, axis lock, taps, velocity.
struct RecognitionTests {
    @Test func hitPathAndRowTarget() throws {
        let sim = Simulator(scene: Fixtures.example)
        let t = try #require(sim.layout.hitTest(Point(195, 400)))
        #expect(sim.graph.nodes[t.node].id == "first")
        #expect(t.item == 3)
        #expect(
            sim.layout.path(to: t.node).map { sim.graph.nodes[$0].id } == [
                "outer", "pager", "first",
            ])
    }

    @Test func segmentTargets() throws {
        let sim = Simulator(scene: Fixtures.example)
        let t = try #require(sim.layout.hitTest(Point(300, 210)))
        #expect(sim.graph.nodes[t.node].id == "menu")
        #expect(t.item == 1)
    }

    @Test func withinSlopIsATap() throws {
        var sim = Simulator(scene: Fixtures.example)
        try sim.touchDown(at: Point(195, 400))
        try sim.move(by: Point(0, -5))
        #expect(sim.phase == .touching)
        try sim.end()
        let tap = try #require(sim.lastTap)
        #expect(tap.delivered)
        #expect(tap.target == Target(sim.graph.index(of: "first")!, item: 3))
    }

    @Test(arguments: [(SlopMode.full, 12.0), (SlopMode.subtract, 2.0)])
    func slopIsStrictlyGreater(mode: SlopMode, expected: Double) throws {
        var sim = Simulator(scene: Fixtures.example)
        sim.settings.slopMode = mode
        try sim.touchDown(at: Point(195, 400))
        try sim.move(by: Point(0, -5))
        try sim.move(by: Point(0, -5))  // exactly 10: not yet
        #expect(sim.phase == .touching)
        try sim.move(by: Point(0, -2))
        #expect(sim.phase == .panning)
        #expect(sim.offset("outer") == expected)
        let events = sim.drainEvents()
        let first3 = Target(sim.graph.index(of: "first")!, item: 3)
        #expect(events.contains(.touchesCancelled(first3)))
        #expect(events.contains(.recognizer(.tap(first3), .failed)))
        try sim.end()
        #expect(sim.lastTap?.outcome == .cancelledByPan)
    }

    @Test func firstAxisWinsAndLocks() throws {
        var sim = Simulator(scene: Fixtures.example)
        try sim.touchDown(at: Point(300, 400))
        try sim.move(by: Point(-14, -6))
        #expect(sim.offset("pager") == 14)
        try sim.move(by: Point(-206, -60))
        #expect(sim.offset("pager") == 220)
        #expect(sim.offset("outer") == 0)
        #expect(sim.offset("first") == 0)
    }

    @Test func tieGoesToInnermostAxis() throws {
        var sim = Simulator(scene: Fixtures.example)
        try sim.touchDown(at: Point(300, 400))
        try sim.move(by: Point(-20, -20))  // both axes pass the slop in one event
        // first (vertical) is deeper than pager (horizontal).
        #expect(sim.owner == sim.graph.index(of: "first"))
    }

    @Test func velocityOverLast100ms() throws {
        var sim = Simulator(scene: Fixtures.example)
        try sim.touchDown(at: Point(195, 400))
        try sim.move(by: Point(0, -40), frames: sim.frames(in: 0.05))
        _ = sim.drainEvents()
        try sim.end()
        #expect(
            sim.drainEvents().contains { e in
                if case .released(let v, let s) = e {
                    return close(v.y, -800, 1e-6) && close(s, 800, 1e-6)
                }
                return false
            })
    }

    @Test func movesAtTouchDownTimeGiveZeroVelocity() throws {
        var sim = Simulator(scene: Fixtures.example)
        try sim.pan(0, -300, at: Point(195, 400))
        try sim.end()
        #expect(sim.phase == .idle)
    }

    @Test func tapOnNonTappableViewIsNotDelivered() throws {
        var sim = Simulator(scene: BuiltinScenes.stretchy)
        try sim.touchDown(at: Point(195, 100))
        try sim.end()
        #expect(
            sim.lastTap
                == TapRecord(
                    target: Target(sim.graph.index(of: "photo")!), outcome: .notTappable))
    }

    @Test func touchOutsideEverythingIsAnError() throws {
        var sim = Simulator(scene: BuiltinScenes.switcher)
        #expect(throws: SimulatorError.nothingAt(Point(20, 20))) {
            try sim.touchDown(at: Point(20, 20))
        }
        #expect(sim.phase == .idle)
    }

    @Test func hiddenAndNonInteractiveAreSkipped() throws {
        let sim = Simulator(scene: BuiltinScenes.indicator)
        let t = try #require(sim.layout.hitTest(Point(100, 100)))
        #expect(sim.graph.nodes[t.node].id == "list")
    }

    @Test func clippedChildIsNotHit() throws {
        var scene = Fixtures.example
        scene.root[0].children[0].children = [
            Node(id: "badge", kind: .view, frame: Rect(0, 190, 50, 40))
        ]
        scene.root[0].children[0].children[0].tappable = true
        let sim = Simulator(scene: scene)
        // (10, 215) lies in badge's frame but outside header (0–200): menu gets it.
        let t = try #require(sim.layout.hitTest(Point(10, 215)))
        #expect(sim.graph.nodes[t.node].id == "menu")
    }
}
