import Foundation
import HandoffCore
import Testing

/// SPEC §5.5 rule 1 for a sheet resting on a detent at release (FloatingPanel's
/// `segment(at:forward:)`), on the built-in `sheet` (detents full 100, half 420, tip 744).
struct DetentFromRestTests {
    let tops: [Double] = [100, 420, 744]

    @Test func theSegmentIsTheDetentAndItsNeighbourInTheVelocitysDirection() {
        // From full at +500 pt/s (down): projection 100 + 0.499·500 = 349.5, progress
        // 249.5 / 320 > 0.5 → half.
        let projected = 100 + 500.0 / 1000 * 0.998 / (1 - 0.998)
        #expect(abs(projected - 349.5) < 1e-9)
        let d = Targets.detentFromRest(tops: tops, top: 100, fingerVelocity: 500, start: 420)
        guard case .segment(let s) = d else {
            Issue.record("expected a segment, got \(d)")
            return
        }
        #expect(s.downward == true)
        #expect(s.from == 100)
        #expect(s.to == 420)
        #expect(abs(s.projected - projected) < 1e-9)
        #expect(s.target == 420)
        // At +200: projection 199.8, progress 99.8 / 320 ≤ 0.5 → stays at full.
        let e = Targets.detentFromRest(tops: tops, top: 100, fingerVelocity: 200, start: 420)
        guard case .segment(let t) = e else {
            Issue.record("expected a segment, got \(e)")
            return
        }
        #expect(t.target == 100)
        #expect(t.to == 420)
        // Up from half at −1000: the segment is half → full.
        let f = Targets.detentFromRest(tops: tops, top: 420, fingerVelocity: -1000, start: 420)
        guard case .segment(let u) = f else {
            Issue.record("expected a segment, got \(f)")
            return
        }
        #expect(u.to == 100)
        #expect(u.target == 100)
    }

    @Test func noNeighbourOrNoDirectionTakesNothing() {
        #expect(
            Targets.detentFromRest(tops: tops, top: 100, fingerVelocity: -1000, start: 420)
                == .kept(.noNeighbour(downward: false)))
        #expect(
            Targets.detentFromRest(tops: tops, top: 744, fingerVelocity: 300, start: 744)
                == .kept(.noNeighbour(downward: true)))
        #expect(
            Targets.detentFromRest(tops: tops, top: 420, fingerVelocity: 0, start: 420)
                == .kept(.noDirection))
        // At velocity 0 the direction is the travel since the gesture began: up from half to full
        // has no neighbour above.
        #expect(
            Targets.detentFromRest(tops: tops, top: 100, fingerVelocity: 0, start: 420)
                == .kept(.noNeighbour(downward: false)))
    }

    @Test func flickDownFromFullReachesHalf() throws {
        var sim = Simulator(scene: BuiltinScenes.sheet)
        try sim.pan(0, -320)
        #expect(sim.top("sheet") == 100)
        try sim.end(velocity: Point(0, 500))
        sim.settle()
        #expect(sim.top("sheet") == 420)
    }

    @Test func slowFlickDownFromFullStaysAtFull() throws {
        var sim = Simulator(scene: BuiltinScenes.sheet)
        try sim.pan(0, -320)
        try sim.end(velocity: Point(0, 200))
        sim.settle()
        #expect(sim.top("sheet") == 100)
        #expect(sim.phase == .idle)
    }

    @Test func aDragThatWentOnIntoTheListEndsInListMomentum() throws {
        var sim = Simulator(scene: BuiltinScenes.sheet)
        try sim.pan(0, -420)
        #expect(sim.top("sheet") == 100)
        #expect(sim.offset("studios") == 100)
        try sim.end(velocity: Point(0, -1000))
        sim.settle()
        #expect(sim.top("sheet") == 100)
        #expect(close(sim.offset("studios"), 100 + 1000 / -(1000 * log(0.998)), 1e-9))
        #expect(close(sim.offset("studios"), 599.5))
    }

    @Test func aListShareKeepsTheSheetEvenWhenFlickedDown() throws {
        // At full, a drag up on the list then a flick down: the list took a share in this
        // gesture, so the sheet takes nothing and the list's momentum runs (rule 3).
        var sim = Simulator(scene: BuiltinScenes.sheet)
        try sim.pan(0, -320)
        try sim.end(velocity: .zero)
        try sim.pan(0, -200)
        #expect(sim.offset("studios") == 200)
        try sim.move(by: Point(0, 50))
        #expect(sim.offset("studios") == 150)
        try sim.end(velocity: Point(0, 200))
        sim.settle()
        #expect(sim.top("sheet") == 100)
        #expect(close(sim.offset("studios"), 150 - 200 * 0.4995, 0.01))
    }

    @Test func aGrabberDragEndingOnADetentUsesTheSegment() throws {
        // Under uikit the sheet owns a grabber drag; resting on full, a flick down reaches half.
        var sim = Simulator(scene: BuiltinScenes.sheet)
        sim.settings.policy = .uikit
        try sim.pan(0, -320, at: Point(195, 430))
        #expect(sim.top("sheet") == 100)
        try sim.end(velocity: Point(0, 500))
        sim.settle()
        #expect(sim.top("sheet") == 420)
    }
}

/// A sheet dragged back to a detent through floating-point sums (here 419.9999999999999) is on
/// it within rounding; released with nothing to take, it rests exactly on the detent's top. The
/// drags are the shrunk counterexample `PropertyTests.afterSettleEverythingRests` once found.
struct DetentRoundingTests {
    @Test func aSheetWithinRoundingOfADetentRestsExactlyOnIt() {
        var sim = Simulator(scene: BuiltinScenes.named("sheet")!)
        for code in [1_545_064, 616_159_737, 788_247_254, 766_814_318, 689_486_625] {
            PropertyTests.apply(code, to: &sim)
        }
        let sheet = sim.graph.nodes.firstIndex { $0.id == "sheet" }!
        #expect(sim.sheetTop(sheet) != 420)
        #expect(abs(sim.sheetTop(sheet) - 420) < 1e-9)
        try? sim.end()
        for _ in 0..<3 where sim.phase != .idle { sim.settle() }
        #expect(sim.phase == .idle)
        #expect(sim.sheetTop(sheet) == 420)
    }
}
