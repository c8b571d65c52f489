import HandoffCore

extension Session {
    /// Why `command` is refused while a trace is verified, or nil.
    static func refusalWhileVerifying(_ command: Command) -> String? {
        switch command {
        case .record, .recordStop:
            return
                "'record' writes a file: running a file to plot it, or replaying or testing a trace, never writes files (SPEC §7)"
        case .replay:
            return
                "'replay' inside a trace is refused: a replayed or tested trace cannot replay another"
        case .plot:
            return
                "'plot' writes a file: running a file to plot it, or replaying or testing a trace, never writes files (SPEC §7)"
        case .quit:
            return
                "'quit' inside a trace is refused: it would end the check early and leave the commands after it unchecked"
        default:
            return nil
        }
    }

    /// `replay FILE` from the shell: runs the trace in a fresh session and shows differences.
    mutating func replay(_ path: String, fail: Fail)
        throws(Diagnostic)
        -> (Fact, passed: Bool)
    {
        let text: String
        do {
            text = try files.read(path)
        } catch {
            throw fail(.user(error.unreadable(path)), .file)
        }
        var runner = TraceRunner.run(file: path, text: text, files: files)
        let outcome = runner.finish()
        let fact = Fact.replayed(file: path, outcome: outcome, diff: runner.diff)
        if case .passed = outcome { return (fact, true) }
        return (fact, false)
    }
}
