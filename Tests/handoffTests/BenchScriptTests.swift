import Foundation
import HandoffCore
import Testing

@testable import HandoffScript

/// `handoff-bench mix SCENE` and `handoff-bench fling` print the scripts `.ci/instructions`
/// measures (issue 28): the generator's lines, one a line; and the binary runs them as a user's
/// script, failing exactly on the error lines.
struct BenchScriptTests {
    /// Runs the `handoff-bench` built beside `handoff`.
    static func bench(_ args: [String]) throws -> Harness.Result {
        let path = Harness.binary.deletingLastPathComponent().appendingPathComponent(
            "handoff-bench")
        return try Harness.run(args) { $0.executableURL = path }
    }

    @Test func mixPrintsTheGeneratorsLines() throws {
        let r = try Self.bench(["mix", "sheet", "--count", "40", "--seed", "5"])
        #expect(r.status == 0, "\(r.err)")
        let lines = SessionMix.lines(scene: BuiltinScenes.sheet, seed: 5, count: 40)
        #expect(r.out == lines.map { $0.text + "\n" }.joined())
        let fling = try Self.bench(["fling", "--count", "7"])
        #expect(fling.out == SessionMix.flingHeavy(count: 7).map { $0 + "\n" }.joined())
        // The default is 3,000 lines of seed 28.
        let all = try Self.bench(["mix", "indicator"])
        #expect(all.lines.count == 3001)
        #expect(
            all.lines.prefix(3)
                == SessionMix.lines(scene: BuiltinScenes.indicator, count: 3).map(\.text)[...])
    }

    @Test func badArgumentsAreAUsageError() throws {
        for args in [
            ["mix"], ["mix", "nope"], ["mix", "tabs", "--count"], ["fling", "--seed", "x"],
        ] {
            let r = try Self.bench(args)
            #expect(r.status == 2, "\(args)")
            #expect(r.out.isEmpty)
            #expect(r.err.hasPrefix("usage: handoff-bench mix SCENE"))
        }
    }

    /// The scene's own binary reports an error for exactly the lines meant as errors.
    @Test func theBinaryFailsExactlyOnTheErrorLines() throws {
        let lines = SessionMix.lines(scene: BuiltinScenes.stretchy, seed: 11, count: 300)
        let file = try Harness.temporaryDirectory().appendingPathComponent("mix.txt")
        try lines.map { $0.text + "\n" }.joined().write(to: file, atomically: true, encoding: .utf8)
        let r = try Harness.run(["stretchy", "--script", file.path])
        #expect(r.status == 1)
        let failed = r.err.split(separator: "\n").compactMap { line -> Int? in
            guard line.hasPrefix(file.path + ":") else { return nil }
            return Int(line.dropFirst(file.path.count + 1).prefix { $0 != ":" })
        }
        let expected = lines.indices.filter { lines[$0].kind == .error }.map { $0 + 1 }
        #expect(failed == expected)
    }
}
