import HandoffCore

/// `show`: the window drawn in text, one character per 10 × 20 pt, later nodes on top, each box
/// labelled with its id; rows and segments are marked, the selected segment with `*`, the finger
/// with `@`. Below it, each scroll's offset within its range, then the alpha of every switcher
/// page, backdrop and view whose alpha is not 1.
enum Drawing {
    static let cellWidth = 10.0
    static let cellHeight = 20.0

    static func lines(_ sim: Simulator) -> [String] {
        let layout = sim.layout
        let g = sim.graph
        let cols = max(1, Int((g.scene.windowSize.x / cellWidth).rounded(.up)))
        let rows = max(1, Int((g.scene.windowSize.y / cellHeight).rounded(.up)))
        var canvas = Array(repeating: Array(repeating: Character(" "), count: cols), count: rows)
        // Which node painted each character last: a row label goes only where its list shows.
        var painter = Array(repeating: Array(repeating: -1, count: cols), count: rows)
        // Row labels are placed once every box is drawn, so a later box's border cannot hide one.
        var rowLabels: [(node: Int, row: Int, y: Int, x0: Int, y0: Int, x1: Int, y1: Int)] = []

        func cell(_ r: Rect) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
            guard !r.isEmpty else { return nil }
            let x0 = Int((r.x / cellWidth).rounded(.down))
            let y0 = Int((r.y / cellHeight).rounded(.down))
            let x1 = min(cols - 1, Int(((r.maxX - 0.001) / cellWidth).rounded(.down)))
            let y1 = min(rows - 1, Int(((r.maxY - 0.001) / cellHeight).rounded(.down)))
            guard x1 >= max(0, x0), y1 >= max(0, y0) else { return nil }
            return (max(0, x0), max(0, y0), x1, y1)
        }
        func put(_ text: String, _ x: Int, _ y: Int, limit: Int) {
            guard y >= 0, y < rows else { return }
            for (k, ch) in text.enumerated() where x + k <= limit && x + k < cols && x + k >= 0 {
                canvas[y][x + k] = ch
            }
        }
        func box(_ r: Rect, _ label: String, _ node: Int) {
            guard let c = cell(r) else { return }
            for y in c.y0...c.y1 {
                for x in c.x0...c.x1 {
                    let edgeX = x == c.x0 || x == c.x1
                    let edgeY = y == c.y0 || y == c.y1
                    canvas[y][x] = edgeX && edgeY ? "+" : edgeY ? "-" : edgeX ? "|" : " "
                    painter[y][x] = node
                }
            }
            put(label, c.x0 + 1, c.y0, limit: c.x1 - 1)
        }

        for i in g.nodes.indices where visible(i, sim) {
            let (frame, clip) = layout.windowFrame(i)
            let shown = frame.intersection(clip)
            let n = g.nodes[i]
            box(shown, n.id, i)
            if let list = n.rows, let c = cell(shown) {
                // Label each row whose top is on screen with `[N]`, from the first visible row.
                let origin = frame.y - sim.offsets[i]
                var row = list.row(at: max(0, shown.y - origin)) ?? list.count
                while row < list.count {
                    let top = origin + list.span(row).top
                    if top >= shown.maxY { break }
                    let y = Int((top / cellHeight).rounded(.down))
                    rowLabels.append((i, row, y, c.x0, c.y0, c.x1, c.y1))
                    row += 1
                }
            }
            if n.kind.isTabs, let c = cell(shown), !n.segments.isEmpty {
                let current = sim.segment(of: i)
                let w = Double(c.x1 - c.x0 + 1) / Double(n.segments.count)
                for (k, name) in n.segments.enumerated() {
                    let x = c.x0 + Int(Double(k) * w)
                    if k > 0 { canvas[min(rows - 1, c.y0 + 1)][x] = "|" }
                    put(
                        (k == current ? "*" : " ") + name, x + 1, min(rows - 1, c.y0 + 1),
                        limit: c.x0 + Int(Double(k + 1) * w) - 1)
                }
            }
        }
        for label in rowLabels {
            // A row whose top sits on a border (its list's top, or the bottom of a box drawn over
            // the list) is labelled on the line just below it.
            var y = label.y
            let x = label.x0 + 1
            if y == label.y0
                || (y > label.y0 && y < rows && x < cols && painter[y][x] != label.node)
            {
                y += 1
            }
            guard y > label.y0, y < label.y1, x < cols, painter[y][x] == label.node else {
                continue
            }
            put("[\(label.row)]", x, y, limit: label.x1 - 1)
        }
        if let p = sim.fingerPosition, let c = cell(Rect(p.x, p.y, 0.001, 0.001)) {
            canvas[c.y0][c.x0] = "@"
        }
        var out = canvas.map { String($0) }
        let f = NumberFormat.format
        var legend: [String] = []
        for i in g.nodes.indices where g.nodes[i].scroll != nil || g.nodes[i].kind.isSheet {
            if g.nodes[i].sheet != nil {
                let top = sim.sheetTop(i)
                legend.append(
                    "\(g.nodes[i].id) top \(f(top))"
                        + (Names(g).detent(i, top: top).map { " (\($0))" } ?? ""))
            } else {
                let r = g.range(i)
                legend.append(
                    "\(g.nodes[i].id) \(f(sim.offsets[i])) of \(f(r.lowerBound))…\(f(r.upperBound))"
                )
            }
        }
        out.append("offsets: " + legend.joined(separator: ", "))
        // Alphas that change (switcher pages, backdrops) or are not 1.
        var alphas: [String] = []
        for i in g.nodes.indices {
            let onSwitcher = g.parent[i].map { g.nodes[$0].kind.pages == .switched } ?? false
            guard onSwitcher || g.nodes[i].kind.isBackdrop || g.nodes[i].alpha != 1 else {
                continue
            }
            alphas.append("\(g.nodes[i].id) \(f(sim.alpha(i)))")
        }
        if !alphas.isEmpty { out.append("alpha: " + alphas.joined(separator: ", ")) }
        return out
    }

    /// Whether a node is drawn: shown, not hidden, not transparent (backdrops only when visible).
    static func visible(_ i: Int, _ sim: Simulator) -> Bool {
        let g = sim.graph
        let layout = sim.layout
        var n: Int? = i
        while let c = n {
            let node = g.nodes[c]
            if node.hidden || node.alpha < 0.01 && !node.kind.isBackdrop || !layout.isShown(c) {
                return false
            }
            if node.kind.isBackdrop, layout.backdropAlpha(sheet: g.partner[c]!) < 0.01 {
                return false
            }
            n = g.parent[c]
        }
        return true
    }
}
