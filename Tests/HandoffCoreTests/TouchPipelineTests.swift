import HandoffCore
import Testing

/// SPEC §4.4 under `touches uikit`: UIKit's scroll view velocity, the `≥` slop and the momentum
/// threshold. Every expected number is computed by hand in the comment above it.
struct TouchPipelineTests {
    /// Equal within 1e-9 on both axes (the divisions by sample times round).
    func near(_ a: Point?, _ b: Point) -> Bool {
        guard let a else { return false }
        return abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9
    }

    // MARK: The scroll view's release velocity

    /// Irregular sample times: each sample is the displacement since the previous finger event
    /// over the time between them; an event under 1 ms after the previous one is no sample, and its
    /// movement counts in the next one.
    @Test func blendsTheLastTwoSamplesOverIrregularTimes() {
        var v = ScrollViewVelocity(time: 0, position: Point(0, 0))
        // 0 → 10 ms: (0, −5) / 0.010 s = (0, −500).
        v.add(time: 0.010, position: Point(0, -5))
        // 0.5 ms later: under 1 ms, no sample; the next one measures from 10 ms.
        v.add(time: 0.0105, position: Point(0, -6))
        // 10 → 30 ms: (3, −11) / 0.020 s = (150, −550).
        v.add(time: 0.030, position: Point(3, -16))
        // 30 → 34 ms: (0, −4) / 0.004 s = (0, −1000).
        v.add(time: 0.034, position: Point(3, -20))
        // 0.25·(0, −1000) + 0.75·(150, −550) = (112.5, −662.5).
        let e = v.estimate(at: 0.04)
        #expect(near(e.velocity, Point(112.5, -662.5)))
        #expect(near(e.last, Point(0, -1000)))
        #expect(near(e.previous, Point(150, -550)))
        #expect(e.still == nil)
    }

    @Test func oneSampleIsThatSampleAndNoneIsZero() {
        var v = ScrollViewVelocity(time: 1, position: Point(10, 10))
        #expect(v.estimate(at: 1.05).velocity == .zero)
        // Moves at the touch-down time (dt 0): no sample.
        v.add(time: 1, position: Point(10, -30))
        #expect(v.estimate(at: 1.05).velocity == .zero)
        // 1 → 1.02 s, measured from the touch-down event: (0, −40) / 0.02 s = (0, −2000).
        v.add(time: 1.02, position: Point(10, -30))
        #expect(near(v.estimate(at: 1.05).velocity, Point(0, -2000)))
    }

    /// The lift is not a sample; a finger still for 0.1 s or more releases at 0.
    @Test func aStillFingerReleasesAtZero() {
        var v = ScrollViewVelocity(time: 0, position: Point(0, 0))
        v.add(time: 0.02, position: Point(0, -10))  // −500
        v.add(time: 0.05, position: Point(0, -25))  // −15 / 0.03 = −500
        // 99 ms after the last movement: still the blend, (0, −500).
        #expect(near(v.estimate(at: 0.149).velocity, Point(0, -500)))
        // 100 ms (0.15 − 0.05 rounds to 0.09999999999999999): 0.
        let still = v.estimate(at: 0.15)
        #expect(still.velocity == .zero)
        #expect(still.still != nil)
        // A finger event that does not move is a sample of 0, and not a movement.
        v.add(time: 0.1, position: Point(0, -25))  // 0 / 0.05 = 0
        // 0.25·0 + 0.75·(−500) = −375, 60 ms after the last movement.
        #expect(near(v.estimate(at: 0.11).velocity, Point(0, -375)))
        #expect(v.estimate(at: 0.16).velocity == .zero)
    }

    // MARK: Through the simulator

    func uikit(_ scene: Scene = Fixtures.example) -> Simulator {
        var sim = Simulator(scene: scene)
        sim.settings.touches = .uikit
        return sim
    }

    /// 4 pt a frame at 60 fps is 240 pt/s: under 250, UIKit's scroll view starts no momentum; the
    /// simple pipeline measures the same 240 pt/s and flings.
    @Test func aReleaseUnder250PointsASecondStartsNoMomentum() throws {
        for touches in TouchPipeline.allCases {
            var sim = Simulator(scene: Fixtures.example)
            sim.settings.touches = touches
            try sim.pan(0, -300, at: Point(195, 400))  // outer 200, first 100
            try sim.end(velocity: .zero)
            try sim.touchDown(at: Point(195, 400))
            try sim.move(by: Point(0, -24), frames: 6)
            let before = sim.offset("first")
            try sim.end()
            #expect(sim.isAnimating == (touches == .simple))
            sim.settle()
            // simple: 240 × 0.4995 = 119.88 more.
            let travel = touches == .simple ? 240 * 0.4995 : 0
            #expect(close(sim.offset("first"), before + travel, 0.05))
        }
    }

    /// 5 pt a frame is 300 pt/s: the scroll view's blend of two 300 pt/s samples, above 250.
    @Test func aReleaseAt300PointsASecondFlings() throws {
        var sim = uikit()
        try sim.touchDown(at: Point(195, 400))
        try sim.move(by: Point(0, -30), frames: 6)
        let before = sim.offset("first") + sim.offset("outer")
        try sim.end()
        sim.settle()
        // 300 × 0.4995 = 149.85 through the chain (the header collapses first).
        #expect(close(sim.offset("first") + sim.offset("outer"), before + 149.85, 0.05))
    }

    /// An explicit `end` velocity under 250 pt/s also starts no momentum: the threshold is the
    /// scroll view's, whatever measured the velocity.
    @Test func theThresholdAppliesToAGivenVelocity() throws {
        var sim = uikit()
        try sim.pan(0, -300, at: Point(195, 400))
        try sim.end(velocity: Point(0, -249))
        #expect(!sim.isAnimating)
        try sim.pan(0, -20, at: Point(195, 400))
        try sim.end(velocity: Point(0, -250))
        #expect(sim.isAnimating)
    }

    // MARK: Slop

    /// §4.4: a pan is recognized once the displacement reaches the slop (≥); §4.2: only past it.
    @Test func theSlopIsReachedUnderUIKit() throws {
        for touches in TouchPipeline.allCases {
            var sim = Simulator(scene: Fixtures.example)
            sim.settings.touches = touches
            try sim.touchDown(at: Point(195, 400))
            try sim.move(by: Point(0, -10))
            #expect(sim.phase == (touches == .uikit ? .panning : .touching))
        }
    }

    @Test func aFingerThatHasNotMovedReachesNoSlopOfZero() {
        var r = GestureRecognizer(
            axes: [.vertical], tappable: true, swallowed: false, slop: 0, mode: .full,
            reaching: true)
        #expect(r.touchMoved(net: .zero, step: .zero) == .tracking(distance: 0))
        #expect(
            r.touchMoved(net: Point(0, -0.5), step: Point(0, -0.5))
                == .beganPan(axis: .vertical, delta: 0.5))
    }
}
