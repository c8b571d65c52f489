/// `handoff plot FILE`: runs a trace or a script in a session, whose timeline is then drawn
/// (SPEC §12). A trace (first line `# handoff trace v1`) runs its `> ` commands on the scene its
/// `# scene:` line names; a script runs every line on `--scene` (default `tabs`). The run writes
/// no file: `record`, `replay`, `plot` and `quit` in it are refused, as in a replayed trace.
package enum PlotInput {
    /// The session after running `text`, and the error lines of the commands that failed.
    package static func run(file: String, text: String, scene: String?, files: any FileAccess)
        throws(UserError) -> (session: Session, failures: [String])
    {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.last == "\r" ? $0.dropLast() : $0
        }
        let isTrace = lines.first.map { $0 == Trace.magic } ?? false
        let ref: String
        let base: String?
        if isTrace {
            guard
                let header = lines.first(where: { $0.hasPrefix("# scene:") })
            else { throw .message("\(file): the trace names no scene ('# scene:' line)") }
            if let scene {
                throw .message(
                    "\(file) is a trace: it names its own scene; --scene '\(scene)' is for scripts")
            }
            ref = header.dropFirst("# scene:".count).trimmingCharacters()
            base = Paths.directory(of: file)
        } else {
            ref = scene ?? "tabs"
            base = nil
        }
        var session: Session
        do {
            let loaded = try Session.loadScene(ref, files: files, base: base)
            session = Session(scene: loaded, ref: ref, files: files)
        } catch {
            throw .escaped(error.userError)
        }
        session.baseDirectory = base
        session.verifying = true
        var failures: [String] = []
        for (k, line) in lines.enumerated() {
            let command: String
            if isTrace {
                guard line.hasPrefix("> ") else { continue }
                command = String(line.dropFirst(2))
            } else {
                command = String(line)
            }
            let r = session.run(command, lineNumber: k + 1, file: file)
            if r.failed { failures += r.lines.filter(\.isError).map(\.text) }
        }
        return (session, failures)
    }
}
