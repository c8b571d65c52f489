/// A scene flattened into tree order: node `i` is the i-th node of a pre-order walk, so sorting by
/// index sorts by tree order. Sheets get their synthesised `ID.backdrop` just before them.
public struct SceneGraph: Sendable {
    public let scene: Scene
    public private(set) var nodes: [Node] = []
    public private(set) var parent: [Int?] = []
    public private(set) var children: [[Int]] = []
    public private(set) var depth: [Int] = []
    /// For each backdrop, its sheet; for each sheet, its backdrop.
    public private(set) var partner: [Int?] = []
    /// The top-level nodes as the hit tester sees them (backdrops included, in tree order).
    public private(set) var topLevel: [Int] = []
    private var byID: [String: Int] = [:]
    /// Parallax nodes in an order where a followed node comes before its follower.
    public private(set) var parallaxOrder: [Int] = []
    /// For each entry of `parallaxOrder`, the index of the node it follows.
    public private(set) var parallaxFollowed: [Int] = []
    /// The index of every `tabs` node, in tree order.
    public private(set) var tabs: [Int] = []
    /// Per node, what the move path reads every frame, derived once from its kind.
    public private(set) var motion: [Motion] = []
    /// Per node, the index of the pager or switcher a tabs control drives (nil for other nodes).
    public private(set) var controlled: [Int?] = []
    /// Per node, the number of segments of a tabs control (0 for other nodes): `tab next` reads
    /// it without copying the node's kind.
    public private(set) var segmentCounts: [Int] = []
    /// Per node, what a touch on it pans, fixed for the scene: a touch-down and a recognized pan
    /// read them instead of building their arrays.
    private(set) var routes: [Route] = []

    /// The hit path of a touch on a node, and what can pan along it (SPEC §4.2, §5.1).
    struct Route: Sendable {
        /// Root → the node.
        var path: [Int]
        /// Axes with a scroll node on the path that is not a parallax follower, innermost first
        /// (the recognizer's tie-break order).
        var axes: [Axis]
        /// The chain on each axis: the innermost node on the path that scrolls on it (not a
        /// parallax follower), then its ancestors that do; empty when none does.
        var vertical: [Int]
        var horizontal: [Int]
    }
    /// Per node, the node alone, for a list that starts with it (a touch that stops its
    /// spring): shared, not made per touch.
    private(set) var alone: [[Int]] = []

    /// Flattens a valid scene. Validation of user input is the loader's job; here it traps.
    public init(_ scene: Scene) {
        self.scene = scene
        for n in scene.root { _ = add(n, parent: nil, depth: 0) }
        topLevel = nodes.indices.filter { parent[$0] == nil }
        motion = nodes.map(Motion.init)
        controlled = nodes.map { [byID] n in n.controls.flatMap { byID[$0] } }
        segmentCounts = nodes.map(\.segments.count)
        var pending: [Int] = []
        for i in nodes.indices {
            if let p = nodes[i].scroll?.parallax, byID[p.follows] != nil { pending.append(i) }
            if nodes[i].kind.isTabs { tabs.append(i) }
        }
        // Followed-before-follower order (chains of parallax are allowed; cycles are not).
        var placed = Set<Int>()
        while !pending.isEmpty {
            let before = pending.count
            pending.removeAll { i in
                let f = byID[nodes[i].scroll!.parallax!.follows]!
                guard nodes[f].scroll?.parallax == nil || placed.contains(f) else { return false }
                parallaxOrder.append(i)
                placed.insert(i)
                return true
            }
            precondition(pending.count < before, "parallax cycle")
        }
        parallaxFollowed = parallaxOrder.map { byID[nodes[$0].scroll!.parallax!.follows]! }
        // Tree order puts a parent before its children: its route is built first.
        for i in nodes.indices {
            let path = (parent[i].map { routes[$0].path } ?? []) + [i]
            let pans = path.reversed().filter { isScrollable($0) && !isFollower($0) }
            var axes: [Axis] = []
            for n in pans where !axes.contains(motion[n].axis!) { axes.append(motion[n].axis!) }
            routes.append(
                Route(
                    path: path, axes: axes, vertical: pans.filter { motion[$0].axis == .vertical },
                    horizontal: pans.filter { motion[$0].axis == .horizontal }))
            alone.append([i])
        }
    }

    private mutating func add(_ node: Node, parent p: Int?, depth d: Int) -> Int {
        if node.kind.isSheet {
            var backdrop = Node(
                id: node.id + ".backdrop", kind: .backdrop,
                frame: Rect(0, 0, scene.windowSize.x, scene.windowSize.y))
            backdrop.alpha = 0
            let b = append(backdrop, parent: p, depth: d)
            let s = append(node, parent: p, depth: d)
            partner[b] = s
            partner[s] = b
            if let p { children[p].append(b) }
            addChildren(of: node, at: s)
            return s
        }
        let i = append(node, parent: p, depth: d)
        addChildren(of: node, at: i)
        return i
    }

    private mutating func append(_ node: Node, parent p: Int?, depth d: Int) -> Int {
        var stored = node
        stored.children = []
        // Derived lengths: a list's content is its rows, a pager's its pages; a sheet is
        // window-wide and as tall as the window below its top-most detent.
        switch node.kind {
        case .list(var c, let rows):
            c.content = rows.totalHeight
            stored.kind = .list(c, rows)
        case .pager(var c):
            c.axis = .horizontal
            c.content = Double(node.children.count) * node.frame.width
            stored.kind = .pager(c)
        case .sheet(let sheet):
            stored.frame = Rect(
                0, sheet.topMost, scene.windowSize.x, scene.windowSize.y - sheet.topMost)
        case .view, .scroll, .switcher, .tabs, .backdrop:
            break
        }
        let i = nodes.count
        nodes.append(stored)
        parent.append(p)
        children.append([])
        depth.append(d)
        partner.append(nil)
        precondition(byID[node.id] == nil, "duplicate id \(node.id)")
        byID[node.id] = i
        return i
    }

    private mutating func addChildren(of node: Node, at i: Int) {
        let f = nodes[i].frame
        for (k, c) in node.children.enumerated() {
            var child = c
            // Pages fill their pager (side by side) or switcher (stacked).
            switch node.kind {
            case .pager: child.frame = Rect(Double(k) * f.width, 0, f.width, f.height)
            case .switcher: child.frame = Rect(0, 0, f.width, f.height)
            case .view, .scroll, .list, .tabs, .sheet, .backdrop: break
            }
            let ci = add(child, parent: i, depth: depth[i] + 1)
            children[i].append(ci)
        }
    }

    public func index(of id: String) -> Int? { byID[id] }

    /// Changes node `i`'s configuration from the session (SPEC §13.4), keeping its kind, frame
    /// and place in the tree; what the move path reads of it is derived again.
    mutating func update(node i: Int, _ change: (inout Node) -> Void) {
        change(&nodes[i])
        motion[i] = Motion(nodes[i])
    }

    public var ids: [String] { nodes.map(\.id) }
    public var count: Int { nodes.count }

    /// Whether node `i` moves along an axis (scroll, list, pager or sheet).
    public func isScrollable(_ i: Int) -> Bool {
        nodes[i].kind.scrolls || nodes[i].kind.isSheet
    }

    /// The axis node `i` scrolls on, if any (sheets are vertical).
    public func axis(_ i: Int) -> Axis? { motion[i].axis }

    /// The viewport length of a scroll node along its axis.
    public func viewport(_ i: Int) -> Double { motion[i].viewport }

    /// Offset range: `min = -inset.leading`, `max = max(min, content + inset.trailing - viewport)`;
    /// for a sheet, the distance above its bottom-most detent.
    public func range(_ i: Int) -> ClosedRange<Double> { motion[i].range }

    /// Whether node `i` is a parallax scroll: it follows another node and is not interactive.
    public func isFollower(_ i: Int) -> Bool { motion[i].follower }

    /// All nodes in the subtree of `i` (including `i`), in tree order.
    public func subtree(_ i: Int) -> [Int] {
        var out = [i]
        for c in children[i] { out += subtree(c) }
        return out
    }

    /// Root → node `i`.
    public func path(to i: Int) -> [Int] { routes[i].path }

    /// The chain on `axis` for a touch on node `i` (SPEC §5.1): the innermost node of its path
    /// that scrolls on the axis, then its ancestors on the same axis; parallax followers left out.
    func chain(_ i: Int, axis: Axis) -> [Int] {
        switch axis {
        case .vertical: routes[i].vertical
        case .horizontal: routes[i].horizontal
        }
    }

    /// Number of pages of a pager or switcher.
    public func pageCount(_ i: Int) -> Int { children[i].count }
}
