import HandoffCore
import Testing

/// SPEC §5.2 (issue 10): a share under 1e-9 pt is no share, and makes no handoff.
struct NegligibleShareTests {
    /// `pan 0 -250 over 250ms` on `tabs`: 15 moves of 250/15 = 16.67 pt. The header's range is
    /// 200 = 12 × 16.67, so moves 1–12 belong to `outer` alone and the handoff to `upcoming`
    /// happens at move 13 (at frame 12 float arithmetic leaves ~3e-14 pt over).
    @Test func theHandoffBelongsToTheFrameThatMovesTheList() throws {
        var sim = Simulator(scene: BuiltinScenes.tabs)
        try sim.touchDown(at: sim.graph.scene.touchPoint)
        try sim.move(by: Point(0, -250), frames: sim.frames(in: 0.25))
        let outer = sim.graph.index(of: "outer")!
        let upcoming = sim.graph.index(of: "upcoming")!
        var moves = 0
        var handoffAt: Int?
        for e in sim.drainEvents() {
            switch e {
            case .moved(let l):
                moves += 1
                #expect(l.shares.allSatisfy { abs($0.amount) >= 1e-9 })
                if moves <= 12 { #expect(l.consumers == [outer]) }
                if moves >= 13 { #expect(l.consumers == [upcoming]) }
            case .handoff(let from, let to):
                #expect(from == outer && to == upcoming)
                handoffAt = moves
            default: continue
            }
        }
        #expect(moves == 15)
        #expect(handoffAt == 13)
        #expect(sim.offset("outer") == 200)
        #expect(close(sim.offset("upcoming"), 50, 1e-9))
    }
}
