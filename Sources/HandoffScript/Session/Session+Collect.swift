import HandoffCore

/// Turning the simulator's log into a command's facts.
extension Session {
    /// Drains the simulator's log into facts: tap recognitions are folded into the delivery line,
    /// momentum frames into one `fling` summary per command, and the decisions only `why` prints
    /// are kept aside for it.
    mutating func collect() -> [Fact] {
        if debug.active {
            // Breakpoints look at the facts before they are drained (SPEC §10).
            scanEvents()
            debug.scanMark = 0
        }
        // The session's buffer, kept from one command to the next (`run` gives it back, empty).
        var facts = factBuffer
        factBuffer = []
        let stateCount = paths.entries.count + 2
        // This command's fling summary: its frames' ledgers summed in place in the moves `why`
        // explains (at `flingMove`), and put in the facts (at `flingAt`) once, after the last
        // entry, with the last frame's time and frame.
        var flingAt: Int?  // nil: no fling frame yet
        var flingMove = 0
        var flingTime = 0.0
        var flingFrame = 0
        // The app's code's writes (SPEC §13.3), printed after the motion lines.
        var code: [CodeSummary] = []
        // The log's entries, in the buffer the log had at the last drain (given back to it then).
        var entries = logBuffer
        logBuffer = []
        sim.drainLog(into: &entries)
        // Given back to the log at the next drain, empty: every entry is taken below.
        defer { logBuffer = entries }
        sampler?.observe(entries)
        // Room for the state changes `run` appends after them: the array grows once.
        facts.reserveCapacity(entries.count + stateCount)
        // What `why` explains is filled as the entries are read.
        why.collecting { why in
            // Taken from the end in their order (reversed once, in place, by moves): each entry is
            // moved out and on into the facts, not copied, and the buffer is left empty with its
            // room, with nothing put in an entry's place to be destroyed after.
            entries.withUnsafeMutableBufferPointer { $0.reverse() }
            while let o = entries.popLast() {
                // Taken apart once: the event is matched and moved on by itself (matched in
                // place in the occurrence, it was copied whole to read a payload).
                let time = o.time
                let frame = o.frame
                let event = (consume o).event
                if case .decided(let reason) = event {
                    // Only `why` prints it (moved there, not copied), but for a caught sheet,
                    // which is also a line of its own (SPEC §5.9).
                    guard case .sheetCaught = reason else {
                        why.observe(consume event)
                        continue
                    }
                    why.observe(event)
                    facts.append(
                        .event(Occurrence(time: time, frame: frame, event: consume event)))
                    continue
                }
                switch event {
                case .recognizer(.tap, .recognized), .decided:
                    continue
                case .tracking, .offAxis:
                    // `why` explains only the last (and only for a command that decided nothing
                    // else: `WhyLog.commit`).
                    why.observeTracking(event)
                    // A move over many frames inside the slop reports where it ended up, once.
                    if let last = facts.last, case .event(let p) = last,
                        case .tracking = p.event
                    {
                        facts.removeLast()
                    }
                    if let last = facts.last, case .event(let p) = last, case .offAxis = p.event {
                        facts.removeLast()
                    }
                case .code(let w):
                    // One line per rule and path, after the command's motion lines.
                    if let k = code.firstIndex(where: { $0.matches(w) }) {
                        code[k].add(w, time: time, frame: frame)
                    } else {
                        code.append(CodeSummary(w, time: time, frame: frame))
                        why.observe(event)
                    }
                    continue
                case .hazard:
                    // Summed over the command and printed once at its end (`run`); breakpoints
                    // saw it at its first frame.
                    continue
                case .flingFrame(let l):
                    if flingAt != nil {
                        why.mergeMove(at: flingMove, l)
                    } else {
                        flingMove = why.observeMove(l)
                        // A stand-in until the sum is known.
                        flingAt = facts.count
                        facts.append(.fling(Ledger(d: 0), time: 0, frame: 0))
                    }
                    flingTime = time
                    flingFrame = frame
                    continue
                case .moved(let l):
                    _ = why.observeMove(l)
                case .touchDown, .tapMoved, .panNotBegun, .edgeHit, .tap, .pageSelected,
                    .repair, .refused:
                    // A fact that carries a decision `why` explains (`Why.explain`).
                    why.observe(event)
                case .stopped, .swallowed, .recognizer, .delivered, .touchesCancelled, .owner,
                    .handoff, .released, .momentumStarted, .momentumEnded, .springStarted,
                    .springEnded, .tabbed, .transitionEnded:
                    // It only happened: `why` has nothing to explain.
                    break
                }
                // Moved into the fact, not copied.
                facts.append(.event(Occurrence(time: time, frame: frame, event: consume event)))
            }
            if let flingAt {
                facts[flingAt] = .fling(why.move(at: flingMove), time: flingTime, frame: flingFrame)
            }
        }
        for c in code { facts.append(.code(c)) }
        return facts
    }
}
