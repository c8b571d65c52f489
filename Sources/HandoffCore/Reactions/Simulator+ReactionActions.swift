/// What a rule's actions do (SPEC §13.3): `set` writes at once (without stopping a running
/// motion), `animate` starts a page spring, `stop` ends a motion where it is.
extension Simulator {
    /// Runs one action of rule `k`.
    mutating func perform(_ action: Reaction.Action, rule k: Int) {
        switch action {
        case .set(let writes):
            for w in writes { write(w, rule: k) }
        case .animate(let w):
            guard let (_, to) = planned(w) else { return }
            let n = w.node
            switch w.key {
            case .offset: springTo(n, .page, target: to, velocity: 0)
            case .top:
                springTo(n, .detent, target: graph.motion[n].sheetBottom - to, velocity: 0)
            case .page:
                guard graph.motion[n].pages == .scrolled else { return write(w, rule: k) }
                springTo(n, .page, target: to * graph.nodes[n].frame.width, velocity: 0)
            case .target, .scrollEnabled: return
            }
        case .stop(let n):
            var stoppedAny = false
            var k = 0
            while k < animations.count {
                let a = animations[k]
                if case .transition = a {
                    k += 1
                    continue
                }
                guard a.nodes.contains(n) else {
                    k += 1
                    continue
                }
                animations.remove(at: k)
                emit(.stopped(node: a.node, kind: a.kind))
                stoppedAny = true
            }
            // Stopping a motion ends it: `scrollViewDidEndDecelerating`.
            if stoppedAny { fire(.rest, n) }
        }
    }

    /// One write of rule `k`: the clamped value replaces the current one (a rubber-band pull is
    /// cleared; a running momentum or spring goes on from it); a write that changes nothing
    /// prints nothing and fires nothing.
    private mutating func write(_ w: Reaction.Write, rule k: Int) {
        let n = w.node
        let rule = book.rules[k]
        var code = CodeWrite(
            rule: k + 1, trigger: rule.trigger, triggerNode: rule.node, node: n, key: w.key,
            from: 0, to: 0)
        guard w.key != .target else {
            // Read by §5.5 when it starts the release's momentum (`aimedVelocity`).
            let rate = graph.motion[n].rate
            let r = range(n)
            let v = evaluate(w.value)
            guard v.isFinite else { return }
            code.from = offsets[n] + Deceleration(velocity: book.releaseVelocity, rate: rate).total
            code.to = Swift.min(Swift.max(v, r.lowerBound), r.upperBound)
            book.targets.append(ReactionBook.Target(write: code))
            return
        }
        guard let (from, to) = planned(w), from != to else { return }
        if !book.wrote {
            book.wrote = true
            book.afterMotion = offsets
        }
        book.writtenAt[n] = time
        let before = offsets[n]
        switch w.key {
        case .offset:
            setOffset(n, to)
        case .top:
            setOffset(n, graph.motion[n].sheetBottom - to)
        case .page:
            let p = Int(to)
            let old = page(n)
            if graph.motion[n].pages == .scrolled {
                // A jump: no spring to the page.
                animations.removeAll { $0.node == n && $0.kind != .momentum }
                setOffset(n, Double(p) * graph.nodes[n].frame.width)
            }
            selected[n] = p
            code.from = Double(old)
            code.to = Double(p)
            emit(.code(code))
            if p != old {
                emit(.pageSelected(node: n, from: old, to: p))
                repair(container: n, page: p)
            }
            updateParallax()
            if offsets[n] != before { fire(.scroll, n) }
            return
        case .scrollEnabled:
            // Printed before the cancel it may cause; an offset it does not change fires nothing.
            code.from = from
            code.to = to
            emit(.code(code))
            apply(.scrollEnabled(to != 0), to: n)
            return
        case .target:
            return
        }
        code.from = from
        code.to = to
        rebaseSpring(n)
        updateParallax()
        emit(.code(code))
        fire(.scroll, n)
    }

    /// A spring on `n` goes on from the offset code wrote, with its target and its velocity at
    /// this moment (SPEC §13.3).
    private mutating func rebaseSpring(_ n: Int) {
        for k in animations.indices {
            guard case .spring(var s) = animations[k], s.node == n else { continue }
            let v = s.state(at: time).v
            s.displacement = offsets[n] - s.target
            s.velocity = v
            s.start = time
            animations[k] = .spring(s)
        }
    }
}
