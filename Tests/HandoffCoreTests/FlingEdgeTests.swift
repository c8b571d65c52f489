import Foundation
import HandoffCore
import Testing

/// SPEC §5.5 rule 3 (issue 10): the momentum frame that reaches the edge is cut at the crossing,
/// so no ledger figure depends on the frame rate.
struct FlingEdgeTests {
    /// `k = 1000·ln r` for the normal rate.
    let k = 1000 * log(0.998)

    /// `pan 0 -250`, `move 0 100`, `end 0 800`, `settle`: outer 150, the list at 0, so the
    /// backward fling of v0 = −800 has outer's 150 to take; the rest meets the edge.
    func fling(_ scene: Scene, fps: Double) throws -> (sum: Ledger, frames: [Ledger], edge: Event) {
        var sim = Simulator(scene: scene)
        sim.settings.fps = fps
        try sim.pan(0, -250)
        try sim.move(by: Point(0, 100))
        try sim.end(velocity: Point(0, 800))
        _ = sim.drainEvents()
        sim.settle()
        var sum = Ledger(d: 0)
        var frames: [Ledger] = []
        var edge: Event?
        for e in sim.drainEvents() {
            if case .flingFrame(let l) = e {
                frames.append(l)
                sum.merge(l)
            }
            if case .edgeHit = e { edge = e }
        }
        #expect(sim.offset("outer") == 0)
        return (sum, frames, try #require(edge))
    }

    func consumed(_ l: Ledger) -> Double { l.shares.reduce(0) { $0 + $1.amount } }

    /// Into a bouncing edge (the built-in `tabs`, whose lists bounce): the ledgers hold the
    /// travel up to the edge, −150, with nothing unconsumed, and the bounce starts at
    /// v_edge = v0 + k·x = −800 + k·(−150) = −499.70 pt/s, at every rate.
    @Test(arguments: [30.0, 60, 120])
    func bouncingEdgeLedgersDoNotDependOnFPS(fps: Double) throws {
        let (sum, frames, edge) = try fling(BuiltinScenes.tabs, fps: fps)
        #expect(close(sum.d, -150, 1e-9))
        #expect(close(consumed(sum), -150, 1e-9))
        #expect(sum.unconsumed == 0)
        for l in frames { #expect(abs(l.d - consumed(l) - l.unconsumed) < 1e-9) }
        let upcoming = BuiltinScenes.tabs.root[0].children[2].children[0]
        #expect(upcoming.id == "upcoming")
        let vEdge = -800 + k * -150
        #expect(close(vEdge, -499.7))
        guard case .edgeHit(let node, let v) = edge else { return }
        #expect(node != nil)
        #expect(close(v, vEdge, 1e-9))
    }

    /// Into a clamped edge (the SPEC §2 example, whose lists do not bounce): the travel left at
    /// the crossing, v_edge/|k| = −499.70/2.002 = −249.6, is unconsumed, at every rate; the
    /// fling line adds up to the whole travel −v0/k = −399.6.
    @Test(arguments: [30.0, 60, 120])
    func clampedEdgeUnconsumedDoesNotDependOnFPS(fps: Double) throws {
        var scene = Fixtures.example
        scene.touch = Point(195, 400)
        let (sum, frames, edge) = try fling(scene, fps: fps)
        let total = 800 / k  // −v0/k with v0 = −800
        let vEdge = -800 + k * -150
        #expect(close(total, -399.6))
        #expect(close(vEdge / abs(k), -249.6))
        #expect(close(sum.unconsumed, vEdge / abs(k), 1e-9))
        #expect(close(sum.d, total, 1e-9))
        #expect(close(consumed(sum), -150, 1e-9))
        // Only the cut frame has anything unconsumed.
        #expect(frames.filter { $0.unconsumed != 0 }.count == 1)
        #expect(edge == .edgeHit(node: nil, velocity: edge.velocity))
        #expect(close(edge.velocity, vEdge, 1e-9))
    }

    /// A chain already resting at the edge counts as having hit it: the whole travel is
    /// unconsumed in the first frame, and the edge is met at v0.
    @Test func restingAtTheEdgeHitsItAtOnce() throws {
        var scene = Fixtures.example
        scene.touch = Point(195, 400)
        var sim = Simulator(scene: scene)
        try sim.pan(0, 30)  // outer and first at 0 already, no bounce
        try sim.end(velocity: Point(0, 600))
        _ = sim.drainEvents()
        sim.advance(frames: 1)
        let events = sim.drainEvents()
        let total = 600 / k
        #expect(events.contains(.flingFrame(sim.ledger!)))
        #expect(close(sim.ledger!.unconsumed, total, 1e-9))
        #expect(close(sim.ledger!.d, total, 1e-9))
        #expect(events.contains(.edgeHit(node: nil, velocity: -600)))
        #expect(sim.phase == .idle)
    }
}

extension Event {
    /// The velocity of an `edgeHit`.
    fileprivate var velocity: Double {
        if case .edgeHit(_, let v) = self { return v }
        return .nan
    }
}
