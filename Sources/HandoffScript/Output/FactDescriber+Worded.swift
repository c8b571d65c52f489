import HandoffCore

/// The simulator's rarer facts, whose text is put together as strings: slop, edges, repairs,
/// refusals and hazards.
extension FactDescriber {
    static func wordedEvent<R: FactRenderer>(
        _ e: Event, _ n: Names, at moment: Moment, into r: inout R
    ) {
        let line = TextRenderer.line
        let f = NumberFormat.format
        func id(_ node: Int) -> FactValue { .string(n.id(node)) }
        switch e {
        case .tracking(let d, let slop):
            r.describe(
                "tracking", at: moment, lines: [line("tracking", "d \(f(d)) of slop \(f(slop))")],
                [("distance", .number(d)), ("slop", .number(slop))])
        case .tapMoved(let t, let d, let slop):
            r.describe(
                "recognizer", at: moment,
                lines: [line("tap", "\(n.target(t)) failed: moved \(f(d)) > slop \(f(slop))")],
                [
                    ("recognizer", .string(recognizerName(.tap(t), n))),
                    ("state", .string(RecognizerState.failed.rawValue)),
                    ("reason", .string("moved")), ("distance", .number(d)), ("slop", .number(slop)),
                ])
        case .offAxis(let axis):
            r.describe(
                "offAxis", at: moment,
                lines: [
                    line("tracking", "pan locked \(axis.rawValue): no \(axis.rawValue) movement")
                ],
                [("axis", .string(axis.rawValue))])
        case .edgeHit(let node, let v):
            r.describe(
                "edge", at: moment, marks: [.edgeHit],
                lines: [
                    node.map {
                        line("edge", "\(n.id($0)) hit its edge at \(f(v)) pt/s and bounces")
                    }
                        ?? line("edge", "momentum stopped at an edge at \(f(v)) pt/s")
                ],
                [("node", node.map(id) ?? .null), ("velocity", .number(v))])
        case .repair(let node, let from, let to, let ancestor, let offset, let maximum):
            r.describe(
                "repair", at: moment, role: .highlight, marks: [.repair],
                lines: [line("repair", "\(n.id(node)) \(f(from)) → \(f(to)): \(repairReason)")],
                [
                    ("node", id(node)), ("from", .number(from)), ("to", .number(to)),
                    ("reason", .string(repairReason)), ("ancestor", id(ancestor)),
                    ("ancestorOffset", .number(offset)), ("ancestorMax", .number(maximum)),
                ])
        case .refused(let refusal):
            r.describe(
                "refused", at: moment, marks: [.refusal],
                lines: [line("refused", "tab: \(refusalText(refusal, n))")],
                [("reason", .string(refusalText(refusal, n)))])
        case .hazard(let hazard):
            r.describe(
                "hazard", at: moment, role: .highlight, marks: [.hazard],
                lines: [line("hazard", hazard.summary(n))], hazard.fields(n))
        default: preconditionFailure("event hands the other families elsewhere")
        }
    }
}
