import HandoffCore
import Yams

/// A scene file error: `FILE:LINE:COL: error: …`.
package struct SceneError: Error, Equatable, Sendable {
    package var file: String
    package var line: Int
    package var column: Int
    package var message: String

    package var rendered: String { "\(file):\(line):\(column): error: \(message)" }
}

/// Loads scenes from YAML (or JSON) text. Nothing is loaded when anything is wrong.
package struct SceneLoader {
    let file: String
    let text: String

    package init(file: String, text: String) {
        self.file = file
        self.text = text
    }

    static let commonKeys: Set<String> = ["id", "kind", "frame", "alpha", "interactive", "hidden"]
    static let scrollKeys: Set<String> = [
        "axis", "content", "inset", "bounces", "overscroll", "deceleration", "nested", "snap",
        "parallax", "children",
    ]
    static func keys(for kind: NodeKind) -> Set<String> {
        switch kind {
        case .view: commonKeys.union(["tap", "stretches", "children"])
        case .scroll: commonKeys.union(scrollKeys)
        case .list:
            commonKeys.union(scrollKeys).subtracting(["content"]).union([
                "rows", "rowHeight", "rowHeights",
            ])
        case .pager:
            commonKeys.union([
                "pages", "transition", "bounces", "overscroll", "deceleration", "nested",
            ])
        case .switcher: commonKeys.union(["pages", "transition"])
        case .tabs: commonKeys.union(["segments", "controls"])
        case .sheet:
            commonKeys.subtracting(["frame"]).union([
                "detents", "initial", "grabber", "backdrop", "momentum", "children",
            ])
        case .backdrop: []
        }
    }
    static let topKeys = ["name", "window", "touch", "root", "settings"]

    /// Parses and validates the whole file.
    package func load() throws(SceneError) -> Scene {
        let root: Yams.Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw fail(nil, "the file is empty")
            }
            root = node
        } catch let e as SceneError {
            throw e
        } catch let e as YamlError {
            throw yamlError(e)
        } catch {
            throw fail(nil, "cannot read YAML: \(error)")
        }
        var state = LoadState()
        let scene = try topLevel(root, &state)
        try crossCheck(scene, state)
        return scene
    }

    /// Ids seen, with positions, and references to check once everything is read.
    struct LoadState {
        var ids: [String: Mark] = [:]
        var kinds: [String: NodeKind] = [:]
        var controls: [(tabs: String, target: String, mark: Mark)] = []
        /// Pages of each pager and switcher; segments of each tabs control (with its mark).
        var pages: [String: Int] = [:]
        var segments: [String: (count: Int, mark: Mark?)] = [:]

        var follows: [(String, String, Mark)] = []
    }

    func fail(_ mark: Mark?, _ message: String) -> SceneError {
        SceneError(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, message: message)
    }

    func yamlError(_ e: YamlError) -> SceneError {
        switch e {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
            .composer(_, let problem, let mark, _):
            return fail(mark, "invalid YAML: \(problem)")
        case .duplicatedKeysInMapping(let dups, let context):
            return fail(context.mark, "duplicate key '\(dups.joined(separator: "', '"))'")
        default:
            return fail(nil, "invalid YAML: \(e)")
        }
    }

    // MARK: Typed readers

    func mapping(_ node: Yams.Node, _ what: String) throws(SceneError) -> [(
        key: String, keyMark: Mark?, value: Yams.Node
    )] {
        guard case .mapping(let m) = node else {
            throw fail(node.mark, "\(what) must be a mapping")
        }
        var out: [(String, Mark?, Yams.Node)] = []
        for (k, v) in m {
            guard let key = k.string else { throw fail(k.mark, "keys must be words") }
            out.append((key, k.mark, v))
        }
        return out
    }

    func sequence(_ node: Yams.Node, _ what: String) throws(SceneError) -> [Yams.Node] {
        guard case .sequence(let s) = node else { throw fail(node.mark, "\(what) must be a list") }
        return Array(s)
    }

    func number(_ node: Yams.Node, _ what: String, min: Double? = nil, max: Double = 1e6)
        throws(SceneError)
        -> Double
    {
        guard case .scalar(let s) = node, let v = CommandParser.decimal(s.string) else {
            throw fail(node.mark, "\(what) must be a number")
        }
        guard v.isFinite, abs(v) <= max else {
            throw fail(node.mark, "\(what) is out of range (at most \(NumberFormat.format(max)))")
        }
        if let min, v < min {
            throw fail(
                node.mark,
                min == 0
                    ? "\(what) must not be negative"
                    : "\(what) must be at least \(NumberFormat.format(min))")
        }
        return v
    }

    func integer(_ node: Yams.Node, _ what: String, max: Int) throws(SceneError) -> Int {
        guard case .scalar(let s) = node, let v = Int(s.string) else {
            throw fail(node.mark, "\(what) must be a whole number")
        }
        guard v >= 0 else { throw fail(node.mark, "\(what) must not be negative") }
        guard v <= max else { throw fail(node.mark, "\(what) is too large (at most \(max))") }
        return v
    }

    func bool(_ node: Yams.Node, _ what: String) throws(SceneError) -> Bool {
        guard case .scalar(let s) = node else {
            throw fail(node.mark, "\(what) must be true or false")
        }
        switch s.string {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw fail(node.mark, "\(what) must be true or false, got '\(s.string)'")
        }
    }

    func word(_ node: Yams.Node, _ what: String) throws(SceneError) -> String {
        guard case .scalar(let s) = node, !s.string.isEmpty else {
            throw fail(node.mark, "\(what) must be a word")
        }
        return s.string
    }

    func choice<T: RawRepresentable>(_ node: Yams.Node, _ what: String, _ all: [T])
        throws(SceneError) -> T
    where T.RawValue == String {
        let w = try word(node, what)
        guard let v = T(rawValue: w) else {
            let names = all.map(\.rawValue)
            var message = "\(what) must be \(names.joined(separator: " or ")), got '\(w)'"
            if let s = Suggest.closest(to: w, in: names) { message += "; did you mean '\(s)'?" }
            throw fail(node.mark, message)
        }
        return v
    }

    func numbers(_ node: Yams.Node, _ what: String, count: Int) throws(SceneError) -> [Double] {
        let items = try sequence(node, what)
        guard items.count == count else {
            throw fail(node.mark, "\(what) must have \(count) numbers")
        }
        var out: [Double] = []
        for item in items { out.append(try number(item, what)) }
        return out
    }

    func unknownKey(_ key: String, _ mark: Mark?, allowed: some Collection<String>, in what: String)
        -> SceneError
    {
        var message = "unknown key '\(key)' in \(what)"
        if let s = Suggest.closest(to: key, in: Array(allowed).sorted()) {
            message += "; did you mean '\(s)'?"
        }
        return fail(mark, message)
    }

    // MARK: Scene

    func topLevel(_ root: Yams.Node, _ state: inout LoadState) throws(SceneError) -> Scene {
        var name = file
        var window = Point(390, 844)
        var touch: Point?
        var nodes: [HandoffCore.Node]?
        var settings: [(key: String, value: String)] = []
        for (key, mark, value) in try mapping(root, "a scene") {
            switch key {
            case "name": name = try word(value, "name")
            case "window":
                let w = try numbers(value, "window", count: 2)
                guard w[0] > 0, w[1] > 0, w[0] <= 10_000, w[1] <= 10_000 else {
                    throw fail(value.mark, "window sizes must be between 1 and 10000")
                }
                window = Point(w[0], w[1])
            case "touch":
                let t = try numbers(value, "touch", count: 2)
                touch = Point(t[0], t[1])
            case "root":
                var list: [HandoffCore.Node] = []
                for item in try sequence(value, "root") {
                    list.append(try node(item, parent: nil, window: window, &state))
                }
                nodes = list
            case "settings":
                for (k, kmark, v) in try mapping(value, "settings") {
                    guard SettingKeys.keys.contains(k) else {
                        throw unknownKey(k, kmark, allowed: SettingKeys.keys, in: "settings")
                    }
                    let text = try word(v, k)
                    do {
                        try CommandParser.validateSetting(k, text) { message, _ in
                            Diagnostic(message)
                        }
                    } catch {
                        throw fail(v.mark, error.message)
                    }
                    settings.append((k, text))
                }
            default: throw unknownKey(key, mark, allowed: Self.topKeys, in: "the scene")
            }
        }
        guard let nodes else { throw fail(root.mark, "a scene needs 'root:' with its nodes") }
        if let touch, !(touch.x >= 0 && touch.x < window.x && touch.y >= 0 && touch.y < window.y) {
            throw fail(root.mark, "touch point lies outside the window")
        }
        return Scene(name: name, window: window, touch: touch, root: nodes, settings: settings)
    }

    /// Reads one node; `parent` is the kind of the container when the node is a page.
    /// Deepest nesting of nodes a scene may have (deeper trees are mistakes, and recursion in the
    /// loader and hit tester must stay bounded).
    static let maxDepth = 64

    func node(
        _ y: Yams.Node, parent: NodeKind?, window: Point, _ state: inout LoadState, depth: Int = 0
    )
        throws(SceneError)
        -> HandoffCore.Node
    {
        guard depth < Self.maxDepth else {
            throw fail(y.mark, "nodes are nested more than \(Self.maxDepth) deep")
        }
        let entries = try mapping(y, "a node")
        // The kind: `KIND: ID` shorthand or `kind:` + `id:`.
        var kind: NodeKind?
        var id: String?
        var idMark: Mark?
        for (key, _, value) in entries {
            if let k = NodeKind(rawValue: key), NodeKind.writable.contains(k) {
                guard kind == nil else {
                    throw fail(value.mark, "a node has one kind; '\(key)' is a second")
                }
                kind = k
                id = try word(value, "the id")
                idMark = value.mark
            }
        }
        for (key, _, value) in entries where key == "kind" {
            guard kind == nil else { throw fail(value.mark, "a node has one kind") }
            kind = try choice(value, "kind", NodeKind.writable)
        }
        for (key, _, value) in entries where key == "id" {
            guard id == nil else { throw fail(value.mark, "the id is given twice") }
            id = try word(value, "the id")
            idMark = value.mark
        }
        guard let kind else {
            throw fail(
                y.mark,
                "a node needs a kind: one of \(NodeKind.writable.map(\.rawValue).joined(separator: ", "))"
            )
        }
        guard let id else { throw fail(y.mark, "a node needs an id") }
        guard id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else {
            throw fail(idMark, "ids are letters, digits, '_' and '-', got '\(id)'")
        }
        if let first = state.ids[id] {
            throw fail(
                idMark, "duplicate id '\(id)' (first defined at \(first.line):\(first.column))")
        }
        state.ids[id] = idMark ?? y.mark
        state.kinds[id] = kind

        var n = HandoffCore.Node(id: id, kind: kind, frame: Rect(0, 0, 0, 0))
        if kind.scrolls { n.scroll = ScrollConfig(axis: kind == .pager ? .horizontal : .vertical) }
        let allowed = Self.keys(for: kind)
        var hasFrame = false
        var rowHeight: Double?
        var rowHeights: [Double]?
        var rowCount: Int?
        var rowsMark: Mark?
        var insetNode: Yams.Node?
        var detents: [Detent] = []
        var initial: (String, Mark?)?
        for (key, mark, value) in entries {
            if key == kind.rawValue || key == "kind" || key == "id" { continue }
            guard allowed.contains(key) else {
                throw unknownKey(key, mark, allowed: allowed, in: "a \(kind.rawValue)")
            }
            switch key {
            case "frame":
                let f = try numbers(value, "frame", count: 4)
                guard f[2] >= 0, f[3] >= 0 else {
                    throw fail(value.mark, "frame width and height must not be negative")
                }
                n.frame = Rect(f[0], f[1], f[2], f[3])
                hasFrame = true
            case "alpha": n.alpha = try number(value, "alpha", min: 0, max: 1)
            case "interactive": n.interactive = try bool(value, "interactive")
            case "hidden": n.hidden = try bool(value, "hidden")
            case "tap": n.tappable = try bool(value, "tap")
            case "stretches": n.stretches = try bool(value, "stretches")
            case "children":
                for c in try sequence(value, "children") {
                    n.children.append(
                        try node(c, parent: nil, window: window, &state, depth: depth + 1))
                }
            case "pages":
                for c in try sequence(value, "pages") {
                    n.children.append(
                        try node(c, parent: kind, window: window, &state, depth: depth + 1))
                }
            case "axis":
                let axis: Axis = try choice(value, "axis", Axis.allCases)
                if kind == .list, axis != .vertical {
                    throw fail(value.mark, "a list scrolls vertically")
                }
                n.scroll?.axis = axis
            case "content": n.scroll?.content = try number(value, "content", min: 0, max: 1e9)
            case "inset": insetNode = value
            case "bounces": n.scroll?.bounces = try bool(value, "bounces")
            case "overscroll":
                n.scroll?.overscroll = try choice(
                    value, "overscroll", [OverscrollStyle.rubber, .linear])
            case "deceleration":
                let w = try word(value, "deceleration")
                switch w {
                case "normal": n.scroll?.rate = Deceleration.normal
                case "fast": n.scroll?.rate = Deceleration.fast
                default:
                    guard let r = CommandParser.decimal(w), r > 0, r < 1 else {
                        throw fail(
                            value.mark,
                            "deceleration must be normal, fast or a per-ms rate between 0 and 1, got '\(w)'"
                        )
                    }
                    n.scroll?.rate = r
                }
            case "nested": n.scroll?.nested = try nested(value)
            case "snap":
                guard try word(value, "snap") == "edges" else {
                    throw fail(value.mark, "snap must be 'edges'")
                }
                n.scroll?.snapEdges = true
            case "parallax": n.scroll?.parallax = try parallax(value, id: id, &state)
            case "rows":
                rowCount = try integer(value, "rows", max: 10_000_000)
                rowsMark = value.mark
            case "rowHeight": rowHeight = try number(value, "rowHeight", min: 0.01, max: 1e5)
            case "rowHeights":
                var hs: [Double] = []
                for h in try sequence(value, "rowHeights") {
                    hs.append(try number(h, "a row height", min: 0.01, max: 1e5))
                }
                rowHeights = hs
                rowsMark = value.mark
            case "transition":
                if kind == .pager {
                    guard try word(value, "transition") == "spring" else {
                        throw fail(value.mark, "a pager's transition is 'spring'")
                    }
                } else {
                    let w = try word(value, "transition")
                    guard let d = CommandParser.duration(w), d >= 0, d <= 60 else {
                        throw fail(
                            value.mark, "transition must be a duration like 0.3s, got '\(w)'")
                    }
                    n.transition = d
                }
            case "segments":
                for s in try sequence(value, "segments") {
                    n.segments.append(try word(s, "a segment"))
                }
                guard !n.segments.isEmpty else {
                    throw fail(value.mark, "segments must not be empty")
                }
            case "controls":
                let c = try word(value, "controls")
                n.controls = c
                state.controls.append((id, c, value.mark ?? y.mark!))
            case "detents":
                for (name, dmark, v) in try mapping(value, "detents") {
                    let top = try number(v, "detent '\(name)'", min: 0, max: window.y)
                    if detents.contains(where: { $0.name == name }) {
                        throw fail(dmark, "duplicate detent '\(name)'")
                    }
                    detents.append(Detent(name, top))
                }
                guard !detents.isEmpty else {
                    throw fail(value.mark, "a sheet needs at least one detent")
                }
            case "initial": initial = (try word(value, "initial"), value.mark)
            case "grabber":
                try setLater(&n, "grabber", number(value, "grabber", min: 0, max: window.y))
            case "backdrop": try setLater(&n, "backdrop", number(value, "backdrop", min: 0, max: 1))
            case "momentum": try setLater(&n, "momentum", bool(value, "momentum") ? 1 : 0)
            default: throw unknownKey(key, mark, allowed: allowed, in: "a \(kind.rawValue)")
            }
        }

        let isPage = parent == .pager || parent == .switcher
        if !hasFrame && !isPage && kind != .sheet {
            throw fail(y.mark, "'\(id)' needs a frame: [x, y, width, height]")
        }
        if let insetNode { try inset(insetNode, into: &n) }
        if kind == .list {
            if let hs = rowHeights {
                if let rowCount, rowCount != hs.count {
                    throw fail(rowsMark, "rows and rowHeights disagree")
                }
                n.rows = Rows(heights: hs)
            } else {
                guard let rowCount else { throw fail(y.mark, "list '\(id)' needs rows") }
                guard let rowHeight else {
                    throw fail(y.mark, "list '\(id)' needs rowHeight or rowHeights")
                }
                n.rows = .uniform(count: rowCount, height: rowHeight)
            }
        }
        if kind == .pager || kind == .switcher {
            guard !n.children.isEmpty else {
                throw fail(y.mark, "\(kind.rawValue) '\(id)' needs pages")
            }
            guard n.frame.width > 0, n.frame.height > 0 else {
                throw fail(y.mark, "\(kind.rawValue) '\(id)' needs a positive width and height")
            }
            state.pages[id] = n.children.count
        }
        if kind == .tabs { state.segments[id] = (n.segments.count, y.mark) }
        if kind == .tabs, n.controls == nil { throw fail(y.mark, "tabs '\(id)' needs 'controls:'") }
        if kind == .sheet {
            guard !detents.isEmpty else { throw fail(y.mark, "sheet '\(id)' needs detents") }
            let tops = detents.map(\.top)
            guard Set(tops).count == tops.count else {
                throw fail(y.mark, "sheet '\(id)' has two detents at the same top")
            }
            let pending = n.sheet
            var cfg = SheetConfig(
                detents: detents, initial: initial?.0 ?? detents.sorted { $0.top < $1.top }[0].name)
            if let initial, !detents.contains(where: { $0.name == initial.0 }) {
                throw fail(initial.1, "initial names no detent: '\(initial.0)'")
            }
            if let pending {
                cfg.grabber = pending.grabber
                cfg.backdrop = pending.backdrop
                cfg.momentum = pending.momentum
            }
            n.sheet = cfg
            n.frame = Rect(0, cfg.topMost, window.x, window.y - cfg.topMost)
        }
        for v in [n.frame.x, n.frame.y] where abs(v) > 1e6 {
            throw fail(y.mark, "frame of '\(id)' is out of range")
        }
        return n
    }

    /// Sheet keys may come before `detents:`; keep them on a provisional config.
    func setLater(_ n: inout HandoffCore.Node, _ key: String, _ value: Double) throws(SceneError) {
        var cfg = n.sheet ?? SheetConfig(detents: [Detent("_", 0)], initial: "_")
        switch key {
        case "grabber": cfg.grabber = value
        case "backdrop": cfg.backdrop = value
        default: cfg.momentum = value != 0
        }
        n.sheet = cfg
    }

    func inset(_ value: Yams.Node, into n: inout HandoffCore.Node) throws(SceneError) {
        let vertical = n.scroll?.axis != .horizontal
        let names = vertical ? ["top", "bottom"] : ["left", "right"]
        for (k, kmark, v) in try mapping(value, "inset") {
            guard let idx = names.firstIndex(of: k) else {
                throw unknownKey(
                    k, kmark, allowed: names,
                    in: "inset of a \(vertical ? "vertical" : "horizontal") scroll")
            }
            let x = try number(v, "inset \(k)", min: 0, max: 1e6)
            if idx == 0 { n.scroll?.insetLeading = x } else { n.scroll?.insetTrailing = x }
        }
    }

    func nested(_ value: Yams.Node) throws(SceneError) -> NestedPolicy {
        var p = NestedPolicy()
        for (k, kmark, v) in try mapping(value, "nested") {
            switch k {
            case "pre": p.pre = try choice(v, "pre", DirectionSet.allCases)
            case "post": p.post = try choice(v, "post", DirectionSet.allCases)
            case "fling": p.fling = try choice(v, "fling", [FlingMode.handoff, .none])
            default: throw unknownKey(k, kmark, allowed: ["pre", "post", "fling"], in: "nested")
            }
        }
        return p
    }

    func parallax(_ value: Yams.Node, id: String, _ state: inout LoadState) throws(SceneError)
        -> Parallax
    {
        var follows: (String, Mark?)?
        var mode = "proportional"
        var factor: Double?
        var modeMark: Mark?
        for (k, kmark, v) in try mapping(value, "parallax") {
            switch k {
            case "follows": follows = (try word(v, "follows"), v.mark)
            case "mode":
                mode = try word(v, "mode")
                modeMark = v.mark
            case "factor": factor = try number(v, "factor", max: 1e3)
            default:
                throw unknownKey(k, kmark, allowed: ["follows", "mode", "factor"], in: "parallax")
            }
        }
        guard let follows else { throw fail(value.mark, "parallax needs 'follows:'") }
        state.follows.append((id, follows.0, follows.1 ?? value.mark!))
        switch mode {
        case "proportional": return Parallax(follows: follows.0, mode: .proportional)
        case "factor":
            guard let factor else { throw fail(value.mark, "parallax mode factor needs 'factor:'") }
            return Parallax(follows: follows.0, mode: .factor(factor))
        default: throw fail(modeMark, "parallax mode must be proportional or factor, got '\(mode)'")
        }
    }

    /// References: `controls` names a pager or switcher; `follows` names a scroll; no cycles.
    func crossCheck(_ scene: Scene, _ state: LoadState) throws(SceneError) {
        for (tabs, target, mark) in state.controls {
            guard let k = state.kinds[target] else {
                throw fail(
                    mark,
                    "controls names no node: '\(target)'"
                        + (Suggest.closest(to: target, in: Array(state.kinds.keys).sorted()).map {
                            "; did you mean '\($0)'?"
                        } ?? ""))
            }
            guard k == .pager || k == .switcher else {
                throw fail(
                    mark, "controls must name a pager or switcher; '\(target)' is a \(k.rawValue)")
            }
            if let pages = state.pages[target], let tabs = state.segments[tabs], tabs.count != pages
            {
                throw fail(
                    mark,
                    "'\(target)' has \(pages) pages but its tabs control has \(tabs.count) segments"
                )
            }
        }
        var follows: [String: String] = [:]
        for (owner, target, mark) in state.follows {
            guard let k = state.kinds[target], k.scrolls || k == .sheet else {
                throw fail(mark, "parallax follows no scroll: '\(target)'")
            }
            guard target != owner else { throw fail(mark, "a scroll cannot follow itself") }
            follows[owner] = target
        }
        for (owner, _, mark) in state.follows {
            var seen: Set<String> = [owner]
            var cur = follows[owner]
            while let c = cur {
                if !seen.insert(c).inserted { throw fail(mark, "parallax follows in a cycle") }
                cur = follows[c]
            }
        }
    }
}
