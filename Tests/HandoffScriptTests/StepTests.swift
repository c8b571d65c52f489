import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// Issue 10: `replay --step` inspects without advancing, shows a difference where it happens,
/// and a replay stopped before its end never passes.
struct StepTests {
    static let trace = """
        # handoff trace v1
        # scene: tabs
        # three commands, the second with a wrong expected line
        > pan 0 -100
        touch     upcoming[2] at (195, 422)
        path      outer > pager > upcoming > upcoming[2]
        tap       upcoming[2] possible
        pan       vertical began
        tap       upcoming[2] failed
        cancel    upcoming[2] touchesCancelled
        owner     upcoming (chain upcoming, outer)
        move      d 100 = outer 100 pre + unconsumed 0
        phase         idle → panning
        outer.offset  0 → 100
        > move 0 -50
        move      d 50 = outer 50 pre + unconsumed 0
        outer.offset  100 → 149
        > end
        pan       vertical ended
        release   velocity (0, 0) pt/s, scroll 0
        phase     panning → idle

        """

    /// Steps through `trace` answering each pause from `answers`; returns what was printed and
    /// the outcome.
    func step(_ answers: [String?]) -> (out: [String], outcome: TraceRunner.Outcome) {
        var runner = TraceRunner(file: "s.trace", files: MemoryFiles())
        var answers = answers[...]
        var out: [String] = []
        nonisolated(unsafe) var printed: [String] = []
        runner.beforeCommand = { command, _, session in
            printed.append("> " + command)
            let answer = StepAnswer.ask(
                &session, read: { answers.popFirst() ?? nil }, emit: { printed.append($0.text) })
            return answer != .stop
        }
        runner.afterCommand = { lines, hunk in
            printed += lines
            if let hunk { printed += ["differs from the trace:"] + hunk.map(\.text) }
        }
        runner.read(text: Self.trace)
        let outcome = runner.finish()
        out = printed
        return (out, outcome)
    }

    @Test func inspectionDoesNotAdvance() {
        let (out, _) = step(["state", "why", "expect outer.offset == 0", "", nil])
        // The three inspections ran before the first command, on the fresh scene.
        let first = out.firstIndex(of: "move      d 100 = outer 100 pre + unconsumed 0")!
        #expect(out.firstIndex(of: "why       nothing has been decided yet")! < first)
        #expect(out.firstIndex(of: "expect    ok: outer.offset == 0")! < first)
        #expect(out.filter { $0.hasPrefix("> ") } == ["> pan 0 -100", "> move 0 -50"])
    }

    @Test func aDifferenceShowsTheExpectedLinesAtItsStep() {
        let (out, outcome) = step(["", "", "", nil])
        let at = out.firstIndex(of: "differs from the trace:")!
        #expect(
            Array(out[at...].prefix(5)) == [
                "differs from the trace:",
                "@@ -16,2 +16,2 @@ > move 0 -50",
                " move      d 50 = outer 50 pre + unconsumed 0",
                "-outer.offset  100 → 149",
                "+outer.offset  100 → 150",
            ])
        #expect(outcome == .failed(commands: 3, differing: 1))
    }

    @Test func quitIsNeverAPass() {
        let (_, stoppedClean) = step(["", "q"])
        #expect(stoppedClean == .stopped(verified: 1, of: 3, differing: 0))
        #expect(
            TraceRunner.summary(file: "s.trace", outcome: stoppedClean)
                == "FAIL s.trace: stopped after 1 of 3 commands: not verified")
        let (_, stoppedFailing) = step(["", "", "quit"])
        #expect(stoppedFailing == .stopped(verified: 2, of: 3, differing: 1))
        #expect(
            TraceRunner.summary(file: "s.trace", outcome: stoppedFailing)
                == "FAIL s.trace: 1 of 2 commands differ; stopped after 2 of 3 commands: not verified"
        )
        let (_, endOfInput) = step([])
        #expect(endOfInput == .stopped(verified: 0, of: 3, differing: 0))
    }
}
