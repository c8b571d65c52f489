import HandoffCore

/// Re-runs a trace line by line (streaming: memory stays flat however long the trace is) and
/// compares each command's output with what the trace expects. Its `TraceReader` says what each
/// line is; the runner does it: loads the scene, runs the commands, compares their output.
package struct TraceRunner {
    package let file: String
    let files: any FileAccess
    package let update: Bool
    /// The session, in a box: used in place (an optional session is copied and destroyed around
    /// each use). Set by the `# scene:` line.
    private var box: SessionBox?
    private var reader: TraceReader
    /// The command that ran last and its expected lines.
    private var check = ExpectedOutput()
    /// With `update`: the comments among the expected lines, kept after the command's output.
    private var comments: [String] = []
    private var commands = 0
    private var differing = 0
    /// Commands that failed although their output matched: line and text (the first few).
    private var failing: [FailedCommand] = []
    private var failingCount = 0
    private var traceDiff: TraceDiff
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
        reader = TraceReader(file: file)
        traceDiff = TraceDiff(file: file)
    }

    /// Unified-diff lines, capped; `hunksLeftOut` counts the commands left out.
    package var diff: [String] { traceDiff.lines }
    package var hunksLeftOut: Int { traceDiff.hunksLeftOut }
    /// The last line read.
    var lineNumber: Int { reader.lineNumber }

    /// Runs a whole trace held in memory.
    package static func run(file: String, text: String, files: any FileAccess, update: Bool = false)
        -> TraceRunner
    {
        var runner = TraceRunner(file: file, files: files, update: update)
        runner.read(text: text)
        return runner
    }

    /// Reads a whole trace held in memory.
    package mutating func read(text: String) {
        var text = text
        text.withUTF8 { all in TraceLine.forEach(in: all) { read($0) } }
    }

    /// Reads one line of the trace: runs its command as soon as it is read (after the
    /// `beforeCommand` pause) and compares the expected lines that follow with its output as
    /// they come. Right after a command, its expected lines are taken from `line.following` at
    /// once when they are its output byte for byte, as the line-by-line comparison would find
    /// them. Returns how many bytes of `following` were taken (the caller goes on after them).
    package mutating func read(_ line: TraceLine) -> Int {
        guard let raw = line.bytes else {
            _ = reader.invalidLineRead()
            return 0
        }
        // Trailing blanks are ignored.
        var n = raw.count
        while n > 0, raw[n - 1] == 0x20 || raw[n - 1] == 0x09 || raw[n - 1] == 0x0D { n -= 1 }
        let trimmed = UnsafeBufferPointer(rebasing: raw[..<n])
        switch reader.lineRead(trimmed, untrimmed: raw) {
        case .keep:
            keep(String(decoding: trimmed, as: UTF8.self))
        case .headComment:
            headComment(Substring(String(decoding: trimmed, as: UTF8.self)))
        case .command(let finishing):
            if finishing { done() }
            command(trimmed)
            // Only a command that ran takes its expected lines.
            guard reader.expecting, let (bytes, lines) = check.take(line.following) else {
                return 0
            }
            reader.linesTaken(lines)
            return bytes
        case .comment:
            if update { comments.append(String(decoding: trimmed, as: UTF8.self)) }
        case .expected:
            check.expect(trimmed)
        case .ignore, .skipped, .corrupted:
            break
        }
        return 0
    }

    /// Runs the last command and reports.
    package mutating func finish() -> Outcome {
        let end = reader.ended()
        switch end {
        case .read(finishing: true), .corrupt(_, finishing: true): done()
        case .read(finishing: false), .corrupt(_, finishing: false), .stopped: break
        }
        switch end {
        case .corrupt(let message, _):
            return .corrupt(message)
        case .stopped(let skipped):
            return .stopped(verified: commands, of: commands + skipped, differing: differing)
        case .read:
            if differing > 0 { return .failed(commands: commands, differing: differing) }
            if failingCount > 0 {
                return .failing(commands: commands, failed: failingCount, first: failing)
            }
            return .passed(commands: commands)
        }
    }

    private mutating func keep(_ line: String) {
        if update { updated += line + "\n" }
    }

    /// A `#` line before the scene is loaded: the `# scene:` line loads it.
    private mutating func headComment(_ line: Substring) {
        if line.hasPrefix("# scene:") {
            let ref = line.dropFirst("# scene:".count).trimmingCharacters()
            let base = Paths.directory(of: file)
            do {
                let scene = try Session.loadScene(ref, files: files, base: base)
                var s = Session(scene: scene, ref: ref, files: files)
                s.baseDirectory = base
                s.verifying = true
                // The text comes back as bytes (see `command`), unless `beforeCommand` may run
                // commands of its own in the session.
                s.textInBuffer = beforeCommand == nil
                box = SessionBox(s)
                reader.sceneLoaded()
            } catch {
                return reader.failed(.message(error.message))
            }
        }
        keep(String(line))
    }

    /// A `> ` line (trailing blanks removed): parses its command and runs it.
    private mutating func command(_ line: UnsafeBufferPointer<UInt8>) {
        // The reader reads commands only once the scene is loaded.
        let box = box!
        if update { keep(String(decoding: line, as: UTF8.self)) }
        // After "> " comes the command; an ASCII byte there starts a new character, else the
        // characters decide (a combining mark would join the space). A command read before is
        // found by its bytes: no `String` made, no command copied.
        let ascii = line.count == 2 || line[2] < 0x80
        let command = UnsafeBufferPointer(rebasing: line[2...])
        if ascii, let entry = box.session.parsedLine(bytes: command), !entry.isRefused {
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
                return reader.failed(.message("empty command"))
            }
            parsed = p
        } catch {
            return reader.failed(.command(error.problem, column: error.column + 2))
        }
        start(text, parsed, box)
    }

    /// Runs a command as soon as it is read (after the `beforeCommand` pause): its expected
    /// lines are then compared with its output as they come.
    private mutating func start(_ text: String, _ parsed: ParsedCommand, _ box: SessionBox) {
        let line = reader.lineNumber
        if let before = beforeCommand, !before(text, line, &box.session) {
            return reader.stopped()
        }
        commands += 1
        // In place: no copy of the session per command, and the line is not parsed again.
        // The text comes back as bytes, compared in place (`beforeCommand` sees lines).
        if beforeCommand != nil { box.session.textInBuffer = true }
        check.started(text, line: line, result: box.session.run(parsed, line: text))
        if beforeCommand != nil { box.session.textInBuffer = false }
        reader.commandStarted()
    }

    /// Compares the output of the command that ran with its expected lines, and reports.
    private mutating func done() {
        defer { check.finished() }
        let matched = check.matched
        let failed = check.result.failed
        if update, failed {
            failedInUpdate += 1
            if firstFailedInUpdate.count < 5 {
                firstFailedInUpdate.append(
                    FailedCommand(line: check.commandLine, command: check.command))
            }
        }
        if matched, failed {
            failingCount += 1
            if failing.count < 5 {
                failing.append(FailedCommand(line: check.commandLine, command: check.command))
            }
        }
        // The output as lines of text is built only when something needs it.
        guard update || !matched || afterCommand != nil else { return }
        let actual = check.actualLines
        if update { for l in actual { keep(l) } }
        for c in comments { keep(c) }
        if !comments.isEmpty { comments.removeAll(keepingCapacity: true) }
        if !matched {
            differing += 1
            let hunk = traceDiff.add(
                command: check.command, line: check.commandLine,
                expected: check.expectedLines(actual: actual), actual: actual)
            afterCommand?(actual, hunk)
        } else {
            afterCommand?(actual, nil)
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
