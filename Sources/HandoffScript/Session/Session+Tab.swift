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
                throw fail(.noTabs, .choice)
            }
            tabs = first
        }
        // A segment that does not exist is an error; a refusal is not. (No node is copied: an
        // index is checked against the graph's count of segments, a name against the segments
        // read from the node's kind in place.)
        switch choice {
        case .index(let n):
            let count = sim.graph.segmentCounts[tabs]
            guard n < count else {
                throw fail(
                    .noSuchSegment(tabs: sim.graph.nodes[tabs].id, segments: count), .choice)
            }
            sim.tab(tabs, segment: n)
        case .name(let name):
            guard case .tabs(let segments, _) = sim.graph.nodes[tabs].kind else {
                preconditionFailure("a tabs control")
            }
            guard let n = segments.firstIndex(of: name) else {
                throw fail(
                    .noSegmentNamed(name, tabs: sim.graph.nodes[tabs].id, segments: segments),
                    .choice)
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
