import Foundation
import Testing

/// The debugger through the built binary, as a user drives it (SPEC §10).
struct DebuggerCLITests {
    /// A session recorded while debugging — breakpoints, stops, `step`, `continue`, `watch`,
    /// `back`, `back break`, `compare`, `history` — replays with no difference.
    @Test func aRecordedDebuggerSessionReplaysWithNoDifference() throws {
        let dir = try Harness.temporaryDirectory()
        let trace = dir.appendingPathComponent("debug.trace").path
        let script = [
            "break when outer.offset > 90", "watch upcoming.offset", "pan 0 -300 over 300ms",
            "state", "step 2", "continue", "end 0 -1200", "break when upcoming.offset > 300",
            "settle", "why",
            "continue", "history", "back 2", "end 0 -2500", "settle", "back break", "step 3",
            "compare policy uikit", "back", "history", "delete all", "unwatch all", "settle",
        ]
        let recorded = try Harness.run(
            ["tabs", "--record", trace], stdin: script.joined(separator: "\n") + "\n")
        #expect(recorded.status == 0, "\(recorded.err)")
        #expect(
            recorded.out.contains("breakpoint 1  when outer.offset > 90 at t 0.1, frame 6 of 18"))
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        #expect(text.contains("> back break\n"))
        let replay = try Harness.run(["replay", trace])
        #expect(replay.status == 0, "\(replay.out)")
    }

    /// Stops are not failures: a script that stops and never continues exits 0, `--bail`
    /// included (SPEC §10.1).
    @Test func stopsAreNotFailures() throws {
        let r = try Harness.run(
            ["tabs", "--bail"],
            stdin: "break when outer.offset > 90\npan 0 -300 over 300ms\nexpect stopped == yes\n")
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("expect    ok: stopped == yes"))
    }
}
