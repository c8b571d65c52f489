import Testing

@testable import HandoffScript

/// The trace reader's decisions, one line at a time (SPEC §7): what each line of a trace is,
/// given where the reading is, with no session and no scene.
struct TraceReaderTests {
    var reader = TraceReader(file: "t.trace")

    /// Reads `line` (its trailing blanks removed, as the runner gives it).
    mutating func read(_ line: String) -> TraceReader.Action {
        let untrimmed = Array(line.utf8)
        var n = untrimmed.count
        while n > 0, [0x20, 0x09, 0x0D].contains(untrimmed[n - 1]) { n -= 1 }
        let trimmed = Array(untrimmed[..<n])
        return trimmed.withUnsafeBufferPointer { t in
            untrimmed.withUnsafeBufferPointer { reader.lineRead(t, untrimmed: $0) }
        }
    }

    @Test mutating func aTraceReadsAsHeadThenCommandsAndTheirLines() {
        #expect(read("# handoff trace v1") == .keep)
        #expect(read("# a note") == .headComment)
        #expect(read("") == .ignore)
        #expect(read("# scene: tabs") == .headComment)
        reader.sceneLoaded()
        #expect(read("# after the scene") == .keep)
        #expect(read("   ") == .ignore)
        #expect(read("> pan 0 -250") == .command(finishing: false))
        reader.commandStarted()
        #expect(read("owner  outer") == .expected)
        #expect(read("") == .expected)
        #expect(read("# among the output") == .comment)
        #expect(read(">") == .expected)
        #expect(read("> end  ") == .command(finishing: true))
        reader.commandStarted()
        #expect(read("phase  idle") == .expected)
        reader.linesTaken(3)
        #expect(reader.lineNumber == 16)
        #expect(reader.ended() == .read(finishing: true))
    }

    @Test mutating func theFirstLineMustBeTheMagicLine() {
        #expect(read("# handoff trace v2") == .corrupted)
        #expect(read("# handoff trace v1") == .ignore)
        #expect(
            reader.ended()
                == .corrupt(
                    "t.trace:1: error: not a handoff trace: the first line must be '# handoff trace v1'",
                    finishing: false))
    }

    @Test mutating func anEmptyTraceAndOneWithoutAScene() {
        #expect(
            reader.ended() == .corrupt("t.trace:1: error: the trace is empty", finishing: false))
        #expect(read("# handoff trace v1") == .keep)
        #expect(read("# no scene here") == .headComment)
        #expect(
            reader.ended() == .corrupt("t.trace:2: error: no '# scene:' line", finishing: false))
    }

    @Test mutating func aCommandOrOutputBeforeTheSceneIsCorrupt() {
        _ = read("# handoff trace v1")
        #expect(read("> pan 0 1") == .corrupted)
        #expect(
            reader.ended()
                == .corrupt(
                    "t.trace:2: error: no '# scene:' line before the first command",
                    finishing: false))
        var other = TraceReaderTests()
        _ = other.read("# handoff trace v1")
        _ = other.read("# scene: tabs")
        other.reader.sceneLoaded()
        #expect(other.read("owner  none") == .corrupted)
        #expect(
            other.reader.ended()
                == .corrupt("t.trace:3: error: output before the first command", finishing: false))
    }

    /// What the runner reports back: a scene or command that fails makes the trace corrupt at
    /// its line; a line that is not UTF-8 after a command leaves that command to compare.
    @Test mutating func failuresTheRunnerReports() {
        _ = read("# handoff trace v1")
        _ = read("# scene: nosuch")
        reader.failed(.message("no scene 'nosuch'"))
        #expect(read("> pan 0 1") == .ignore)
        #expect(reader.ended() == .corrupt("t.trace:2: error: no scene 'nosuch'", finishing: false))
        var other = TraceReaderTests()
        _ = other.read("# handoff trace v1")
        _ = other.read("# scene: tabs")
        other.reader.sceneLoaded()
        _ = other.read("> step")
        other.reader.commandStarted()
        #expect(other.reader.invalidLineRead() == .corrupted)
        #expect(other.reader.invalidLineRead() == .ignore)
        #expect(
            other.reader.ended()
                == .corrupt("t.trace:4: error: the line is not UTF-8 text", finishing: true))
    }

    /// Stopped at a `--step` pause: the commands after are counted (a `> ` line, trailing blanks
    /// or not), nothing else.
    @Test mutating func aStoppedReplayCountsTheCommandsLeft() {
        _ = read("# handoff trace v1")
        _ = read("# scene: tabs")
        reader.sceneLoaded()
        #expect(read("> pan 0 1") == .command(finishing: false))
        reader.stopped()
        #expect(read("owner  outer") == .ignore)
        #expect(read("> end") == .skipped)
        #expect(read(">  ") == .skipped)
        #expect(reader.invalidLineRead() == .ignore)
        #expect(reader.ended() == .stopped(skipped: 3))
    }
}
