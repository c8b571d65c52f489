import HandoffCore

/// `plot`: the timeline since the last load, re-simulated frame by frame (SPEC §12).
extension Session {
    /// Re-runs the history since the last load in a fresh session, sampling a row after every
    /// frame and at every command's end, and a marker for every fact worth marking. The session
    /// itself is unchanged.
    package func timeline() -> Timeline {
        var (fresh, _) = sessionAtLoad()
        let sampler = TimelineSampler(fresh.sim.graph)
        fresh.sampler = sampler
        // The session's breakpoints mark where they stop; in the re-run nothing stops, counts
        // or prints (SPEC §10.1), as in `back break`'s search.
        fresh.debug.breakpoints = debug.breakpoints
        fresh.withDebuggerMode(.discover) { fresh in
            fresh.rebaseline()
            for (text, frames) in historyCommands {
                sampler.begin(text, at: fresh.sim.time)
                let frame = fresh.sim.frame
                // The history holds commands that ran; none fails when re-run from the same state.
                _ = fresh.rerun(text, frames: frames)
                fresh.debug.pending = nil
                _ = fresh.collect()
                for moment in fresh.debug.moments {
                    for stop in moment.stops { sampler.stopped(stop) }
                }
                fresh.debug.moments = []
                sampler.end(fresh.sim, ranFrames: fresh.sim.frame != frame)
            }
        }
        return sampler.timeline
    }

    /// `plot FILE`: writes the timeline as SVG, HTML or JSON Lines (by the extension).
    mutating func plot(_ path: String, from: Double?, to: Double?, fail: Fail)
        throws(Diagnostic) -> Fact
    {
        guard let format = PlotFormat(path: path) else {
            throw fail(
                "'\(path)' names no picture format: end it in .svg, .html or .jsonl", .file, nil)
        }
        if let from, let to, to <= from {
            throw fail("--to must be later than --from", .to, nil)
        }
        let timeline = timeline()
        if let (message, blame) = timeline.emptyWindow(from: from, to: to) {
            throw fail(message, blame == .from ? .from : .to, nil)
        }
        let written = timeline.counts(from: from, to: to)
        do {
            try files.create(path) { format.render(timeline, from: from, to: to, into: $0) }
        } catch {
            throw fail(.user(.unwritable(.typed(path), reason: error.message)), .file)
        }
        return .plotted(
            path: path, rows: written.rows, commands: written.commands, marks: written.marks)
    }
}
