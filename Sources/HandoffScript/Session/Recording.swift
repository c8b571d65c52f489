/// The trace a session records (SPEC §7): where it goes while recording, and whether a recording
/// failed (the executable then exits non-zero). A write that fails stops the recording at once
/// and says so; the session goes on.
struct Recording {
    private var sink: (any TraceSink)?
    /// A recording failed (disk full, the file renamed or removed).
    private(set) var failed = false

    /// Whether a trace is being recorded.
    var isOn: Bool { sink != nil }
    /// The path of the trace being recorded, if any.
    var path: String? { sink?.path }

    /// Starts recording into `sink`.
    mutating func start(_ sink: any TraceSink) {
        self.sink = sink
    }

    /// Appends `text`, if recording: nil, or the message that says the recording stopped.
    mutating func write(_ text: String) -> String? {
        guard let sink, let problem = sink.write(text) else { return nil }
        return stopped(problem)
    }

    /// Appends a command and its text output, if recording: nil, or the message that says the
    /// recording stopped.
    mutating func write(command: String, output: TextOutput) -> String? {
        guard let sink, let problem = sink.write(command: command, output: output) else {
            return nil
        }
        return stopped(problem)
    }

    /// `record stop`: ends the recording with its comment; nil, or the message that says it
    /// failed.
    mutating func stop() -> String? {
        guard let sink else { return nil }
        if let problem = sink.write("# record stop\n") ?? sink.close() { return stopped(problem) }
        self.sink = nil
        return nil
    }

    /// The session ends: the recording is closed (synced); nil, or the message that says it
    /// failed.
    mutating func finish() -> String? {
        guard let sink else { return nil }
        self.sink = nil
        guard let problem = sink.close() else { return nil }
        failed = true
        return "recording to '\(Escape.visible(sink.path))' failed: \(problem)"
    }

    /// Lets go of the trace without closing it: a copy of the session that must not write to it.
    mutating func detach() {
        sink = nil
    }

    /// Stops a recording that failed; returns the message that says so.
    private mutating func stopped(_ problem: String) -> String {
        let path = sink?.path ?? ""
        _ = sink?.close()
        sink = nil
        failed = true
        return "recording to '\(Escape.visible(path))' stopped: \(problem); the session goes on"
    }
}
