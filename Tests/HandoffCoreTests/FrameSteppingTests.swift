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

/// `runSpringsAlone(clock:through:untilRest:)`, the frames `settle` and `wait` run at once while
/// only springs run, gives exactly what the full frames give: the same time, frame count,
/// offsets and facts (each rest at its frame's time and number), on every built-in scene, for
/// the springs a release starts (bounces, detents, pages): `settle` (until rest) and `wait` of
/// frame counts that end before, at and after the springs come to rest.
@Suite struct SpringsAloneTests {
    @Test(arguments: BuiltinScenes.names)
    func springsAloneEqualFullFrames(scene name: String) throws {
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
            // Full frames until rest: how many frames that takes.
            var rest = sim
            let clock = FrameClock(start: sim.time, fps: 60)
            var restFrames = 0
            while rest.isAnimating, restFrames < 600 {
                restFrames += 1
                rest.stepFrame(at: clock.time(ofFrame: restFrames))
            }
            #expect(restFrames > 2 && restFrames < 600)
            let runs: [(last: Int, untilRest: Bool)] =
                [(600, true), (restFrames - 1, true)]
                + [1, 2, restFrames / 2, restFrames - 1, restFrames, restFrames + 7].map {
                    ($0, false)
                }
            for (last, untilRest) in runs {
                var full = sim
                var fullClock = clock
                while fullClock.taken < last, !untilRest || full.isAnimating {
                    full.stepFrame(at: fullClock.next())
                }
                var alone = sim
                var aloneClock = clock
                alone.runSpringsAlone(clock: &aloneClock, through: last, untilRest: untilRest)
                let what = "'\(name)' drag \(drag), through \(last) of \(restFrames), \(untilRest)"
                #expect(aloneClock.taken == fullClock.taken, "\(what)")
                #expect(alone.frame == full.frame && alone.time == full.time, "\(what)")
                #expect(alone.offsets == full.offsets, "\(what)")
                #expect(alone.isAnimating == full.isAnimating, "\(what)")
                #expect(alone.drainLog() == full.drainLog(), "\(what)")
            }
            checked += 1
        }
        // Every scene runs its springs alone, a parallax follower's too (the followed spring is
        // on screen, so no frame can report a hidden mover; the follower is set where it ends).
        #expect(checked > 0, "'\(name)': \(checked) releases checked")
    }
}

/// `restFrame` (the guess, doubling and halving for a critically damped spring past its turns,
/// the energy bound before them) finds the frame a frame-by-frame rest test finds, for springs
/// from a grid of displacements and velocities, with start times and command spans that start
/// before, during and after the turns and end before and after rest.
@Suite struct RestFrameTests {
    @Test(arguments: [Spring.settle, Spring.bounce])
    func restFrameIsTheFirstFrameAtRest(spring: Spring) throws {
        let sim = Simulator(scene: try #require(BuiltinScenes.named("tabs")))
        var checked = 0
        for (i, x0) in stride(from: -790.3, through: 800, by: 39.7).enumerated() {
            for (j, v0) in stride(from: -5900.7, through: 6000, by: 301.3).enumerated() {
                let start = Double((i * 7 + j * 3) % 11) * 0.17
                let clock = FrameClock(start: start + Double((i + j) % 5) * 0.031, fps: 60)
                let first = 1 + (i * 5 + j) % 37
                let last = first + (i * 13 + j * 7) % 121
                let s = SpringAnimation(
                    node: 0, kind: .page, target: 0, displacement: x0, velocity: v0,
                    start: start, spring: spring)
                var expected: Int?
                for k in first...last {
                    let (x, v) = spring.state(
                        displacement: x0, velocity: v0, at: clock.time(ofFrame: k) - start)
                    if Spring.isDone(x: x, v: v) {
                        expected = k
                        break
                    }
                }
                #expect(
                    sim.restFrame(s, clock: clock, from: first, through: last) == expected,
                    "x0 \(x0) v0 \(v0) start \(start) frames \(first)…\(last)")
                if expected != nil { checked += 1 }
            }
        }
        #expect(checked > 300)
    }
}

/// The energy bound behind a spring's rest frame (`Simulator.runSpringsAlone`): with
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

    /// `staysAboveRest` (the energy bound from the start alone) holds only where every state up
    /// to its time is above `restingEnergy`, and it holds early in a spring from far away.
    @Test(arguments: [Spring.settle, Spring.bounce, Spring(duration: 0.5, bounce: 0.3)])
    func staysAboveRestIsALowerBound(spring: Spring) {
        var held = 0
        for x0 in stride(from: -800.0, through: 800, by: 61.3) {
            for v0 in stride(from: -6000.0, through: 6000, by: 487.1) {
                var lowest = Double.infinity
                for k in 0...240 {
                    let t = Double(k) / 120
                    let (x, v) = spring.state(displacement: x0, velocity: v0, at: t)
                    lowest = min(lowest, spring.energy(x: x, v: v))
                    guard spring.staysAboveRest(displacement: x0, velocity: v0, until: t) else {
                        continue
                    }
                    held += 1
                    #expect(lowest > spring.restingEnergy, "x0 \(x0) v0 \(v0) t \(t)")
                }
            }
        }
        #expect(held > 1000)
        #expect(!spring.staysAboveRest(displacement: 390, velocity: 0, until: -0.1))
    }
}
