import HandoffTestSupport
import Testing

@testable import HandoffScript

/// A trace held in memory is split into lines as a file is read (`replay` and `test` stream
/// files, `replay` and `replay --step` in a session read text): the same lines, so the same
/// verdicts.
struct TraceLineTests {
    /// The lines `forEach` gives for `text`, each with the bytes that follow it.
    static func lines(_ text: String) -> [(line: String, following: Int)] {
        var text = text
        var out: [(String, Int)] = []
        text.withUTF8 { all in
            TraceLine.forEach(in: all) { line in
                out.append((String(decoding: line.bytes!, as: UTF8.self), line.following.count))
                return 0
            }
        }
        return out
    }

    @Test func linesAreSplitAtNewlinesAsAFileIsRead() {
        // "a\n" is 2 bytes, "b\r\n" 3: what follows each line is the whole lines after it.
        #expect(Self.lines("a\nb\r\nc").map(\.line) == ["a", "b\r", "c"])
        #expect(Self.lines("a\nb\r\nc").map(\.following) == [3, 0, 0])
        // No line after a final "\n"; the empty text is one empty line.
        #expect(Self.lines("a\n\n").map(\.line) == ["a", ""])
        #expect(Self.lines("").map(\.line) == [""])
    }

    /// `replay --step` in the shell reads the trace as `replay` does: a trace with CRLF line
    /// ends steps through, and the line a trace without a scene ends on is its last line.
    @Test func steppingReadsLinesAsReplayDoes() {
        let trace = "# handoff trace v1\r\n# scene: tabs\r\n> set slop 10\r\nset       slop 10\r\n"
        var runner = TraceRunner(file: "s.trace", files: MemoryFiles())
        nonisolated(unsafe) var paused: [Int] = []
        runner.beforeCommand = { _, line, _ in
            paused.append(line)
            return true
        }
        runner.read(text: trace)
        #expect(runner.finish() == .passed(commands: 1))
        #expect(paused == [3])
        var noScene = TraceRunner(file: "s.trace", files: MemoryFiles())
        noScene.beforeCommand = { _, _, _ in true }
        noScene.read(text: "# handoff trace v1\n# a note\n")
        #expect(noScene.finish() == .corrupt("s.trace:2: error: no '# scene:' line"))
    }
}
