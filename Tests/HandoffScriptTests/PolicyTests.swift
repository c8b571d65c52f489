import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// SPEC §5.3 and §8 in the command language: `set policy`, scene settings, completion and `why`.
struct PolicyTests {
    static let sceneText = """
        window: [390, 600]
        settings: {policy: outer, slopmode: subtract}
        root:
          - scroll: outer
            axis: vertical
            frame: [0, 0, 390, 600]
            content: 800
            children:
              - list: list
                frame: [0, 200, 390, 600]
                rows: 20
                rowHeight: 50
        """

    @Test func sceneSettingsAcceptOuter() throws {
        let files = MemoryFiles()
        files.files["s.yaml"] = Self.sceneText
        var s = Session(scene: BuiltinScenes.tabs, ref: "tabs", files: files)
        _ = s.run("load s.yaml")
        #expect(s.sim.settings.policy == .outer)
        #expect(s.sim.settings.slopMode == .subtract)
        // Under outer the outermost node that can move owns: the outer scroll, 100 − 10 slop.
        _ = s.run("pan 0 -100")
        #expect(s.sim.owner == s.sim.graph.index(of: "outer"))
        #expect(s.sim.offsets[s.sim.graph.index(of: "outer")!] == 90)
    }

    @Test func setPolicyTakesThreeValues() {
        var s = Session(scene: BuiltinScenes.tabs, ref: "tabs", files: MemoryFiles())
        for p in Policy.allCases {
            #expect(
                s.run("set policy \(p.rawValue)").lines.map(\.text) == ["set       policy \(p)"])
            #expect(s.sim.settings.policy == p)
        }
        let bad = s.run("set policy outr").lines.map(\.text).joined(separator: "\n")
        #expect(bad.contains("policy takes nested or uikit or outer, got 'outr'"))
        #expect(bad.contains("did you mean 'outer'?"))
    }

    @Test func completionOffersEveryPolicy() {
        let s = Session(scene: BuiltinScenes.tabs, ref: "tabs", files: MemoryFiles())
        let c = Completion.candidates(for: "set policy ", session: s, files: { _ in [] })
        #expect(c.candidates == ["nested", "uikit", "outer"])
    }

    @Test func whyNamesTheNodeThatDeclinedAndTheRule() {
        var s = Session(scene: BuiltinScenes.tabs, ref: "tabs", files: MemoryFiles())
        _ = s.run("set policy uikit")
        _ = s.run("pan 0 100")
        let why = s.run("why").lines.map(\.text)
        #expect(
            why.contains(
                "  §5.3    policy uikit: upcoming is at its top, where the first movement (backward) pushes, but does not decline: its immediate parent scroll node pager cannot scroll vertically"
            ))
        #expect(why.contains { $0.contains("→ upcoming owns: it alone consumes") })
    }
}
