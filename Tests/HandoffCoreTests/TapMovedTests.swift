import HandoffCore
import Testing

/// SPEC §4.2 (issue 10): a finger that moved is not a tap.
struct TapMovedTests {
    func target(_ sim: Simulator, _ id: String, _ item: Int? = nil) -> Target {
        Target(sim.graph.index(of: id)!, item: item)
    }

    /// `handoff indicator` + `swipe -200 0`: 6 frames of −33.33 pt on a vertical-only list.
    @Test func horizontalSwipeOnAVerticalListIsNoTap() throws {
        var sim = Simulator(scene: BuiltinScenes.indicator)
        try sim.touchDown(at: Point(195, 422))
        let row = target(sim, "list", 7)
        #expect(sim.layout.hitTest(Point(195, 422)) == row)
        try sim.move(by: Point(-200, 0), frames: sim.frames(in: 0.1))
        let events = sim.drainEvents()
        // The tap fails at the first frame, 200/6 pt from touch-down, past the slop 10.
        let moved = events.compactMap { e -> Double? in
            if case .tapMoved(let t, let d, let slop) = e, t == row, slop == 10 { return d }
            return nil
        }
        #expect(moved.count == 1)
        #expect(close(moved[0], 200.0 / 6, 1e-9))
        try sim.end()
        #expect(sim.lastTap == TapRecord(target: row, outcome: .moved))
        #expect(!sim.drainEvents().contains(.tap(row, .delivered)))
    }

    /// On `stretchy`: `touch 195 422`, `move 150 0`, `move -300 0`, `end` is no tap either,
    /// although the net displacement at release (−150) is no smaller.
    @Test func goingAndComingBackIsNoTap() throws {
        var sim = Simulator(scene: BuiltinScenes.stretchy)
        try sim.touchDown(at: Point(195, 422))
        let row = target(sim, "table", 1)
        _ = sim.drainEvents()
        try sim.move(by: Point(150, 0))
        #expect(sim.drainEvents() == [.tapMoved(row, distance: 150, slop: 10)])
        try sim.move(by: Point(-300, 0))
        #expect(sim.drainEvents() == [.tracking(distance: 150, slop: 10)])
        try sim.end()
        let events = sim.drainEvents()
        #expect(events == [.tap(row, .moved)])
        #expect(sim.lastTap?.outcome == .moved)
    }

    @Test func insideTheSlopTracksAndStillTaps() throws {
        var sim = Simulator(scene: BuiltinScenes.stretchy)
        try sim.touchDown(at: Point(195, 422))
        _ = sim.drainEvents()
        try sim.move(by: Point(6, -10))  // 10 is not strictly greater than the slop
        #expect(sim.drainEvents() == [.tracking(distance: 10, slop: 10)])
        try sim.end()
        #expect(sim.lastTap?.delivered == true)
    }

    /// A later recognized pan still cancels the target's touch, but the first reason is kept.
    @Test func laterPanKeepsMovedAndCancelsTouches() throws {
        var sim = Simulator(scene: BuiltinScenes.stretchy)
        try sim.touchDown(at: Point(195, 422))
        let row = target(sim, "table", 1)
        try sim.move(by: Point(20, 0))
        _ = sim.drainEvents()
        try sim.move(by: Point(0, -30))
        let events = sim.drainEvents()
        #expect(events.contains(.touchesCancelled(row)))
        #expect(!events.contains(.recognizer(.tap(row), .failed)))
        #expect(sim.offset("table") == -300 + 30)
        try sim.end(velocity: .zero)
        #expect(sim.lastTap?.outcome == .moved)
    }

    /// Past the slop on both axes in one event, where only one has a pan: the pan wins.
    @Test func panInTheSameEventIsCancelledByPan() throws {
        var sim = Simulator(scene: BuiltinScenes.stretchy)
        try sim.touchDown(at: Point(195, 422))
        let row = target(sim, "table", 1)
        _ = sim.drainEvents()
        try sim.move(by: Point(15, -15))
        let events = sim.drainEvents()
        #expect(events.contains(.recognizer(.tap(row), .failed)))
        #expect(!events.contains { if case .tapMoved = $0 { true } else { false } })
        try sim.end(velocity: .zero)
        #expect(sim.lastTap?.outcome == .cancelledByPan)
    }

    /// Swallowed always wins; a target that is not tappable keeps `not tappable`.
    @Test func swallowedAndNotTappableKeepTheirReason() throws {
        var sim = Simulator(scene: BuiltinScenes.stretchy)
        try sim.pan(0, -200, at: Point(195, 600))
        try sim.end(velocity: Point(0, -1000))
        sim.advance(frames: 2)
        try sim.touchDown(at: Point(195, 422))  // stops the momentum: swallowed
        try sim.move(by: Point(40, 0))
        #expect(!sim.drainEvents().contains { if case .tapMoved = $0 { true } else { false } })
        try sim.end()
        #expect(sim.lastTap?.outcome == .swallowed)

        sim = Simulator(scene: BuiltinScenes.stretchy)
        try sim.touchDown(at: Point(195, 100))  // the photo: a view without tap: true
        #expect(sim.lastTap == nil)
        try sim.move(by: Point(40, 0))
        try sim.end()
        #expect(sim.lastTap?.target == target(sim, "photo"))
        #expect(sim.lastTap?.outcome == .notTappable)
    }
}
