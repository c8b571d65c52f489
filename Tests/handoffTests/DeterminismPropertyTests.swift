import Foundation
import PropertyBased
import Testing

/// The same input gives the same output in two separate processes of the built binary (SPEC §6:
/// output is deterministic), for random sessions on every built-in scene. Separate processes,
/// because hashing is seeded per process: anything that printed in a `Set`'s or `Dictionary`'s
/// order would differ between them and never within one.
@Suite(.serialized) struct DeterminismPropertyTests {
    @Test func sameInputSameState() async {
        let scenes = ["tabs", "sheet", "indicator", "switcher", "stretchy"]
        await propertyCheck(count: 15, input: Gen.int(in: 0...Int.max)) { seed in
            var script = DebuggerPropertyTests.Script(
                seed: seed, scene: scenes[abs(seed % scenes.count)])
            let commands = script.commands(5 + script.int(30)) + ["why", "tree", "state --json"]
            let input = commands.joined(separator: "\n") + "\n"
            do {
                // Every fact structured (`--json`), then the same as text.
                for flags in [["--json"], []] {
                    let a = try Harness.run([script.scene] + flags, stdin: input)
                    let b = try Harness.run([script.scene] + flags, stdin: input)
                    #expect(a.status == 0 || a.status == 1, "\(a.err.suffix(300))")
                    #expect(!a.out.isEmpty)
                    #expect(a.out == b.out, "\(script.scene) seed \(seed) \(flags): \(commands)")
                    #expect(a.err == b.err, "\(script.scene) seed \(seed) \(flags)")
                    #expect(a.status == b.status)
                }
            } catch {
                Issue.record("\(error)")
            }
        }
    }
}
