import HandoffCore

/// The app's rules as `tree` lists them after the nodes (SPEC §13.3): one line per rule, as
/// written (`rule 1    scroll: studios  when: sheet.top > 100  set: {studios.offset: 0}`).
extension StateReport {
    /// One line per rule; none for a scene without rules.
    package var ruleLines: [String] {
        sim.reactions.indices.map { k in
            TextRenderer.line("rule \(k + 1)", ruleText(k))
        }
    }

    /// The rules as JSON objects (number, text, on).
    package var rulesJSON: [String] {
        sim.reactions.indices.map { k in
            JSONWriter.object([
                ("rule", String(k + 1)), ("text", JSONWriter.string(ruleText(k))),
                ("on", sim.isRuleOn(k) ? "true" : "false"),
            ])
        }
    }

    /// `scroll: studios  when: sheet.top > 100  set: {studios.offset: 0}` (`(off)` at the end
    /// for a rule switched off).
    func ruleText(_ k: Int) -> String {
        let r = sim.reactions[k]
        var parts = ["\(r.trigger.rawValue): \(names.id(r.node))"]
        if let w = r.whenText { parts.append("when: \(w)") }
        func write(_ w: Reaction.Write) -> String {
            "\(names.id(w.node)).\(w.key.rawValue): \(w.text)"
        }
        for a in r.actions {
            switch a {
            case .set(let ws): parts.append("set: {" + ws.map(write).joined(separator: ", ") + "}")
            case .animate(let w): parts.append("animate: {" + write(w) + "}")
            case .stop(let n): parts.append("stop: \(names.id(n))")
            }
        }
        if !sim.isRuleOn(k) { parts.append("(off)") }
        return parts.joined(separator: "  ")
    }
}
