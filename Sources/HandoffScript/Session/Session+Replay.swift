import HandoffCore

extension Session {
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
