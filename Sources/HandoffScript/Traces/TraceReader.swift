/// Where a trace's reading is (SPEC §7): the magic line, then the `# scene:` line, then commands,
/// each followed by its expected lines. Each line read returns what to do with it; the runner
/// does it (loads the scene, runs the command, compares the output) and reports back what
/// happened.
struct TraceReader: Equatable {
    /// How far the trace has been read.
    private enum State: Equatable {
        /// Nothing read yet: the first line must be `Trace.magic`.
        case magic
        /// The magic line was read; the scene is not loaded yet.
        case scene
        /// The scene is loaded and no command has run yet.
        case between
        /// A command ran: the lines that follow are its expected output.
        case expecting
        /// The trace is unusable (`FILE:LINE: error: …`): the rest is not read. A line that is
        /// not UTF-8 among a command's expected lines leaves that command to be compared at the
        /// end (`finishing`).
        case corrupt(String, finishing: Bool)
        /// `replay --step` was stopped: the commands in the rest are counted, never run.
        case stopped(skipped: Int)
    }

    /// What to do with a line just read.
    enum Action: Equatable {
        /// Keep the line as it is (the magic line, a comment outside a command's output).
        case keep
        /// A `#` line before the scene is loaded: it may be the `# scene:` line (then the runner
        /// loads it and calls `sceneLoaded`); kept either way.
        case headComment
        /// A `> ` line: finish the command that ran (`finishing`), then run this one (its text
        /// starts at byte 2) and call `commandStarted`, `stopped` or `failed`.
        case command(finishing: Bool)
        /// A `#` line among a command's expected lines.
        case comment
        /// An expected line of the command that ran.
        case expected
        /// Nothing to do (a blank line outside a command's output, the rest of a corrupt or
        /// stopped trace).
        case ignore
        /// A command after the replay was stopped: counted, not run.
        case skipped
        /// The line makes the trace corrupt (`problem` says why); the rest is ignored.
        case corrupted
    }

    /// How the trace ended.
    enum End: Equatable {
        /// Corrupt: `FILE:LINE: error: …`; the command that ran last (`finishing`) is still to
        /// be compared.
        case corrupt(String, finishing: Bool)
        /// Stopped at a `replay --step` pause, with the number of commands never run.
        case stopped(skipped: Int)
        /// Read to the end; the command that ran last (`finishing`) is still to be compared.
        case read(finishing: Bool)
    }

    let file: String
    private var state = State.magic
    /// The line just read (1-based).
    private(set) var lineNumber = 0

    init(file: String) { self.file = file }

    /// Whether a command ran and its expected lines are being read.
    var expecting: Bool { state == .expecting }

    /// A line of the trace (valid UTF-8, without its "\n"), given untrimmed and without its
    /// trailing blanks (spaces, tabs, carriage returns), which are ignored.
    mutating func lineRead(
        _ line: UnsafeBufferPointer<UInt8>, untrimmed: UnsafeBufferPointer<UInt8>
    ) -> Action {
        lineNumber += 1
        let command =
            line.count >= 2 && line[0] == UInt8(ascii: ">") && line[1] == UInt8(ascii: " ")
        let comment = !line.isEmpty && line[0] == UInt8(ascii: "#")
        switch state {
        case .magic:
            guard line.elementsEqual(Trace.magic.utf8) else {
                return fail("not a handoff trace: the first line must be '\(Trace.magic)'")
            }
            state = .scene
            return .keep
        case .scene:
            if command { return fail("no '# scene:' line before the first command") }
            if comment { return .headComment }
            return line.isEmpty ? .ignore : fail("output before the first command")
        case .between:
            if command { return .command(finishing: false) }
            if comment { return .keep }
            return line.isEmpty ? .ignore : fail("output before the first command")
        case .expecting:
            if command { return .command(finishing: true) }
            return comment ? .comment : .expected
        case .corrupt:
            return .ignore
        case .stopped(let skipped):
            // Counted as the line starts, trailing blanks or not.
            guard untrimmed.count >= 2, untrimmed[0] == UInt8(ascii: ">"),
                untrimmed[1] == UInt8(ascii: " ")
            else { return .ignore }
            state = .stopped(skipped: skipped + 1)
            return .skipped
        }
    }

    /// A line that is not UTF-8 text: the trace is corrupt there (`test` and `replay` agree).
    mutating func invalidLineRead() -> Action {
        lineNumber += 1
        switch state {
        case .magic, .scene, .between, .expecting:
            return fail("the line is not UTF-8 text", finishing: state == .expecting)
        case .corrupt, .stopped:
            return .ignore
        }
    }

    /// The runner took `count` expected lines of the command that ran at once.
    mutating func linesTaken(_ count: Int) {
        lineNumber += count
    }

    /// The `# scene:` line's scene is loaded.
    mutating func sceneLoaded() {
        state = .between
    }

    /// The command of the line just read ran: its expected lines follow.
    mutating func commandStarted() {
        state = .expecting
    }

    /// The replay was stopped before the command of the line just read, which did not run.
    mutating func stopped() {
        state = .stopped(skipped: 1)
    }

    /// The line just read makes the trace corrupt (the scene it names does not load, its command
    /// does not parse).
    mutating func failed(_ problem: UserError) {
        state = .corrupt(error(at: lineNumber, problem), finishing: false)
    }

    /// `FILE:LINE: error: MESSAGE`, as `ErrorMessage` renders it.
    private func error(at line: Int, _ message: String) -> String {
        error(at: line, .message(message))
    }

    /// `FILE:LINE: error: …`, as `ErrorMessage` renders it.
    private func error(at line: Int, _ problem: UserError) -> String {
        ErrorMessage.line(.located(SourceLocation(file: file, line: line), problem))
    }

    /// The trace ended (the lines of a corrupt one up to its end are counted: the empty trace and
    /// the one without a scene name their last line).
    func ended() -> End {
        switch state {
        case .magic: return .corrupt(error(at: 1, "the trace is empty"), finishing: false)
        case .scene:
            return .corrupt(error(at: lineNumber, "no '# scene:' line"), finishing: false)
        case .between: return .read(finishing: false)
        case .expecting: return .read(finishing: true)
        case .corrupt(let message, let finishing): return .corrupt(message, finishing: finishing)
        case .stopped(let skipped): return .stopped(skipped: skipped)
        }
    }

    private mutating func fail(_ message: String, finishing: Bool = false) -> Action {
        state = .corrupt(error(at: lineNumber, message), finishing: finishing)
        return .corrupted
    }
}
