import HandoffCore
import Testing

@testable import HandoffScript

/// `SceneValidator` checks scene values, whoever built them (STYLE habit 16).
struct SceneValidatorTests {
    /// Issue 11: a scene built in code with a duplicate id, a `controls` naming nothing and a
    /// negative size gets validation errors instead of a trap in `SceneGraph`.
    @Test func codeBuiltSceneGetsErrorsNotATrap() {
        var a = Node(id: "a", kind: .view, frame: Rect(0, 0, -10, 20))
        a.tappable = true
        let b = Node(id: "a", kind: .view, frame: Rect(0, 20, 10, 20))
        let tabs = Node(
            id: "menu", kind: .tabs(segments: ["one", "two"], controls: "nothing"),
            frame: Rect(0, 40, 100, 44))
        let scene = Scene(name: "code", window: Point(390, 844), root: [a, b, tabs])
        let issues = SceneValidator.validate(scene)
        #expect(
            issues == [
                SceneIssue(ScenePlace([0], .frame), "frame width and height must not be negative"),
                SceneIssue(ScenePlace([1], .id), "duplicate id 'a'", related: ScenePlace([0], .id)),
                SceneIssue(ScenePlace([2], .controls), "controls names no node: 'nothing'"),
            ])
        // Without positions, errors point at the start of the source and name no position.
        #expect(
            issues[1].error(file: "code", map: SourceMap()).rendered
                == "code:1:1: error: duplicate id 'a'")
    }

    /// A scene's settings are checked as `set` checks them, whoever built the scene.
    @Test func codeBuiltSettingsAreChecked() {
        let view = Node(id: "v", kind: .view, frame: Rect(0, 0, 10, 10))
        let scene = Scene(
            name: "code", window: Point(390, 844), root: [view],
            settings: [("policy", "nope"), ("slop", "2000"), ("speed", "1"), ("fps", "120")])
        #expect(
            SceneValidator.validate(scene) == [
                SceneIssue(
                    ScenePlace([], .settings), "policy takes nested or uikit or outer, got 'nope'"),
                SceneIssue(
                    ScenePlace([], .settings),
                    "slop takes a number of points from 0 to 1000, got '2000'"),
                SceneIssue(ScenePlace([], .settings), "unknown setting 'speed'"),
            ])
    }

    @Test func builtinScenesAreValid() {
        for name in BuiltinScenes.names {
            #expect(SceneValidator.validate(BuiltinScenes.named(name)!) == [], "\(name)")
        }
    }

    @Test func referencesAndRanges() {
        let config = ScrollConfig(
            parallax: Parallax(follows: "s", mode: .proportional), offset: .infinity)
        let s = Node(id: "s", kind: .scroll(config), frame: Rect(0, 0, 10, 10))
        let detents = SheetConfig(detents: [Detent("a", 100), Detent("b", 900)], initial: "zzz")
        let sheet = Node(id: "sheet", kind: .sheet(detents), frame: Rect(0, 0, 0, 0))
        let n = Node(id: "x", kind: .view, frame: Rect(.nan, 0, 1, 1))
        let scene = Scene(name: "r", window: Point(390, 844), root: [s, sheet, n])
        #expect(
            SceneValidator.validate(scene).map(\.message) == [
                "offset of 's' is out of range (at most 1000000)",
                "detent 'b' is out of range (at most 844)",
                "initial names no detent: 'zzz'; expected one of a, b",
                "frame of 'x' must be finite numbers",
                "a scroll cannot follow itself",
            ])
    }
}
