import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// A command's expected lines are taken at once when they follow it as its output byte for byte
/// (`feed(bytes:following:)`, what `replay`, `test` and `TraceRunner.run` do): every verdict,
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
        TraceRunner.forEachLine(in: text[...]) { runner.feed($0) }
        if text.hasSuffix("\n") { runner.lineNumber -= 1 }
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
            #expect(atOnce.lineNumber == oneByOne.lineNumber)
        }
    }
}
