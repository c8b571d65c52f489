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
        // The session's buffer, kept from one command to the next (`run` gives it back).
        var facts = factBuffer
        factBuffer = []
        facts.empty()
        let stateCount = paths.entries.count + 2
        var flingAt: Int?
        // Where this command's fling summary is in the moves `why` explains.
        var flingMove: Int?
        let sampler = sampler
        // Each entry is moved out of the log, which is left empty with its buffer: no entry is
        // copied (a copy of an `Occurrence` goes through its value witness) and none destroyed
        // but those dropped here.
        // What `why` explains is filled while the simulator drains its log (handed over, not
        // copied).
        why.collecting { why in
            sim.drainLog { entries in
                sampler?.observe(UnsafeBufferPointer(entries))
                guard let first = entries.baseAddress else { return }
                // Room for the state changes `run` appends after them: the array grows once.
                facts.reserveCapacity(entries.count + stateCount)
                for k in entries.indices {
                    let o = (first + k).move()
                    if case .decided(let reason) = o.event {
                        // Only `why` prints it (moved there, not copied), but for a caught sheet,
                        // which is also a line of its own (SPEC §5.9).
                        guard case .sheetCaught = reason else {
                            why.observe((consume o).event)
                            continue
                        }
                        why.observe(o.event)
                        facts.append(.event(consume o))
                        continue
                    }
                    switch o.event {
                    case .recognizer(.tap, .recognized), .decided:
                        continue
                    case .tracking, .offAxis:
                        // `why` explains only the last (and only for a command that decided nothing
                        // else: `WhyLog.commit`).
                        why.observeTracking(o.event)
                        // A move over many frames inside the slop reports where it ended up, once.
                        if let last = facts.last, case .event(let p) = last,
                            case .tracking = p.event
                        {
                            facts.removeLast()
                        }
                        if let last = facts.last, case .event(let p) = last, case .offAxis = p.event
                        {
                            facts.removeLast()
                        }
                    case .hazard:
                        // Summed over the command and printed once at its end (`run`); breakpoints
                        // saw it at its first frame.
                        continue
                    case .flingFrame(let l):
                        if let i = flingAt, case .fling(var total, _, _) = facts[i] {
                            total.merge(l)
                            facts[i] = .fling(total, time: o.time, frame: o.frame)
                            if let m = flingMove { why.updateMove(at: m, to: total) }
                        } else {
                            flingAt = facts.count
                            facts.append(.fling(l, time: o.time, frame: o.frame))
                            flingMove = why.observeMove(l)
                        }
                        continue
                    case .moved(let l):
                        _ = why.observeMove(l)
                    case .touchDown, .stopped, .swallowed, .recognizer, .tapMoved,
                        .delivered, .touchesCancelled, .panNotBegun,
                        .owner, .handoff, .released, .momentumStarted, .momentumEnded, .edgeHit,
                        .springStarted, .springEnded, .tap, .tabbed, .pageSelected,
                        .transitionEnded,
                        .repair, .refused:
                        if Why.explains(o.event) { why.observe(o.event) }
                    }
                    // Moved into the fact, not copied.
                    facts.append(.event(consume o))
                }
            }
        }
        return facts
    }
}
