import HandoffCore
import Testing

@testable import HandoffScript

struct SceneLoaderTests {
    static let example = """
        name: tabs-example
        window: [390, 600]
        root:
          - scroll: outer            # "KIND: ID" is shorthand for kind + id
            axis: vertical
            frame: [0, 0, 390, 600]
            content: 800             # outer range 0...200 = how far the header collapses
            bounces: false
            nested: {pre: forward, post: backward, fling: handoff}
            children:
              - view: header
                frame: [0, 0, 390, 200]
                tap: true
              - tabs: menu
                frame: [0, 200, 390, 44]
                segments: [first, second]
                controls: pager
              - pager: pager
                frame: [0, 244, 390, 556]
                pages:
                  - list: first
                    rows: 40
                    rowHeight: 50
                    bounces: false
                  - list: second
                    rows: 6
                    rowHeight: 50
                    bounces: false
        """

    func load(_ text: String) throws(SceneError) -> Scene {
        try SceneLoader(file: "s.yaml", text: text).load()
    }

    func error(_ text: String) -> SceneError? {
        do {
            _ = try load(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func specExampleLoads() throws {
        let scene = try load(Self.example)
        let sim = Simulator(scene: scene)
        #expect(sim.graph.ids == ["outer", "header", "menu", "pager", "first", "second"])
        #expect(sim.graph.range(sim.graph.index(of: "outer")!) == 0...200)
        #expect(sim.graph.range(sim.graph.index(of: "first")!) == 0...1444)
        #expect(sim.graph.nodes[sim.graph.index(of: "pager")!].scroll?.content == 780)
        #expect(scene.touchPoint == Point(195, 300))
    }

    @Test func keyOrderDoesNotMatter() throws {
        let reordered = Self.example.replacingOccurrences(
            of: "    axis: vertical\n    frame: [0, 0, 390, 600]\n",
            with: "    frame: [0, 0, 390, 600]\n    axis: vertical\n")
        #expect(reordered != Self.example)
        let a = try load(reordered)
        let b = try load(Self.example)
        #expect(a == b)
    }

    @Test func jsonIsYAML() throws {
        let scene = try load(
            #"{"window": [100, 100], "root": [{"list": "l", "frame": [0, 0, 100, 100], "rows": 3, "rowHeight": 50}]}"#
        )
        #expect(Simulator(scene: scene).graph.range(0) == 0...50)
    }

    @Test func unknownKeyIsRefusedWithItsPosition() throws {
        let bad = Self.example.replacingOccurrences(
            of: "    bounces: false\n    nested", with: "    bounce: false\n    nested")
        let e = try #require(error(bad))
        #expect(
            e.rendered
                == "s.yaml:8:5: error: unknown key 'bounce' in a scroll; did you mean 'bounces'?")
    }

    /// A scene's settings are checked as `set` checks them, "did you mean" included.
    @Test func settingsOfferWhatSetOffers() throws {
        let e = try #require(
            error("settings: {policy: uikt}\nroot:\n  - view: v\n    frame: [0, 0, 10, 10]\n"))
        #expect(
            e.rendered
                == "s.yaml:1:20: error: policy takes nested or uikit or outer, got 'uikt'; did you mean 'uikit'?"
        )
    }

    @Test func duplicateId() throws {
        let bad = Self.example.replacingOccurrences(of: "- list: second", with: "- list: first")
        let e = try #require(error(bad))
        #expect(e.line == 25)
        #expect(e.column == 19)
        #expect(e.message == "duplicate id 'first' (first defined at 21:19)")
    }

    @Test func controlsMustNameAPagerOrSwitcher() throws {
        let e = try #require(
            error(Self.example.replacingOccurrences(of: "controls: pager", with: "controls: pagr")))
        #expect(
            e.rendered
                == "s.yaml:17:19: error: controls names no node: 'pagr'; did you mean 'pager'?")
        let e2 = try #require(
            error(
                Self.example.replacingOccurrences(of: "controls: pager", with: "controls: header")))
        #expect(e2.message == "controls must name a pager or switcher; 'header' is a view")
    }

    @Test(arguments: [
        (
            "frame: [0, 0, 390, 200]", "frame: [0, 0, -390, 200]",
            "frame width and height must not be negative"
        ),
        ("rows: 40", "rows: -4", "rows must not be negative"),
        ("content: 800 ", "content: 1e12", "content is out of range (at most 1000000000)"),
        ("axis: vertical", "axis: diagonal", "axis must be vertical or horizontal, got 'diagonal'"),
        ("rowHeight: 50", "rowHeight: abc", "rowHeight must be a number"),
    ])
    func invalidValues(from: String, to: String, message: String) throws {
        let text = Self.example.replacingOccurrences(of: from, with: to)
        #expect(text != Self.example)
        let e = try #require(error(text))
        #expect(e.message == message)
    }

    @Test func structuralMistakes() throws {
        let three = Self.example.replacingOccurrences(
            of: "segments: [first, second]", with: "segments: [a, b, c]")
        #expect(
            error(three)?.rendered
                == "s.yaml:17:19: error: 'pager' has 2 pages but its tabs control has 3 segments")
        let flat = Self.example.replacingOccurrences(
            of: "frame: [0, 244, 390, 556]", with: "frame: [0, 244, 0, 556]")
        #expect(error(flat)?.message == "pager 'pager' needs a positive width and height")
        let sheet = "root:\n  - sheet: s\n    detents: {a: 100, b: 100}\n"
        #expect(error(sheet)?.message == "sheet 's' has two detents at the same top")
    }

    @Test func nestingIsBounded() throws {
        var text = "root:\n"
        var indent = "  "
        for k in 0..<70 {
            text +=
                indent + "- scroll: s\(k)\n" + indent + "  frame: [0, 0, 10, 10]\n" + indent
                + "  children:\n"
            indent += "    "
        }
        text += indent + "- view: leaf\n" + indent + "  frame: [0, 0, 1, 1]\n"
        let e = try #require(error(text))
        #expect(e.message == "nodes are nested more than 64 deep")
        #expect(e.line == 1 + 64 * 3 + 1)
    }

    @Test func syntaxErrorsHavePositions() throws {
        let e = try #require(error("root:\n  - view: a\n    frame: [0, 0\n"))
        #expect(e.message.hasPrefix("invalid YAML"))
        #expect(e.line >= 3)
    }

    @Test func sheetsAndSettings() throws {
        let scene = try load(
            """
            window: [390, 844]
            settings: {policy: uikit, slop: 12}
            root:
              - sheet: s
                detents: {full: 100, half: 420}
                initial: half
                children:
                  - list: l
                    frame: [0, 36, 390, 708]
                    rows: 30
                    rowHeight: 60
            """)
        let sim = Simulator(scene: scene)
        #expect(sim.sheetTop(sim.graph.index(of: "s")!) == 420)
        #expect(sim.graph.ids == ["s.backdrop", "s", "l"])
        #expect(scene.settings.map(\.key) == ["policy", "slop"])
        let bad = try #require(
            error("root:\n  - sheet: s\n    detents: {full: 100}\n    initial: half\n"))
        // Issue 10: the valid detents are listed, or the close one suggested.
        #expect(
            bad.rendered
                == "s.yaml:4:14: error: initial names no detent: 'half'; expected one of full")
        let close = try #require(
            error("root:\n  - sheet: s\n    detents: {full: 100, half: 420}\n    initial: hlf\n"))
        #expect(
            close.rendered
                == "s.yaml:4:14: error: initial names no detent: 'hlf'; did you mean 'half'?")

    }

    /// Issue 9: `window:` after `root:` once made a valid scene fail ("detent out of range").
    @Test func windowAfterRootLoads() throws {
        let text = """
            root:
              - sheet: s
                detents: {full: 100, tip: 1000}
                initial: tip
                children:
                  - list: l
                    frame: [0, 36, 390, 700]
                    rows: 30
                    rowHeight: 60
            window: [390, 1100]
            """
        let scene = try load(text)
        #expect(scene.windowSize == Point(390, 1100))
        let sim = Simulator(scene: scene)
        #expect(sim.sheetTop(sim.graph.index(of: "s")!) == 1000)
        let before = text.replacingOccurrences(of: "window: [390, 1100]", with: "")
        #expect(
            error("window: [390, 1100]\n" + before) == nil,
            "the same scene with the window first loads too")
        let tooLow = text.replacingOccurrences(of: "1100]", with: "900]")
        #expect(
            error(tooLow)?.rendered
                == "s.yaml:3:26: error: detent 'tip' is out of range (at most 900)")
    }

    /// Issue 9: a duplicate YAML key is reported at the duplicate, not at the first or the mapping.
    @Test func duplicateKeyIsReportedAtTheDuplicate() throws {
        let block = try #require(
            error(
                "root:\n  - view: a\n    frame: [0, 0, 1, 1]\n    tap: true\n    frame: [0, 0, 2, 2]\n"
            ))
        #expect(block.rendered == "s.yaml:5:5: error: duplicate key 'frame'")
        let flow = try #require(
            error(
                "root:\n  - scroll: a\n    frame: [0, 0, 9, 9]\n    nested: {pre: none, post: both, pre: all}\n"
            ))
        #expect(flow.rendered == "s.yaml:4:37: error: duplicate key 'pre'")
        let top = try #require(error("window: [10, 10]\nroot: []\nwindow: [20, 20]\n"))
        #expect(top.rendered == "s.yaml:3:1: error: duplicate key 'window'")
    }

    /// Issue 10: an unknown node kind is named as such, with the kinds there are.
    @Test func unknownNodeKind() throws {
        let e = try #require(error("root:\n  - button: ok\n    frame: [0, 0, 1, 1]\n"))
        #expect(
            e.rendered
                == "s.yaml:2:5: error: unknown node kind 'button'; expected one of view, scroll, list, pager, switcher, tabs, sheet"
        )
        let close = try #require(error("root:\n  - lst: ok\n    frame: [0, 0, 1, 1]\n"))
        #expect(
            close.rendered == "s.yaml:2:5: error: unknown node kind 'lst'; did you mean 'list'?")
        let none = try #require(error("root:\n  - frame: [0, 0, 1, 1]\n"))
        #expect(none.message.hasPrefix("a node needs a kind: one of view, scroll"))
    }

    /// SPEC §2 `offset`: a scroll starts where its offset says, overscroll included.
    @Test func offsetKey() throws {
        let scene = try load(
            """
            root:
              - scroll: s
                frame: [0, 0, 100, 100]
                content: 300
                offset: 150
              - scroll: t
                frame: [0, 0, 100, 100]
                content: 300
                offset: -40
            """)
        let sim = Simulator(scene: scene)
        #expect(sim.offsets == [150, -40])
        #expect(error("root:\n  - view: v\n    frame: [0, 0, 1, 1]\n    offset: 3\n") != nil)
    }
}
