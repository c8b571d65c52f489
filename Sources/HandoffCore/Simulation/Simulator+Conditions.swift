/// Evaluating the app's conditions and expressions against the state (SPEC §13.2).
extension Simulator {
    /// Whether `condition` holds now; `context` gives what the state alone does not say.
    public func holds(_ condition: Condition, _ context: ConditionContext = ConditionContext())
        -> Bool
    {
        switch condition {
        case .compare(let path, let op, let value, let tol):
            switch value {
            case .expression(let e):
                guard let a = number(path, context) else { return false }
                return op.holds(a, evaluate(e, context), tolerance: tol)
            case .word(let word):
                let matches = self.matches(path, word)
                switch op {
                case .eq: return matches
                case .ne: return !matches
                case .lt, .le, .gt, .ge, .approx: return false
                }
            }
        case .touchOn(let node):
            return gesture.touching?.contact.path.contains(node) ?? false
        case .touchOnGrabber(let sheet):
            return gesture.touching.map { $0.contact.target == Target(sheet) } ?? false
        case .all(let parts):
            return parts.allSatisfy { holds($0, context) }
        case .any(let parts):
            return parts.contains { holds($0, context) }
        }
    }

    /// The value of an expression, left to right.
    public func evaluate(_ e: Expression, _ context: ConditionContext = ConditionContext())
        -> Double
    {
        var value = operand(e.first, context)
        for term in e.rest {
            let x = operand(term.operand, context)
            switch term.op {
            case .plus: value += x
            case .minus: value -= x
            case .times: value *= x
            }
        }
        return value
    }

    private func operand(_ o: Expression.Operand, _ context: ConditionContext) -> Double {
        switch o {
        case .number(let n): n
        case .path(let p): number(p, context) ?? 0
        }
    }

    /// The printed value of a node's position: a sheet's top, else its offset.
    func position(_ i: Int) -> Double {
        graph.motion[i].isSheet ? sheetTop(i) : offsets[i]
    }

    /// A numeric path's value; nil for a word path.
    func number(_ path: ConditionPath, _ context: ConditionContext) -> Double? {
        switch path {
        case .owner, .phase, .touch, .tap: return nil
        case .time: return time
        case .unconsumed: return ledger?.unconsumed ?? 0
        case .ledger(let i): return ledger?.totals(false).first { $0.node == i }?.amount ?? 0
        case .offset(let i): return offsets[i]
        case .page(let i): return Double(page(i))
        case .top(let i): return sheetTop(i)
        case .height(let i): return layout.stretchedHeight(i)
        case .alpha(let i): return alpha(i)
        case .delta(let i):
            guard let before = context.before, before.indices.contains(i) else { return 0 }
            let moved = offsets[i] - before[i]
            return graph.motion[i].isSheet ? -moved : moved
        case .start(let i):
            guard let starts = gestureStarts else { return position(i) }
            return graph.motion[i].isSheet
                ? graph.motion[i].sheetBottom - starts[i] : starts[i]
        case .target(let i): return context.targets[i] ?? position(i)
        }
    }

    /// Whether a word path reads `word` now.
    func matches(_ path: ConditionPath, _ word: ConditionWord) -> Bool {
        switch (path, word) {
        case (.owner, .none): return owner == nil
        case (.owner, .node(let n)): return owner == n
        case (.phase, .phase(let p)): return phase == p
        case (.touch, .none): return touchInfo == nil
        case (.touch, .target(let t)): return touchInfo?.target == t
        case (.tap, .none): return lastTap == nil
        case (.tap, .target(let t)):
            return lastTap.map { $0.delivered && $0.target == t } ?? false
        case (.tap, .tap(let w)): return lastTap.map { w.matches($0.outcome) } ?? false
        default: return false
        }
    }
}
