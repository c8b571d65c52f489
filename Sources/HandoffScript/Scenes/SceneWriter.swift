import HandoffCore

/// Prints a scene value as a scene file (SPEC §2) that `SceneLoader` reads back to the same
/// value, numbers at full precision; `comments` (by node path, empty path for the scene) are
/// written as `# …` lines just above their node.
package struct SceneWriter {
    let scene: Scene
    let comments: [[Int]: [String]]
    let header: [String]

    package init(_ scene: Scene, comments: [[Int]: [String]] = [:], header: [String] = []) {
        self.scene = scene
        self.comments = comments
        self.header = header
    }

    package var text: String {
        var out: [String] = header.map { "# " + Self.clean($0) }
        for c in comments[[]] ?? [] { out.append("# guess: " + Self.clean(c)) }
        out.append("name: " + Self.quoted(scene.name))
        out.append(
            "window: [\(Self.number(scene.windowSize.x)), \(Self.number(scene.windowSize.y))]")
        if let t = scene.touch { out.append("touch: [\(Self.number(t.x)), \(Self.number(t.y))]") }
        if !scene.settings.isEmpty {
            out.append(
                "settings: {"
                    + scene.settings.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}")
        }
        out.append("root:")
        for (k, n) in scene.root.enumerated() {
            node(n, path: [k], indent: "  ", page: false, &out)
        }
        return out.joined(separator: "\n") + "\n"
    }

    private func node(_ n: Node, path: [Int], indent: String, page: Bool, _ out: inout [String]) {
        for c in comments[path] ?? [] { out.append(indent + "# guess: " + Self.clean(c)) }
        out.append(indent + "- \(n.kind.name.rawValue): \(n.id)")
        let i = indent + "  "
        func line(_ key: String, _ value: String) { out.append(i + key + ": " + value) }
        if let o = n.origin {
            if !o.className.isEmpty { line("class", Self.quoted(o.className)) }
            if let a = o.address { line("address", Self.quoted(a)) }
        }
        let f = n.frame
        if SceneValidator.hasOwnFrame(n.kind.name, parent: page ? .pager : nil) {
            line(
                "frame",
                "[\(Self.number(f.x)), \(Self.number(f.y)), \(Self.number(f.width)), \(Self.number(f.height))]"
            )
        }
        if n.tappable { line("tap", "true") }
        if n.alpha != 1 { line("alpha", Self.number(n.alpha)) }
        if !n.interactive { line("interactive", "false") }
        if n.hidden { line("hidden", "true") }
        if n.stretches { line("stretches", "true") }
        if let c = n.scroll { scroll(c, n, line) }
        switch n.kind {
        case .view, .scroll, .backdrop:
            break
        case .list(_, let rows):
            switch rows {
            case .uniform(let count, let height):
                line("rows", "\(count)")
                line("rowHeight", Self.number(height))
            case .explicit(let prefix):
                let hs = zip(prefix.dropFirst(), prefix).map { Self.number($0 - $1) }
                line("rowHeights", "[" + hs.joined(separator: ", ") + "]")
            }
        case .pager:
            break
        case .switcher(let transition):
            line("transition", Self.number(transition) + "s")
        case .tabs(let segments, let controls):
            line("segments", "[" + segments.map(Self.quoted).joined(separator: ", ") + "]")
            if let c = controls { line("controls", c) }
        case .sheet(let s):
            // A sheet without detents is invalid; the validator says so before anyone writes it.
            if !s.detents.isEmpty {
                line(
                    "detents",
                    "{"
                        + s.detents.map { "\(Self.quoted($0.name)): \(Self.number($0.top))" }
                        .joined(separator: ", ") + "}")
                line("initial", Self.quoted(s.initial))
                line("grabber", Self.number(s.grabber))
                if s.backdrop != 0 { line("backdrop", Self.number(s.backdrop)) }
                if s.momentum { line("momentum", "true") }
            }
        }
        guard !n.children.isEmpty else { return }
        let container: Bool
        switch n.kind {
        case .pager, .switcher: container = true
        case .view, .scroll, .list, .tabs, .sheet, .backdrop: container = false
        }
        out.append(i + (container ? "pages:" : "children:"))
        for (k, c) in n.children.enumerated() {
            node(c, path: path + [k], indent: i + "  ", page: container, &out)
        }
    }

    private func scroll(_ c: ScrollConfig, _ n: Node, _ line: (String, String) -> Void) {
        switch n.kind {
        case .scroll:
            line("axis", c.axis.rawValue)
            line("content", Self.number(c.content))
        case .view, .list, .pager, .switcher, .tabs, .sheet, .backdrop:
            break
        }
        if let o = c.offset { line("offset", Self.number(o)) }
        if c.insetLeading != 0 || c.insetTrailing != 0 {
            let (a, b) = c.axis == .vertical ? ("top", "bottom") : ("left", "right")
            line(
                "inset",
                "{\(a): \(Self.number(c.insetLeading)), \(b): \(Self.number(c.insetTrailing))}")
        }
        line("bounces", c.bounces ? "true" : "false")
        if c.overscroll != .rubber { line("overscroll", c.overscroll.rawValue) }
        if c.rate != Deceleration.normal {
            line("deceleration", c.rate == Deceleration.fast ? "fast" : Self.number(c.rate))
        }
        if c.nested != NestedPolicy() {
            line(
                "nested",
                "{pre: \(c.nested.pre.rawValue), post: \(c.nested.post.rawValue), fling: \(c.nested.fling.rawValue)}"
            )
        }
        if c.snapEdges { line("snap", "edges") }
        if let p = c.parallax {
            switch p.mode {
            case .proportional: line("parallax", "{follows: \(p.follows), mode: proportional}")
            case .factor(let x):
                line("parallax", "{follows: \(p.follows), mode: factor, factor: \(Self.number(x))}")
            }
        }
    }

    /// Full precision: the shortest text that reads back to the same double, no exponent for
    /// whole numbers.
    static func number(_ x: Double) -> String {
        if x == 0 { return "0" }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }

    /// A YAML scalar in single quotes when it is not a plain word.
    static func quoted(_ s: String) -> String {
        let plain =
            !s.isEmpty
            && s.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
            && !(s.first?.isNumber ?? false)
            && !["true", "false", "yes", "no", "on", "off", "null", "~"].contains(s.lowercased())
        if plain { return s }
        return "'" + clean(s).replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// Control characters removed, so a comment or value stays on its line.
    static func clean(_ s: String) -> String {
        String(
            String.UnicodeScalarView(
                s.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
    }
}
