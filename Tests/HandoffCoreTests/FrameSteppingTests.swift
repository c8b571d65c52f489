import Testing

@testable import HandoffCore

/// The caller steps time one frame at a time (`advanceFrame(at:)`): every fact of that frame comes
/// back stamped with its time and frame, and stepping in pieces gives what stepping at once gives
/// (SPEC §3, §10). The scene is built in code; no scene file.
@Suite struct FrameSteppingTests {
    let at = Point(195, 400)  // on `first`, below the header and the tab bar

    @Test func oneFrameAdvancesTheClockAndStampsItsFacts() throws {
        var sim = Simulator(scene: Fixtures.example)
        try sim.touchDown(at: at)
        try sim.move(by: Point(0, -100))
        try sim.end(velocity: Point(0, -1000))
        let lift = sim.drainLog()
        #expect(lift.allSatisfy { $0.frame == 0 && $0.time == 0 })
        let started = lift.compactMap { o -> Double? in
            if case .momentumStarted(_, let v, let travel) = o.event, v == 1000 { return travel }
            return nil
        }
        #expect(started.count == 1)
        let facts = sim.advanceFrame(at: 1.0 / 60)
        #expect(sim.frame == 1)
        #expect(sim.time == 1.0 / 60)
        #expect(!facts.isEmpty)
        #expect(facts.allSatisfy { $0.frame == 1 && $0.time == 1.0 / 60 })
        guard case .flingFrame(let l) = facts.first?.event else {
            Issue.record("the first fact of a momentum frame is its ledger: \(facts)")
            return
        }
        // The first frame's travel is the closed form at t = 1/60 (SPEC §5.5 rule 3).
        let decel = Deceleration(velocity: 1000, rate: Deceleration.normal)
        #expect(abs(l.d - decel.travel(at: 1.0 / 60)) < 1e-9)
    }

    @Test func frameByFrameMomentumSumsToItsProjectedTravel() throws {
        var sim = Simulator(scene: Fixtures.example)
        try sim.touchDown(at: at)
        try sim.move(by: Point(0, -100))
        try sim.end(velocity: Point(0, -1000))
        _ = sim.drainLog()
        var travelled = 0.0
        var frames: [Int] = []
        var k = 0
        while sim.isAnimating {
            k += 1
            for o in sim.advanceFrame(at: Double(k) / 60) {
                if case .flingFrame(let l) = o.event {
                    travelled += l.d
                    frames.append(o.frame)
                }
            }
        }
        // −v0/k with k = 1000·ln(0.998): 499.5 pt for 1000 pt/s (SPEC §5.5).
        let total = Deceleration(velocity: 1000, rate: Deceleration.normal).total
        #expect(abs(total - 499.5) < 0.1)
        #expect(abs(travelled - total) < 1e-9)
        #expect(frames == Array(1...frames.count))
    }

    @Test func steppingInPiecesEqualsSteppingAtOnce() throws {
        func flung() throws -> Simulator {
            var sim = Simulator(scene: Fixtures.example)
            try sim.touchDown(at: at)
            try sim.move(by: Point(0, -100))
            try sim.end(velocity: Point(0, -2500))
            return sim
        }
        var whole = try flung()
        whole.advance(frames: 90)
        var pieces = try flung()
        pieces.advance(frames: 6)  // a debugger stops here…
        let stoppedAt = pieces.offsets
        #expect(stoppedAt != whole.offsets)
        var k = 6
        while k < 90 {  // …and continues: the frame times come from the command's start
            k += 1
            pieces.advanceFrame(at: Double(k) / 60)
        }
        #expect(pieces.offsets == whole.offsets)
        #expect(pieces.time == whole.time)
        #expect(pieces.frame == 90)
        #expect(pieces.drainLog() == whole.drainLog())
    }
}

/// `stepSprings(at:)`, the lean frame `settle` and `wait` take while only springs run, gives
/// exactly what the full frame gives: the same time, frame and facts frame by frame, and the same
/// offsets once `syncSprings()` has set the nodes of springs it skipped in a quiet stretch, on
/// every built-in scene, for the springs a release starts (bounces, detents, pages).
@Suite struct LeanSpringFrameTests {
    @Test(arguments: BuiltinScenes.names)
    func leanFramesEqualFullFrames(scene name: String) throws {
        let scene = try #require(BuiltinScenes.named(name))
        var checked = 0
        for drag in [Point(0, 160), Point(0, -160), Point(-180, 0), Point(180, 0)] {
            var sim = Simulator(scene: scene)
            try sim.touchDown(at: scene.touchPoint)
            try? sim.move(by: drag)
            try? sim.end(velocity: .zero)
            // Frames of momentum first, if the release started any, until springs run alone.
            var k = 0
            while sim.isAnimating, !sim.springsRunAlone, k < 600 {
                k += 1
                _ = sim.stepFrame(at: Double(k) / 60)
            }
            guard sim.springsRunAlone, sim.isAnimating else { continue }
            _ = sim.drainLog()
            var full = sim
            var lean = sim
            var passed = sim  // lean frames, with the quiet ones passed through as the session does
            var passedLog: [Occurrence] = []
            var quiet = -Double.infinity
            let first = k
            while full.isAnimating, k < 1200 {
                k += 1
                let t = Double(k) / 60
                let fullMore = full.stepFrame(at: t)
                let leanMore = lean.stepSprings(at: t).animating
                #expect(fullMore == leanMore)
                var synced = lean
                synced.syncSprings()
                #expect(full.offsets == synced.offsets)
                #expect(full.frame == lean.frame && full.time == lean.time)
                let log = full.drainLog()
                #expect(log == lean.drainLog())
                passedLog += log
                if t < quiet {
                    passed.passQuietFrames(1, to: t)
                } else {
                    quiet = passed.stepSprings(at: t).quietUntil
                }
            }
            #expect(!lean.isAnimating && !passed.isAnimating)
            #expect(full.offsets == lean.offsets && full.offsets == passed.offsets)
            #expect(passed.frame == full.frame && passed.time == full.time)
            #expect(passed.drainLog() == passedLog, "frames \(first)…\(k)")
            checked += 1
        }
        // A scene with a parallax follower never takes the lean frame (its hazards need a look).
        let lean = Simulator(scene: scene).graph.parallaxOrder.isEmpty
        #expect(lean ? checked > 0 : checked == 0, "'\(name)': \(checked) releases checked")
    }
}

/// The energy bound behind a lean frame's quiet stretch (`SpringAnimation.quietUntil`): with
/// damping a spring's energy never grows, and every state that counts as done (SPEC §5.5:
/// `|x| < 0.5`, `|v| < 1`) is below `restingEnergy`.
@Suite struct SpringEnergyTests {
    @Test(arguments: [Spring.settle, Spring.bounce, Spring(duration: 0.5, bounce: 0.3)])
    func energyNeverGrowsAndRestIsBelowTheBound(spring: Spring) {
        var last = Double.infinity
        for k in 0...600 {
            let (x, v) = spring.state(displacement: -390, velocity: 2000, at: Double(k) / 120)
            let e = spring.energy(x: x, v: v)
            #expect(e <= last * (1 + 1e-12))
            last = e
            if Spring.isDone(x: x, v: v) { #expect(e < spring.restingEnergy) }
        }
        for (x, v) in [(0.4999, 0.9999), (-0.4999, -0.9999), (0.4999, 0.0), (0.0, 0.9999)] {
            #expect(Spring.isDone(x: x, v: v))
            #expect(spring.energy(x: x, v: v) < spring.restingEnergy)
        }
    }
}
