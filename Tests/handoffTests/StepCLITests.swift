import Foundation
import Testing

/// Issue 10 through the binary: `replay --step` inspects without advancing and a stopped replay
/// fails; scripts say where a failed `expect` is.
@Suite(.serialized) struct StepCLITests {
    func recorded(_ script: String) throws -> String {
        let dir = try Harness.temporaryDirectory()
        let trace = dir.appendingPathComponent("s.trace").path
        let r = try Harness.run(["--record", trace], stdin: script)
        #expect(r.status == 0, "\(r.err)")
        return trace
    }

    @Test func quitAtAStepFailsAndInspectionDoesNotAdvance() throws {
        let trace = try recorded("pan 0 -100\nmove 0 -50\nend\n")
        let r = try Harness.run(["replay", trace, "--step"], stdin: "why\nstate\n\nquit\n")
        #expect(r.status == 1)
        #expect(
            r.lines.contains(
                "[Enter: run, continue: run the rest, quit: stop, or state, why, …] why"))
        #expect(r.lines.contains("why       nothing has been decided yet"))
        #expect(r.lines.contains("FAIL \(trace): stopped after 1 of 3 commands: not verified"))
        #expect(!r.out.contains("PASS"))
        // Only the first command ran: its output, and no move of 50.
        #expect(r.lines.contains("move      d 100 = outer 100 pre + unconsumed 0"))
        #expect(!r.out.contains("d 50"))
        let all = try Harness.run(["replay", trace, "--step"], stdin: "c\n")
        #expect(all.status == 0)
        #expect(all.lines.contains("PASS \(trace) (3 commands)"))
    }

    @Test func aDifferenceAtAStepShowsTheExpectedLines() throws {
        let trace = try recorded("pan 0 -100\nmove 0 -50\n")
        var text = try String(contentsOfFile: trace, encoding: .utf8)
        text = text.replacingOccurrences(
            of: "outer.offset  100 → 150", with: "outer.offset  100 → 149")
        try text.write(toFile: trace, atomically: true, encoding: .utf8)
        let r = try Harness.run(["replay", trace, "--step"], stdin: "\n\n")
        #expect(r.status == 1)
        let at = try #require(r.lines.firstIndex(of: "differs from the trace:"))
        #expect(r.lines[at + 1].hasSuffix("@@ > move 0 -50"))
        #expect(r.lines.contains("-outer.offset  100 → 149"))
        #expect(r.lines.contains("+outer.offset  100 → 150"))
        #expect(r.lines.contains("FAIL \(trace): 1 of 2 commands differ"))
    }

    /// `--update` rewrites what it was asked to and says `updated`, never FAIL; it exits 0.
    @Test func updateSaysUpdated() throws {
        let trace = try recorded("pan 0 -100\nmove 0 -50\n")
        let good = try String(contentsOfFile: trace, encoding: .utf8)
        let bad = good.replacingOccurrences(of: "100 → 150", with: "100 → 149")
        try bad.write(toFile: trace, atomically: true, encoding: .utf8)
        let test = try Harness.run(["test", "--update", trace])
        #expect(test.status == 0)
        #expect(
            test.lines == ["updated \(trace): 1 of 2 commands rewritten", "1 passed, 0 failed", ""])
        #expect(try String(contentsOfFile: trace, encoding: .utf8) == good)
        try bad.write(toFile: trace, atomically: true, encoding: .utf8)
        let replay = try Harness.run(["replay", "--update", trace])
        #expect(replay.status == 0)
        #expect(replay.lines.suffix(2) == ["updated \(trace): 1 of 2 commands rewritten", ""])
        #expect(!replay.out.contains("FAIL"))
        #expect(try String(contentsOfFile: trace, encoding: .utf8) == good)
    }

    /// An `--update` whose rewrite keeps a failed `expect` is no fix (the next replay fails):
    /// it says `updated`, warns with the failing command's line, and exits 1.
    @Test func updateOfAFailingExpectWarnsAndFails() throws {
        let trace = try recorded("pan 0 -100\nexpect outer.offset == 100\n")
        let good = try String(contentsOfFile: trace, encoding: .utf8)
        let bad = good.replacingOccurrences(
            of: "> expect outer.offset == 100", with: "> expect outer.offset == 90")
        #expect(bad != good)
        let warning =
            "warning: \(trace): 1 command failed (line 14 'expect outer.offset == 90'): the updated trace pins a failed expect or an error and will not pass"
        try bad.write(toFile: trace, atomically: true, encoding: .utf8)
        let replay = try Harness.run(["replay", "--update", trace])
        #expect(replay.status == 1)
        #expect(
            replay.lines.suffix(3) == [
                "updated \(trace): 1 of 2 commands rewritten", warning, "",
            ])
        try bad.write(toFile: trace, atomically: true, encoding: .utf8)
        let test = try Harness.run(["test", "--update", trace])
        #expect(test.status == 1)
        #expect(
            test.lines == [
                "updated \(trace): 1 of 2 commands rewritten", warning, "0 passed, 1 failed", "",
            ])
    }

    @Test func scriptsSayWhereAFailedExpectIs() throws {
        let dir = try Harness.temporaryDirectory()
        let script = dir.appendingPathComponent("check.handoff")
        try "pan 0 -100\n  expect outer.offset == 99\n".write(
            to: script, atomically: true, encoding: .utf8)
        let r = try Harness.run(["--script", script.path])
        #expect(r.status == 1)
        #expect(
            r.err == "\(script.path):2:3: expect    FAILED: outer.offset is 100, expected == 99\n")
        let piped = try Harness.run([], stdin: "pan 0 -100\nexpect outer.offset == 99\n")
        #expect(piped.err == "2:1: expect    FAILED: outer.offset is 100, expected == 99\n")
    }

    @Test func exactNumbersSurviveRecording() throws {
        let trace =
            try recorded(
                "pan 0 -200.004\nmove 0 0.003\nexpect t < 0.004 ± 0.001\nwait 8.3334ms\nend\n")
            + ""
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        let commands = text.split(separator: "\n").filter { $0.hasPrefix("> ") }
        #expect(
            commands == [
                "> pan 0 -200.004", "> move 0 0.003", "> expect t < 0.004 ± 0.001",
                "> wait 8.3334ms", "> end",
            ])
        #expect(try Harness.run(["replay", trace]).status == 0)
    }
}
