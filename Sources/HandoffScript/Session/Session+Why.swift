import HandoffCore

/// What `why` explains: the facts of the last command that decided something.
extension Session {
    /// Keeps the decisions of the command that just ran for `why`, when it made any (the events
    /// and moves `collect` set aside). A refused `tab` changed nothing, so `why` goes on
    /// explaining the command before it and adds the refusal, with when what blocked it ends.
    /// The buffers are handed over, not copied, and the ones dropped are reused.
    mutating func keepForWhy(_ command: String) {
        var decided: [Event] = []
        swap(&decided, &pendingWhy)
        var moves: [Ledger] = []
        swap(&moves, &pendingMoves)
        // Where the finger is inside the slop explains a move that decided nothing else, once.
        if let k = decided.lastIndex(where: Self.isTracking) {
            let last = decided[k]
            decided.removeAll(where: Self.isTracking)
            if decided.isEmpty, moves.isEmpty { decided.append(last) }
        }
        if moves.isEmpty, decided.count == 1, case .refused(let refusal) = decided[0] {
            refusedSince = (command, refusal, blockedUntil(refusal))
            recycleWhy(&decided, &moves)
            return
        }
        guard !decided.isEmpty || !moves.isEmpty else {
            recycleWhy(&decided, &moves)
            return
        }
        if lastWhy == nil {
            lastWhy = (command, decided, moves)
        } else {
            // In place: the new buffers go in and the old ones come out to be reused, with no
            // copy of the tuple.
            lastWhy!.command = command
            swap(&lastWhy!.facts, &decided)
            swap(&lastWhy!.moves, &moves)
            recycleWhy(&decided, &moves)
        }
        refusedSince = nil
    }

    /// Empties the next command's `why` buffers, keeping the capacity of `facts` and `moves`.
    mutating func recycleWhy(_ facts: inout [Event], _ moves: inout [Ledger]) {
        // Most commands decide nothing: an empty buffer is left alone (removeAll is not free).
        if !facts.isEmpty { facts.removeAll(keepingCapacity: true) }
        if !moves.isEmpty { moves.removeAll(keepingCapacity: true) }
        if pendingWhy.capacity < facts.capacity { swap(&pendingWhy, &facts) }
        if pendingMoves.capacity < moves.capacity { swap(&pendingMoves, &moves) }
    }

    static func isTracking(_ e: Event) -> Bool {
        switch e {
        case .tracking, .offAxis: true
        case .touchDown, .stopped, .swallowed, .recognizer, .tapMoved, .touchesCancelled, .owner,
            .moved, .flingFrame, .handoff, .released, .momentumStarted, .momentumEnded, .edgeHit,
            .springStarted, .springEnded, .tap, .tabbed, .pageSelected, .transitionEnded, .repair,
            .refused, .decided, .hazard:
            false
        }
    }

    /// When what refused a `tab` ends: re-simulated on a copy, frame by frame, as `settle` would
    /// run it (nil for a pan, which ends when the finger lifts, or past 10 s).
    func blockedUntil(_ refusal: Refusal) -> Double? {
        guard case .transitioning(let c) = refusal else { return nil }
        var copy = sim
        let cap = copy.frames(in: Self.settleLimit)
        var clock = FrameClock(start: copy.time, fps: copy.settings.fps)
        while copy.isTransitioning(c) && clock.taken < cap { copy.stepFrame(at: clock.next()) }
        return copy.isTransitioning(c) ? nil : copy.time
    }

    /// What `why` prints now (nil: nothing decided yet).
    var whyReport: WhyReport? {
        var report = lastWhy.map {
            Why.report(command: $0.command, facts: $0.facts, moves: $0.moves, sim: sim)
        }
        if let refused = refusedSince {
            let n = names
            var text =
                "then '\(refused.command)' was refused: \(FactDescriber.refusalText(refused.refusal, n)); nothing changed"
            switch refused.refusal {
            case .panActive: text += " (a tab waits until the finger lifts)"
            case .transitioning:
                text +=
                    refused.until.map { " (the transition ends at t \(NumberFormat.format($0)))" }
                    ?? ""
            case .noNextSegment, .noPreviousSegment: break
            }
            let row = (rule: "§5.8", text: text)
            if report == nil {
                report = WhyReport(command: refused.command, rows: [row])
            } else {
                report?.rows.append(row)
            }
        }
        return report
    }
}
