import HandoffCore

/// The keys a scene file may write: at the top, per node kind, and where each node key's
/// value is checked (the validator's name for it). `SceneLoader` reads with these tables.
enum SceneKeys {
    /// Keys every written kind has.
    static let common: Set<String> = [
        "id", "kind", "frame", "alpha", "interactive", "hidden", "class", "address",
    ]
    /// Keys of a scroll view's settings (`ScrollConfig`).
    static let scroll: Set<String> = [
        "axis", "content", "offset", "inset", "bounces", "overscroll", "deceleration", "nested",
        "snap", "parallax", "children", "delaysContentTouches", "canCancelContentTouches",
        "scrollEnabled", "transfers",
    ]

    /// The keys a node of `kind` may have; exhaustive, so a new kind must say.
    static func node(_ kind: NodeKind.Name) -> Set<String> {
        switch kind {
        case .view: common.union(["tap", "stretches", "children", "control"])
        case .scroll: common.union(scroll)
        case .list:
            common.union(scroll).subtracting(["content"]).union([
                "rows", "rowHeight", "rowHeights",
            ])
        case .pager:
            common.union([
                "pages", "transition", "bounces", "overscroll", "deceleration", "nested", "offset",
                "delaysContentTouches", "canCancelContentTouches", "scrollEnabled", "transfers",
            ])
        case .switcher: common.union(["pages", "transition"])
        case .tabs: common.union(["segments", "controls"])
        case .sheet:
            common.subtracting(["frame"]).union([
                "detents", "initial", "grabber", "backdrop", "momentum", "children", "style",
                "scrollingExpands",
            ])
        case .backdrop: []
        }
    }

    /// Top-level keys, in the fixed order they are read (key order never matters, SPEC §2).
    static let top = ["name", "window", "touch", "root", "settings", "gestures", "on"]

    /// What each key means, for `help scene`, in the order it lists them: every top-level key
    /// and every key of `node(_:)` (a test keeps the two equal, so a key added to a table above
    /// must be described here).
    static let summaries: [(key: String, summary: String)] = [
        ("name", "the scene's name"),
        ("window", "[width, height] of the window"),
        (
            "touch",
            "[x, y]: where 'pan' touches when no finger is down (default: the window's centre)"
        ),
        ("root", "[nodes]: the top-level nodes, drawn in order"),
        ("settings", "{KEY: VALUE}: 'set' keys the scene applies when it loads"),
        (
            "gestures",
            "{simultaneous: [[A, B]], requireToFail: [[A, B]], shouldBegin: {ID: CONDITION}}: the app's recognizer wiring (§13.2)"
        ),
        (
            "on",
            "[rules]: the app's own code, e.g. '- scroll: list' with 'set: {list.offset: 0}' (§13.3)"
        ),
        ("kind", "the node's kind, with 'id' (or write 'KIND: ID' for both)"),
        ("id", "the node's unique id"),
        ("frame", "[x, y, width, height] in the parent's content coordinates"),
        ("alpha", "opacity, 0 to 1 (default 1)"),
        ("interactive", "false: touches pass through it (default true)"),
        ("hidden", "true: not drawn and not hit (default false)"),
        ("class", "the UIKit class it was imported from (shown by 'tree')"),
        ("address", "the address it was imported from (shown by 'tree')"),
        ("tap", "true: tappable"),
        ("stretches", "true: grows with its scroll's overscroll at the leading edge (§5.6)"),
        ("children", "[nodes] inside it (a scroll's children are in content coordinates)"),
        ("axis", "vertical or horizontal"),
        ("content", "the content's length along the axis"),
        ("offset", "the starting offset (default: the range's minimum)"),
        ("inset", "{top, bottom} (or {left, right}): content insets"),
        ("bounces", "false: stops at its edges instead of rubber-banding (default true)"),
        ("overscroll", "rubber or linear (default rubber)"),
        ("deceleration", "normal, fast or a per-ms rate (default normal)"),
        ("nested", "{pre, post, fling}: how it shares a drag with its chain (§5.2)"),
        ("snap", "edges: comes to rest at an end (§5.5)"),
        ("parallax", "{follows: ID, mode: proportional | factor, factor: F} (§5.7)"),
        ("scrollEnabled", "false: takes no part in a gesture begun while disabled (default true)"),
        ("transfers", "auto, never or always: hands a drag at its edge to its parent (uikit)"),
        ("rows", "the number of rows, each the tappable target ID[i]"),
        ("rowHeight", "every row's height"),
        ("rowHeights", "[heights], one per row"),
        ("pages", "[nodes]: one per page"),
        ("transition", "a pager's settling (default spring) or a switcher's duration (0.3s)"),
        ("segments", "[names] of the segments, each the tappable target ID[i]"),
        ("controls", "the id of the pager or switcher it selects pages of"),
        ("detents", "{name: topY, …}: where the sheet rests"),
        ("initial", "the detent it starts at"),
        ("grabber", "the height of its drag-only strip (default 36)"),
        ("backdrop", "the backdrop's alpha at the top-most detent (default 0)"),
        ("momentum", "true: list momentum inside moves the sheet (default false)"),
        (
            "control",
            "true: a UIControl (button, switch); tappable, and under 'touches uikit' it keeps its touch (§4.4)"
        ),
        (
            "delaysContentTouches",
            "false: under 'touches uikit' the content gets a touch at once, not after 0.15 s (default true)"
        ),
        (
            "canCancelContentTouches",
            "false: under 'touches uikit' a drag cannot start once the content has the touch (default true)"
        ),
        (
            "style",
            "custom (a pan moving a view, default) or system (UIKit's own sheet, §5.10)"
        ),
        (
            "scrollingExpands",
            "a system sheet's prefersScrollingExpandsWhenScrolledToEdge (default true)"
        ),
    ]

    /// Every key any node may have, to tell an unknown kind (`button: ok`) from a missing one.
    static let anyNode: Set<String> = NodeKind.Name.writable.reduce(into: ["kind"]) {
        $0.formUnion(node($1))
    }

    /// The validator's name for a node key, so its errors point at the key's value.
    static func field(_ key: String) -> ScenePlace.Field {
        switch key {
        case "frame": .frame
        case "alpha": .alpha
        case "axis": .axis
        case "content": .content
        case "inset": .inset
        case "offset": .offset
        case "deceleration": .deceleration
        case "parallax": .parallax
        case "rows", "rowHeight", "rowHeights": .rows
        case "pages": .pages
        case "transition": .transition
        case "segments": .segments
        case "controls": .controls
        case "detents": .detents
        case "initial": .initial
        case "grabber": .grabber
        case "backdrop": .backdrop
        case "scrollingExpands": .scrollingExpands
        default: .node
        }
    }
}
