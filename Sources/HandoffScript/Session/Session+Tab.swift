import HandoffCore

/// `tab`: choosing a segment of a tabs control.
extension Session {
    mutating func tab(
        _ choice: TabChoice, of: String?, fail: Fail
    )
        throws(Diagnostic) -> [Fact]
    {
        let tabs: Int
        if let of {
            tabs = try node(of, fail: fail)
            guard sim.graph.nodes[tabs].kind.isTabs else {
                throw fail("'\(of)' is not a tabs control", .target, nil)
            }
        } else {
            guard let first = sim.graph.tabs.first else {
                throw fail("this scene has no tabs control", .choice, nil)
            }
            tabs = first
        }
        let segments = sim.graph.nodes[tabs].segments
        // A segment that does not exist is an error; a refusal is not.
        switch choice {
        case .index(let n):
            guard n < segments.count else {
                throw fail(
                    "'\(sim.graph.nodes[tabs].id)' has \(segments.count) segments (0…\(segments.count - 1))",
                    .choice, nil)
            }
            sim.tab(tabs, segment: n)
        case .name(let name):
            guard let n = segments.firstIndex(of: name) else {
                throw fail(
                    "no segment '\(name)' in '\(sim.graph.nodes[tabs].id)' (next, prev, "
                        + segments.joined(separator: ", ") + ")", .choice,
                    Suggest.closest(to: name, in: ["next", "prev"] + segments))
            }
            sim.tab(tabs, segment: n)
        case .next:
            sim.tab(tabs, step: true)
        case .prev:
            sim.tab(tabs, step: false)
        }
        return collect()
    }
}
