import HandoffCore

/// One problem the validator found in a scene value.
package struct SceneIssue: Equatable, Sendable {
    package var place: ScenePlace
    package var message: String
    /// A second place the message refers to (the first definition of a duplicate id).
    package var related: ScenePlace?

    package init(_ place: ScenePlace, _ message: String, related: ScenePlace? = nil) {
        self.place = place
        self.message = message
        self.related = related
    }

    /// The issue as a scene error, positioned by the producer's source map.
    package func error(file: String, map: SourceMap) -> SceneError {
        let at = map.position(of: place)
        var text = message
        if let related, map.knows(related) || map.knows(ScenePlace(related.path)) {
            let first = map.position(of: related)
            text += " (first defined at \(first.line):\(first.column))"
        }
        return SceneError(file: file, line: at.line, column: at.column, message: text)
    }
}

/// Checks a `Scene` value, whoever made it (a YAML file, a UIKit dump, a test): ids, sizes,
/// ranges and references (SPEC §2). A scene with no issues is safe to simulate; `SceneGraph`
/// traps on what this refuses. Issues come in tree order, the scene's own ones first.
package struct SceneValidator {
    /// Deepest nesting of nodes a scene may have (deeper trees are mistakes, and recursion in the
    /// loader and hit tester must stay bounded).
    package static let maxDepth = 64
    /// The largest coordinate or length a frame may have.
    static let maxCoordinate = 1e6

    let scene: Scene
    private var issues: [SceneIssue] = []
    /// Every node's place, kind and page count, by id (the first of a duplicate).
    private var nodes: [String: (place: ScenePlace, node: Node)] = [:]

    package init(_ scene: Scene) { self.scene = scene }

    /// All issues of a scene, in tree order.
    package static func validate(_ scene: Scene) -> [SceneIssue] {
        var v = SceneValidator(scene)
        return v.run()
    }

    private mutating func run() -> [SceneIssue] {
        let w = scene.windowSize
        if !(w.x >= 1 && w.y >= 1 && w.x <= 10_000 && w.y <= 10_000) {
            issues.append(
                SceneIssue(ScenePlace([], .window), "window sizes must be between 1 and 10000"))
        }
        if let t = scene.touch, !(t.x >= 0 && t.x < w.x && t.y >= 0 && t.y < w.y) {
            issues.append(SceneIssue(ScenePlace([], .touch), "touch point lies outside the window"))
        }
        for (key, value) in scene.settings {
            // Checked as `set` checks it, so the session applies a typed `Setting`.
            guard SettingKeys.keys.contains(key) else {
                issues.append(SceneIssue(ScenePlace([], .settings), "unknown setting '\(key)'"))
                continue
            }
            do throws(Diagnostic) {
                _ = try Setting(key: key, value: value, fail: Setting.sceneError)
            } catch {
                issues.append(SceneIssue(ScenePlace([], .settings), error.message))
            }
        }
        for (i, n) in scene.root.enumerated() { walk(n, path: [i], parent: nil) }
        for (i, n) in scene.root.enumerated() { references(n, path: [i]) }
        return issues
    }

    private mutating func add(_ path: [Int], _ field: ScenePlace.Field, _ message: String) {
        issues.append(SceneIssue(ScenePlace(path, field), message))
    }

    // MARK: Each node on its own

    private mutating func walk(_ n: Node, path: [Int], parent: NodeKind.Name?) {
        guard path.count <= Self.maxDepth else {
            add(path, .node, "nodes are nested more than \(Self.maxDepth) deep")
            return
        }
        identity(n, path)
        if Self.hasOwnFrame(n.kind.name, parent: parent) { frame(n, path) }
        if !(n.alpha >= 0 && n.alpha <= 1) { add(path, .alpha, "alpha must be between 0 and 1") }
        if let c = n.scroll { scroll(c, n, path) }
        kind(n, path)
        for (k, c) in n.children.enumerated() { walk(c, path: path + [k], parent: n.kind.name) }
    }

    /// Pages fill their pager or switcher and a sheet is laid out by its detents; every other
    /// node's frame is its own.
    static func hasOwnFrame(_ kind: NodeKind.Name, parent: NodeKind.Name?) -> Bool {
        switch parent {
        case .pager?, .switcher?: return false
        case nil, .view?, .scroll?, .list?, .tabs?, .sheet?, .backdrop?: break
        }
        switch kind {
        case .sheet: return false
        case .view, .scroll, .list, .pager, .switcher, .tabs, .backdrop: return true
        }
    }

    private mutating func identity(_ n: Node, _ path: [Int]) {
        let place = ScenePlace(path, .id)
        if n.id.isEmpty
            || !n.id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
        {
            add(path, .id, "ids are letters, digits, '_' and '-', got '\(n.id)'")
        } else if let first = nodes[n.id] {
            issues.append(
                SceneIssue(
                    place, "duplicate id '\(n.id)'",
                    related: ScenePlace(first.place.path, .id)))
        }
        if nodes[n.id] == nil { nodes[n.id] = (ScenePlace(path), n) }
    }

    private mutating func frame(_ n: Node, _ path: [Int]) {
        let f = n.frame
        let all = [f.x, f.y, f.width, f.height]
        if !all.allSatisfy(\.isFinite) {
            add(path, .frame, "frame of '\(n.id)' must be finite numbers")
        } else if f.width < 0 || f.height < 0 {
            add(path, .frame, "frame width and height must not be negative")
        } else if !all.allSatisfy({ abs($0) <= Self.maxCoordinate }) {
            add(path, .frame, "frame of '\(n.id)' is out of range")
        }
    }

    private mutating func scroll(_ c: ScrollConfig, _ n: Node, _ path: [Int]) {
        if !(c.content >= 0 && c.content <= 1e9) {
            add(path, .content, "content must be between 0 and 1000000000")
        }
        for x in [c.insetLeading, c.insetTrailing] where !(x >= 0 && x <= Self.maxCoordinate) {
            add(path, .inset, "inset must be between 0 and 1000000")
            break
        }
        if !(c.rate > 0 && c.rate < 1) {
            add(path, .deceleration, "deceleration must be a per-ms rate between 0 and 1")
        }
        if let o = c.offset, !(o.isFinite && abs(o) <= Self.maxCoordinate) {
            add(path, .offset, "offset of '\(n.id)' is out of range (at most 1000000)")
        }
        if case .factor(let f)? = c.parallax?.mode, !(f.isFinite && abs(f) <= 1e3) {
            add(path, .parallax, "parallax factor is out of range (at most 1000)")
        }
    }

    /// What each kind needs; exhaustive, so a new kind must say.
    private mutating func kind(_ n: Node, _ path: [Int]) {
        switch n.kind {
        case .view, .scroll:
            break
        case .list(let c, let rows):
            if c.axis == .horizontal { add(path, .axis, "a list scrolls vertically") }
            self.rows(rows, path)
        case .pager:
            pages(n, path)
        case .switcher(let transition):
            pages(n, path)
            if !(transition >= 0 && transition <= 60) {
                add(path, .transition, "transition must be between 0s and 60s")
            }
        case .tabs(let segments, let controls):
            if segments.isEmpty { add(path, .segments, "segments must not be empty") }
            if controls == nil { add(path, .node, "tabs '\(n.id)' needs 'controls:'") }
        case .sheet(let s):
            sheet(s, n, path)
        case .backdrop:
            add(path, .node, "'\(n.id)' is a backdrop, which only a sheet makes")
        }
    }

    private mutating func pages(_ n: Node, _ path: [Int]) {
        if n.children.isEmpty {
            add(path, .node, "\(n.kind.name.rawValue) '\(n.id)' needs pages")
        } else if !(n.frame.width > 0 && n.frame.height > 0) {
            add(path, .node, "\(n.kind.name.rawValue) '\(n.id)' needs a positive width and height")
        }
    }

    private mutating func rows(_ rows: Rows, _ path: [Int]) {
        switch rows {
        case .uniform(let count, let height):
            if count < 0 { add(path, .rows, "rows must not be negative") }
            if !(height >= 0.01 && height <= 1e5) {
                add(path, .rows, "rowHeight must be between 0.01 and 100000")
            }
            if count > 10_000_000 { add(path, .rows, "rows is too large (at most 10000000)") }
        case .explicit(let prefix):
            for i in 1..<max(1, prefix.count) {
                let h = prefix[i] - prefix[i - 1]
                if !(h >= 0.01 && h <= 1e5) {
                    add(path, .rows, "a row height must be between 0.01 and 100000")
                    break
                }
            }
        }
    }

    private mutating func sheet(_ s: SheetConfig, _ n: Node, _ path: [Int]) {
        guard !s.detents.isEmpty else {
            add(path, .node, "sheet '\(n.id)' needs detents")
            return
        }
        let height = scene.windowSize.y
        var names: Set<String> = []
        for d in s.detents {
            if !(d.top >= 0 && d.top <= height) {
                add(
                    path, .detent(d.name),
                    "detent '\(d.name)' is out of range (at most \(NumberFormat.format(height)))")
            }
            if !names.insert(d.name).inserted {
                add(path, .detent(d.name), "duplicate detent '\(d.name)'")
            }
        }
        if Set(s.detents.map(\.top)).count != s.detents.count {
            add(path, .node, "sheet '\(n.id)' has two detents at the same top")
        }
        if !names.contains(s.initial) {
            let all = s.detents.map(\.name)
            var message = "initial names no detent: '\(s.initial)'"
            if let close = Suggest.closest(to: s.initial, in: all) {
                message += "; did you mean '\(close)'?"
            } else {
                message += "; expected one of \(all.joined(separator: ", "))"
            }
            add(path, .initial, message)
        }
        if !(s.grabber >= 0 && s.grabber <= height) {
            add(
                path, .grabber, "grabber is out of range (at most \(NumberFormat.format(height)))")
        }
        if !(s.backdrop >= 0 && s.backdrop <= 1) {
            add(path, .backdrop, "backdrop must be between 0 and 1")
        }
        if s.style == .custom, s.scrollingExpands != nil {
            add(
                path, .scrollingExpands,
                "scrollingExpands applies to a system sheet only; add 'style: system' to '\(n.id)'")
        }
    }

    // MARK: References between nodes

    private mutating func references(_ n: Node, path: [Int]) {
        guard path.count <= Self.maxDepth else { return }
        if let target = n.controls { controls(n, target, path) }
        if let p = n.scroll?.parallax { follows(n, p.follows, path) }
        for (k, c) in n.children.enumerated() { references(c, path: path + [k]) }
    }

    private mutating func controls(_ tabs: Node, _ target: String, _ path: [Int]) {
        guard let (_, t) = nodes[target] else {
            var message = "controls names no node: '\(target)'"
            if let s = Suggest.closest(to: target, in: nodes.keys.sorted()) {
                message += "; did you mean '\(s)'?"
            }
            add(path, .controls, message)
            return
        }
        switch t.kind {
        case .pager, .switcher:
            if !t.children.isEmpty, !tabs.segments.isEmpty, t.children.count != tabs.segments.count
            {
                add(
                    path, .controls,
                    "'\(target)' has \(t.children.count) pages but its tabs control has \(tabs.segments.count) segments"
                )
            }
        case .view, .scroll, .list, .tabs, .sheet, .backdrop:
            add(
                path, .controls,
                "controls must name a pager or switcher; '\(target)' is a \(t.kind.name.rawValue)")
        }
    }

    private mutating func follows(_ n: Node, _ target: String, _ path: [Int]) {
        guard let (_, t) = nodes[target], t.scroll != nil || t.sheet != nil else {
            add(path, .parallax, "parallax follows no scroll: '\(target)'")
            return
        }
        guard target != n.id else {
            add(path, .parallax, "a scroll cannot follow itself")
            return
        }
        var seen: Set<String> = [n.id]
        var cur: String? = target
        while let c = cur {
            if !seen.insert(c).inserted {
                add(path, .parallax, "parallax follows in a cycle")
                return
            }
            cur = nodes[c]?.node.scroll?.parallax?.follows
        }
    }
}
