import HandoffCore

/// What `why` explains (SPEC §5.8): the decisions of the last command that decided something, and
/// a `tab` refused after it. A command's decisions are observed while its log is collected and
/// committed when it ends; a command that does not finish begins the next one with none.
struct WhyLog {
    /// The decisions of the running command so far.
    struct Pending {
        fileprivate var facts: [Event] = []
        fileprivate var moves: [Ledger] = []
        /// Where the last `tracking` or `offAxis` fact is in `facts` (the only one kept there).
        fileprivate var trackingAt: Int?

        /// Notes a fact that `why` explains.
        mutating func observe(_ event: Event) {
            facts.append(event)
        }

        /// Notes where the finger is (`tracking`, `offAxis`): only the last is kept, and `why`
        /// explains it only when the command decided nothing else.
        mutating func observeTracking(_ event: Event) {
            if let t = trackingAt { facts.remove(at: t) }
            trackingAt = facts.count
            facts.append(event)
        }

        /// Notes a move; returns where it is, for `mergeMove` and `move(at:)`.
        mutating func observeMove(_ move: Ledger) -> Int {
            moves.append(move)
            return moves.count - 1
        }

        /// Adds `move` to the move at `index`, in place (a fling's summary grows frame by frame).
        mutating func mergeMove(at index: Int, _ move: Ledger) {
            moves[index].merge(move)
        }

        /// The move at `index`.
        func move(at index: Int) -> Ledger {
            moves[index]
        }

        /// Forgets everything, keeping the buffers' capacity.
        fileprivate mutating func clear() {
            // Mostly empty already (`commit` took them, or the command decided nothing): an empty
            // array is left alone, without a call.
            if !facts.isEmpty { facts.empty() }
            if !moves.isEmpty { moves.empty() }
            trackingAt = nil
        }
    }

    /// The decisions of the last command that made any.
    private var last: (command: String, facts: [Event], moves: [Ledger])?
    /// A `tab` refused after it, with when what blocked it ends.
    private var refused: (command: String, refusal: Refusal, until: Double?)?
    private var pending = Pending()

    /// A command starts: what a command that did not finish set aside is forgotten.
    mutating func begin() {
        pending.clear()
    }

    /// Notes a fact of the running command that `why` explains.
    mutating func observe(_ event: Event) {
        pending.observe(event)
    }

    /// Runs `body` with the running command's decisions to fill, in place.
    mutating func collecting<R>(_ body: (inout Pending) -> R) -> R {
        body(&pending)
    }

    /// The running command `command` ended: its decisions, when it made any, become what `why`
    /// explains. A refused `tab` changed nothing, so `why` goes on explaining the command before
    /// it and adds the refusal; when a transition blocked it, the refusal is returned, and the
    /// caller tells when the transition ends (`refusalEnds`, re-simulated from its simulator):
    /// the simulator is handed over only then, not on every command. The buffers are handed
    /// over, not copied, and the ones dropped are reused.
    mutating func commit(_ command: String) -> Refusal? {
        if let t = pending.trackingAt {
            // Where the finger is explains a move that decided nothing else (hazards aside), once.
            pending.trackingAt = nil
            let decidedElse = pending.facts.indices.contains { k in
                if k == t { return false }
                if case .hazard = pending.facts[k] { return false }
                return true
            }
            if decidedElse || !pending.moves.isEmpty { pending.facts.remove(at: t) }
        }
        guard !pending.facts.isEmpty || !pending.moves.isEmpty else { return nil }
        if pending.moves.isEmpty, pending.facts.count == 1,
            case .refused(let refusal) = pending.facts[0]
        {
            refused = (command, refusal, nil)
            pending.facts.empty()
            if case .transitioning = refusal { return refusal }
            return nil
        }
        if last == nil {
            last = (command, [], [])
        } else {
            last!.command = command
        }
        // In place: the new buffers go in and the old ones come out, emptied, to be reused, with
        // no copy of the tuple.
        swap(&last!.facts, &pending.facts)
        swap(&last!.moves, &pending.moves)
        pending.clear()
        if refused != nil { refused = nil }
        return nil
    }

    /// When the transition that blocked the refused `tab` ends (`blockedUntil`), after `commit`
    /// returned its refusal.
    mutating func refusalEnds(at time: Double?) {
        refused?.until = time
    }

    /// `commit`, telling when a blocking transition ends from `sim`.
    mutating func commit(_ command: String, in sim: Simulator) {
        if let refusal = commit(command) { refusalEnds(at: Self.blockedUntil(refusal, sim)) }
    }

    /// A scene was loaded: nothing is explained (the facts' indices belong to the previous
    /// scene).
    mutating func forget() {
        last = nil
        refused = nil
    }

    /// When what refused a `tab` ends: re-simulated on a copy, frame by frame, as `settle` would
    /// run it (nil for a pan, which ends when the finger lifts, or past 10 s).
    static func blockedUntil(_ refusal: Refusal, _ sim: Simulator) -> Double? {
        guard case .transitioning(let c) = refusal else { return nil }
        var copy = sim
        let cap = copy.frames(in: Session.settleLimit)
        var clock = FrameClock(start: copy.time, fps: copy.settings.fps)
        while copy.isTransitioning(c) && clock.taken < cap { copy.stepFrame(at: clock.next()) }
        return copy.isTransitioning(c) ? nil : copy.time
    }

    /// What `why` prints now, with the values of `sim` (nil: nothing decided yet).
    func report(_ sim: Simulator) -> WhyReport? {
        var report = last.map {
            Why.report(command: $0.command, facts: $0.facts, moves: $0.moves, sim: sim)
        }
        if let refused {
            let n = Names(sim.graph)
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
