import HandoffCore

/// Renders facts as text: one fact per line, a fixed label column.
package enum TextRenderer {
    static let labelWidth = 10

    package static func line(_ label: String, _ text: String) -> String {
        pad(label, max(labelWidth, label.count + 1)) + text
    }

    /// `s` followed by spaces up to `width` characters (no Foundation: this is on the hot path).
    package static func pad(_ s: String, _ width: Int) -> String {
        let n = s.count
        return n >= width ? s : s + String(repeating: " ", count: width - n)
    }

    /// Rows of `label value`, with the values aligned.
    package static func aligned(_ rows: [(String, String)]) -> [String] {
        guard !rows.isEmpty else { return [] }
        let width = max(labelWidth, (rows.map(\.0.count).max() ?? 0) + 2)
        return rows.map { pad($0.0, width) + $0.1 }
    }

    /// `d 250 = outer 200 pre + first 50 self + unconsumed 0`
    package static func ledger(_ l: Ledger, _ names: Names) -> String {
        let f = NumberFormat.format
        var parts = l.shares.map { "\(names.id($0.node)) \(f($0.amount)) \($0.phase.rawValue)" }
        parts.append("unconsumed \(f(l.unconsumed))")
        return "d \(f(l.d)) = " + parts.joined(separator: " + ")
    }

    package static func render(_ facts: [Fact], names: Names) -> [String] {
        var out: [String] = []
        var changes: [(String, String)] = []
        for fact in facts {
            if case .changed(let path, let from, let to) = fact {
                changes.append((path, "\(from) → \(to)"))
                continue
            }
            if !changes.isEmpty {
                out += aligned(changes)
                changes = []
            }
            out += render(fact, names)
        }
        out += aligned(changes)
        return out
    }

    static func render(_ fact: Fact, _ names: Names) -> [String] {
        switch fact {
        case .event(let e): return event(e, names)
        case .fling(let l): return [line("fling", ledger(l, names))]
        case .changed(let path, let from, let to): return [line(path, "\(from) → \(to)")]
        case .aimed(let asked, let hit): return [line("note", "aimed at \(asked), hit \(hit)")]
        case .text(let s): return [s]
        case .expectation(let passed, let message):
            return [line("expect", (passed ? "ok: " : "FAILED: ") + message)]
        case .error(let d): return d.render(line: "", lineNumber: nil).prefix(1).map { $0 }
        }
    }

    static func event(_ e: Event, _ n: Names) -> [String] {
        let f = NumberFormat.format
        switch e {
        case .touchDown(let p, let target, let path):
            var ids = path.map(n.id)
            if target.item != nil { ids.append(n.target(target)) }
            return [
                line("touch", "\(n.target(target)) at (\(f(p.x)), \(f(p.y)))"),
                line("path", ids.joined(separator: " > ")),
            ]
        case .stopped(let node, let kind):
            return [line("stopped", "\(n.id(node)) \(kind.rawValue)")]
        case .swallowed(let t):
            return [line("swallowed", "\(n.target(t)): the touch stopped an animation")]
        case .recognizer(.pan(let axis), let state):
            return [line("pan", "\(axis.rawValue) \(state.rawValue)")]
        case .recognizer(.tap(let t), let state):
            return [line("tap", "\(n.target(t)) \(state.rawValue)")]
        case .tracking(let d, let slop):
            return [line("tracking", "d \(f(d)) of slop \(f(slop))")]
        case .tapMoved(let t, let d, let slop):
            return [line("tap", "\(n.target(t)) failed: moved \(f(d)) > slop \(f(slop))")]
        case .offAxis(let axis):
            return [line("tracking", "pan locked \(axis.rawValue): no \(axis.rawValue) movement")]
        case .touchesCancelled(let t):
            return [line("cancel", "\(n.target(t)) touchesCancelled")]
        case .owner(let node, let chain):
            return [
                line("owner", "\(n.id(node)) (chain \(chain.map(n.id).joined(separator: ", ")))")
            ]
        case .moved(let l):
            return [line("move", ledger(l, n))]
        case .flingFrame(let l):
            return [line("fling", ledger(l, n))]
        case .handoff(let from, let to):
            return [line("handoff", "\(n.id(from)) → \(n.id(to))")]
        case .released(let v, let s):
            return [line("release", "velocity (\(f(v.x)), \(f(v.y))) pt/s, scroll \(f(s))")]
        case .momentumStarted(let d, let v, let travel):
            return [line("momentum", "\(n.id(d)) at \(f(v)) pt/s, travel \(f(travel))")]
        case .momentumEnded(let d):
            return [line("rest", "\(n.id(d)) momentum ended")]
        case .edgeHit(let node, let v):
            if let node {
                return [line("edge", "\(n.id(node)) hit its edge at \(f(v)) pt/s and bounces")]
            }
            return [line("edge", "momentum stopped at an edge at \(f(v)) pt/s")]
        case .springStarted(let node, let kind, let target, let v):
            return [
                line(
                    "spring",
                    "\(n.id(node)) \(kind.rawValue) → \(springTarget(node, target, n)) from \(f(v)) pt/s"
                )
            ]
        case .springEnded(let node, let kind, let target):
            return [
                line(
                    "settled", "\(n.id(node)) \(kind.rawValue) at \(springTarget(node, target, n))")
            ]
        case .tap(let t, let delivered, let reason):
            return [
                line(
                    "tap",
                    "\(n.target(t)) " + (delivered ? "delivered" : "not delivered: \(reason ?? "")")
                )
            ]
        case .pageSelected(let node, let from, let to):
            return [line("select", "\(n.id(node)) page \(from) → \(to) (\(n.page(node, to)))")]
        case .transitionEnded(let node, let page):
            return [line("select", "\(n.id(node)) transition to \(n.page(node, page)) done")]
        case .repair(let node, let from, let to, let reason):
            return [line("repair", "\(n.id(node)) \(f(from)) → \(f(to)): \(reason)")]
        case .refused(let reason):
            return [line("refused", "tab: \(reason)")]
        }
    }

    /// Sheet springs print the detent (and top); others the offset.
    static func springTarget(_ node: Int, _ target: Double, _ n: Names) -> String {
        let value = n.springTarget(node, target)
        if let detent = n.detent(node, top: value) {
            return "\(detent) (top \(NumberFormat.format(value)))"
        }
        return NumberFormat.format(value)
    }
}
