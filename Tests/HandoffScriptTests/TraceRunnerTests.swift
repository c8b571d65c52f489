import Foundation
import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// A command's expected lines are taken at once when they follow it as its output byte for byte
/// (`read(_:)` given the lines that follow, what `replay`, `test` and `TraceRunner.run` do): every verdict,
/// diff and rewrite must be what reading the same trace line by line gives.
struct TraceRunnerTests {
    /// A recorded trace of the benchmark's kind of commands, plus inspections and an error.
    static let trace: String = {
        let files = MemoryFiles()
        var s = Session(scene: BuiltinScenes.named("tabs")!, ref: "tabs", files: files)
        _ = s.run("record t.trace")
        for line in [
            "pan 0 -150", "move 0 -100", "move 0 60", "end 0 -900", "wait 50ms", "touch 195 500",
            "end", "tab next", "settle", "tab prev", "settle", "step", "state", "tree", "show",
            "why", "history", "pan 0 nope",
        ] {
            _ = s.run(line)
        }
        _ = s.run("record stop")
        return files.files["t.trace"]!
    }()

    /// Damaged copies: a line changed, dropped or added, blank lines, trailing blanks, CRLF,
    /// comments among the expected lines, a command among them, the end cut short.
    static let damaged: [String] = {
        let lines = trace.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func edit(_ change: (Int, String) -> [String]) -> String {
            lines.enumerated().flatMap { change($0.offset, $0.element) }.joined(separator: "\n")
        }
        return [
            trace,
            edit { k, l in [k == 7 ? l + "x" : l] },
            edit { k, l in k % 9 == 5 ? [] : [l] },
            edit { k, l in k % 11 == 4 ? [l, "extra"] : [l] },
            edit { k, l in k % 7 == 3 ? [l, ""] : [l] },
            edit { k, l in [k % 5 == 0 ? l + "  " : l] },
            edit { k, l in [l + "\r"] },
            edit { k, l in [k % 6 == 2 ? l + "\t" : l] },
            edit { k, l in k % 8 == 6 ? [l, "# a comment"] : [l] },
            edit { k, l in k == 12 ? [l, "> wait 10ms"] : [l] },
            trace + "\n\n",
            String(trace.dropLast(4)),
        ]
    }()

    /// `trace` fed one line at a time, as before expected lines could be taken at once.
    static func lineByLine(_ text: String, update: Bool = false) -> TraceRunner {
        var runner = TraceRunner(file: "t.trace", files: MemoryFiles(), update: update)
        // Every piece between "\n"s, the empty one after a final "\n" too (which must change
        // nothing but the count of lines), without the lines that follow: nothing is taken at once.
        for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        {
            _ = Array(line).withUnsafeBufferPointer { runner.read(TraceLine($0)) }
        }
        return runner
    }

    @Test func theRecordedTracePasses() {
        var runner = TraceRunner.run(file: "t.trace", text: Self.trace, files: MemoryFiles())
        #expect(runner.finish() == .passed(commands: 17))
    }

    @Test(arguments: damaged.indices)
    func takenAtOnceAsLineByLine(_ k: Int) {
        let text = Self.damaged[k]
        for update in [false, true] {
            var atOnce = TraceRunner.run(
                file: "t.trace", text: text, files: MemoryFiles(), update: update)
            var oneByOne = Self.lineByLine(text, update: update)
            #expect(atOnce.finish() == oneByOne.finish())
            #expect(atOnce.diff == oneByOne.diff)
            #expect(atOnce.updated == oneByOne.updated)
            #expect(atOnce.lineNumber == oneByOne.lineNumber - (text.hasSuffix("\n") ? 1 : 0))
        }
    }
}

/// A replay's diff is a unified diff as `diff -u` prints it: only lines that differ, with three
/// lines of context, and a hunk of its own for each group of changes (the hunks below are the
/// ones `diff -u` prints for the same two files of twelve lines).
struct UnifiedDiffTests {
    @Test func twoDistantChangesMakeTwoHunksWithContext() {
        let expected = (0..<12).map { "l\($0)" }
        var actual = expected
        actual[1] = "X1"
        actual[10] = "X10"
        // The command is on line 10, so its expected lines are lines 11 to 22.
        let hunk = TraceDiff.hunk(
            command: "pan 0 -250", line: 10, shift: 0, expected: expected, actual: actual)
        #expect(
            hunk.map(\.text) == [
                "@@ -11,5 +11,5 @@ > pan 0 -250", " l0", "-l1", "+X1", " l2", " l3", " l4",
                "@@ -18,5 +18,5 @@ > pan 0 -250", " l7", " l8", " l9", "-l10", "+X10", " l11",
            ])
    }

    @Test func unchangedLinesBetweenTwoChangesAreContextOnly() {
        let expected = ["a", "b 1", "c", "d", "e 2", "f"]
        let actual = ["a", "b 9", "c", "d", "e 8", "f"]
        #expect(
            TraceDiff.hunk(
                command: "end", line: 4, shift: 2, expected: expected, actual: actual
            ).map(\.text) == [
                "@@ -5,6 +7,6 @@ > end", " a", "-b 1", "+b 9", " c", " d", "-e 2", "+e 8", " f",
            ])
    }

    @Test func oneLineAndEmptyRangesAreSpelledAsDiffSpellsThem() {
        // `diff -u` of an empty file and a one-line file: `@@ -0,0 +1 @@`.
        #expect(
            TraceDiff.hunk(command: "step", line: 3, shift: 0, expected: [], actual: ["x"])
                .map(\.text) == ["@@ -3,0 +4 @@ > step", "+x"])
        #expect(
            TraceDiff.hunk(command: "step", line: 3, shift: 0, expected: ["x"], actual: ["y"])
                .map(\.text) == ["@@ -4 +4 @@ > step", "-x", "+y"])
    }

    /// A trace whose pan printed one number differently: the diff names that number's lines,
    /// never the unchanged `handoff`, `outer.offset` or `phase` lines after it.
    @Test func aReplayAfterOneNumberChangedShowsOnlyThatLine() {
        let files = MemoryFiles()
        var s = Session(scene: BuiltinScenes.named("tabs")!, ref: "tabs", files: files)
        _ = s.run("record t.trace")
        _ = s.run("pan 0 -250")
        _ = s.run("record stop")
        let good = files.files["t.trace"]!
        let bad = good.replacingOccurrences(
            of: "move      d 250 = outer 200 pre + upcoming 50 self + unconsumed 0",
            with: "move      d 250 = outer 200 pre + upcoming 51 self + unconsumed 0")
        #expect(bad != good)
        var runner = TraceRunner.run(file: "t.trace", text: bad, files: files)
        #expect(runner.finish() == .failed(commands: 1, differing: 1))
        let changed = runner.diff.filter { $0.hasPrefix("-") || $0.hasPrefix("+") }
        #expect(
            changed == [
                "--- t.trace (expected)", "+++ t.trace (actual)",
                "-move      d 250 = outer 200 pre + upcoming 51 self + unconsumed 0",
                "+move      d 250 = outer 200 pre + upcoming 50 self + unconsumed 0",
            ])
    }
}
