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

    /// The lines of a command's facts; consecutive state changes are aligned together.
    package static func render(_ facts: [Fact], names: Names) -> [OutputLine] {
        var out: [OutputLine] = []
        var changes: [(String, String)] = []
        for fact in facts {
            if case .changed(let path, let from, let to) = fact {
                changes.append((path, "\(value(from)) → \(value(to))"))
                continue
            }
            if !changes.isEmpty {
                out += aligned(changes).map { OutputLine($0) }
                changes = []
            }
            out += render(fact, names)
        }
        out += aligned(changes).map { OutputLine($0) }
        return out
    }

    static func value(_ v: StateValue) -> String {
        switch v {
        case .number(let d): NumberFormat.format(d)
        case .word(let w): w
        }
    }

    static func render(_ fact: Fact, _ names: Names) -> [OutputLine] {
        func plain(_ lines: [String]) -> [OutputLine] { lines.map { OutputLine($0) } }
        switch fact {
        case .event(let o):
            return event(o.event, names).map { OutputLine($0, role: role(of: o.event)) }
        case .fling(let l, _, _): return plain([line("fling", ledger(l, names))])
        case .changed(let path, let from, let to):
            return plain([line(path, "\(value(from)) → \(value(to))")])
        case .aimed(let asked, let hit):
            return plain([
                line("note", "aimed at \(names.target(asked)), hit \(names.target(hit))")
            ])
        case .loaded(let scene, let nodes, let window, let imported):
            let f = NumberFormat.format
            return plain([
                line(
                    "load",
                    "\(scene): \(nodes) nodes, window \(f(window.x))×\(f(window.y))"
                        + (imported.map { "; " + $0 } ?? ""))
            ])
        case .scene(let name, let description): return plain([line(name, description)])
        case .state(let report): return plain(report.lines)
        case .tree(let report): return plain(report.tree)
        case .drawing(let rows): return plain(rows)
        case .why(let report):
            guard let report else { return plain(["why       nothing has been decided yet"]) }
            return plain(report.lines)
        case .expectation(let passed, let message):
            return [
                OutputLine(
                    line("expect", (passed ? "ok: " : "FAILED: ") + message),
                    role: passed ? .success : .error)
            ]
        case .set(let key, let value): return plain([line("set", "\(key) \(value)")])
        case .settings(let rows):
            let width = (rows.map(\.value.count).max() ?? 0) + 2
            return plain(
                aligned(rows.map { ($0.key, pad($0.value, width) + $0.origin.rawValue) }))
        case .recording(let path, let commands):
            let note =
                commands == 0 ? "" : " (with the \(Plural.count(commands, "command")) since load)"
            return plain([line("record", "recording to \(path)\(note)")])
        case .recordingStopped(let path):
            return plain([line("record", "stopped; \(path) is complete")])
        case .replayed(let file, let outcome, let diff):
            let summary = TraceRunner.summary(file: file, outcome: outcome)
            return plain(diff) + plain([summary])
        case .help(let topic): return plain(topic.lines)
        case .settleCapped(let seconds):
            return plain([
                line("settle", "stopped after \(NumberFormat.format(seconds))s: still animating")
            ])
        case .error(let d, _):
            return d.render(line: "", lineNumber: nil).prefix(1).map {
                OutputLine($0, role: .error)
            }
        }
    }

    /// The owner and repairs stand out on a terminal.
    static func role(of e: Event) -> LineRole {
        switch e {
        case .owner, .repair: .highlight
        case .touchDown, .stopped, .swallowed, .recognizer, .tracking, .tapMoved, .offAxis,
            .touchesCancelled, .moved, .flingFrame, .handoff, .released, .momentumStarted,
            .momentumEnded, .edgeHit, .springStarted, .springEnded, .tap, .tabbed, .pageSelected,
            .transitionEnded, .refused, .decided:
            .plain
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
        case .tap(let t, let outcome):
            return [line("tap", "\(n.target(t)) " + tapText(outcome, n))]
        case .tabbed(let t):
            return [line("tap", "\(n.target(t)) delivered")]
        case .pageSelected(let node, let from, let to):
            return [line("select", "\(n.id(node)) page \(from) → \(to) (\(n.page(node, to)))")]
        case .transitionEnded(let node, let page):
            return [line("select", "\(n.id(node)) transition to \(n.page(node, page)) done")]
        case .repair(let node, let from, let to, _, _, _):
            return [line("repair", "\(n.id(node)) \(f(from)) → \(f(to)): \(repairReason)")]
        case .refused(let refusal):
            return [line("refused", "tab: \(refusalText(refusal, n))")]
        case .decided:
            return []
        }
    }

    /// Why a repair happened, as the `repair` line and JSON say it.
    static let repairReason = "header not fully collapsed"

    /// `delivered`, or `not delivered: REASON` (SPEC §6 `last_tap`).
    static func tapText(_ outcome: TapOutcome, _ n: Names) -> String {
        tapReason(outcome, n).map { "not delivered: " + $0 } ?? "delivered"
    }

    /// The reason SPEC §6 gives for a tap that was not delivered (nil when it was).
    static func tapReason(_ outcome: TapOutcome, _ n: Names) -> String? {
        switch outcome {
        case .delivered: nil
        case .swallowed: "swallowed"
        case .cancelledByPan: "cancelled by pan"
        case .moved: "moved"
        case .notTappable: "not tappable"
        case .rejected(let c): "rejected: \(n.id(c)) is transitioning"
        }
    }

    /// Why a `tab` changed nothing.
    static func refusalText(_ r: Refusal, _ n: Names) -> String {
        switch r {
        case .panActive: "a pan is active"
        case .transitioning(let c): "\(n.id(c)) is transitioning"
        case .noNextSegment(let tabs, let k): "'\(n.segment(tabs, k))' is the last segment"
        case .noPreviousSegment(let tabs, let k): "'\(n.segment(tabs, k))' is the first segment"
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
