import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// `help scene` documents every key a scene file may have, read from the loader's own tables.
struct HelpTopicTests {
    /// The summaries cover exactly the keys the loader accepts (so a key added to
    /// `SceneKeys` fails here until `help scene` describes it), each once.
    @Test func everyKeyOfTheTablesIsDescribedOnce() {
        let described = SceneKeys.summaries.map(\.key)
        #expect(Set(described).count == described.count)
        #expect(Set(described) == Set(SceneKeys.top).union(SceneKeys.anyNode).union(["id"]))
    }

    @Test func helpSceneListsEveryKeyWithItsMeaning() {
        var s = Session(scene: BuiltinScenes.named("tabs")!, ref: "tabs", files: MemoryFiles())
        let lines = s.run("help scene").lines.map(\.text)
        #expect(
            lines.first == "scene files (YAML or JSON; docs/reference/scene-format.md). At the top:"
        )
        for (key, summary) in SceneKeys.summaries {
            #expect(
                lines.contains { $0.hasPrefix("  \(key) ") && $0.hasSuffix(summary) }, "\(key)")
        }
        // A list has every scroll key but `content` (its rows make it), and the row keys.
        #expect(
            lines.contains(
                "  list                     kind id frame alpha interactive hidden class address children axis offset inset bounces overscroll deceleration nested snap parallax scrollEnabled transfers rows rowHeight rowHeights delaysContentTouches canCancelContentTouches"
            ))
        #expect(
            lines.contains(
                "  tabs                     kind id frame alpha interactive hidden class address segments controls"
            ))
        #expect(
            lines.contains(
                "  bounces                  false: stops at its edges instead of rubber-banding (default true)"
            ))
    }

    @Test func helpSceneIsOneJSONEvent() {
        var s = Session(scene: BuiltinScenes.named("tabs")!, ref: "tabs", files: MemoryFiles())
        s.json = true
        let line = s.run("help scene").lines.map(\.text)
        #expect(line.count == 1)
        #expect(
            line[0].contains(
                #"{"kind":"help","topic":"scene","top":[{"key":"name","summary":"the scene's name"},"#
            ))
        #expect(
            line[0].contains(
                #""tabs":["kind","id","frame","alpha","interactive","hidden","class","address","segments","controls"]"#
            ))
    }
}
