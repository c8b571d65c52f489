import Foundation
import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// SPEC §11: importing real UIKit dumps (fixtures in Resources/uikit, sources in its README).
struct UIKitImportTests {
    /// Each fixture with every scroll view's `contentOffset` on its axis, read by hand from the
    /// dump, and the scroll views a pan must move (visible, interactive, with room or bouncing).
    static let fixtures: [(file: String, offsets: [String: Double], pannable: Set<String>)] = [
        ("table-ios12-snapshot-testing", ["tableView": -20], ["tableView"]),
        ("wkwebview-recent-sentry", ["scrollView": 0], []),
        ("scrollview-ios14-lldb-commands", ["scrollView": 0], []),
        ("table-ios6-lldb-rd", ["tableView": 0], ["tableView"]),
        ("table-wrapper-ios8-cycript", ["tableView": 0, "tableViewWrapperView": 0], ["tableView"]),
        ("mail-ios7-cycript-wrapped", ["scrollView": 0], []),
        ("discover-ios13-lldb-truncated", ["tableView": -88], ["tableView"]),
        (
            "signin-ios14-cycript-excerpt", ["tableView": -56, "textView": 0, "textView2": 0],
            ["tableView"]
        ),
        ("unlaid-ios11-custom-bars", ["scrollView": 0, "tableView": 0], []),
        (
            "tables-nested-composed", ["tableView": 0, "tableView2": 0],
            ["tableView", "tableView2"]
        ),
    ]

    static func text(_ name: String) throws -> String {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: "txt", subdirectory: "uikit"))
        return try String(contentsOf: url, encoding: .utf8)
    }

    static func importing(_ name: String) throws -> UIKitImporter.Result {
        try UIKitImporter(file: name + ".txt", name: name, text: text(name)).run()
    }

    static func offsets(_ session: inout Session) throws -> [String: Double] {
        let json = session.run("state --json").lines[0].text
        let obj = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return try #require(obj["offsets"] as? [String: Double])
    }

    @Test(arguments: fixtures.map(\.file))
    func importsKeepingEveryContentOffset(name: String) throws {
        let fixture = Self.fixtures.first { $0.file == name }!
        let r = try Self.importing(name)
        #expect(
            r.scene.settings.map { "\($0.key) \($0.value)" } == [
                "policy uikit", "slopmode subtract", "touches uikit",
            ])
        var s = Session(scene: r.scene, ref: name, files: MemoryFiles())
        #expect(try Self.offsets(&s) == fixture.offsets)
        #expect(r.scrollViews == fixture.offsets.count)
    }

    /// The YAML `import` writes loads to the same scene value and the same `state --json`.
    @Test(arguments: fixtures.map(\.file))
    func yamlRoundTrips(name: String) throws {
        let r = try Self.importing(name)
        let yaml = UIKitImporter.yaml(r, from: name + ".txt")
        let loaded = try SceneLoader(file: name + ".yaml", text: yaml).load()
        #expect(loaded == r.scene)
        var a = Session(scene: r.scene, ref: name, files: MemoryFiles())
        var b = Session(scene: loaded, ref: name, files: MemoryFiles())
        _ = a.run("pan 0 -30")
        _ = b.run("pan 0 -30")
        #expect(a.run("state --json").lines == b.run("state --json").lines)
    }

    /// A pan on each visible scroll view that has room moves it, under the imported `uikit` and
    /// under `nested` (where the importer's `nested` guesses make a coordinated handoff).
    @Test(arguments: fixtures.map(\.file), ["uikit", "nested"])
    func aPanOnEachVisibleScrollViewMovesIt(name: String, policy: String) throws {
        let fixture = Self.fixtures.first { $0.file == name }!
        let scene = try Self.importing(name).scene
        let g = SceneGraph(scene)
        var moved: Set<String> = []
        for i in g.nodes.indices {
            guard let axis = g.axis(i), g.nodes[i].scroll != nil else { continue }
            let (_, visible) = Simulator(scene: scene).layout.windowFrame(i)
            guard visible.width > 1, visible.height > 1 else { continue }
            // Points across the visible rect whose hit path goes through the node.
            search: for fx in [0.5, 0.25, 0.75, 0.1, 0.9] {
                for fy in [0.5, 0.25, 0.75, 0.1, 0.9] {
                    let p = Point(visible.x + visible.width * fx, visible.y + visible.height * fy)
                    var s = Session(scene: scene, ref: name, files: MemoryFiles())
                    guard let t = s.sim.layout.hitTest(p), s.sim.layout.path(to: t.node).contains(i)
                    else { continue }
                    _ = s.run("set policy \(policy)")
                    let before = s.sim.offsets[i]
                    let forward = before < g.range(i).upperBound
                    let d = forward ? -40.0 : 40.0
                    let (dx, dy) = axis == .vertical ? (0.0, d) : (d, 0.0)
                    _ = s.run("pan \(Int(dx)) \(Int(dy)) at \(p.x) \(p.y)")
                    if s.sim.offsets[i] != before {
                        moved.insert(g.nodes[i].id)
                        break search
                    }
                }
            }
        }
        #expect(moved == fixture.pannable)
    }

    /// The composed fixture shows the bug of §11: under `uikit` the inner table never hands the
    /// drag to the outer one; under `nested` the outer takes what the inner cannot.
    @Test func nestedTablesHandOffUnderNested() throws {
        let scene = try Self.importing("tables-nested-composed").scene
        var s = Session(scene: scene, ref: "n", files: MemoryFiles())
        _ = s.run("set policy nested")
        _ = s.run("pan 0 -1200 at 196 400")
        let o = try Self.offsets(&s)
        // slopmode subtract: d = 1200 − 10 = 1190; the inner takes its range 1698.67 − 664.33.
        #expect(abs(o["tableView2"]! - 1034.33) < 0.01)
        #expect(abs(o["tableView"]! - (1190 - 1034.3333)) < 0.01)
    }

    /// Visible cells are tappable children: a tap on a cell's label reaches the cell, as UIKit
    /// selects the whole cell; a button inside a cell stays its own target.
    @Test func aTapOnACellsContentReachesTheCell() throws {
        let scene = try Self.importing("table-ios6-lldb-rd").scene
        var s = Session(scene: scene, ref: "t", files: MemoryFiles())
        _ = s.run("tap 100 80")  // the label 'Oscar Peterson' of the second cell (y 55…110)
        let tap = try #require(s.sim.lastTap)
        #expect(s.sim.graph.nodes[tap.target.node].id == "playerCell2")
        #expect(tap.delivered)
        let r = try Self.importing("table-ios6-lldb-rd")
        #expect(
            r.guesses[[0, 0, 0]] == [
                "interactive false: touches here go to 'playerCell', as UIKit selects the whole cell"
            ])
    }

    // MARK: The mapping rules, on small dumps of real lines

    func run(_ text: String) throws(SceneError) -> UIKitImporter.Result {
        try UIKitImporter(file: "d.txt", name: "d", text: text).run()
    }

    @Test func horizontalAxisAndOffsetBeforeIOS11() throws {
        // A paging scroll view from a KVO log: no adjustedContentInset, offset on x.
        let r = try run(
            "<UIScrollView: 0x7fc0dd07a800; frame = (0 269; 375 558); clipsToBounds = YES; gestureRecognizers = <NSArray: 0x7fc0db6c1380>; layer = <CALayer: 0x7fc0db6b97e0>; contentOffset: {375, 0}; contentSize: {1125, 0}>"
        )
        let c = try #require(r.scene.root[0].scroll)
        #expect(c.axis == .horizontal)
        #expect(c.offset == 375)
        #expect(c.content == 1125)
        #expect(c.insetLeading == 0 && c.insetTrailing == 0)
        #expect(c.bounces)
        #expect(r.scene.windowSize == Point(375, 558))
    }

    @Test func leadingInsetBeforeIOS11IsMinusTheOffset() throws {
        let r = try run(
            "(lldb) ptv\n<UITableView: 0x147071800; frame = (0 0; 320 568); clipsToBounds = YES; gestureRecognizers = <NSArray: 0x1702466f0>; layer = <CALayer: 0x17022fe40>; contentOffset: {0, -64}; contentSize: {320, 440}>"
        )
        let c = try #require(r.scene.root[0].scroll)
        #expect(c.axis == .vertical)  // a table is vertical even when its content fits
        #expect(c.insetLeading == 64 && c.insetTrailing == 0)
        #expect(Simulator(scene: r.scene).offsets == [-64])
        #expect(c.bounces)
        #expect(r.skipped == 1)
        #expect(r.guesses[[0]]?.contains { $0.hasPrefix("inset: no adjustedContentInset") } == true)
    }

    @Test func offsetOutsideTheRangeIsOverscroll() throws {
        let r = try run(
            "<UIScrollView: 0x1; frame = (0 0; 320 568); contentOffset: {0, -100}; contentSize: {320, 1000}; adjustedContentInset: {0, 0, 0, 0}>"
        )
        #expect(Simulator(scene: r.scene).offsets == [-100])
        #expect(
            r.guesses[[0]]?.contains("offset -100 is outside 0…432: imported as overscroll") == true
        )
    }

    @Test func queuingScrollViewIsAPager() throws {
        let r = try run(
            """
            <_UIQueuingScrollView: 0x7f8; frame = (0 0; 375 667); contentOffset: {375, 0}; contentSize: {1125, 667}; adjustedContentInset: {0, 0, 0, 0}>
               | <UIView: 0x1; frame = (0 0; 375 667)>
               | <UIView: 0x2; frame = (375 0; 375 667)>
               | <UIView: 0x3; frame = (750 0; 375 667)>
            """)
        #expect(r.scene.root[0].kind.name == .pager)
        let sim = Simulator(scene: r.scene)
        #expect(sim.page(0) == 1)
    }

    /// UIPageViewController lists the page on screen first: pages are placed by their x.
    @Test func queuingScrollViewPagesFollowTheirX() throws {
        let r = try run(
            """
            <_UIQueuingScrollView: 0x7f8; frame = (0 0; 390 844); contentOffset: {390, 0}; contentSize: {1170, 844}; adjustedContentInset: {0, 0, 0, 0}>
               | <UIView: 0x2; frame = (390 0; 390 844)>
               |    | <UITableView: 0x9; frame = (0 0; 390 844); contentOffset: {0, 0}; contentSize: {390, 2000}; adjustedContentInset: {0, 0, 0, 0}>
               | <UIView: 0x1; frame = (0 0; 390 844)>
               | <UIView: 0x3; frame = (780 0; 390 844)>
            """)
        let pages = r.scene.root[0].children
        #expect(pages.map { $0.origin?.address } == ["0x1", "0x2", "0x3"])
        #expect(
            r.guesses[[0]]?.contains("pages: ordered by their x, not as the dump lists them")
                == true)
        let sim = Simulator(scene: r.scene)
        #expect(sim.page(0) == 1)
        // The page on screen holds the table: a touch in the middle lands in it.
        let g = SceneGraph(r.scene)
        let table = try #require(g.ids.firstIndex(of: "tableView"))
        #expect(sim.layout.hitTest(Point(195, 422))?.node == table)
    }

    @Test func idsTapsAndFlags() throws {
        let r = try run(
            """
            | <UIView: 0x10; frame = (0 0; 390 844); layer = <CALayer: 0x11>>
            |    | <UITableView; frame = (0 0; 390 844); contentOffset: {0, 0}; contentSize: {390, 2000}; adjustedContentInset: {0, 0, 0, 0}>
            |    |    | <MyApp.FeedCell: 0x20; baseClass = UITableViewCell; frame = (0 0; 390 80)>
            |    |    | <_UITableViewCellSeparatorView: 0x21; frame = (0 80; 390 1); hidden = YES>
            |    | <UIButton: 0x30; frame = (10 10; 44 44); alpha = 0.5>
            |    | <UISwitch: 0x31; frame = (60 10; 51 31); userInteractionEnabled = NO>
            |    | <SwiftUI.UpdateCoalescingCollectionView: 0x32; baseClass = UICollectionView; frame = (0 0; 10 10); contentOffset: {0, 0}; contentSize: {10, 10}; adjustedContentInset: {0, 0, 0, 0}> collection view layout: <UICollectionViewFlowLayout: 0x33>
            |    | <UIView: 0x40; frame = (0 0; 1 1)>
            |    |    | <CALayer: 0x41> (layer)
            """)
        let g = SceneGraph(r.scene)
        #expect(
            g.ids == [
                "view", "tableView", "feedCell", "tableViewCellSeparatorView", "button", "switch",
                "updateCoalescingCollectionView", "view2",
            ])
        #expect(g.nodes.map(\.tappable) == [false, false, true, false, true, true, false, false])
        #expect(g.nodes[3].hidden && g.nodes[4].alpha == 0.5 && !g.nodes[5].interactive)
        #expect(g.nodes[1].origin == NodeOrigin(className: "UITableView", address: nil))
        #expect(g.nodes[2].origin == NodeOrigin(className: "MyApp.FeedCell", address: "0x20"))
        #expect(g.nodes[6].scroll?.bounces == true)  // a collection view bounces
        #expect(r.skipped == 1)  // the (layer) line
    }

    @Test func nestedGuessOnlyForTheSameAxis() throws {
        let r = try run(
            """
            <UIScrollView: 0x1; frame = (0 0; 390 844); contentOffset: {0, 0}; contentSize: {390, 2000}; adjustedContentInset: {0, 0, 0, 0}>
               | <UICollectionView: 0x2; frame = (0 0; 390 200); contentOffset: {0, 0}; contentSize: {1000, 200}; adjustedContentInset: {0, 0, 0, 0}>
               |    | <UITableView: 0x3; frame = (0 0; 390 200); contentOffset: {0, 0}; contentSize: {390, 900}; adjustedContentInset: {0, 0, 0, 0}>
            """)
        let outer = r.scene.root[0]
        let rail = outer.children[0]
        #expect(outer.scroll?.nested == NestedPolicy(pre: .none, post: .both, fling: .handoff))
        #expect(rail.scroll?.axis == .horizontal)
        #expect(rail.scroll?.nested == NestedPolicy())
    }

    @Test func missingContentSizeIsTheExtentOfTheChildren() throws {
        let r = try run(
            """
            <UIScrollView: 0x7c175c70; frame = (0 40; 320 200); clipsToBounds = YES; autoresize = RM+TM; gestureRecognizers = <NSArray: 0x7c176010>; layer = <CALayer: 0x7c175e40>; contentOffset: {0, 0}>
               | <UIView: 0x1; frame = (0 300; 320 150)>
            """)
        #expect(r.scene.root[0].scroll?.content == 450)
        #expect(r.scene.root[0].scroll?.axis == .vertical)
    }

    @Test func truncatedLastLineIsDroppedWithAWarning() throws {
        let r = try run(
            "<UIView: 0x1; frame = (0 0; 100 100)>\n   | <UIView: 0x2; frame = (0 0; 50 50)>\n   | <UILabel: 0x3; frame = (0 0; 5"
        )
        #expect(r.views == 2)
        #expect(r.warnings.map(\.line) == [3])
        #expect(r.summary == "2 views, 0 scroll views, 0 lines skipped, 1 cut-off line dropped")
        #expect(r.guesses[[]] == ["dropped dump line 3: the last line is cut off; it was dropped"])
    }

    @Test func fullPrecisionNumbersSurviveTheYAML() throws {
        let r = try run(
            "<UIScrollView: 0x1; frame = (0 0.333333; 428 926); contentOffset: {0, 12.666666666666671}; contentSize: {0, 2532.6666666666674}; adjustedContentInset: {0, 0, 83, 0}>"
        )
        let yaml = UIKitImporter.yaml(r, from: "d.txt")
        #expect(yaml.contains("offset: 12.666666666666671"))
        #expect(yaml.contains("content: 2532.6666666666674"))
        #expect(try SceneLoader(file: "d.yaml", text: yaml).load() == r.scene)
    }

    // MARK: Bad input: a clean error or a scene, never a crash

    @Test func noViewLineIsAnError() {
        #expect(throws: SceneError.self) { try run("hello\n(lldb) po self.view\n") }
        do {
            _ = try run("")
        } catch {
            #expect(error.rendered.hasPrefix("d.txt:1:1: error: no view line"))
        }
    }

    @Test func binaryGarbageNeverCrashes() {
        var random = SplitMix(seed: 0x9E37_79B9_7F4A_7C15)
        for _ in 0..<200 {
            let bytes = (0..<512).map { _ in UInt8(truncatingIfNeeded: random.next() >> 33) }
            // Sprinkle dump syntax so some garbage gets past the first checks.
            let text = String(decoding: bytes, as: UTF8.self) + "\n| <V: 0x1; frame = (0 0; 9 9)>"
            _ = try? run(text)
            _ = try? run("<" + String(decoding: bytes, as: UTF8.self) + ">")
        }
    }

    @Test func aRootLargerThanAWindowIsClamped() throws {
        let r = try run(
            "(lldb) po v\n<UIView: 0x146e29c0; frame = (-10000 568; 10320 10000); layer = <CALayer: 0x146e2a30>>"
        )
        #expect(r.scene.windowSize == Point(10_000, 10_000))
        #expect(
            r.guesses[[]]?.first?.hasPrefix("window 10000×10000: the first view is 10320×10000")
                == true)
        do {
            _ = try run("(lldb) po v\n<UIView: 0x1; frame = (0 0; inf 100)>")
            Issue.record("an infinite window imported")
        } catch {
            #expect(error.line == 2)
        }
    }

    @Test func nonFiniteNumbersAreErrorsAtTheirLine() throws {
        for bad in [
            "frame = (nan 0; 10 10)", "frame = (0 0; inf 10)",
            "frame = (0 0; 10 10); contentOffset: {0, nan}; contentSize: {10, 10}",
            "frame = (0 0; 10 10); contentOffset: {0, 0}; contentSize: {10, inf}",
        ] {
            let text = "<UIView: 0x1; frame = (0 0; 100 100)>\n   | <UIScrollView: 0x2; \(bad)>"
            do {
                _ = try run(text)
                Issue.record("'\(bad)' imported")
            } catch {
                #expect(error.line == 2, "\(bad): \(error.rendered)")
            }
        }
    }

    @Test func tenThousandLinesImport() throws {
        var text =
            "<UITableView: 0x1; frame = (0 0; 390 844); contentOffset: {0, 0}; contentSize: {390, 440000}>\n"
        for k in 0..<9_999 {
            text +=
                "   | <UITableViewCell: 0x\(k + 2); frame = (0 \(k * 44); 390 44); text = 'row \(k)'>\n"
        }
        let r = try run(text)
        #expect(r.views == 10_000)
        #expect(SceneGraph(r.scene).ids.last == "tableViewCell9999")
    }

    @Test func twoHundredDeepIsRefusedAtTheFirstLineTooDeep() {
        var text = ""
        for k in 0..<200 {
            text +=
                String(repeating: "   |", count: k)
                + " <UIView: 0x\(k + 1); frame = (0 0; 10 10)>\n"
        }
        do {
            _ = try run(text)
            Issue.record("a 200-deep dump imported")
        } catch {
            #expect(error.rendered == "d.txt:65:1: error: nodes are nested more than 64 deep")
        }
    }
}

/// A dump wrapped the way terminals and chat tools wrap it (issue 24): `fold -w N` cuts every
/// line at N columns, inside keys and numbers too (`cont` / `entSize: {390, 2400}`); the joined
/// dump imports to the same scene as the unwrapped one, and is still recognised as a dump.
struct WrappedDumpTests {
    /// What `fold -w width` prints: each line cut into pieces of `width` columns (a tab moves
    /// to the next multiple of 8 and other characters count their UTF-8 bytes, as in GNU
    /// `fold`), nothing added or removed.
    static func fold(_ text: String, width: Int) -> String {
        var out = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var column = 0
            for ch in line {
                let next = ch == "\t" ? (column / 8 + 1) * 8 : column + ch.utf8.count
                if next > width, column > 0 {
                    out += "\n"
                    column = ch == "\t" ? 8 : ch.utf8.count
                } else {
                    column = next
                }
                out.append(ch)
            }
            out += "\n"
        }
        return String(out.dropLast())
    }

    /// What `fold -s -w width` prints (text wrapped at words, as chat tools and editors wrap):
    /// each line cut after its last blank that fits, or at the width when none does.
    static func foldAtBlanks(_ text: String, width: Int) -> String {
        func columns(_ cs: [Character]) -> Int {
            cs.reduce(0) { c, ch in ch == "\t" ? (c / 8 + 1) * 8 : c + ch.utf8.count }
        }
        var out: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current: [Character] = []
            for ch in line {
                if !current.isEmpty, columns(current + [ch]) > width {
                    if let blank = current.lastIndex(of: " ") {
                        out.append(String(current[...blank]))
                        current = Array(current[(blank + 1)...])
                    } else {
                        out.append(String(current))
                        current = []
                    }
                }
                current.append(ch)
            }
            out.append(String(current))
        }
        return out.joined(separator: "\n")
    }

    /// `fold -w 80` and a spread of other widths (each width cuts lines elsewhere: inside
    /// names, keys, numbers and the bars; a sweep of every width from 20 to 200 passes too).
    static let widths = [80] + Array(stride(from: 20, through: 200, by: 7))
    static let names = UIKitImportTests.fixtures.map(\.file).filter {
        $0 != "mail-ios7-cycript-wrapped"  // wrapped already, by words
    }

    @Test(arguments: names)
    func aFoldedDumpImportsToTheSameScene(name: String) throws {
        let text = try UIKitImportTests.text(name)
        let whole = try UIKitImporter(file: name, name: name, text: text).run()
        for width in Self.widths {
            let folded = Self.fold(text, width: width)
            #expect(UIKitDump.looksLikeDump(folded), "\(name) at \(width)")
            let r = try UIKitImporter(file: name, name: name, text: folded).run()
            #expect(r.scene == whole.scene, "\(name) folded at \(width)")
            #expect(r.views == whole.views && r.scrollViews == whole.scrollViews)
        }
        // Wrapped at words: a bar prefix, a view and a `(layer)` each may land on lines of their
        // own, and the text after a `>` may hold a `<…>` of its own.
        for width in [30, 40, 60, 80, 100] {
            let folded = Self.foldAtBlanks(text, width: width)
            #expect(UIKitDump.looksLikeDump(folded), "\(name) at \(width)")
            let r = try UIKitImporter(file: name, name: name, text: folded).run()
            #expect(r.scene == whole.scene, "\(name) folded at blanks at \(width)")
        }
    }

    /// Lines of bars alone are joined to what follows them a bounded number at a time: 100,000
    /// of them read in linear time and leave the one view.
    @Test func manyLinesOfBarsStayBounded() throws {
        let text = String(repeating: "|\n", count: 100_000) + "| <UIView: 0x1; frame = (0 0; 9 9)>"
        let r = try UIKitImporter(file: "t", name: "t", text: text).run()
        #expect(r.views == 1)
    }

    /// The issue's case: a line cut inside `contentSize`, so neither half is the key; the inner
    /// table keeps its range.
    @Test func aCutInsideContentSizeKeepsTheContent() throws {
        let text = try UIKitImportTests.text("tables-nested-composed")
        let whole = try UIKitImporter(file: "t", name: "t", text: text).run()
        let lines = text.split(separator: "\n")
        let inner = try #require(lines.first { $0.contains("<UITableView: 0x13081d200") })
        let at = try #require(inner.range(of: "contentSize"))
        // A width that cuts the inner table's line between `cont` and `entSize`.
        let width = inner.distance(from: inner.startIndex, to: at.lowerBound) + 4
        let folded = Self.fold(text, width: width)
        #expect(folded.contains("cont\nentSize: {393, 1698.6666666666665}"))
        let r = try UIKitImporter(file: "t", name: "t", text: folded).run()
        #expect(r.scene == whole.scene)
        let content = r.scene.root.first?.children.first?.scroll?.content
        #expect(content == 1698.6666666666665)
    }

    /// `load` recognises a folded dump by its view lines (no `invalid YAML`), and says it is one.
    @Test func loadTakesAFoldedDumpForADump() throws {
        let files = MemoryFiles()
        files.files["d.txt"] = Self.fold(
            try UIKitImportTests.text("table-ios12-snapshot-testing"), width: 30)
        let (_, imported) = try Session.openScene("d.txt", files: files, base: nil)
        #expect(imported?.views == 53 && imported?.scrollViews == 1)
    }
}
