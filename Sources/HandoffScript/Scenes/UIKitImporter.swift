import HandoffCore

/// Turns a UIKit dump into a scene value (SPEC §11): scroll views, axes, offsets, insets,
/// bounces, pagers, tappable cells and controls, ids from class names, policy `uikit`. Every
/// guess it makes is kept beside its node, so the YAML it writes says what was guessed. The scene
/// goes through `SceneValidator` like any other; errors point at the dump's lines.
package struct UIKitImporter {
    /// What importing a dump gave.
    package struct Result: Sendable {
        package var scene: Scene
        /// Guesses, by node path (empty path: the scene), written as YAML comments.
        package var guesses: [[Int]: [String]]
        /// Where each node came from in the dump (its line), for validation errors.
        package var map: SourceMap
        package var views: Int
        package var scrollViews: Int
        package var skipped: Int
        package var warnings: [(line: Int, message: String)]

        /// The counts `load` reports.
        package var imported: ImportSummary {
            ImportSummary(
                views: views, scrollViews: scrollViews, skipped: skipped, dropped: warnings.count)
        }

        /// `12 views, 2 scroll views, 3 lines skipped` (and what was dropped).
        package var summary: String { imported.text }
    }

    /// Class names of UIControl subclasses a dump may show, tappable like buttons.
    static let controls: Set<String> = [
        "UIControl", "UISwitch", "UISlider", "UISegmentedControl", "UITextField", "UIStepper",
        "UIPageControl", "UIDatePicker", "UIColorWell", "UISearchTextField",
    ]
    /// UIScrollView and its public subclasses.
    static let scrollClasses: Set<String> = [
        "UIScrollView", "UITableView", "UICollectionView", "UITextView", "WKScrollView",
        "_UIQueuingScrollView",
    ]

    let file: String
    let name: String
    let dump: UIKitDump

    /// `file` names the dump in errors; `name` is the scene's name.
    package init(file: String, name: String, text: String) {
        self.file = file
        self.name = name
        dump = UIKitDump(text: text)
    }

    /// A node being built, with the dump line it came from.
    private struct Draft {
        var view: UIKitDump.View
        var children: [Int] = []
        var node: Node
        var guesses: [String] = []
    }

    /// The scene, or the first problem (no view line; a validation error at its dump line).
    package func run() throws(SceneError) -> Result {
        guard !dump.views.isEmpty else {
            throw SceneError(
                file: file, line: 1, column: 1,
                message:
                    "no view line (a UIKit dump has lines like '<UIView: 0x…; frame = (0 0; 390 844); …>')"
            )
        }
        for v in dump.views { try checkNumbers(v) }
        // The tree, by depth: a view's parent is the last view one level up (or the deepest
        // one above it, when levels are missing).
        var drafts: [Draft] = []
        var roots: [Int] = []
        var stack: [Int] = []
        for v in dump.views {
            let i = drafts.count
            drafts.append(Draft(view: v, node: Node(id: "", kind: .view, frame: Rect(0, 0, 0, 0))))
            while let top = stack.last, drafts[top].view.depth >= v.depth { stack.removeLast() }
            if let parent = stack.last {
                drafts[parent].children.append(i)
            } else {
                roots.append(i)
            }
            stack.append(i)
        }
        var ids = IDMaker()
        var scrolls = 0
        for i in drafts.indices {
            drafts[i].node.id = ids.next(for: drafts[i].view.className)
            configure(&drafts[i], isRoot: roots.first == i, &scrolls)
        }
        // Bottom-up: a scroll's missing content, then the nested guess and the tree itself.
        for i in drafts.indices.reversed() { finishScroll(i, &drafts) }
        var result = Result(
            scene: Scene(name: name, window: Point(390, 844), root: []), guesses: [:],
            map: SourceMap(), views: drafts.count, scrollViews: scrolls, skipped: dump.skipped,
            warnings: dump.warnings)
        var sceneGuesses: [String] = []
        let rootFrame = drafts[roots[0]].node.frame
        var window = Point(rootFrame.width, rootFrame.height)
        if !(window.x >= 1 && window.y >= 1) {
            window = Point(390, 844)
            sceneGuesses.append(
                "window 390×844: the first view is \(format(rootFrame.width))×\(format(rootFrame.height))"
            )
        } else if window.x > 10_000 || window.y > 10_000, window.x.isFinite, window.y.isFinite {
            window = Point(min(window.x, 10_000), min(window.y, 10_000))
            sceneGuesses.append(
                "window \(format(window.x))×\(format(window.y)): the first view is \(format(rootFrame.width))×\(format(rootFrame.height)), more than a window can be"
            )
        }
        result.map[ScenePlace.scene] = (drafts[roots[0]].view.line, 1)
        for w in dump.warnings { sceneGuesses.append("dropped dump line \(w.line): \(w.message)") }
        var root: [Node] = []
        for (k, r) in roots.enumerated() {
            if k == 0 {
                drafts[r].node.frame = Rect(0, 0, window.x, window.y)
            }
            root.append(assemble(r, path: [k], &drafts, &result))
        }
        if !sceneGuesses.isEmpty { result.guesses[[]] = sceneGuesses }
        result.scene = Scene(
            name: name, window: window, root: root,
            settings: [("policy", "uikit"), ("slopmode", "subtract")])
        if let issue = SceneValidator.validate(result.scene).first {
            throw issue.error(file: file, map: result.map)
        }
        return result
    }

    /// The numeric fields a view's geometry comes from, with how many numbers each holds.
    static let numericFields: [(key: String, count: Int)] = [
        ("frame", 4), ("contentOffset", 2), ("contentSize", 2), ("adjustedContentInset", 4),
        ("alpha", 1),
    ]

    /// Refuses a number no screen has (past ±1e6 pt, like a scene file's frames, or not a
    /// number at all): nothing a dump contains may reach the simulation or the printer.
    private func checkNumbers(_ v: UIKitDump.View) throws(SceneError) {
        for (key, count) in Self.numericFields {
            guard let value = v.fields[key],
                let numbers = UIKitDump.numbers(value, count: count)
            else { continue }
            for n in numbers where !(n.isFinite && abs(n) <= SceneValidator.maxCoordinate) {
                let shown = value.count > 40 ? value.prefix(40) + "…" : Substring(value)
                throw SceneError(
                    file: file, line: v.line, column: 1,
                    message:
                        "\(key) '\(Escape.visible(String(shown)))' of '\(Escape.visible(v.className))' is out of range (at most \(NumberFormat.format(SceneValidator.maxCoordinate)) in size)"
                )
            }
        }
    }

    // MARK: One view

    private func configure(_ d: inout Draft, isRoot: Bool, _ scrolls: inout Int) {
        let v = d.view
        let f = v.fields
        if let fr = f["frame"].flatMap(UIKitDump.frame) {
            d.node.frame = Rect(fr[0], fr[1], fr[2], fr[3])
        } else {
            d.guesses.append("frame: the dump prints none")
        }
        if f["hidden"] == "YES" { d.node.hidden = true }
        if let a = f["alpha"].flatMap(Double.init) { d.node.alpha = min(1, max(0, a)) }
        if f["userInteractionEnabled"] == "NO" { d.node.interactive = false }
        d.node.origin = NodeOrigin(className: v.className, address: v.address)
        let base = f["baseClass"]
        let isScroll =
            f["contentOffset"] != nil || Self.isScrollClass(v.className)
            || base.map(Self.isScrollClass) == true
        if isScroll {
            scrolls += 1
            d.node.kind = .scroll(ScrollConfig())
        } else if Self.isTappable(v.className, base: base) {
            d.node.tappable = true
            d.guesses.append("tap: \(v.className) is a cell, button or control")
        }
    }

    static func isScrollClass(_ name: String) -> Bool {
        scrollClasses.contains(name) || name.hasSuffix("ScrollView") || isTable(name, base: nil)
            || isCollection(name, base: nil)
    }

    static func isTable(_ name: String, base: String?) -> Bool {
        name.hasSuffix("TableView") || base == "UITableView"
    }

    static func isCollection(_ name: String, base: String?) -> Bool {
        name.hasSuffix("CollectionView") || base == "UICollectionView"
    }

    static func isTappable(_ name: String, base: String?) -> Bool {
        for n in [name, base ?? ""] where !n.isEmpty {
            if n.hasSuffix("Cell") || n.hasSuffix("Button") || controls.contains(n) { return true }
        }
        return false
    }

    /// Axis, content, insets, offset and bounce of a scroll view, once its children are known.
    private func finishScroll(_ i: Int, _ drafts: inout [Draft]) {
        guard drafts[i].node.scroll != nil else { return }
        let v = drafts[i].view
        let f = v.fields
        let frame = drafts[i].node.frame
        let base = f["baseClass"]
        let table = Self.isTable(v.className, base: base)
        let collection = Self.isCollection(v.className, base: base)
        var guesses: [String] = []
        // Content: contentSize, or the extent of the children measured from 0.
        var size: (w: Double, h: Double)
        if let s = f["contentSize"].flatMap({ UIKitDump.numbers($0, count: 2) }) {
            size = (s[0], s[1])
        } else {
            var w = 0.0
            var h = 0.0
            for c in drafts[i].children {
                w = max(w, drafts[c].node.frame.x + drafts[c].node.frame.width)
                h = max(h, drafts[c].node.frame.y + drafts[c].node.frame.height)
            }
            size = (w, h)
            guesses.append(
                "content: no contentSize; the children reach \(format(w))×\(format(h))")
        }
        let offset = f["contentOffset"].flatMap { UIKitDump.numbers($0, count: 2) } ?? [0, 0]
        let adjusted = f["adjustedContentInset"].flatMap { UIKitDump.numbers($0, count: 4) }
        let inset = adjusted ?? [0, 0, 0, 0]
        let pager = v.className == "_UIQueuingScrollView" && !drafts[i].children.isEmpty
        let axis: Axis
        if pager {
            axis = .horizontal
        } else if table || size.h + inset[0] + inset[2] > frame.height {
            axis = .vertical
            if !table {
                guesses.append(
                    "axis vertical: content \(format(size.h)) is taller than the frame \(format(frame.height))"
                )
            }
        } else if size.w + inset[1] + inset[3] > frame.width {
            axis = .horizontal
            guesses.append(
                "axis horizontal: content \(format(size.w)) is wider than the frame \(format(frame.width))"
            )
        } else {
            axis = .vertical
            guesses.append("axis vertical: the content fits the frame both ways")
        }
        var c = drafts[i].node.scroll ?? ScrollConfig()
        c.axis = axis
        let vertical = axis == .vertical
        let at = vertical ? offset[1] : offset[0]
        c.content = max(0, vertical ? size.h : size.w)
        if let adjusted {
            let lead = vertical ? adjusted[0] : adjusted[1]
            let trail = vertical ? adjusted[2] : adjusted[3]
            c.insetLeading = max(0, lead)
            c.insetTrailing = max(0, trail)
            if lead < 0 || trail < 0 {
                guesses.append("inset: negative adjustedContentInset read as 0")
            }
        } else {
            c.insetLeading = max(0, -at)
            guesses.append(
                "inset: no adjustedContentInset (before iOS 11): leading \(format(c.insetLeading)) = max(0, -offset), trailing 0"
            )
        }
        let viewport = vertical ? frame.height : frame.width
        if table || collection || pager {
            c.bounces = true
        } else {
            c.bounces = c.content > viewport
            guesses.append(
                c.bounces
                    ? "bounces: the content exceeds the frame"
                    : "bounces false: a plain scroll view whose content fits its frame")
        }
        let lo = -c.insetLeading
        let hi = max(lo, c.content + c.insetTrailing - viewport)
        if at != lo { c.offset = at }
        if at < lo || at > hi {
            guesses.append(
                "offset \(format(at)) is outside \(format(lo))…\(format(hi)): imported as overscroll"
            )
            if !c.bounces {
                c.bounces = true
                guesses.append("bounces: it was overscrolled in the dump")
            }
        }
        drafts[i].node.kind = pager ? .pager(c) : .scroll(c)
        if pager {
            guesses.append("pager: _UIQueuingScrollView (UIPageViewController)")
            // UIPageViewController lists its page views in no particular order; a pager's pages
            // are laid out at i × width, so they are taken in the order of their x.
            let order = drafts[i].children
            let byX = order.enumerated().sorted {
                let (a, b) = (drafts[$0.element].node.frame.x, drafts[$1.element].node.frame.x)
                return a != b ? a < b : $0.offset < $1.offset
            }.map(\.element)
            if byX != order {
                drafts[i].children = byX
                guesses.append("pages: ordered by their x, not as the dump lists them")
            }
        }
        drafts[i].guesses += guesses
    }

    /// Builds node `i` with its children in place, records its line, and makes the `nested`
    /// guess for a scroll that contains a scroll on its own axis.
    private func assemble(
        _ i: Int, path: [Int], _ drafts: inout [Draft], _ result: inout Result
    ) -> Node {
        var node = drafts[i].node
        var guesses = drafts[i].guesses
        result.map[ScenePlace(path)] = (drafts[i].view.line, 1)
        let childPaths = path.count < SceneValidator.maxDepth + 1 ? drafts[i].children : []
        for (k, c) in childPaths.enumerated() {
            node.children.append(assemble(c, path: path + [k], &drafts, &result))
        }
        if node.tappable {
            for k in node.children.indices {
                Self.passTouches(&node.children[k], path: path + [k], to: node.id, &result)
            }
        }
        if let axis = node.scroll?.axis, Self.containsScroll(on: axis, in: node.children) {
            node.scroll?.nested = NestedPolicy(pre: .none, post: .both, fling: .handoff)
            guesses.append(
                "nested: it contains a \(axis.rawValue) scroll view; inner first, then this one (what a coordinated handoff does)"
            )
        }
        if !guesses.isEmpty { result.guesses[path] = guesses }
        return node
    }

    /// UIKit selects a cell wherever its content is touched, but here a tap goes to the deepest
    /// view: so the views inside a tappable cell, button or control that hold nothing tappable or
    /// scrollable of their own are imported as not interactive, and hit testing lands on the cell.
    static func passTouches(
        _ n: inout Node, path: [Int], to owner: String, _ result: inout Result
    ) {
        guard n.interactive, !n.tappable, n.scroll == nil else { return }
        if !containsTappableOrScroll(n.children) {
            n.interactive = false
            result.guesses[path, default: []].append(
                "interactive false: touches here go to '\(owner)', as UIKit selects the whole cell")
            return
        }
        for k in n.children.indices {
            passTouches(&n.children[k], path: path + [k], to: owner, &result)
        }
    }

    static func containsTappableOrScroll(_ nodes: [Node]) -> Bool {
        nodes.contains { $0.tappable || $0.scroll != nil || containsTappableOrScroll($0.children) }
    }

    static func containsScroll(on axis: Axis, in nodes: [Node]) -> Bool {
        for n in nodes {
            if n.scroll?.axis == axis || containsScroll(on: axis, in: n.children) { return true }
        }
        return false
    }

    func format(_ x: Double) -> String { NumberFormat.format(x) }

    /// A dump's scene is named after its file: `dumps/feed.txt` → `feed`.
    package static func sceneName(for path: String) -> String {
        Paths.stem(of: path) ?? "dump"
    }

    /// The scene file `handoff import` writes: a header naming the dump, then the scene with
    /// every guess as a comment beside its node.
    package static func yaml(_ r: Result, from file: String) -> String {
        var header = [
            "Imported from the UIKit dump \(file) (SPEC §11): \(r.summary).",
            "Policy uikit shows what UIKit does today; 'set policy nested' shows a coordinated handoff.",
        ]
        if r.scene.root.isEmpty { header.append("(no views)") }
        return SceneWriter(r.scene, comments: r.guesses, header: header).text
    }
}

/// Ids from class names (SPEC §11): last dotted component, no leading `_`, no uppercase prefix,
/// first letter lowercased; the first of a name unnumbered, later ones `2`, `3`, … in tree order.
struct IDMaker {
    private var counts: [String: Int] = [:]
    private var taken: Set<String> = []

    static func base(for className: String) -> String {
        var name = Substring(className.split(separator: ".").last ?? Substring(className))
        while name.first == "_" { name.removeFirst() }
        var scalars = Array(name.unicodeScalars.filter { $0.isASCII })
        // `UITableView` → `TableView`: drop every leading capital but the last before lowercase.
        var caps = 0
        while caps < scalars.count, scalars[caps].properties.isUppercase { caps += 1 }
        if caps >= 2, caps < scalars.count { scalars.removeFirst(caps - 1) }
        var id = String(String.UnicodeScalarView(scalars)).filter {
            $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-"
        }
        if id.isEmpty { return "view" }
        id = id.prefix(1).lowercased() + id.dropFirst()
        return id
    }

    private var bases: [String: String] = [:]

    mutating func next(for className: String) -> String {
        let base: String
        if let b = bases[className] {
            base = b
        } else {
            base = Self.base(for: className)
            bases[className] = base
        }
        var n = counts[base, default: 0] + 1
        var id = n == 1 ? base : "\(base)\(n)"
        while taken.contains(id) {
            n += 1
            id = "\(base)\(n)"
        }
        counts[base] = n
        taken.insert(id)
        return id
    }
}
