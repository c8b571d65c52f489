import HandoffCore

/// `why` for the one-owner policies (SPEC §5.3) and rule 1 on a detent (SPEC §5.5).
extension Why {
    /// One line per step of the walk that chose the owner, then the owner.
    static func ownership(_ d: Ownership.Decision, _ n: Names) -> [(String, String)] {
        let axis = d.axis.rawValue + "ly"
        let edge = edgeWords(d.axis, d.direction)
        let push = "where the first movement (\(d.direction.rawValue)) pushes"
        var out: [(String, String)] = []
        for step in d.steps {
            let text: String
            switch step {
            case .sheetDriver(let s):
                text =
                    "the drag began on \(n.id(s)) itself (its own area, or content with no scroll node on its axis): a sheet is a custom pan and owns only the drags it drives"
            case .sheetSkipped(let s):
                text =
                    "\(n.id(s)) is a sheet, a custom pan and not a scroll view: it receives no transfer; the walk passes it"
            case .cannotBegin(let c, let why):
                text =
                    FactDescriber.cannotBegin(BeginBlock(node: c, reason: why), n)
                    + " (§13.2): the walk passes it"
            case .neverTransfers(let c):
                text =
                    "\(n.id(c)) is at its \(edge), \(push), but has transfers: never (§13.1): it keeps the drag"
            case .transfersAlways(let c, let parent):
                text =
                    "\(n.id(c)) is at its \(edge), \(push), and has transfers: always (§13.1): it declines to \(n.id(parent)), the nearest ancestor scroll node that can scroll \(axis); the walk goes on there"
            case .cannotScroll(let c):
                text =
                    "\(n.id(c)) cannot scroll \(axis) (content within its viewport and no bounce): the walk goes on outward"
            case .declines(let c, let parent):
                text =
                    "\(n.id(c)) is at its \(edge), \(push), and declines: its immediate parent scroll node \(n.id(parent)) can scroll \(axis); the walk goes on at \(n.id(parent))"
            case .keepsAtEdge(let c, let parent):
                let because =
                    parent.map {
                        "its immediate parent scroll node \(n.id($0)) cannot scroll \(axis)"
                    } ?? "it has no parent scroll node"
                text =
                    "\(n.id(c)) is at its \(edge), \(push), but does not decline: \(because)"
            case .scrolls(let c):
                text = "\(n.id(c)) can scroll \(axis) and is not at its \(edge), \(push)"
            case .driverFallback(let c):
                text = "no node on the walk can scroll \(axis): the driver \(n.id(c)) owns"
            case .outermost(let c):
                text =
                    "\(n.id(c)) is the outermost chain node with range left \(d.direction.rawValue) (overscroll room does not count)"
            case .noneCanMove(let c):
                text =
                    "no chain node has range left \(d.direction.rawValue): the driver \(n.id(c)) owns"
            }
            out.append(("§5.3", "policy \(d.policy.rawValue): " + text))
        }
        let rule =
            switch d.policy {
            case .uikit:
                "the innermost node that can scroll, unless at its edge with a parent that can"
            case .outer: "a container claims the drag: the outermost chain node that can move"
            case .nested: "the driver"
            }
        out.append(
            (
                "§5.3",
                "policy \(d.policy.rawValue) (\(rule)) → \(n.id(d.owner)) owns: it alone consumes this gesture and its momentum; what it cannot take is its overscroll or unconsumed, with no handoff until a new gesture"
            ))
        return out
    }

    /// The edge a direction pushes toward, in words.
    static func edgeWords(_ axis: Axis, _ dir: ScrollDirection) -> String {
        switch (axis, dir) {
        case (.vertical, .forward): "bottom"
        case (.vertical, .backward): "top"
        case (.horizontal, .forward): "right end"
        case (.horizontal, .backward): "left end"
        }
    }

    /// Rule 1 for a sheet resting on a detent at release.
    static func detentFromRest(
        _ s: Int, _ vf: Double, _ d: Targets.DetentDecision, _ n: Names
    ) -> (String, String) {
        let here = n.detent(s, top: d.from) ?? f(d.from)
        let there = n.detent(s, top: d.to) ?? f(d.to)
        let target = n.detent(s, top: d.target) ?? f(d.target)
        let down = d.downward ?? false
        let direction =
            vf != 0
            ? "finger velocity \(f(vf)) pt/s \(down ? "down" : "up")"
            : "moved \(down ? "down" : "up") since the gesture began"
        let p = min(max(d.projected, min(d.from, d.to)), max(d.from, d.to))
        let progress = abs(p - d.from) / abs(d.to - d.from)
        return (
            "§5.5 r1",
            "\(n.id(s)) rests on \(here) at release: the segment is \(here) and its neighbour \(there) in the velocity's direction (FloatingPanel segment(at:forward:)); \(direction); projection \(f(d.from)) + 0.499·\(f(vf)) = \(f(d.projected)), clamped to \(f(p)); progress \(f(progress)) \(progress > 0.5 ? ">" : "≤") 0.5 → \(target) (top \(f(d.target)))"
        )
    }

    /// Rule 1: why a sheet resting on a detent at release takes nothing.
    static func detentKept(_ s: Int, _ top: Double, _ why: DetentKept, _ n: Names)
        -> (String, String)
    {
        let here = n.detent(s, top: top) ?? f(top)
        let text: String
        switch why {
        case .innerShare(let inner):
            text =
                "\(n.id(inner)) inside it took a share in this gesture, so the sheet takes nothing; momentum follows rule 3"
        case .noNeighbour(let downward):
            text =
                "no detent \(downward ? "below" : "above") it in the velocity's direction, so the sheet takes nothing; momentum follows rule 3"
        case .noDirection:
            text = "no velocity and no travel since the gesture began: the sheet stays"
        }
        return ("§5.5 r1", "\(n.id(s)) rests on \(here) at release: " + text)
    }
}
