import HandoffCore
import Yams

/// Reading one node: its kind and id, its keys in file order, and the kind's configuration
/// made from them at the end.
extension SceneLoader {
    /// Reads one node at `path` (its index path in the tree); `parent` is the kind of the
    /// container when the node is a page. Checks of the value are `SceneValidator`'s.
    func node(
        _ y: Yams.Node, path: [Int], parent: NodeKind.Name?, _ map: inout SourceMap
    ) throws(SceneError) -> HandoffCore.Node {
        // Recursion stays bounded here; the validator reports the same limit for other producers.
        guard path.count <= SceneValidator.maxDepth else {
            throw fail(y.mark, "nodes are nested more than \(SceneValidator.maxDepth) deep")
        }
        let entries = try mapping(y, "a node")
        note(&map, path, .node, y.mark)
        let (kind, id) = try kindAndID(y, entries, path, &map)

        // Settings are read in file order into these; the kind is made from them at the end.
        var n = HandoffCore.Node(id: id, kind: .view, frame: Rect(0, 0, 0, 0))
        var scroll = ScrollConfig(axis: kind.pages == .scrolled ? .horizontal : .vertical)
        var transition = 0.3
        var segments: [String] = []
        var controls: String?
        let allowed = SceneKeys.node(kind)
        var hasFrame = false
        var rowHeight: Double?
        var rowHeights: [Double]?
        var rowCount: Int?
        var rowsMark: Mark?
        var insetNode: Yams.Node?
        var detents: [Detent]?
        var initial: String?
        var sheetExtras = SheetConfig(detents: [Detent("_", 0)], initial: "_")
        for (key, mark, value) in entries {
            if key == kind.rawValue || key == "kind" || key == "id" { continue }
            guard allowed.contains(key) else {
                throw unknownKey(key, mark, allowed: allowed, in: "a \(kind.rawValue)")
            }
            note(&map, path, SceneKeys.field(key), value.mark)
            switch key {
            case "frame":
                let f = try numbers(value, "frame", count: 4)
                n.frame = Rect(f[0], f[1], f[2], f[3])
                hasFrame = true
            case "alpha": n.alpha = try number(value, "alpha", min: 0, max: 1)
            case "interactive": n.interactive = try bool(value, "interactive")
            case "hidden": n.hidden = try bool(value, "hidden")
            case "tap": n.tappable = try bool(value, "tap")
            case "stretches": n.stretches = try bool(value, "stretches")
            case "control": n.control = try bool(value, "control")
            case "delaysContentTouches":
                scroll.delaysContentTouches = try bool(value, "delaysContentTouches")
            case "canCancelContentTouches":
                scroll.canCancelContentTouches = try bool(value, "canCancelContentTouches")
            case "style": sheetExtras.style = try choice(value, "style", SheetStyle.allCases)
            case "scrollingExpands":
                sheetExtras.scrollingExpands = try bool(value, "scrollingExpands")
            case "class":
                n.origin = NodeOrigin(
                    className: try word(value, "class"), address: n.origin?.address)
            case "address":
                n.origin = NodeOrigin(
                    className: n.origin?.className ?? "", address: try word(value, "address"))
            case "children", "pages":
                for (k, c) in try sequence(value, key).enumerated() {
                    n.children.append(
                        try node(
                            c, path: path + [k], parent: key == "pages" ? kind : nil, &map))
                }
            case "axis":
                let axis: Axis = try choice(value, "axis", Axis.allCases)
                scroll.axis = axis
            case "content": scroll.content = try number(value, "content", min: 0, max: 1e9)
            case "offset": scroll.offset = try number(value, "offset")
            case "inset": insetNode = value
            case "bounces": scroll.bounces = try bool(value, "bounces")
            case "scrollEnabled": scroll.scrollEnabled = try bool(value, "scrollEnabled")
            case "transfers": scroll.transfers = try choice(value, "transfers", Transfers.allCases)
            case "overscroll":
                scroll.overscroll = try choice(
                    value, "overscroll", [OverscrollStyle.rubber, .linear])
            case "deceleration":
                let w = try word(value, "deceleration")
                switch w {
                case "normal": scroll.rate = Deceleration.normal
                case "fast": scroll.rate = Deceleration.fast
                default:
                    guard let r = CommandParser.decimal(w), r > 0, r < 1 else {
                        throw fail(
                            value.mark,
                            "deceleration must be normal, fast or a per-ms rate between 0 and 1, got '\(w)'"
                        )
                    }
                    scroll.rate = r
                }
            case "nested": scroll.nested = try nested(value)
            case "snap":
                guard try word(value, "snap") == "edges" else {
                    throw fail(value.mark, "snap must be 'edges'")
                }
                scroll.snapEdges = true
            case "parallax": scroll.parallax = try parallax(value)
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
                if kind.pages == .scrolled {
                    guard try word(value, "transition") == "spring" else {
                        throw fail(value.mark, "a pager's transition is 'spring'")
                    }
                } else {
                    let w = try word(value, "transition")
                    guard let d = CommandParser.duration(w), d >= 0, d <= 60 else {
                        throw fail(
                            value.mark, "transition must be a duration like 0.3s, got '\(w)'")
                    }
                    transition = d
                }
            case "segments":
                for s in try sequence(value, "segments") {
                    segments.append(try word(s, "a segment"))
                }
            case "controls": controls = try word(value, "controls")
            case "detents":
                var list: [Detent] = []
                for (name, dmark, v) in try mapping(value, "detents") {
                    list.append(Detent(name, try number(v, "detent '\(name)'", min: 0)))
                    note(&map, path, .detent(name), dmark)
                }
                detents = list
            case "initial": initial = try word(value, "initial")
            case "grabber": sheetExtras.grabber = try number(value, "grabber", min: 0)
            case "backdrop": sheetExtras.backdrop = try number(value, "backdrop", min: 0, max: 1)
            case "momentum": sheetExtras.momentum = try bool(value, "momentum")
            default: throw unknownKey(key, mark, allowed: allowed, in: "a \(kind.rawValue)")
            }
        }

        if !hasFrame && SceneValidator.hasOwnFrame(kind, parent: parent) {
            throw fail(y.mark, "'\(id)' needs a frame: [x, y, width, height]")
        }
        if let insetNode { try inset(insetNode, into: &scroll) }
        switch kind {
        case .view: n.kind = .view
        case .scroll: n.kind = .scroll(scroll)
        case .list:
            let rows: Rows
            if let hs = rowHeights {
                if let rowCount, rowCount != hs.count {
                    throw fail(rowsMark, "rows and rowHeights disagree")
                }
                rows = Rows(heights: hs)
            } else {
                guard let rowCount else { throw fail(y.mark, "list '\(id)' needs rows") }
                guard let rowHeight else {
                    throw fail(y.mark, "list '\(id)' needs rowHeight or rowHeights")
                }
                rows = .uniform(count: rowCount, height: rowHeight)
            }
            n.kind = .list(scroll, rows)
        case .pager: n.kind = .pager(scroll)
        case .switcher: n.kind = .switcher(transition: transition)
        case .tabs: n.kind = .tabs(segments: segments, controls: controls)
        case .sheet:
            // No detents makes a sheet without any, which the validator reports. The default
            // initial detent is the top-most (SPEC §2 leaves it open;
            // docs/reference/scene-format.md says so).
            let detents = detents ?? []
            let first = detents.min(by: { $0.top < $1.top })?.name ?? ""
            var cfg = SheetConfig(detents: detents, initial: initial ?? first)
            cfg.grabber = sheetExtras.grabber
            cfg.backdrop = sheetExtras.backdrop
            cfg.momentum = sheetExtras.momentum
            cfg.style = sheetExtras.style
            cfg.scrollingExpands = sheetExtras.scrollingExpands
            n.kind = .sheet(cfg)
        case .backdrop: n.kind = .backdrop
        }
        return n
    }

    /// The kind and id of a node: `KIND: ID` shorthand, or `kind:` + `id:`.
    func kindAndID(
        _ y: Yams.Node, _ entries: [(key: String, keyMark: Mark?, value: Yams.Node)],
        _ path: [Int], _ map: inout SourceMap
    ) throws(SceneError) -> (NodeKind.Name, String) {
        var kind: NodeKind.Name?
        var id: String?
        for (key, _, value) in entries {
            if let k = NodeKind.Name(rawValue: key), NodeKind.Name.writable.contains(k) {
                guard kind == nil else {
                    throw fail(value.mark, "a node has one kind; '\(key)' is a second")
                }
                kind = k
                id = try word(value, "the id")
                note(&map, path, .id, value.mark)
            }
        }
        for (key, _, value) in entries where key == "kind" {
            guard kind == nil else { throw fail(value.mark, "a node has one kind") }
            kind = try choice(value, "kind", NodeKind.Name.writable)
        }
        for (key, _, value) in entries where key == "id" {
            guard id == nil else { throw fail(value.mark, "the id is given twice") }
            id = try word(value, "the id")
            note(&map, path, .id, value.mark)
        }
        let kinds = NodeKind.Name.writable.map(\.rawValue)
        guard let kind else {
            // `button: ok` is a kind the format does not have, not a node without one.
            if let (key, mark, _) = entries.first(where: {
                !SceneKeys.anyNode.contains($0.key) && $0.key != "id"
            }), case .scalar = entries.first(where: { $0.key == key })!.value {
                var message = "unknown node kind '\(key)'"
                if let s = Suggest.closest(to: key, in: kinds) {
                    message += "; did you mean '\(s)'?"
                } else {
                    message += "; expected one of \(kinds.joined(separator: ", "))"
                }
                throw fail(mark, message)
            }
            throw fail(y.mark, "a node needs a kind: one of \(kinds.joined(separator: ", "))")
        }
        guard let id else { throw fail(y.mark, "a node needs an id") }
        return (kind, id)
    }

    // MARK: Scroll settings

    func inset(_ value: Yams.Node, into scroll: inout ScrollConfig) throws(SceneError) {
        let vertical = scroll.axis != .horizontal
        let names = vertical ? ["top", "bottom"] : ["left", "right"]
        for (k, kmark, v) in try mapping(value, "inset") {
            guard let idx = names.firstIndex(of: k) else {
                throw unknownKey(
                    k, kmark, allowed: names,
                    in: "inset of a \(vertical ? "vertical" : "horizontal") scroll")
            }
            let x = try number(v, "inset \(k)", min: 0, max: 1e6)
            if idx == 0 { scroll.insetLeading = x } else { scroll.insetTrailing = x }
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

    func parallax(_ value: Yams.Node) throws(SceneError) -> Parallax {
        var follows: String?
        var mode = "proportional"
        var factor: Double?
        var modeMark: Mark?
        for (k, kmark, v) in try mapping(value, "parallax") {
            switch k {
            case "follows": follows = try word(v, "follows")
            case "mode":
                mode = try word(v, "mode")
                modeMark = v.mark
            case "factor": factor = try number(v, "factor", max: 1e3)
            default:
                throw unknownKey(k, kmark, allowed: ["follows", "mode", "factor"], in: "parallax")
            }
        }
        guard let follows else { throw fail(value.mark, "parallax needs 'follows:'") }
        switch mode {
        case "proportional": return Parallax(follows: follows, mode: .proportional)
        case "factor":
            guard let factor else { throw fail(value.mark, "parallax mode factor needs 'factor:'") }
            return Parallax(follows: follows, mode: .factor(factor))
        default: throw fail(modeMark, "parallax mode must be proportional or factor, got '\(mode)'")
        }
    }
}
