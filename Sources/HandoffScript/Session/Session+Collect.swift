import HandoffCore

/// Turning the simulator's log into a command's facts.
extension Session {
    /// What `collect` leaves in a log entry it moved out: an event without arrays.
    private static var emptied: Occurrence {
        Occurrence(time: 0, frame: 0, event: .momentumEnded(driver: 0))
    }

    /// Drains the simulator's log into facts: tap recognitions are folded into the delivery line,
    /// momentum frames into one `fling` summary per command, and the decisions only `why` prints
    /// are kept aside for it.
    mutating func collect() -> [Fact] {
        if debug.active {
            // Breakpoints look at the facts before they are drained (SPEC §10).
            scanEvents()
            debug.scanMark = 0
        }
        var log = sim.drainLog()
        defer { sim.recycleLog(log) }
        // The session's buffer, kept from one command to the next (`run` gives it back).
        var facts = factBuffer
        factBuffer = []
        if !facts.isEmpty { facts.removeAll(keepingCapacity: true) }
        // Room for the state changes `run` appends after them: the array grows once.
        facts.reserveCapacity(log.count + paths.entries.count + 2)
        var flingAt: Int?
        // Where this command's fling summary is in `pendingMoves` (the moves `why` explains).
        var flingMove: Int?
        sampler?.observe(log)
        // Each entry is moved out of the log and an event without arrays is left in its place,
        // so no entry is copied (a copy of an `Occurrence` goes through its value witness) and
        // emptying the log releases nothing. Every slot stays initialized throughout.
        log.withUnsafeMutableBufferPointer { entries in
            guard let first = entries.baseAddress else { return }
            for k in entries.indices {
                let o = (first + k).move()
                (first + k).initialize(to: Self.emptied)
                if Why.explains(o.event) { pendingWhy.append(o.event) }
                switch o.event {
                case .recognizer(.tap, .recognized), .decided:
                    continue
                case .tracking, .offAxis:
                    // A move over many frames inside the slop reports where it ended up, once.
                    if let last = facts.last, case .event(let p) = last, case .tracking = p.event {
                        facts.removeLast()
                    }
                    if let last = facts.last, case .event(let p) = last, case .offAxis = p.event {
                        facts.removeLast()
                    }
                    facts.append(.event(o))
                case .flingFrame(let l):
                    if let i = flingAt, case .fling(var total, _, _) = facts[i] {
                        total.merge(l)
                        facts[i] = .fling(total, time: o.time, frame: o.frame)
                        if let m = flingMove { pendingMoves[m] = total }
                    } else {
                        flingAt = facts.count
                        facts.append(.fling(l, time: o.time, frame: o.frame))
                        flingMove = pendingMoves.count
                        pendingMoves.append(l)
                    }
                case .moved(let l):
                    pendingMoves.append(l)
                    facts.append(.event(o))
                case .touchDown, .stopped, .swallowed, .recognizer, .tapMoved, .touchesCancelled,
                    .owner, .handoff, .released, .momentumStarted, .momentumEnded, .edgeHit,
                    .springStarted, .springEnded, .tap, .tabbed, .pageSelected, .transitionEnded,
                    .repair, .refused, .hazard:
                    facts.append(.event(o))
                }
            }
        }
        return facts
    }
}
