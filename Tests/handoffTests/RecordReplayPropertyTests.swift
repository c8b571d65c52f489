import Foundation
import HandoffTestSupport
import PropertyBased
import Testing

/// Issue 10: a session recorded with `handoff SCENE --record FILE` replays with no difference,
/// whatever decimals, durations, settings, tolerances and points it typed (SPEC §1, §7). Driven
/// through the built binary only, as a user would.
@Suite(.serialized) struct RecordReplayPropertyTests {
    /// Deterministic choices from one seed (SplitMix64, shared with the random-input test).
    struct Bits {
        var mix: SplitMix
        init(state: UInt64) { mix = SplitMix(seed: state) }
        mutating func next() -> UInt64 { mix.next() }
        mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }

        /// A decimal as a user types it: a sign, up to `whole` integer digits, up to 6 decimals,
        /// sometimes a trailing zero (`-200.004`, `0.003`, `12.50`, `-0`).
        mutating func decimal(upTo limit: Int, signed: Bool = true) -> String {
            var s = signed && int(2) == 0 ? "-" : ""
            s += String(int(limit + 1))
            let decimals = int(7)
            if decimals > 0 {
                s += "." + (0..<decimals).map { _ in String(int(10)) }.joined()
            }
            return s
        }

        /// `8.3334ms`, `250ms`, `0.3s`, `1.25s`.
        mutating func duration() -> String {
            int(3) == 0
                ? decimal(upTo: 1, signed: false) + "s" : decimal(upTo: 400, signed: false) + "ms"
        }

        mutating func line() -> String {
            switch int(11) {
            case 0, 1:
                var l = "pan \(decimal(upTo: 40)) \(decimal(upTo: 300))"
                if int(2) == 0 { l += " over \(duration())" }
                if int(3) == 0 {
                    l +=
                        " at \(decimal(upTo: 390, signed: false)) \(decimal(upTo: 844, signed: false))"
                }
                return l
            case 2:
                return "move \(decimal(upTo: 30)) \(decimal(upTo: 200))"
                    + (int(2) == 0 ? " over \(duration())" : "")
            case 3: return int(2) == 0 ? "end" : "end \(decimal(upTo: 500)) \(decimal(upTo: 3000))"
            case 4: return "wait \(duration())"
            case 5: return "set slop \(decimal(upTo: 30, signed: false))"
            case 6:
                let path = ["t", "ledger.unconsumed", "outer.offset", "phase"][int(4)]
                if path == "phase" { return "expect phase != animating" }
                let op = ["==", "~=", ">=", "<"][int(4)]
                return
                    "expect \(path) \(op) \(decimal(upTo: 300)) ± \(decimal(upTo: 2, signed: false))"
            case 7:
                return
                    "tap \(decimal(upTo: 390, signed: false)) \(decimal(upTo: 844, signed: false))"
            case 8: return "swipe \(decimal(upTo: 50)) \(decimal(upTo: 400)) over \(duration())"
            case 9: return "step \(1 + int(20))"
            default: return int(2) == 0 ? "settle" : "set fps \([30, 60, 120][int(3)])"
            }
        }
    }

    @Test func randomSessionsReplayExactly() async throws {
        let dir = try Harness.temporaryDirectory()
        let scenes = ["tabs", "sheet", "stretchy", "indicator", "switcher"]
        await propertyCheck(count: 40, input: Gen.int(in: 0...Int.max)) { seed in
            var bits = Bits(state: UInt64(truncatingIfNeeded: seed))
            let scene = scenes[bits.int(scenes.count)]
            let script = (0..<(4 + bits.int(20))).map { _ in bits.line() }
            let trace = dir.appendingPathComponent("\(seed).trace").path
            do {
                // Shrinking runs the same seed again: a fresh file each time.
                try? FileManager.default.removeItem(atPath: trace)
                let recorded = try Harness.run(
                    [scene, "--record", trace], stdin: script.joined(separator: "\n") + "\n")
                #expect(recorded.status != 2, "\(recorded.err)")
                let replay = try Harness.run(["replay", trace])
                let text = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
                // No difference: the replay passes, or (when a random `expect` failed while
                // recording) fails only because the trace pins that failure.
                let pinned =
                    replay.lines.first?.hasSuffix(
                        "a trace may not pin a failed expect or an error") == true
                #expect(
                    replay.status == 0 || (replay.status == 1 && pinned && replay.lines.count == 2),
                    "script:\n\(script.joined(separator: "\n"))\n\nreplay:\n\(replay.out)\ntrace:\n\(text)"
                )
            } catch {
                Issue.record("\(error)")
            }
        }
    }
}
