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
        // A segment that does not exist is an error; a refusal is not. (The segments are read
        // only where a choice names one: `next` and `prev` copy no node.)
        switch choice {
        case .index(let n):
            let segments = sim.graph.nodes[tabs].segments
            guard n < segments.count else {
                throw fail(
                    "'\(sim.graph.nodes[tabs].id)' has \(segments.count) segments (0…\(segments.count - 1))",
                    .choice, nil)
            }
            sim.tab(tabs, segment: n)
        case .name(let name):
            let segments = sim.graph.nodes[tabs].segments
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
