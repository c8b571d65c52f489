/// A whole scene: a window and the tree of nodes in it (SPEC §2).
public struct Scene: Equatable, Sendable {
    public var name: String
    public var windowSize: Point
    /// Default point for `pan` when no finger is down.
    public var touch: Point?
    public var root: [Node]
    /// `set` keys applied on load, in file order.
    public var settings: [(key: String, value: String)]
    /// The app's recognizer wiring (SPEC §13.2); empty when the scene has no `gestures`.
    public var gestures = Gestures()
    /// The app's own code: rules numbered from 1 in file order (SPEC §13.3); empty when the
    /// scene has no `on`.
    public var reactions: [Reaction] = []

    public init(
        name: String, window: Point, touch: Point? = nil, root: [Node],
        settings: [(key: String, value: String)] = []
    ) {
        self.name = name
        self.windowSize = window
        self.touch = touch
        self.root = root
        self.settings = settings
    }

    public var touchPoint: Point { touch ?? Point(windowSize.x / 2, windowSize.y / 2) }

    public static func == (a: Scene, b: Scene) -> Bool {
        a.name == b.name && a.windowSize == b.windowSize && a.touch == b.touch && a.root == b.root
            && a.gestures == b.gestures
            && a.settings.map { "\($0.key)=\($0.value)" }
                == b.settings.map { "\($0.key)=\($0.value)" }
            && a.reactions == b.reactions
    }
}
