/// A value of a node that a session prints when a command changes it (SPEC §6): `ID.offset`,
/// `ID.page`, `ID.top` of a sheet, `ID.height` of a stretching view.
public enum NodeValue: Sendable {
    case offset
    case page
    case top
    case height
}

extension Simulator {
    /// Value `kind` of node `i` now.
    public func value(_ kind: NodeValue, of i: Int) -> Double {
        switch kind {
        case .offset: offsets[i]
        case .page: Double(page(i))
        case .top: sheetTop(i)
        case .height: layout.stretchedHeight(i)
        }
    }

    /// Values `kinds[k]` of nodes `nodes[k]` into `values` (made that long), and the phase:
    /// what a session compares before and after each command.
    ///
    /// `mutating` though it changes nothing: a caller that holds the simulator in place (the
    /// session) hands it over by address, where a call on its value would first copy all of it
    /// (docs/internals/performance.md). For the same reason it calls no method on `self` that
    /// takes it as a value.
    public mutating func read(_ kinds: [NodeValue], of nodes: [Int], into values: inout [Double])
        -> Phase
    {
        if values.count != kinds.count { values = Array(repeating: 0, count: kinds.count) }
        for k in kinds.indices {
            let i = nodes[k]
            switch kinds[k] {
            case .offset: values[k] = offsets[i]
            case .page: values[k] = Double(pageInPlace(i))
            case .top: values[k] = graph.motion[i].sheetBottom - offsets[i]
            case .height:
                values[k] = Layout(shared: sharedGraph, offsets: offsets, selected: selected)
                    .stretchedHeight(i)
            }
        }
        return Self.phase(gesture.stage, animating: !animations.isEmpty)
    }
}
