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
    struct Draft {
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
            settings: [("policy", "uikit"), ("slopmode", "subtract"), ("touches", "uikit")])
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

    func format(_ x: Double) -> String { NumberFormat.format(x) }

    /// A dump's scene is named after its file: `dumps/feed.txt` → `feed`.
    package static func sceneName(for path: String) -> String {
        Paths.stem(of: path) ?? "dump"
    }

    /// The scene file `handoff import` writes: a header naming the dump, then the scene with
    /// every guess as a comment beside its node.
    package static func yaml(_ r: Result, from file: String) -> String {
        var header = [
            "Imported from the UIKit dump \(file) (§11): \(r.summary).",
            "Policy uikit shows what UIKit does today; 'set policy nested' shows a coordinated handoff.",
        ]
        if r.scene.root.isEmpty { header.append("(no views)") }
        return SceneWriter(r.scene, comments: r.guesses, header: header).text
    }
}
