import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// SPEC §9 (issue 28): the values a command leaves are the next command's values before, so a
/// command reads the scene's values again only when something changed the simulator since.
struct SnapshotReuseTests {
    func session(_ name: String = "tabs") -> Session {
        Session(scene: BuiltinScenes.named(name)!, ref: name, files: MemoryFiles())
    }

    func text(_ r: RunResult) -> [String] { r.lines.map(\.text) }

    @Test func aCommandKeepsTheValuesItLeavesForTheNext() {
        var s = session()
        // Nothing compared yet: the first command reads the values.
        #expect(!s.snapshotIsCurrent)
        _ = s.run("pan 0 -150")
        #expect(s.snapshotIsCurrent)
        // An inspection changes nothing: the values stay current.
        _ = s.run("state")
        #expect(s.snapshotIsCurrent)
        // The next command compares from where the last left: outer 150 → 160 (the header
        // collapses by 10 more, to 200 at most).
        #expect(
            text(s.run("move 0 -10")) == [
                "move      d 10 = outer 10 pre + unconsumed 0", "outer.offset  150 → 160",
            ])
        #expect(s.snapshotIsCurrent)
    }

    @Test func aFailedCommandOrAnyChangeMakesTheNextReadThemAgain() {
        var s = session()
        _ = s.run("pan 0 -150")
        // A failed command may have changed the simulator before it failed (it began a command).
        #expect(s.run("touch 195 500").failed)
        #expect(!s.snapshotIsCurrent)
        #expect(
            text(s.run("move 0 -10")) == [
                "move      d 10 = outer 10 pre + unconsumed 0", "outer.offset  150 → 160",
            ])
        #expect(s.snapshotIsCurrent)
        // Any change to the simulator from outside a command, too.
        s.sim.settings.fps = 30
        #expect(!s.snapshotIsCurrent)
        // A load compares nothing and leaves the next command to read the new scene's values.
        _ = s.run("load sheet")
        #expect(!s.snapshotIsCurrent)
        _ = s.run("wait 10ms")
        #expect(s.snapshotIsCurrent)
    }
}
