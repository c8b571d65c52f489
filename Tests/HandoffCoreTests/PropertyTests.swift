import Foundation
import HandoffCore
import PropertyBased
import Testing

/// Random gestures on every built-in scene (issues 2 and 6).
struct PropertyTests {
    /// One random step: the low 3 bits choose the action, the rest parameterise it.
    static func apply(_ code: Int, to sim: inout Simulator) {
        let a = code & 7
        let n = code >> 3
        let w = sim.graph.scene.windowSize
        switch a {
        case 0 where !sim.isFingerDown:
            try? sim.touchDown(at: Point(Double(n % Int(w.x)), Double((n / 7) % Int(w.y))))
        case 1, 6:
            let dx = Double(n % 601 - 300)
            let dy = Double((n / 601) % 601 - 300)
            if a == 1 {
                try? sim.move(by: Point(dx, dy))
            } else {
                try? sim.move(by: Point(dx, dy), frames: n % 9 + 1)
            }
        case 2: try? sim.end()
        case 3:
            try? sim.end(velocity: Point(Double(n % 6001 - 3000), Double((n / 6001) % 6001 - 3000)))
        case 4: sim.advance(frames: n % 40)
        case 5:
            if let t = sim.graph.tabs.first {
                sim.tab(t, segment: n % sim.graph.nodes[t].segments.count)
            }
        default: sim.settle()
        }
    }

    static let gestures = Gen.int(in: 0...(1 << 30)).array(of: 1...40)
    static let scenes = Gen.int(in: 0...4)

    /// `maxSpeed` is the largest release speed so far: a bounce spring (ω = 10, critically
    /// damped) starting within a viewport `d` of its edge with velocity `v` reaches at most
    /// `d + (|v| + ωd)/(ωe)` past the edge; a drag's rubber band stays under `d`.
    func check(_ sim: Simulator, maxSpeed: Double) {
        for i in sim.graph.nodes.indices {
            let o = sim.offsets[i]
            #expect(o.isFinite)
            guard sim.graph.isScrollable(i) else { continue }
            let r = sim.graph.range(i)
            let d = sim.graph.viewport(i)
            let slack =
                sim.graph.nodes[i].kind.isSheet
                ? 1e-9 : d + (maxSpeed + 10 * d) / (10 * M_E) + 1e-6
            #expect(
                o >= r.lowerBound - slack && o <= r.upperBound + slack,
                "\(sim.graph.nodes[i].id) \(o)")
        }
        if let l = sim.ledger {
            let sum = l.shares.map(\.amount).reduce(0, +) + l.unconsumed
            #expect(abs(sum - l.d) <= 1e-9 * max(1, abs(l.d)), "ledger \(l)")
        }
    }

    @Test func ledgerAddsUpAndOffsetsStayInBounds() async {
        await propertyCheck(count: 500, input: Self.scenes, Self.gestures) { s, codes in
            var sim = Simulator(scene: BuiltinScenes.named(BuiltinScenes.names[s])!)
            var maxSpeed = 0.0
            for c in codes {
                Self.apply(c, to: &sim)
                for case .released(_, let v) in sim.drainEvents() {
                    maxSpeed = max(maxSpeed, abs(v))
                }
                check(sim, maxSpeed: maxSpeed)
            }
        }
    }

    @Test func afterSettleEverythingRests() async {
        await propertyCheck(count: 400, input: Self.scenes, Self.gestures) { s, codes in
            var sim = Simulator(scene: BuiltinScenes.named(BuiltinScenes.names[s])!)
            for c in codes { Self.apply(c, to: &sim) }
            try? sim.end()
            for _ in 0..<3 where sim.phase != .idle { sim.settle() }
            #expect(sim.phase == .idle)
            for i in sim.graph.nodes.indices where sim.graph.isScrollable(i) {
                let r = sim.graph.range(i)
                #expect(
                    sim.offsets[i] >= r.lowerBound - 1e-9 && sim.offsets[i] <= r.upperBound + 1e-9)
                if let sheet = sim.graph.nodes[i].sheet {
                    #expect(
                        sheet.detents.contains { $0.top == sim.sheetTop(i) },
                        "sheet at \(sim.sheetTop(i))")
                }
                if sim.graph.nodes[i].kind.pages == .scrolled {
                    let w = sim.graph.nodes[i].frame.width
                    #expect(sim.offsets[i] == Double(sim.page(i)) * w)
                }
            }
        }
    }
}
