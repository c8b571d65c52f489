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
        "snap", "parallax", "children",
    ]

    /// The keys a node of `kind` may have; exhaustive, so a new kind must say.
    static func node(_ kind: NodeKind.Name) -> Set<String> {
        switch kind {
        case .view: common.union(["tap", "stretches", "children"])
        case .scroll: common.union(scroll)
        case .list:
            common.union(scroll).subtracting(["content"]).union([
                "rows", "rowHeight", "rowHeights",
            ])
        case .pager:
            common.union([
                "pages", "transition", "bounces", "overscroll", "deceleration", "nested", "offset",
            ])
        case .switcher: common.union(["pages", "transition"])
        case .tabs: common.union(["segments", "controls"])
        case .sheet:
            common.subtracting(["frame"]).union([
                "detents", "initial", "grabber", "backdrop", "momentum", "children",
            ])
        case .backdrop: []
        }
    }

    /// Top-level keys, in the fixed order they are read (key order never matters, SPEC §2).
    static let top = ["name", "window", "touch", "root", "settings"]

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
        default: .node
        }
    }
}
