import HandoffCore
import Testing

@testable import HandoffScript

/// The why log on its own (issue 23): a command's decisions are observed, committed when it ends,
/// and reported; no session is needed.
@Suite struct WhyLogTests {
    let sim = Simulator(scene: BuiltinScenes.named("tabs")!)
    static let slopRow =
        "the finger is 5 from its touch-down point, not past the slop 10 (strictly greater): no pan is recognized yet and nothing scrolls"

    func rows(_ log: WhyLog) -> [String] {
        log.report(sim)?.rows.map { $0.rule + " " + $0.text } ?? []
    }

    @Test func nothingCommittedReportsNothing() {
        var log = WhyLog()
        #expect(log.report(sim) == nil)
        log.begin()
        log.commit("wait 50ms", in: sim)
        #expect(log.report(sim) == nil)
    }

    @Test func onlyTheLastTrackingIsKept() {
        var log = WhyLog()
        log.begin()
        log.collecting { pending in
            pending.observeTracking(.tracking(distance: 3, slop: 10))
            pending.observeTracking(.tracking(distance: 5, slop: 10))
        }
        log.commit("move 0 -5", in: sim)
        #expect(log.report(sim)?.command == "move 0 -5")
        #expect(rows(log) == ["§4.2 " + Self.slopRow])
    }

    @Test func aRefusedTabKeepsTheExplanationAndAddsTheRefusal() {
        var log = WhyLog()
        log.begin()
        log.collecting { $0.observeTracking(.tracking(distance: 5, slop: 10)) }
        log.commit("move 0 -5", in: sim)
        log.begin()
        log.observe(.refused(.panActive))
        log.commit("tab next", in: sim)
        #expect(log.report(sim)?.command == "move 0 -5")
        #expect(
            rows(log) == [
                "§4.2 " + Self.slopRow,
                "§5.8 then 'tab next' was refused: a pan is active; nothing changed (a tab waits until the finger lifts)",
            ])
        // A refused tab with nothing before it is the whole explanation.
        var fresh = WhyLog()
        fresh.begin()
        fresh.observe(.refused(.panActive))
        fresh.commit("tab 1", in: sim)
        #expect(fresh.report(sim)?.command == "tab 1")
    }

    @Test func aCommandThatDidNotFinishIsForgotten() {
        var log = WhyLog()
        log.begin()
        log.observe(.refused(.panActive))
        // It failed: the next command begins without its decisions.
        log.begin()
        log.commit("state", in: sim)
        #expect(log.report(sim) == nil)
    }

    @Test func loadForgetsEverything() {
        var log = WhyLog()
        log.begin()
        log.collecting { $0.observeTracking(.tracking(distance: 5, slop: 10)) }
        log.commit("move 0 -5", in: sim)
        log.forget()
        #expect(log.report(sim) == nil)
    }

    /// The simulator is handed over only for a `tab` refused while a transition runs (issue 28:
    /// not on every command): `commit` returns that refusal, and the caller tells when the
    /// transition ends.
    @Test func onlyARefusalDuringATransitionAsksWhenItEnds() {
        let pager = sim.graph.index(of: "pager")!
        var log = WhyLog()
        log.begin()
        log.collecting { $0.observeTracking(.tracking(distance: 5, slop: 10)) }
        #expect(log.commit("move 0 -5") == nil)
        log.begin()
        log.observe(.refused(.panActive))
        #expect(log.commit("tab next") == nil)
        log.begin()
        log.observe(.refused(.transitioning(pager)))
        #expect(log.commit("tab prev") == .transitioning(pager))
        log.refusalEnds(at: 0.72)
        #expect(
            rows(log).last
                == "§5.8 then 'tab prev' was refused: pager is transitioning; nothing changed (the transition ends at t 0.72)"
        )
    }
}
