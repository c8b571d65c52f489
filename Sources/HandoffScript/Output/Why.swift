import HandoffCore

/// `why`: the last command's decisions, each with the SPEC rule that made it and its numbers.
enum Why {
    /// The explanation of the facts of `command` (those `Session.collect` keeps for it) and its
    /// moves' ledgers.
    static func report(command: String, facts: [Event], moves: [Ledger], sim: Simulator)
        -> WhyReport
    {
        let n = Names(sim.graph)
        var rows: [(String, String)] = []
        let decided = facts.contains { if case .decided(.ownership) = $0 { true } else { false } }
        // A momentum that stopped with nodes that had room: its unconsumed row names the rules.
        var stop: [FlingBlock]?
        for e in facts {
            if case .decided(.flingStopped(_, _, let blocks)) = e { stop = blocks }
        }
        for e in facts {
            if case .decided(.ownership(let decision)) = e {
                rows += ownership(decision, n)
                rows += sharing(moves, n, sim, stop: stop)
                continue
            }
            rows.append(explain(e, n, sim))
            if case .decided(.chain) = e, !decided { rows += sharing(moves, n, sim, stop: stop) }
        }
        if !facts.contains(where: { if case .decided(.chain) = $0 { true } else { false } }) {
            rows += sharing(moves, n, sim, stop: stop)
        }
        return WhyReport(command: command, rows: rows.map { (rule: $0.0, text: $0.1) })
    }

    static let f = NumberFormat.format

    /// The rows of every move, with a run of moves shared out alike (the frames of `move … over`)
    /// explained once and counted. `stop`: the momentum stopped with nodes that had room, which
    /// the unconsumed row of the last move that left any names.
    static func sharing(
        _ moves: [Ledger], _ n: Names, _ sim: Simulator, stop: [FlingBlock]? = nil
    ) -> [(String, String)] {
        var out: [(String, String)] = []
        var run: (rows: [(String, String)], count: Int)?
        func flush() {
            guard var r = run else { return }
            if r.count > 1 { r.rows[0].1 += " (\(r.count) moves alike)" }
            out += r.rows
        }
        let stopped = stop == nil ? nil : moves.lastIndex { $0.unconsumed != 0 }
        for (k, l) in moves.enumerated() {
            let rows = shares(l, n, sim, stop: k == stopped ? stop : nil)
            if let r = run, r.rows.elementsEqual(rows, by: { $0 == $1 }) {
                run?.count += 1
            } else {
                flush()
                run = (rows, 1)
            }
        }
        flush()
        return out
    }

    /// Each share of a ledger and the phase rule behind it (§5.2, §5.4, §5.9); `stop`: the
    /// nodes that had room when the momentum stopped, which its unconsumed row names.
    static func shares(_ l: Ledger, _ n: Names, _ sim: Simulator, stop: [FlingBlock]? = nil)
        -> [(String, String)]
    {
        let dir = ScrollDirection(of: l.d).rawValue
        // A ledger with pre or post shares was shared out (a system sheet's drag, §5.10, shares
        // under every policy).
        let oneOwner =
            sim.settings.policy != .nested
            && !l.shares.contains { $0.phase == .pre || $0.phase == .post }
        var out: [(String, String)] = [
            oneOwner
                ? (
                    "§5.3",
                    "d \(f(l.d)) (\(dir)) under policy \(sim.settings.policy.rawValue): the owner alone takes it, then its overscroll if it bounces"
                )
                : (
                    "§5.2",
                    "d \(f(l.d)) (\(dir)) shared out in the phases pre, self, post, overscroll"
                )
        ]
        for s in l.shares {
            let id = n.id(s.node)
            let isSheet = sim.graph.nodes[s.node].kind.isSheet
            let text: String
            switch s.phase {
            case .pre:
                text =
                    isSheet
                    ? "\(id) \(f(s.amount)) pre: below its top-most detent a sheet takes every delta first"
                    : "\(id) \(f(s.amount)) pre: its nested.pre includes \(dir); ancestors take first, outermost first, up to their range"
            case .self:
                text =
                    oneOwner
                    ? "\(id) \(f(s.amount)) self: the owner takes what its range allows"
                    : "\(id) \(f(s.amount)) self: the driver takes what its range allows"
            case .post:
                text =
                    isSheet
                    ? "\(id) \(f(s.amount)) post: at its top-most detent a sheet takes backward leftovers"
                    : "\(id) \(f(s.amount)) post: its nested.post includes \(dir); ancestors take the rest, innermost first"
            case .overscroll:
                text =
                    s.takesBack
                    ? "\(id) \(f(s.amount)) overscroll: pull against the move is taken back first (§5.9)"
                    : "\(id) \(f(s.amount)) overscroll: at its edge and bounces, so it takes the rest as raw pull (§5.4)"
            }
            out.append((oneOwner ? "§5.3" : "§5.2", text))
        }
        if l.unconsumed != 0, let stop {
            out.append(
                (
                    "§5.5 r3",
                    "unconsumed \(f(l.unconsumed)): the momentum stopped where its consumers met an edge; \(blocked(stop, n))"
                ))
        } else if l.unconsumed != 0 {
            out.append(
                oneOwner
                    ? (
                        "§5.3",
                        "unconsumed \(f(l.unconsumed)): the owner could not take it (at its edge and not bouncing); no other node takes part"
                    )
                    : (
                        "§5.2",
                        "unconsumed \(f(l.unconsumed)): no chain node could take it (at its edge and not bouncing)"
                    ))
        }
        return out
    }

    /// The nodes that had room but took no fling travel, each with its room and its rule.
    static func blocked(_ blocks: [FlingBlock], _ n: Names) -> String {
        blocks.map {
            "\(n.id($0.node)) had \(f($0.room)) of room but takes none (\(FlingRule.text($0.rule, n)))"
        }.joined(separator: "; ")
    }

    /// The rule and explanation of a fact that carries a decision.
    static func explain(_ e: Event, _ n: Names, _ sim: Simulator) -> (String, String) {
        switch e {
        case .decided(let r): return explain(r, n, sim)
        case .code(let w):
            let what = "rule \(w.rule) (\(w.trigger.rawValue) \(n.id(w.triggerNode)))"
            let path = "\(n.id(w.node)).\(w.key.rawValue)"
            if w.ignored {
                return (
                    "§13.3",
                    "\(what) set \(path) \(f(w.to)), but the release starts no momentum on \(n.id(w.node)): the write is ignored"
                )
            }
            return (
                "§13.3", "\(path) \(f(w.from)) → \(f(w.to)) was written by the app's code: \(what)"
            )
        case .panNotBegun(let axis, let blocks):
            return (
                "§13.2",
                "no node on the hit path can begin a \(axis.rawValue) pan, so none is recognized: the movement moves nothing and the tap fails as moved; "
                    + blocks.map { FactDescriber.cannotBegin($0, n) }.joined(separator: "; ")
            )
        case .touchDown(_, let target, let path):
            var ids = path.map(n.id)
            if target.item != nil { ids.append(n.target(target)) }
            return (
                "§4.1",
                "touch on \(n.target(target)): the deepest hittable node under the point (later siblings first, clipped to parents); path \(ids.joined(separator: " > "))"
            )
        case .tapMoved(let target, let d, let slop):
            return (
                "§4.2",
                "tap(\(n.target(target))) failed: the finger moved \(f(d)) from its touch-down point, past the slop \(f(slop)), with no pan on that axis (a finger that moved is not a tap)"
            )
        case .edgeHit(let node, let v):
            if let node {
                return (
                    "§5.5 r3",
                    "every consumer reached an edge: \(n.id(node)), the innermost that bounces and takes fling travel, springs from it at \(f(v)) pt/s"
                )
            }
            return (
                "§5.5 r3",
                "every consumer reached an edge and none bounces: the momentum stops there"
            )
        case .pageSelected(let c, let from, let to):
            return ("§5.8", "\(n.id(c)) selects page \(to) (\(n.page(c, to))), was \(from)")
        case .repair(let node, _, _, let ancestor, let offset, let maximum):
            return (
                "§5.8",
                "invariant repair: \(n.id(node)) reset to its top because \(n.id(ancestor)) (nested.pre forward only) is at \(f(offset)), not at its max \(f(maximum))"
            )
        case .tap(let target, let outcome):
            return tap(target, outcome, n)
        case .refused(let refusal):
            return (
                "§5.8", "tab refused: \(FactDescriber.refusalText(refusal, n)); nothing changed"
            )
        case .hazard(let hazard):
            return hazard.why(n)
        case .tracking(let d, let slop) where d - slop > GestureRecognizer.slopTolerance:
            return (
                "§4.2",
                "the finger is \(f(d)) from its touch-down point, past the slop \(f(slop)), but no scroll node or sheet is on its hit path on that axis: no pan can be recognized there and nothing scrolls"
            )
        case .tracking(let d, let slop):
            return (
                "§4.2",
                "the finger is \(f(d)) from its touch-down point, not past the slop \(f(slop)) (strictly greater): no pan is recognized yet and nothing scrolls"
            )
        case .offAxis(let axis):
            return (
                "§4.2",
                "the pan is locked \(axis.rawValue): this move has no \(axis.rawValue) part, so nothing scrolls"
            )
        case .stopped, .swallowed, .recognizer, .touchesCancelled, .owner,
            .moved, .flingFrame, .handoff, .released, .momentumStarted, .momentumEnded,
            .springStarted, .springEnded, .tabbed, .transitionEnded, .delivered:
            preconditionFailure("why explains only the facts `Session.collect` keeps for it")
        }
    }

    /// The rule and explanation of a decision no other fact carries.
    static func explain(_ r: Reason, _ n: Names, _ sim: Simulator) -> (String, String) {
        switch r {
        case .stopped(let nodes, let swallowed):
            let ids = Array(Set(nodes)).sorted().map(n.id).joined(separator: ", ")
            return (
                "§4.2",
                swallowed
                    ? "the touch-down stopped \(ids) and is swallowed: it stopped momentum or a page, detent or snap spring"
                        + (sim.settings.touches == .uikit
                            ? ", or under touches uikit a bounce-back (§4.4)" : "")
                    : "the touch-down stopped a bounce-back on \(ids); that alone does not swallow the touch"
            )
        case .recognized(let axis, let d, let slop, let tie, let mode, let charged, let reaching):
            var text =
                reaching
                ? "pan(\(axis.rawValue)) recognized: net displacement \(f(d)) on that axis reaches the slop \(f(slop)) (at least: UIKit's scroll view)"
                : "pan(\(axis.rawValue)) recognized: net displacement \(f(d)) on that axis is past the slop \(f(slop)) (strictly greater)"
            if tie {
                text += "; both axes passed in one event: the innermost scroll node's axis wins"
            }
            text +=
                mode == .full
                ? "; mode full applies the whole \(f(abs(charged))) at once"
                : "; mode subtract applies only the \(f(abs(charged))) past the slop"
            return (reaching ? "§4.4" : "§4.2", text)
        case .sheetCaught(let sheet, let stopped):
            return (
                "§5.9",
                "\(n.id(sheet)) was animating: the touch stopped its \(stopped.rawValue) and begins its pan at once (no slop); the sheet owns it and the touch is cancelled by pan, not swallowed"
            )
        case .chain(let driver, let chain, let axis):
            return (
                "§5.1",
                "driver \(n.id(driver)): the innermost node on the hit path that scrolls \(axis.rawValue)ly; chain \(chain.map(n.id).joined(separator: ", "))"
            )
        case .ownership(let d):
            return ownership(d, n).last!
        case .disabledDuringPan(let node):
            return (
                "§13.1",
                "\(n.id(node)) was disabled (scrollEnabled false) during its pan: the pan is cancelled and released as a lift; the rest of the touch moves nothing"
            )
        case .cannotBegin(let blocks):
            return (
                "§13.2",
                blocks.map { FactDescriber.cannotBegin($0, n) }.joined(separator: "; ")
                    + ": it takes no part in this gesture or its momentum"
            )
        case .velocity(let v, let source):
            let window: Double
            switch source {
            case .given:
                return ("§4.3", "release velocity (\(f(v.x)), \(f(v.y))) pt/s, given with 'end'")
            case .scrollView(let e):
                return ("§4.4", scrollViewVelocity(e))
            case .window(let w):
                window = w
            }
            if window <= 0 {
                return (
                    "§4.3",
                    "no time passed since touch-down (moves without 'over'): release velocity 0"
                )
            }
            return (
                "§4.3",
                "release velocity (\(f(v.x)), \(f(v.y))) pt/s: displacement over the last \(f(window * 1000)) ms (100 ms, or since touch-down)"
            )
        case .detent(
            let sheet, let top, let vf, let downward, let from, let to, let projected, let target):
            let name = n.detent(sheet, top: target) ?? f(target)
            guard let downward else {
                return (
                    "§5.5 r1",
                    "\(n.id(sheet)) at \(f(top)), between detents with no velocity or travel: the nearest detent, \(name)"
                )
            }
            let direction =
                vf != 0
                ? "finger velocity \(f(vf)) pt/s \(downward ? "down" : "up")"
                : "moved \(downward ? "down" : "up") since the gesture began"
            let p = min(max(projected, min(from, to)), max(from, to))
            let progress = abs(p - from) / abs(to - from)
            return (
                "§5.5 r1",
                "\(n.id(sheet)) at \(f(top)) between detents takes the velocity: \(direction); projection \(f(top)) + 0.499·\(f(vf)) = \(f(projected)), clamped to \(f(p)); progress \(f(progress)) \(progress > 0.5 ? ">" : "≤") 0.5 → \(name) (top \(f(target)))"
            )
        case .detentFromRest(let sheet, let vf, let decision):
            return detentFromRest(sheet, vf, decision, n)
        case .detentKept(let sheet, let top, let because):
            return detentKept(sheet, top, because, n)
        case .page(let pager, let offset, let width, let v, let start, let target):
            let x = offset / width
            let rule =
                v > 1
                ? "forward velocity \(f(v)) > 1: floor(\(f(x))) + 1"
                : v < -1
                    ? "backward velocity \(f(v)): ceil(\(f(x))) − 1" : "no velocity: round(\(f(x)))"
            return (
                "§5.5 r2",
                "\(n.id(pager)) at \(f(offset)): \(rule), clamped to page \(start) ± 1 and the pages → page \(target) (\(n.page(pager, target)))"
            )
        case .momentum(let driver, let v, let travel, let participants):
            return (
                "§5.5 r3",
                "momentum of \(n.id(driver)) at \(f(v)) pt/s: total travel −v0/k = \(f(travel)), shared through \(participants.map(n.id).joined(separator: ", ")) like a drag (fling: none parents and momentum: false sheets take none)"
            )
        case .overscrolledRelease(let nodes):
            return (
                "§5.9",
                "\(nodes.map(n.id).joined(separator: ", ")) overscrolled at release: springs back first and no momentum runs (a pager driver goes to its page)"
            )
        case .flingStopped(let driver, let leftover, let blocks):
            return (
                "§5.5 r3",
                "the momentum of \(n.id(driver)) stopped with \(f(leftover)) unconsumed: \(blocked(blocks, n))"
            )
        case .snap(let node, let offset, let target):
            return (
                "§5.5 r4",
                "\(n.id(node)) at rest at \(f(offset)), strictly between its ends: snap: edges springs to the nearer end, \(f(target)) (the midpoint goes to min)"
            )
        case .belowMomentumThreshold(let node, let v):
            return ("§4.4", belowMomentumThreshold(n.id(node), v))
        case .contentKeepsTouch(let target, let owner, let control):
            return ("§4.4", contentKeepsTouch(target, owner, control, n))
        case .neverDelivered(let target):
            return ("§4.4", neverDelivered(target, n))
        case .caughtMoving(let node, let kind):
            return ("§4.4", caughtMoving(node, kind, n))
        case .touchGutter(let target, let inside):
            return ("§4.4", touchGutter(target, inside, n))
        case .systemSheet(let sheet, let driver, let shared, let expands):
            return ("§5.10", systemSheet(sheet, driver, shared, expands, n))
        }
    }
}
