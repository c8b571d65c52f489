import HandoffCore

/// Where commands touch: points, nodes, rows and segments.
extension Session {
    /// Where a touch at `place` was typed.
    func part(of place: Place) -> ParsedCommand.Part {
        switch place {
        case .point: .point
        case .node, .item: .target
        }
    }

    /// The window point of a place: a point, or the centre of what is visible of a node or item.
    func point(for place: Place, fail: Fail)
        throws(Diagnostic) -> Point
    {
        switch place {
        case .point(let x, let y):
            return Point(x, y)
        case .node(let id):
            let layout = sim.layout
            let i = try node(id, fail: fail)
            var visible = layout.windowFrame(i).visible
            if let sheet = sim.graph.nodes[i].sheet {
                // A sheet's own area is its grabber strip (SPEC §8): aim at its centre.
                let frame = layout.windowFrame(i).frame
                visible = Rect(frame.x, frame.y, frame.width, min(sheet.grabber, frame.height))
                    .intersection(visible)
            }
            guard !visible.isEmpty else { throw fail(.notOnScreen(id), .target) }
            return visible.center
        case .item(let id, let n):
            let i = try node(id, fail: fail)
            let layout = sim.layout
            let rows = layout.rows(of: i)
            guard rows != nil || sim.graph.tabs.contains(i) else {
                throw fail("'\(id)' has no rows or segments", .target, nil)
            }
            let count = rows?.count ?? sim.graph.segmentCounts[i]
            guard n < count else {
                throw fail(.noSuchItem(id, items: count), .target)
            }
            let visible = layout.itemFrame(i, item: n).visible
            guard !visible.isEmpty else {
                throw fail(.notOnScreen("\(id)[\(n)]"), .target)
            }
            return visible.center
        }
    }

    /// A note when the point a `touch ID` or `tap ID` aims at hits another target than the one
    /// asked for (`tap menu` hits `menu[1]`).
    func aimNote(_ place: Place, at p: Point) -> Fact? {
        let asked: Target
        switch place {
        case .point: return nil
        case .node(let id):
            guard let i = sim.graph.index(of: id) else { return nil }
            asked = Target(i)
        case .item(let id, let n):
            guard let i = sim.graph.index(of: id) else { return nil }
            asked = Target(i, item: n)
        }
        guard let hit = sim.layout.hitTest(p), hit != asked else { return nil }
        return .aimed(asked: asked, hit: hit)
    }

    /// Places a note right after the touch-down's `touch` and `path` lines.
    static func withNote(_ note: Fact?, _ facts: [Fact]) -> [Fact] {
        guard let note else { return facts }
        var out = facts
        let at = out.firstIndex { fact in
            guard case .event(let o) = fact, case .touchDown = o.event else { return false }
            return true
        }
        out.insert(note, at: at.map { $0 + 1 } ?? 0)
        return out
    }

    func node(_ id: String, at part: ParsedCommand.Part = .target, fail: Fail)
        throws(Diagnostic) -> Int
    {
        guard let i = sim.graph.index(of: id) else {
            throw fail(.noNode(id, ids: ids), part)
        }
        return i
    }

    /// `tap N`: row N of the list under the scene's touch point.
    func rowUnderTouchPoint(_ n: Int, fail: Fail)
        throws(Diagnostic)
        -> Point
    {
        let layout = sim.layout
        guard let hit = layout.hitTest(sim.graph.scene.touchPoint),
            let list = layout.path(to: hit.node).last(where: { layout.rows(of: $0) != nil }),
            let rows = layout.rows(of: list)
        else { throw fail(.noListUnderTouchPoint, .target) }
        guard n < rows.count else {
            throw fail(.noSuchRow(list: sim.graph.nodes[list].id, rows: rows.count), .target)
        }
        let visible = layout.itemFrame(list, item: n).visible
        guard !visible.isEmpty else {
            throw fail("row \(n) of '\(sim.graph.nodes[list].id)' is not on screen", .target, nil)
        }
        return visible.center
    }
}
