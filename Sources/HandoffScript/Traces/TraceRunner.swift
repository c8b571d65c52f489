import HandoffCore

/// Re-runs a trace line by line (streaming: memory stays flat however long the trace is) and
/// compares each command's output with what the trace expects.
package struct TraceRunner {
    /// How a trace ended.
    package enum Outcome: Equatable, Sendable {
        case passed(commands: Int)
        case failed(commands: Int, differing: Int)
        /// Every command printed what the trace expects, but some of them failed (a failed
        /// `expect` or an error kept as expected output): a trace that pins a failure does not
        /// pass, whatever its golden text says.
        case failing(commands: Int, failed: Int, first: [FailedCommand])

        /// The trace itself is unusable: `FILE:LINE: error: …`.
        case corrupt(String)
        /// `replay --step` was stopped (`quit`, end of input) after `verified` of `of` commands:
        /// the rest was not verified, so the replay does not pass.
        case stopped(verified: Int, of: Int, differing: Int)
    }

    /// A command of the trace that failed (its line and text).
    package struct FailedCommand: Equatable, Sendable {
        package var line: Int
        package var command: String
    }

    package let file: String
    let files: any FileAccess
    package let update: Bool
    /// The session, in a box: used in place (an optional session is copied and destroyed around
    /// each use). Set by the `# scene:` line.
    private var box: SessionBox?
    var lineNumber = 0
    /// A command ran and its expected lines are being read: its text, its line and its result.
    var running = false
    var command = ""
    var commandLine = 0
    var result = RunResult()
    /// Its expected lines read so far, and how many of them up to the last that is not blank
    /// (trailing blank lines are ignored).
    var expectedRead = 0
    var expectedCount = 0
    /// Where the next line of `result.text` starts: each expected line is compared in place with
    /// the line the command printed, as it is read. Once one is not the same byte for byte,
    /// `copying` is set and the expected lines are copied, one after the other, into
    /// `expectedBytes` (each ends at its entry of `expectedEnds`) to be compared line by line
    /// when the command is done; with `update`, the comments among them go to `comments`.
    /// Buffers reused from one command to the next.
    var textAt = 0
    var copying = false
    var expectedBytes: [UInt8] = []
    var expectedEnds: [Int] = []
    var comments: [String] = []
    var corrupt: String?
    var commands = 0
    var differing = 0
    /// Commands that failed although their output matched: line and text (the first few).
    var failing: [FailedCommand] = []
    var failingCount = 0
    var lineShift = 0
    var stopped = false
    /// Stopped at a `replay --step` pause; `skipped` counts the commands never run.
    var stoppedAtPause = false
    var skipped = 0
    /// Unified-diff lines, capped; `hunksLeftOut` counts the rest.
    package private(set) var diff: [String] = []
    package private(set) var hunksLeftOut = 0
    static let maxDiffLines = 2_000
    /// The rewritten trace, with `update`.
    package private(set) var updated = ""
    /// With `update`: the commands that failed (a failed `expect`, an error), so the rewritten
    /// trace pins a failure and will not pass; their count and the first few.
    package private(set) var failedInUpdate = 0
    package private(set) var firstFailedInUpdate: [FailedCommand] = []
    /// Called before each command with its text, its line and the replay's session (for
    /// inspection at a `--step` pause); returning false stops the replay.
    package var beforeCommand: ((String, Int, inout Session) -> Bool)?
    /// Called after each command with its output and, when it differs from the trace, the
    /// unified-diff hunk of that command (nil when it matched).
    package var afterCommand: (([String], [OutputLine]?) -> Void)?

    package init(file: String, files: any FileAccess, update: Bool = false) {
        self.file = file
        self.files = files
        self.update = update
    }

    package mutating func feed(_ raw: Substring) {
        var raw = raw
        raw.withUTF8 { feed(bytes: $0) }
    }

    /// One line of the trace as UTF-8 bytes (valid UTF-8, without its "\n"): the expected lines
    /// are copied into one reused buffer, so reading a trace allocates nothing per line.
    package mutating func feed(bytes raw: UnsafeBufferPointer<UInt8>) {
        lineNumber += 1
        if stoppedAtPause, raw.count >= 2, raw[0] == UInt8(ascii: ">"), raw[1] == UInt8(ascii: " ")
        {
            skipped += 1
        }
        guard corrupt == nil, !stopped else { return }
        // Trailing blanks are ignored.
        var n = raw.count
        while n > 0, raw[n - 1] == 0x20 || raw[n - 1] == 0x09 || raw[n - 1] == 0x0D { n -= 1 }
        let line = UnsafeBufferPointer(rebasing: raw[..<n])
        if lineNumber == 1 {
            guard line.elementsEqual(Trace.magic.utf8) else {
                return fail("not a handoff trace: the first line must be '\(Trace.magic)'")
            }
            keep(Trace.magic)
            return
        }
        let first = line.first
        if first == UInt8(ascii: ">"), n >= 2, line[1] == UInt8(ascii: " ") {
            done()
            guard let box else { return fail("no '# scene:' line before the first command") }
            if update { keep(String(decoding: line, as: UTF8.self)) }
            // After "> " comes the command; an ASCII byte there starts a new character, else
            // the characters decide (a combining mark would join the space). A command read
            // before is found by its bytes: no `String` made, no command copied.
            let ascii = n == 2 || line[2] < 0x80
            let command = UnsafeBufferPointer(rebasing: line[2...])
            if ascii, let entry = box.session.parsedLine(bytes: command) {
                // Borrowed from the entry, which the cache keeps alive: the command is not copied.
                return withExtendedLifetime(entry) { start(entry.line, entry.parsed, box) }
            }
            let text =
                ascii
                ? String(decoding: command, as: UTF8.self)
                : String(String(decoding: line, as: UTF8.self).dropFirst(2))
            let parsed: ParsedCommand
            do {
                guard let p = try box.session.parseWithSource(text) else {
                    return fail("empty command")
                }
                parsed = p
            } catch {
                return fail("column \(error.column + 2): \(error.message)")
            }
            start(text, parsed, box)
        } else if first == UInt8(ascii: "#") {
            let line = Substring(String(decoding: line, as: UTF8.self))
            if box == nil, line.hasPrefix("# scene:") {
                let ref = line.dropFirst("# scene:".count).trimmingCharacters()
                let base = Paths.directory(of: file)
                do {
                    let scene = try Session.loadScene(ref, files: files, base: base)
                    var s = Session(scene: scene, ref: ref, files: files)
                    s.baseDirectory = base
                    s.verifying = true
                    // The text comes back as bytes (see `start`), unless `beforeCommand` may run
                    // commands of its own in the session.
                    s.textInBuffer = beforeCommand == nil
                    box = SessionBox(s)
                } catch {
                    return fail(error.message)
                }
            }
            if !running {
                keep(String(line))
            } else if update {
                comments.append(String(line))
            }
        } else if running {
            expect(line)
        } else if n > 0 {
            fail("output before the first command")
        }
    }

    /// `feed(bytes:)`, given also the whole lines that follow it (each ending in "\n"): right
    /// after a command, its expected lines are taken from them at once when they are its output
    /// byte for byte, as the line-by-line comparison would find them. Returns how many bytes of
    /// `following` were taken (the caller goes on after them).
    package mutating func feed(
        bytes raw: UnsafeBufferPointer<UInt8>, following: UnsafeBufferPointer<UInt8>
    ) -> Int {
        feed(bytes: raw)
        // Only the line just fed was the command (a line ignored after it, being corrupt, was not).
        guard running, commandLine == lineNumber, expectedRead == 0 else { return 0 }
        return takeExpected(following)
    }

    /// The command's output, if `following` begins with it: no line of it may read as anything
    /// but an expected line (`#`, `> `) or lose trailing blanks to the trimming (those go line by
    /// line, as does output that differs).
    private mutating func takeExpected(_ following: UnsafeBufferPointer<UInt8>) -> Int {
        let lines = result.text.count
        guard lines > 0, let base = following.baseAddress else { return 0 }
        let (size, count) = result.text.withBytes { all -> (Int, Int) in
            let size = all.count
            guard size <= following.count, Bytes.equal(all.baseAddress!, base, size) else {
                return (0, 0)
            }
            var count = 0
            var from = 0
            for k in 0..<lines {
                let end = result.text.end(ofLine: k)
                if end - from > 1 {
                    let first = all[from]
                    let last = all[end - 2]
                    if first == UInt8(ascii: "#")
                        || (first == UInt8(ascii: ">") && all[from + 1] == UInt8(ascii: " "))
                        || last == 0x20 || last == 0x09 || last == 0x0D
                    {
                        return (0, 0)
                    }
                    count = k + 1
                }
                from = end
            }
            return (size, count)
        }
        guard size > 0 else { return 0 }
        lineNumber += lines
        expectedRead = lines
        expectedCount = count
        textAt = size
        return size
    }

    /// Runs the last command and reports.
    package mutating func finish() -> Outcome {
        done()
        if let corrupt { return .corrupt(corrupt) }
        if lineNumber == 0 { return .corrupt("\(file):1: error: the trace is empty") }
        if box == nil { return .corrupt("\(file):\(lineNumber): error: no '# scene:' line") }
        if stoppedAtPause {
            return .stopped(verified: commands, of: commands + skipped, differing: differing)
        }
        if differing > 0 { return .failed(commands: commands, differing: differing) }
        if failingCount > 0 {
            return .failing(commands: commands, failed: failingCount, first: failing)
        }
        return .passed(commands: commands)
    }

    private mutating func fail(_ message: String) {
        corrupt = "\(file):\(lineNumber): error: \(message)"
    }

    private mutating func keep(_ line: String) {
        if update { updated += line + "\n" }
    }

    /// Runs a command as soon as it is read (after the `beforeCommand` pause): its expected
    /// lines are then compared with its output as they come.
    private mutating func start(_ text: String, _ parsed: ParsedCommand, _ box: SessionBox) {
        if let before = beforeCommand, !before(text, lineNumber, &box.session) {
            stopped = true
            stoppedAtPause = true
            skipped += 1
            return
        }
        commands += 1
        // In place: no copy of the session per command, and the line is not parsed again.
        // The text comes back as bytes, compared in place (`beforeCommand` sees lines).
        if beforeCommand != nil { box.session.textInBuffer = true }
        result = box.session.run(parsed, line: text)
        if beforeCommand != nil { box.session.textInBuffer = false }
        running = true
        command = text
        commandLine = lineNumber
        expectedRead = 0
        expectedCount = 0
        textAt = 0
        copying = false
    }

    /// An expected line of the command that ran (trailing blanks removed): compared in place
    /// with the next line the command printed while they are the same byte for byte, copied
    /// from the first that is not.
    private mutating func expect(_ line: UnsafeBufferPointer<UInt8>) {
        let k = expectedRead
        expectedRead = k + 1
        if !line.isEmpty { expectedCount = k + 1 }
        if !copying {
            let at = textAt
            let n = line.count
            let same = result.text.withBytes { all in
                guard at + n < all.count, all[at + n] == UInt8(ascii: "\n") else { return false }
                return n == 0 || Bytes.equal(all.baseAddress! + at, line.baseAddress!, n)
            }
            if same {
                textAt = at + n + 1
                return
            }
            // The lines before this one are the command's own, byte for byte.
            copying = true
            expectedBytes.removeAll(keepingCapacity: true)
            expectedEnds.removeAll(keepingCapacity: true)
            for j in 0..<k {
                result.text.withLine(j) { expectedBytes.append(contentsOf: $0) }
                expectedEnds.append(expectedBytes.count)
            }
        }
        expectedBytes.append(contentsOf: line)
        expectedEnds.append(expectedBytes.count)
    }

    /// Compares the output of the command that ran with its expected lines, and reports.
    private mutating func done() {
        guard running else { return }
        running = false
        // Given up at the end, so the session's text buffer is not shared when the next command
        // writes it.
        defer { result.text = TextOutput() }
        let expectedCount = expectedCount
        // A refused command (`record`, `replay`, `quit` in a trace) differs whatever was expected.
        var matched =
            !result.refused && result.text.count + result.lines.count == expectedCount
        if matched, copying {
            matched = expectedBytes.withUnsafeBufferPointer { all in
                var from = 0
                for k in 0..<expectedCount {
                    let end = expectedEnds[k]
                    let expected = UnsafeBufferPointer(rebasing: all[from..<end])
                    let same =
                        k < result.text.count
                        ? result.text.withLine(k) { Self.same($0, expected) }
                        : Self.same(result.lines[k - result.text.count].text, expected)
                    guard same else { return false }
                    from = end
                }
                return true
            }
        }
        if update, result.failed {
            failedInUpdate += 1
            if firstFailedInUpdate.count < 5 {
                firstFailedInUpdate.append(FailedCommand(line: commandLine, command: command))
            }
        }
        if matched, result.failed {
            failingCount += 1
            if failing.count < 5 {
                failing.append(FailedCommand(line: commandLine, command: command))
            }
        }
        // The output as lines of text is built only when something needs it.
        guard update || !matched || afterCommand != nil else { return }
        var actual: [String] = []
        actual.reserveCapacity(result.text.count + result.lines.count)
        for line in (0..<result.text.count).map(result.text.text) + result.lines.map(\.text) {
            var t = line
            while t.last == " " { t.removeLast() }
            actual.append(t)
        }
        if update { for l in actual { keep(l) } }
        for c in comments { keep(c) }
        if !comments.isEmpty { comments.removeAll(keepingCapacity: true) }
        if !matched {
            differing += 1
            // Until a line differed, the expected lines were the command's own (as the trace
            // holds them: without trailing spaces).
            let expected =
                copying
                ? expectedLines(expectedCount) : Array(actual.prefix(expectedCount))
            let (command, line) = (command, commandLine)
            let hunk = Self.hunk(
                command: command, line: line, shift: lineShift, expected: expected,
                actual: actual)
            afterCommand?(actual, hunk)
            addHunk(hunk, shift: actual.count - expected.count) { [lineShift] limit in
                Self.hunk(
                    command: command, line: line, shift: lineShift, expected: expected,
                    actual: actual, limit: limit)
            }
        } else {
            afterCommand?(actual, nil)
        }
    }

    /// The first `count` expected lines, as text (for a diff).
    private func expectedLines(_ count: Int) -> [String] {
        expectedBytes.withUnsafeBufferPointer { all in
            (0..<count).map { k in
                let from = k == 0 ? 0 : expectedEnds[k - 1]
                return String(
                    decoding: UnsafeBufferPointer(rebasing: all[from..<expectedEnds[k]]),
                    as: UTF8.self)
            }
        }
    }

    /// Whether an output line, without its trailing spaces, is the expected line: compared as
    /// bytes (the common case), else as strings, as `==` compares them.
    static func same(_ actual: String, _ expected: UnsafeBufferPointer<UInt8>) -> Bool {
        let bytesEqual = actual.utf8.withContiguousStorageIfAvailable { sameBytes($0, expected) }
        if bytesEqual == true { return true }
        var t = actual
        while t.last == " " { t.removeLast() }
        return t == String(decoding: expected, as: UTF8.self)
    }

    /// `same` for an output line given as bytes.
    static func same(_ actual: UnsafeBufferPointer<UInt8>, _ expected: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        sameBytes(actual, expected)
            || same(String(decoding: actual, as: UTF8.self), expected)
    }

    /// Whether `a` without its trailing spaces is `expected`, byte for byte.
    private static func sameBytes(
        _ a: UnsafeBufferPointer<UInt8>, _ expected: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        var n = a.count
        while n > 0, a[n - 1] == UInt8(ascii: " ") { n -= 1 }
        guard n == expected.count else { return false }
        guard n > 0 else { return true }
        return Bytes.equal(a.baseAddress!, expected.baseAddress!, n)
    }

    /// Adds a hunk to the capped diff; `remake(limit)` gives the same hunk with at most `limit`
    /// lines when it does not fit.
    private mutating func addHunk(
        _ hunk: [OutputLine], shift: Int, remake: (Int) -> [OutputLine]
    ) {
        defer { lineShift += shift }
        guard diff.count < Self.maxDiffLines else {
            hunksLeftOut += 1
            return
        }
        if diff.isEmpty { diff += ["--- \(file) (expected)", "+++ \(file) (actual)"] }
        let room = Self.maxDiffLines - diff.count
        diff += (hunk.count <= room ? hunk : remake(max(0, room - 2))).map(\.text)
    }

    /// The unified diff of one command whose output differs, as `diff -u` prints it: a hunk
    /// per group of differing lines with up to three unchanged lines around it, each headed
    /// `@@ -L,N +L,N @@ > command`, common lines with a space, expected with `-`, actual with
    /// `+`. A command that differs only in being refused gets one hunk of its unchanged lines.
    package static func hunk(
        command: String, line: Int, shift: Int, expected: [String], actual: [String],
        limit: Int = maxDiffLines
    ) -> [OutputLine] {
        var diff: [OutputLine] = []
        var hunks = UnifiedDiff(old: expected, new: actual).hunks
        if hunks.isEmpty {
            hunks = [
                UnifiedDiff.Hunk(
                    oldStart: 0, oldCount: expected.count, newStart: 0, newCount: actual.count,
                    lines: expected.map(UnifiedDiff.Line.common))
            ]
        }
        // The cap holds inside one command too: a command with a million differing lines gives
        // a capped hunk and a count of what was left out.
        var lines = 0
        // Each line carries its role: an expected line that is missing is an error.
        func add(_ text: @autoclosure () -> String, _ role: LineRole = .plain) {
            lines += 1
            if lines <= limit { diff.append(OutputLine(text(), role: role)) }
        }
        for h in hunks {
            let ranges = h.ranges(oldBase: line, newBase: line + shift)
            diff.append(OutputLine("@@ \(ranges) @@ > \(Escape.visible(command))"))
            // Expected lines come from the file: escaped, so a trace cannot send escape codes.
            for l in h.lines {
                switch l {
                case .common(let t): add(" " + Escape.visible(t))
                case .removed(let t): add("-" + Escape.visible(t), .error)
                case .added(let t): add("+" + t)
                }
            }
        }
        if lines > limit {
            diff.append(OutputLine("… \(lines - limit) more lines of this command's diff"))
        }
        return diff
    }

    /// A line that is not UTF-8 text: the trace is corrupt there (`test` and `replay` agree).
    package mutating func feedInvalidLine() {
        lineNumber += 1
        guard corrupt == nil, !stopped else { return }
        fail("the line is not UTF-8 text")
    }

    /// Runs a whole trace held in memory.
    package static func run(file: String, text: String, files: any FileAccess, update: Bool = false)
        -> TraceRunner
    {
        var runner = TraceRunner(file: file, files: files, update: update)
        var text = text
        text.withUTF8 { all in
            // Split at "\n" as `forEachLine` does; the whole lines after each are its `following`.
            let whole = (all.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
            var from = 0
            while let newline = all[from...].firstIndex(of: UInt8(ascii: "\n")) {
                from =
                    newline + 1
                    + runner.feed(
                        bytes: UnsafeBufferPointer(rebasing: all[from..<newline]),
                        following: UnsafeBufferPointer(rebasing: all[(newline + 1)..<whole]))
            }
            runner.feed(bytes: UnsafeBufferPointer(rebasing: all[from...]))
        }
        if text.hasSuffix("\n") { runner.lineNumber -= 1 }
        return runner
    }

    /// Calls `body` with each line of `text` (split at "\n", scanning bytes: no per-chunk array).
    package static func forEachLine(in text: Substring, _ body: (Substring) -> Void) {
        let bytes = text.utf8
        // Over the contiguous bytes (a native string always is): a plain loop finds each "\n".
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            var start = bytes.startIndex
            var from = 0
            while let newline = buffer[from...].firstIndex(of: UInt8(ascii: "\n")) {
                let end = bytes.index(start, offsetBy: newline - from)
                body(Substring(bytes[start..<end]))
                start = bytes.index(after: end)
                from = newline + 1
            }
            body(Substring(bytes[start...]))
        }
        guard done == nil else { return }
        var start = bytes.startIndex
        while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            body(Substring(bytes[start..<newline]))
            start = bytes.index(after: newline)
        }
        body(Substring(bytes[start...]))
    }

    /// The warning of `replay --update` and `test --update` when the rewritten trace pins a
    /// failure (it says so rather than `updated` alone: the next replay fails), or nil.
    package var updateWarning: String? {
        guard failedInUpdate > 0 else { return nil }
        let places = firstFailedInUpdate.map {
            "line \($0.line) '\(Escape.visible($0.command))'"
        }
        let more = failedInUpdate > firstFailedInUpdate.count ? ", …" : ""
        return
            "warning: \(Escape.visible(file)): \(Plural.count(failedInUpdate, "command")) failed ("
            + places.joined(separator: ", ") + more
            + "): the updated trace pins a failed expect or an error and will not pass"
    }

    /// One line per file, as `handoff test` prints it.
    package static func summary(file: String, outcome: Outcome, diffLeftOut: Int = 0) -> String {
        let file = Escape.visible(file)
        switch outcome {
        case .passed(let n): return "PASS \(file) (\(Plural.count(n, "command")))"
        case .failed(let n, let d): return "FAIL \(file): \(d) of \(n) commands differ"
        case .failing(let n, let failed, let first):
            let places = first.map { "line \($0.line) '\(Escape.visible($0.command))'" }
            let more = failed > first.count ? ", …" : ""
            return "FAIL \(file): \(failed) of \(n) commands failed, as the trace expects ("
                + places.joined(separator: ", ") + more
                + "): a trace may not pin a failed expect or an error"
        case .corrupt(let message): return "CORRUPT \(Escape.visible(message))"
        case .stopped(let n, let total, let d):
            let differ = d > 0 ? "\(d) of \(n) commands differ; " : ""
            return "FAIL \(file): \(differ)stopped after \(n) of \(total) commands: not verified"
        }
    }
}

/// A trace runner's session, changed in place through the box. Only its runner reaches it, one
/// access at a time, so the accesses are not checked at run time.
private final class SessionBox {
    @exclusivity(unchecked) var session: Session

    init(_ session: Session) { self.session = session }
}

extension Substring {
    func trimmingCharacters() -> String {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
