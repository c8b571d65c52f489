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
        let log = sim.drainLog()
        var facts: [Fact] = []
        // Room for the state changes `run` appends after them: the array grows once.
        facts.reserveCapacity(log.count + paths.entries.count + 2)
        var flingAt: Int?
        sampler?.observe(log)
        for o in log {
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
                } else {
                    flingAt = facts.count
                    facts.append(.fling(l, time: o.time, frame: o.frame))
                }
            case .touchDown, .stopped, .swallowed, .recognizer, .tapMoved, .touchesCancelled,
                .owner, .moved, .handoff, .released, .momentumStarted, .momentumEnded, .edgeHit,
                .springStarted, .springEnded, .tap, .tabbed, .pageSelected, .transitionEnded,
                .repair, .refused, .hazard:
                facts.append(.event(o))
            }
        }
        return facts
    }
}
