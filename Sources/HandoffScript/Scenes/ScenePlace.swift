/// Where in a `Scene` value something lies: a node, by its index path in the tree (empty for the
/// scene itself), and the field of it (SPEC §2 keys).
package struct ScenePlace: Hashable, Sendable {
    /// The part of a node (or of the scene) a place names.
    package enum Field: Hashable, Sendable {
        /// The node (or scene) as a whole.
        case node
        case id, frame, alpha, axis, content, inset, offset, deceleration, parallax, rows
        case pages, transition, segments, controls, detents, initial, grabber, backdrop
        case scrollingExpands
        /// One detent of a sheet, by name.
        case detent(String)
        /// Top-level keys.
        case window, touch, settings
    }

    package var path: [Int]
    package var field: Field

    package init(_ path: [Int], _ field: Field = .node) {
        self.path = path
        self.field = field
    }

    /// The scene itself.
    package static let scene = ScenePlace([])
}

/// A producer's side table from places in a scene value to positions in its source (a YAML
/// file's line and column, a dump's line), so validation errors point into the source.
package struct SourceMap: Sendable {
    package var marks: [ScenePlace: (line: Int, column: Int)] = [:]

    package init() {}

    package subscript(place: ScenePlace) -> (line: Int, column: Int)? {
        get { marks[place] }
        set { marks[place] = newValue }
    }

    /// The position of a place: its own, else its node's, else the nearest ancestor's, else 1:1.
    package func position(of place: ScenePlace) -> (line: Int, column: Int) {
        if let m = marks[place] { return m }
        var path = place.path
        while true {
            if let m = marks[ScenePlace(path)] { return m }
            if path.isEmpty { return (1, 1) }
            path.removeLast()
        }
    }

    /// Whether the producer knows where this exact place is.
    package func knows(_ place: ScenePlace) -> Bool { marks[place] != nil }
}
