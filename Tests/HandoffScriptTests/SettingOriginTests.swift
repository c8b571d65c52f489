import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// `set` alone, origins, `load` and `state` (SPEC §8, issue 10).
struct SettingOriginTests {
    let yaml = """
        name: tuned
        settings: {slop: 20, fps: 120}
        root:
          - list: l
            frame: [0, 0, 390, 844]
            rows: 30
            rowHeight: 60
        """

    func lines(_ s: inout Session, _ line: String) -> [String] { s.run(line).lines.map(\.text) }

    @Test func setAloneListsEverySettingWithItsOrigin() throws {
        let files = MemoryFiles()
        files.files["tuned.yaml"] = yaml
        var s = Session(scene: BuiltinScenes.tabs, ref: "tabs", files: files)
        #expect(
            lines(&s, "set") == [
                "slop      10      default",
                "slopmode  full    default",
                "policy    nested  default",
                "touches   simple  default",
                "fps       60      default",
                "output    text    default",
            ])
        _ = s.run("set slop 5")
        _ = s.run("set slopmode subtract")
        // Settings made with `set` survive `load`; the scene's own override them.
        _ = s.run("load tuned.yaml")
        #expect(
            lines(&s, "set") == [
                "slop      20        scene",
                "slopmode  subtract  set",
                "policy    nested    default",
                "touches   simple    default",
                "fps       120       scene",
                "output    text      default",
            ])
        #expect(s.sim.settings.slop == 20 && s.sim.settings.fps == 120)
        // The next scene has no settings: the `set` ones come back, the scene's do not stay.
        _ = s.run("load tabs")
        #expect(s.sim.settings.slop == 5 && s.sim.settings.fps == 60)
        #expect(
            lines(&s, "set").prefix(2) == ["slop      5         set", "slopmode  subtract  set"])
        // `set` alone is inspection: it is not a command a trace replays.
        #expect(Command.settings.isInspection)
        #expect(try CommandParser.parse("set") == .settings)
    }

    @Test func stateShowsTheSettingsThatDiffer() {
        var s = Session(scene: BuiltinScenes.tabs, ref: "tabs", files: MemoryFiles())
        #expect(!lines(&s, "state").contains { $0.hasPrefix("settings") })
        // The labels line up with the longest, `upcoming.offset`.
        _ = s.run("set fps 120")
        _ = s.run("set policy uikit")
        #expect(lines(&s, "state").last == "settings         policy uikit (set), fps 120 (set)")
        _ = s.run("set fps 60")  // back to the default value: no longer differs
        #expect(lines(&s, "state").last == "settings         policy uikit (set)")
    }
}
