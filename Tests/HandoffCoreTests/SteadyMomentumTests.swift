import Foundation
import Testing

@testable import HandoffCore

/// A steady fling (one node taking the whole travel) is advanced in closed form to the frame
/// before its handoff, edge or end (`skipSteadyMomentum`, SPEC §9): the clock, frame count,
/// offsets, facts and last ledger are those of stepping every frame, to the last bit; only the
/// sum of the fling frames is added in another order (the session prints it to 0.01).
@Suite struct SteadyMomentumTests {
    /// Settles `sim` frame by frame (`closedForm` false) or with steady frames skipped; returns
    /// the facts (a command's fling frames summed into one ledger, as the session prints them)
    /// and the number of frames stepped one by one.
    static func settle(_ sim: inout Simulator, closedForm: Bool) -> (facts: [String], stepped: Int)
    {
        var clock = FrameClock(start: sim.time, fps: sim.settings.fps)
        let cap = sim.frames(in: 10)
        var stepped = 0
        while sim.isAnimating && clock.taken < cap {
            if closedForm,
                sim.skipSteadyMomentum(clock: &clock, through: cap, ending: true) != .none
            {
                continue
            }
            sim.stepFrame(at: clock.next())
            stepped += 1
        }
        var facts: [String] = []
        var fling: Ledger?
        for o in sim.drainLog() {
            if case .flingFrame(let l) = o.event {
                if fling == nil { fling = l } else { fling!.merge(l) }
                continue
            }
            facts.append("\(o.frame) \(o.event)")
        }
        if let f = fling {
            facts.append(
                "fling d \(rounded(f.d)) "
                    + f.shares.map { "\($0.node) \(rounded($0.amount)) \($0.phase)" }.joined(
                        separator: ", "))
        }
        return (facts, stepped)
    }

    static func rounded(_ x: Double) -> Double { (x * 1e6).rounded() / 1e6 }

    /// A built-in scene with a drag of `drag` points released at `velocity`, at `fps`.
    static func flung(_ scene: Scene, fps: Double, drag: Double, velocity: Double) throws
        -> Simulator
    {
        var sim = Simulator(scene: scene)
        sim.settings.fps = fps
        try sim.touchDown(at: Point(195, 500))
        try sim.move(by: Point(0, drag))
        try sim.end(velocity: Point(0, velocity))
        _ = sim.drainLog()
        return sim
    }

    @Test(arguments: [30.0, 60, 120, 240])
    func closedFormLeavesWhatSteppingLeaves(fps: Double) throws {
        for name in BuiltinScenes.names {
            let scene = try #require(BuiltinScenes.named(name))
            for (drag, velocity) in [(-150.0, -2000.0), (-40, -800), (200, 2500), (-600, 1500)] {
                var stepped = try Self.flung(scene, fps: fps, drag: drag, velocity: velocity)
                var skipped = stepped
                let a = Self.settle(&stepped, closedForm: false)
                let b = Self.settle(&skipped, closedForm: true)
                let what = "\(name) at \(fps) fps, drag \(drag), release \(velocity)"
                #expect(a.facts == b.facts, "\(what)")
                #expect(stepped.frame == skipped.frame, "\(what)")
                #expect(stepped.time == skipped.time, "\(what)")
                #expect(stepped.ledger == skipped.ledger, "\(what)")
                // To the last bit: a steady node's offset is the anchor formula either way.
                #expect(stepped.offsets == skipped.offsets, "\(what)")
            }
        }
    }

    /// The fling of `tabs` from the top: the header collapses (outer, pre) and hands off to the
    /// list, where the momentum runs out. Frame by frame that is ~228 frames at 60 fps; in closed
    /// form only the handoff's frame is stepped, whatever the fps: the header takes the first
    /// frame alone, which `startMomentum` knows (`Simulator.firstTaker`), so it is taken in
    /// closed form with the frames after it, and the list takes the last of the travel with
    /// room to spare, so the frame the momentum ends in is taken with the steady ones before it.
    @Test(arguments: [30.0, 60, 120, 240])
    func aFlingStepsOnlyTheFramesWhereSomethingHappens(fps: Double) throws {
        var sim = try Self.flung(BuiltinScenes.tabs, fps: fps, drag: -20, velocity: -2000)
        var reference = sim
        let stepped = Self.settle(&sim, closedForm: true).stepped
        let all = Self.settle(&reference, closedForm: false).stepped
        #expect(all > Int(3.5 * fps))
        #expect(stepped == 1, "\(stepped) of \(all) frames stepped")
    }

    /// `firstTaker`, which lets a momentum start steady, names the node and phase that `share`
    /// gives the first frame's first share to: after drags of every length both ways, under
    /// both policies, on every built-in scene, the first stepped frame's first share (pull taken
    /// back aside) is the one it named, and when it named none, the frame had no such share or
    /// the chain holds a sheet or pull to take back.
    @Test(arguments: BuiltinScenes.names)
    func theFirstTakerIsWhoTakesTheFirstFrame(name: String) throws {
        let scene = try #require(BuiltinScenes.named(name))
        var named = 0
        for policy in [Policy.nested, .uikit] {
            for drag in stride(from: -900.0, through: 900, by: 75) {
                for velocity in [-2500.0, -600, 600, 2500] {
                    var sim = Simulator(scene: scene)
                    sim.settings.policy = policy
                    try sim.touchDown(at: Point(195, 500))
                    try? sim.move(by: Point(0, drag))
                    try? sim.end(velocity: Point(0, velocity))
                    guard sim.animations.count == 1, case .momentum(let m) = sim.animations[0]
                    else { continue }
                    let dir = ScrollDirection(of: m.decel.velocity)
                    let taker = sim.firstTaker(m.chain, ownerOnly: m.ownerOnly, dir)
                    let sheet = m.chain.contains { sim.graph.motion[$0].isSheet }
                    let pull = m.chain.contains { sim.rawOverscroll($0) != 0 }
                    sim.stepFrame(at: 1 / sim.settings.fps)
                    let first = sim.ledger?.shares.first { $0.phase != .overscroll }
                    let what = "\(name) \(policy) drag \(drag) release \(velocity)"
                    if let taker {
                        named += 1
                        #expect(first?.node == taker.node, "\(what)")
                        #expect(first?.phase == taker.phase, "\(what)")
                    } else {
                        #expect(first == nil || sheet || pull, "\(what)")
                    }
                }
            }
        }
        #expect(named > 0)
    }

    /// A node whose room ends within the margin is stepped, not skipped over: a steady frame
    /// never crosses an edge.
    @Test func theFrameThatReachesAnEdgeIsStepped() throws {
        var sim = try Self.flung(BuiltinScenes.tabs, fps: 60, drag: -20, velocity: -2000)
        sim.stepFrame(at: 1.0 / 60)
        var clock = FrameClock(start: 0, fps: 60)
        _ = clock.next()
        let outer = try #require(sim.graph.index(of: "outer"))
        let before = sim.offsets[outer]
        #expect(sim.skipSteadyMomentum(clock: &clock, through: 600) == .steady)
        // The header (outer, range 0…200 in `tabs`) stops short of its edge; the next frame
        // hands off.
        #expect(sim.offsets[outer] > before)
        #expect(sim.offsets[outer] < 200)
        let facts = sim.advanceFrame(at: clock.next())
        #expect(facts.contains { if case .handoff = $0.event { true } else { false } })
    }
}
