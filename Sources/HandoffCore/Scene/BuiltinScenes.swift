/// The five built-in scenes of SPEC §2, one per seed interaction. Their geometry is contract.
public enum BuiltinScenes {
    /// Names in the order `scenes` lists them; the first is the default.
    public static let names = ["tabs", "sheet", "indicator", "switcher", "stretchy"]

    public static let descriptions: [String: String] = [
        "tabs": "collapsing header over a pinned tab bar and swipeable lists",
        "sheet": "bottom sheet over a map with continuous scroll into its lists",
        "indicator": "list whose background scrolls proportionally as a scroll indicator",
        "switcher": "segmented control switching child views with a 0.3 s cross-dissolve",
        "stretchy": "stretchy photo header above content",
    ]

    public static func named(_ name: String) -> Scene? {
        switch name {
        case "tabs": tabs
        case "sheet": sheet
        case "indicator": indicator
        case "switcher": switcher
        case "stretchy": stretchy
        default: nil
        }
    }

    static func view(_ id: String, _ frame: Rect, tap: Bool = false) -> Node {
        var n = Node(id: id, kind: .view, frame: frame)
        n.tappable = tap
        return n
    }

    static func list(
        _ id: String, _ frame: Rect, rows: Int, height: Double, bounces: Bool = true
    ) -> Node {
        Node(
            id: id,
            kind: .list(
                ScrollConfig(axis: .vertical, bounces: bounces),
                .uniform(count: rows, height: height)),
            frame: frame)
    }

    static func tabsControl(_ id: String, _ frame: Rect, _ segments: [String], controls: String)
        -> Node
    {
        Node(id: id, kind: .tabs(segments: segments, controls: controls), frame: frame)
    }

    static func pager(_ id: String, _ frame: Rect, pages: [Node]) -> Node {
        var n = Node(id: id, kind: .pager(ScrollConfig(axis: .horizontal)), frame: frame)
        n.children = pages
        return n
    }

    public static var tabs: Scene {
        let config = ScrollConfig(
            axis: .vertical, content: 1044, bounces: false,
            nested: NestedPolicy(pre: .forward, post: .backward, fling: .handoff))
        var outer = Node(id: "outer", kind: .scroll(config), frame: Rect(0, 0, 390, 844))
        let page = Rect(0, 0, 390, 800)
        outer.children = [
            view("header", Rect(0, 0, 390, 200), tap: true),
            tabsControl(
                "menu", Rect(0, 200, 390, 44), ["upcoming", "previous"], controls: "pager"),
            pager(
                "pager", Rect(0, 244, 390, 800),
                pages: [
                    list("upcoming", page, rows: 30, height: 60),
                    list("previous", page, rows: 4, height: 60),
                ]),
        ]
        return Scene(name: "tabs", window: Point(390, 844), root: [outer])
    }

    public static var sheet: Scene {
        let config = SheetConfig(
            detents: [Detent("full", 100), Detent("half", 420), Detent("tip", 744)],
            initial: "half", grabber: 36, backdrop: 0.3)
        var sheet = Node(id: "sheet", kind: .sheet(config), frame: Rect(0, 100, 390, 744))
        let page = Rect(0, 0, 390, 664)
        sheet.children = [
            tabsControl(
                "segments", Rect(0, 36, 390, 44), ["studios", "classes"], controls: "lists"),
            pager(
                "lists", Rect(0, 80, 390, 664),
                pages: [
                    list("studios", page, rows: 40, height: 80),
                    list("classes", page, rows: 60, height: 64),
                ]),
        ]
        return Scene(
            name: "sheet", window: Point(390, 844), touch: Point(195, 640),
            root: [view("map", Rect(0, 0, 390, 844), tap: true), sheet])
    }

    public static var indicator: Scene {
        let config = ScrollConfig(
            axis: .vertical, content: 1600,
            parallax: Parallax(follows: "list", mode: .proportional))
        var background = Node(
            id: "background", kind: .scroll(config), frame: Rect(0, 0, 390, 844))
        background.interactive = false
        return Scene(
            name: "indicator", window: Point(390, 844),
            root: [background, list("list", Rect(0, 0, 390, 844), rows: 40, height: 60)])
    }

    public static var switcher: Scene {
        var container = Node(
            id: "container", kind: .switcher(transition: 0.3), frame: Rect(0, 140, 390, 704))
        var second = Node(id: "second", kind: .view, frame: Rect(0, 0, 390, 704))
        second.children = [view("button", Rect(145, 300, 100, 44), tap: true)]
        container.children = [list("first", Rect(0, 0, 390, 704), rows: 20, height: 44), second]
        return Scene(
            name: "switcher", window: Point(390, 844),
            root: [
                tabsControl(
                    "control", Rect(0, 100, 390, 32), ["first", "second"], controls: "container"),
                container,
            ])
    }

    public static var stretchy: Scene {
        var table = list("table", Rect(0, 0, 390, 844), rows: 10, height: 100)
        table.scroll?.insetLeading = 300
        var photo = view("photo", Rect(0, -300, 390, 300))
        photo.stretches = true
        table.children = [photo]
        return Scene(name: "stretchy", window: Point(390, 844), root: [table])
    }
}
