import HandoffCore

/// A hazard (SPEC §10) as the text line, the JSON fields and the `why` row say it.
extension Hazard {
    /// `owner-only outer 200 (left over 200 by owner upcoming)`: the name, the node it names,
    /// the amount, then what caused it (the `hazard` line after its label).
    func summary(_ n: Names) -> String {
        let f = NumberFormat.format
        let head = "\(name.rawValue) \(n.id(node)) \(f(amount))"
        switch self {
        case .ownerOnly(_, _, let leftover, let owner):
            return head + " (left over \(f(leftover)) by owner \(n.id(owner)))"
        case .outOfChain(_, _, let leftover, let driver):
            return head + " (left unconsumed \(f(leftover)) by the chain of \(n.id(driver)))"
        case .hiddenMover(_, _, let mover, let animation):
            return head + " (moved by the \(animation.rawValue) of \(n.id(mover)), not on screen)"
        case .flingDropped(_, _, let leftover, let driver, let rule):
            return head
                + " (left unconsumed \(f(leftover)) by the momentum of \(n.id(driver)); \(FlingRule.text(rule, n)))"
        case .noScrollHere(_, _, let excess, let axis, let target):
            return head
                + " (moved \(f(excess)) past the slop on \(n.target(target)), whose path has no \(axis.rawValue) scroll node)"
        case .reactionLoop(_, let rule, let w):
            return
                "reaction-loop \(rule) (\(w.trigger.rawValue) \(n.id(w.triggerNode)) fired again after the rule ran; it would write \(n.id(w.node)).\(w.key.rawValue) \(f(w.from)) → \(f(w.to)))"
        case .doubleScroll(_, let partner, let amount):
            return
                "double-scroll \(n.id(node)) \(n.id(partner)) \(f(amount)) (both recognizers moved their views by the finger's movement)"
        case .hiddenMomentum(_, let amount, let animation):
            return
                "hidden-momentum \(n.id(node)) (the touch was swallowed by its \(animation.rawValue), \(f(amount)) still to go, while code held its offset)"
        }
    }

    /// The fields of the `hazard` event after its time and frame (docs/json.md).
    func fields(_ n: Names) -> [(String, FactValue)] {
        let head: [(String, FactValue)] = [
            ("hazard", .string(name.rawValue)), ("node", .string(n.id(node))),
            ("amount", .number(amount)),
        ]
        switch self {
        case .ownerOnly(_, _, let leftover, let owner):
            return head + [("leftover", .number(leftover)), ("owner", .string(n.id(owner)))]
        case .outOfChain(_, _, let leftover, let driver):
            return head + [("leftover", .number(leftover)), ("driver", .string(n.id(driver)))]
        case .hiddenMover(_, _, let mover, let animation):
            return head + [
                ("mover", .string(n.id(mover))), ("animation", .string(animation.rawValue)),
            ]
        case .flingDropped(_, _, let leftover, let driver, let rule):
            return head + [
                ("leftover", .number(leftover)), ("driver", .string(n.id(driver))),
                ("rule", .string(FlingRule.text(rule, n))),
            ]
        case .noScrollHere(_, _, let excess, let axis, let target):
            return head + [
                ("excess", .number(excess)), ("axis", .string(axis.rawValue)),
                ("target", .string(n.target(target))),
            ]
        case .reactionLoop(_, let rule, let w):
            return [
                ("hazard", .string(name.rawValue)), ("node", .string(n.id(node))),
                ("rule", .int(rule)),
                ("path", .string(n.id(w.node) + "." + w.key.rawValue)), ("from", .number(w.from)),
                ("to", .number(w.to)),
            ]
        case .hiddenMomentum(_, _, let animation):
            return head + [("animation", .string(animation.rawValue))]
        case .doubleScroll(_, let partner, _):
            return head + [("partner", .string(n.id(partner)))]
        }
    }

    /// What `why` says about it, with the SPEC rule.
    func why(_ n: Names) -> (String, String) {
        let f = NumberFormat.format
        let id = n.id(node)
        switch self {
        case .ownerOnly(_, let amount, let leftover, let owner):
            return (
                "§10",
                "hazard owner-only: \(n.id(owner)) owns the gesture alone and left \(f(leftover)) unconsumed or as overscroll; \(id), in the same chain, could have taken \(f(amount)) (the continuous-scroll bug: no handoff inside a gesture)"
            )
        case .outOfChain(_, let amount, let leftover, let driver):
            return (
                "§10",
                "hazard out-of-chain: the chain of \(n.id(driver)) left \(f(leftover)) unconsumed; \(id), on screen on the same axis but not in the chain, could have taken \(f(amount))"
            )
        case .hiddenMover(_, let amount, let mover, let animation):
            return (
                "§10",
                "hazard hidden-mover: the \(animation.rawValue) of \(n.id(mover)), which is not on screen, moved \(id) by \(f(amount))"
            )
        case .flingDropped(_, let amount, let leftover, let driver, let rule):
            return (
                "§10",
                "hazard fling-dropped: the momentum of \(n.id(driver)) left \(f(leftover)) unconsumed; \(id), in its chain, had room for \(f(amount)) but takes no fling travel (\(FlingRule.text(rule, n)))"
            )
        case .reactionLoop(_, let rule, let w):
            return (
                "§13.3",
                "hazard reaction-loop: rule \(rule) ran in this frame, its trigger (\(w.trigger.rawValue) \(n.id(w.triggerNode))) fired again and its when still holds, and running it again would write \(n.id(w.node)).\(w.key.rawValue) \(f(w.from)) → \(f(w.to)): the app's code fights itself (each rule runs at most once per frame)"
            )
        case .doubleScroll(_, let partner, let amount):
            return (
                "§13.3",
                "hazard double-scroll: \(id) and \(n.id(partner)) recognize simultaneously and both moved by the finger's movement, which no rule undid: the content moves twice as fast (\(f(amount)), the smaller of their moves)"
            )
        case .hiddenMomentum(_, let amount, let animation):
            return (
                "§13.3",
                "hazard hidden-momentum: the touch-down was swallowed by the \(animation.rawValue) of \(id), whose printed offset had not changed for 100 ms while a rule wrote it: the code held it while it kept moving (\(f(amount)) still to go)"
            )
        case .noScrollHere(_, let amount, let excess, let axis, let target):
            return (
                "§10",
                "hazard no-scroll-here: the finger moved \(f(excess)) past the slop \(axis.rawValue)ly on \(n.target(target)), whose hit path has no \(axis.rawValue) scroll node or sheet; \(id), on screen on that axis, could have taken \(f(amount))"
            )
        }
    }
}

extension FlingRule {
    /// The rule that keeps a node from fling travel, as `why` and the hazard line say it.
    static func text(_ rule: FlingRule, _ n: Names) -> String {
        switch rule {
        case .flingNone: "nested.fling: none"
        case .sheetWithoutMomentum: "a sheet with momentum: false"
        case .sheetRule(let sheet):
            "the sheet rule: \(n.id(sheet)) is below its top-most detent, so the lists inside it take nothing"
        }
    }
}
