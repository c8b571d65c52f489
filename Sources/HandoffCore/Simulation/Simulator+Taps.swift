/// Taps and tabs (SPEC §4.2, §5.8): a delivered tap, a segment that selects its page, and the
/// invariant repair of a newly shown list.
extension Simulator {
    /// Delivers a tap: segments select their page (or are rejected while disabled).
    mutating func deliverTap(_ target: Target) {
        let node = graph.nodes[target.node]
        if node.kind.isTabs, let segment = target.item {
            if let c = transitioningControlled(tabs: target.node) {
                emit(.recognizer(.tap(target), .failed))
                emit(.tap(target, .rejected(transitioning: c)))
                lastTap = TapRecord(target: target, outcome: .rejected(transitioning: c))
                return
            }
            emit(.recognizer(.tap(target), .recognized))
            emit(.tap(target, .delivered))
            lastTap = TapRecord(target: target, outcome: .delivered)
            select(tabs: target.node, segment: segment, from: self.segment(of: target.node))
            return
        }
        emit(.recognizer(.tap(target), .recognized))
        emit(.tap(target, .delivered))
        lastTap = TapRecord(target: target, outcome: .delivered)
    }

    /// `tab`: acts as a delivered tap on a segment without touching anything (SPEC §5.8–5.9).
    /// Refused, with nothing changed, during a pan or while the controlled page is transitioning.
    public mutating func tab(_ tabs: Int, segment: Int) {
        beginStep()
        defer { endStep() }
        let (refusal, current) = tabStart(tabs)
        if let refusal {
            emit(.refused(refusal))
            return
        }
        choose(tabs, segment: segment, from: current)
    }

    /// `tab next` (`forward`) or `tab prev`: the neighbouring segment, or refused at the end.
    public mutating func tab(_ tabs: Int, step forward: Bool) {
        beginStep()
        defer { endStep() }
        let (refusal, current) = tabStart(tabs)
        if let refusal {
            emit(.refused(refusal))
            return
        }
        let count = graph.segmentCounts[tabs]
        if forward, current + 1 >= count {
            emit(.refused(.noNextSegment(tabs: tabs, segment: current)))
        } else if !forward, current <= 0 {
            emit(.refused(.noPreviousSegment(tabs: tabs, segment: current)))
        } else {
            choose(tabs, segment: forward ? current + 1 : current - 1, from: current)
        }
    }

    /// What `tab` reads before it acts, in one look: why it is refused (`tabRefusal`), or else
    /// nil and the segment selected now (`segment(of:)`). `mutating` though it changes nothing:
    /// called from `tab`, the simulator is handed over by address, where a call on its value
    /// copied all of it; for the same reason it calls no method on `self` that takes it as a
    /// value.
    private mutating func tabStart(_ tabs: Int) -> (refusal: Refusal?, current: Int) {
        let controlled = graph.controlled[tabs]
        if let refusal = Self.tabRefusal(gesture.stage, controlled: controlled, animations) {
            return (refusal, 0)
        }
        guard let c = controlled else { return (nil, 0) }
        return (nil, pageInPlace(c))
    }

    /// `tab` on a segment, not refused: a delivered tap on it without touching anything. `from`:
    /// the segment selected now (`segment(of:)`).
    private mutating func choose(_ tabs: Int, segment: Int, from: Int) {
        let target = Target(tabs, item: segment)
        emit(.tabbed(target))
        lastTap = TapRecord(target: target, outcome: .delivered)
        select(tabs: tabs, segment: segment, from: from)
    }

    /// Selects a page of the pager or switcher a tabs control drives; `from` is its page now
    /// (`segment(of: tabs)`, which the caller has read).
    private mutating func select(tabs: Int, segment: Int, from: Int) {
        guard let c = graph.controlled[tabs] else { return }
        switch graph.nodes[c].kind {
        case .switcher(let duration):
            guard segment != from else { return }
            selected[c] = segment
            emit(.pageSelected(node: c, from: from, to: segment))
            animations.append(
                .transition(
                    Transition(node: c, from: from, to: segment, start: time, duration: duration)))
            repair(container: c, page: segment)
        case .pager:
            let target = Double(segment) * graph.nodes[c].frame.width
            guard segment != from || offsets[c] != target else { return }
            springTo(c, .page, target: target, velocity: 0)
            selected[c] = segment
            if segment != from {
                emit(.pageSelected(node: c, from: from, to: segment))
                repair(container: c, page: segment)
            }
        case .view, .scroll, .list, .tabs, .sheet, .backdrop:
            // The validator lets a tabs control name only a pager or switcher.
            return
        }
    }

    /// Invariant repair: a newly shown list scrolled past its top while an ancestor that collapses
    /// first (`pre: forward` only) is not fully collapsed is reset to its top (SPEC §5.8).
    mutating func repair(container c: Int, page p: Int) {
        var a = graph.parent[c]
        var ancestor: Int?
        var axis: Axis = .vertical
        // A scroll view's nested policy and axis, read from its motion: no configuration copied.
        while let n = a {
            if let nested = graph.motion[n].nested, nested.pre == .forward,
                offsets[n] < range(n).upperBound - 1e-9
            {
                ancestor = n
                axis = graph.motion[n].scrollAxis!
                break
            }
            a = graph.parent[n]
        }
        guard let ancestor, p < graph.children[c].count else { return }
        for n in graph.subtree(graph.children[c][p]) where graph.motion[n].scrollAxis == axis {
            let lo = range(n).lowerBound
            guard offsets[n] > lo + 1e-9 else { continue }
            let old = offsets[n]
            animations.removeAll { $0.node == n }
            setOffset(n, lo)
            emit(
                .repair(
                    node: n, from: old, to: lo, ancestor: ancestor,
                    ancestorOffset: offsets[ancestor], ancestorMax: range(ancestor).upperBound))
        }
        updateParallax()
    }
}
