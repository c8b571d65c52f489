import Testing

@testable import HandoffCore

/// The scene graph's routes (a touch's path, pannable axes and chains, computed once per node)
/// agree with their definitions (SPEC §4.2, §5.1), walked from the node up, on every built-in
/// scene and the example fixture.
struct RouteTests {
    static let scenes: [Scene] =
        BuiltinScenes.names.map { BuiltinScenes.named($0)! } + [
            Fixtures.example
        ]

    @Test(arguments: scenes)
    func routesAgreeWithTheirDefinitions(scene: Scene) {
        let g = SceneGraph(scene)
        for i in 0..<g.count {
            // Root → node, by walking the parents.
            var path = [i]
            while let p = g.parent[path[0]] { path.insert(p, at: 0) }
            #expect(g.path(to: i) == path)
            // Innermost first: the scroll nodes (and sheets) that are not parallax followers.
            let pans = path.reversed().filter { g.isScrollable($0) && !g.isFollower($0) }
            var axes: [Axis] = []
            for n in pans where !axes.contains(g.axis(n)!) { axes.append(g.axis(n)!) }
            #expect(g.routes[i].axes == axes)
            for axis in Axis.allCases {
                #expect(g.chain(i, axis: axis) == pans.filter { g.axis($0) == axis })
            }
        }
        #expect(g.segmentCounts == g.nodes.map(\.segments.count))
    }
}
