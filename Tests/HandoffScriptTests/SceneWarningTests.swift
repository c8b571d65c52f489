import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// A scene that loads but cannot do what it says: children past their scroll's content, and a
/// stretchy header whose scroll never overscrolls at its leading edge. `load` warns, naming the
/// node, after its `load` line (issue 24).
struct SceneWarningTests {
    static let pastContent = """
        name: long
        window: [390, 600]
        root:
          - scroll: outer
            frame: [0, 0, 390, 600]
            content: 500
            children:
              - view: top
                frame: [0, 0, 390, 500]
              - view: footer
                frame: [0, 1000, 390, 50]
        """

    static let rigidStretch = """
        name: rigid
        window: [390, 844]
        root:
          - scroll: table
            frame: [0, 0, 390, 844]
            content: 2000
            bounces: false
            children:
              - view: photo
                frame: [0, 0, 390, 300]
                stretches: true
          - view: card
            frame: [0, 0, 390, 100]
            children:
              - view: badge
                frame: [0, 0, 10, 10]
                stretches: true
        """

    func loading(_ yaml: String, json: Bool = false) -> [String] {
        let files = MemoryFiles()
        files.files["s.yaml"] = yaml
        var s = Session(scene: BuiltinScenes.named("tabs")!, ref: "tabs", files: files)
        s.json = json
        return s.run("load s.yaml").lines.map(\.text)
    }

    @Test func aChildPastTheContentIsNamed() {
        // The footer ends at 1000 + 50 = 1050; scrolling shows up to max(500 of content, 600 of
        // viewport) = 600.
        #expect(
            loading(Self.pastContent) == [
                "load      long: 3 nodes, window 390×600",
                "warning   footer reaches past outer's content: it ends at 1050, scrolling shows up to 600",
            ])
    }

    @Test func aStretchyViewThatCanNeverStretchSaysWhy() {
        #expect(
            loading(Self.rigidStretch) == [
                "load      rigid: 4 nodes, window 390×844",
                "warning   photo never stretches: table has bounces: false, so it never overscrolls at its leading edge",
                "warning   badge never stretches: card is not a scroll view",
            ])
    }

    @Test func warningsAreEventsUnderJSON() {
        let line = loading(Self.pastContent, json: true)
        #expect(line.count == 1)
        #expect(
            line[0].contains(
                #"{"kind":"warning","warning":"pastContent","node":"footer","others":0,"scroll":"outer","end":1050,"reach":600}"#
            ))
        let rigid = loading(Self.rigidStretch, json: true)
        #expect(
            rigid[0].contains(
                #"{"kind":"warning","warning":"neverStretches","node":"photo","scroll":"table","reason":"bounces: false"},{"kind":"warning","warning":"neverStretches","node":"badge","scroll":null,"reason":"not in a scroll view","parent":"card"}"#
            ))
    }

    /// Several children past the content: the first is named, the others counted. Content 300
    /// with a top inset of 40 in a 200 pt viewport: scrolling shows up to 300.
    @Test func severalChildrenPastTheContentAreOneLine() {
        let yaml = """
            name: many
            window: [390, 600]
            root:
              - scroll: outer
                frame: [0, 0, 390, 200]
                content: 300
                inset: {top: 40, bottom: 0}
                children:
                  - view: a
                    frame: [0, 250, 390, 50]
                  - view: b
                    frame: [0, 290, 390, 20]
                  - view: c
                    frame: [0, 400, 390, 20]
                  - view: d
                    frame: [0, 500, 390, 20]
            """
        #expect(
            loading(yaml).last
                == "warning   b reaches past outer's content: it ends at 310, scrolling shows up to 300 (and 2 more children)"
        )
    }

    /// The built-in scenes, whose geometry is the contract, load without a warning.
    @Test(arguments: BuiltinScenes.names)
    func builtInScenesLoadQuietly(name: String) {
        #expect(SceneValidator.warnings(BuiltinScenes.named(name)!).isEmpty)
    }
}
