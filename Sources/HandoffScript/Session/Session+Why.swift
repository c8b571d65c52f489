import HandoffCore

/// What `why` explains: the facts of the last command that decided something.
extension Session {
    /// Keeps the decisions of the command that just ran for `why`, when it made any (the events
    /// and moves `collect` set aside). A refused `tab` changed nothing, so `why` goes on
    /// explaining the command before it and adds the refusal, with when what blocked it ends.
    /// The buffers are handed over, not copied, and the ones dropped are reused.
    mutating func keepForWhy(_ command: String) {
        if let t = pendingTrackingAt {
            // Where the finger is explains a move that decided nothing else (hazards aside), once.
            pendingTrackingAt = nil
            let decidedElse = pendingWhy.indices.contains { k in
                if k == t { return false }
                if case .hazard = pendingWhy[k] { return false }
                return true
            }
            if decidedElse || !pendingMoves.isEmpty { pendingWhy.remove(at: t) }
        }
        guard !pendingWhy.isEmpty || !pendingMoves.isEmpty else { return }
        if pendingMoves.isEmpty, pendingWhy.count == 1, case .refused(let refusal) = pendingWhy[0] {
            refusedSince = (command, refusal, blockedUntil(refusal))
            pendingWhy.empty()
            return
        }
        if lastWhy == nil {
            lastWhy = (command, [], [])
        } else {
            lastWhy!.command = command
        }
        // In place: the new buffers go in and the old ones come out, emptied, to be reused, with
        // no copy of the tuple.
        swap(&lastWhy!.facts, &pendingWhy)
        swap(&lastWhy!.moves, &pendingMoves)
        pendingWhy.empty()
        pendingMoves.empty()
        if refusedSince != nil { refusedSince = nil }
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
