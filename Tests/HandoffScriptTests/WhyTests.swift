import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// `why` gives the real reasons (issue 11): the take-back is not raw pull, a move inside the slop
/// is explained, a refused `tab` leaves the previous explanation and says when it would work.
@Suite struct WhyTests {
    func lines(_ commands: [String], scene: String = "tabs") -> [String] {
        var s = Session(scene: BuiltinScenes.named(scene)!, ref: scene, files: MemoryFiles())
        var out: [String] = []
        for c in commands { out = s.run(c).lines.map(\.text) }
        return out
    }

    @Test func theTakeBackIsNotRawPull() {
        // pan 0 100 pulls upcoming 100 raw past its top; move 0 -150 takes that back first.
        let why = lines(["pan 0 100", "move 0 -150", "why"])
        #expect(why[0] == "why       'move 0 -150'")
        #expect(
            why.contains(
                "  §5.2    upcoming 100 overscroll: pull against the move is taken back first (§5.9)"
            ))
        #expect(!why.contains { $0.contains("takes the rest as raw pull") })
        // Pulling further past the edge is raw pull.
        let pull = lines(["pan 0 100", "why"])
        #expect(
            pull.contains(
                "  §5.2    upcoming -100 overscroll: at its edge and bounces, so it takes the rest as raw pull (§5.4)"
            ))
    }

    @Test func movesSharedOutAlikeAreExplainedOnceAndCounted() {
        // tabs: `over 100ms` is 6 frames of 50; outer's range 0…200 takes the first 4 in `pre`,
        // then upcoming takes the last 2 itself (SPEC §5.2).
        let rows = lines(["pan 0 -300 over 100ms", "why"]).filter { $0.hasPrefix("  §5.2") }
        #expect(
            rows == [
                "  §5.2    d 50 (forward) shared out in the phases pre, self, post, overscroll (4 moves alike)",
                "  §5.2    outer 50 pre: its nested.pre includes forward; ancestors take first, outermost first, up to their range",
                "  §5.2    d 50 (forward) shared out in the phases pre, self, post, overscroll (2 moves alike)",
                "  §5.2    upcoming 50 self: the driver takes what its range allows",
            ])
        // A single move is not counted.
        let one = lines(["pan 0 -250", "why"]).filter { $0.hasPrefix("  §5.2    d ") }
        #expect(
            one == [
                "  §5.2    d 250 (forward) shared out in the phases pre, self, post, overscroll"
            ])
    }

    @Test func aMoveInsideTheSlopExplainsWhereTheFingerIs() {
        let why = lines(["touch 195 400", "move 0 -5", "why"])
        #expect(
            why == [
                "why       'move 0 -5'",
                "  §4.2    the finger is 5 from its touch-down point, not past the slop 10 (strictly greater): no pan is recognized yet and nothing scrolls",
            ])
    }

    @Test func aRefusedTabExplainsThePreviousCommandAndWhenItWouldWork() {
        var s = Session(scene: BuiltinScenes.named("tabs")!, ref: "tabs", files: MemoryFiles())
        _ = s.run("tab 1")
        #expect(s.run("tab 0").lines.map(\.text) == ["refused   tab: pager is transitioning"])
        let why = s.run("why").lines.map(\.text)
        #expect(why[0] == "why       'tab 1'")
        #expect(why.contains("  §5.8    pager selects page 1 (previous), was 0"))
        #expect(
            why.last
                == "  §5.8    then 'tab 0' was refused: pager is transitioning; nothing changed (the transition ends at t 0.72)"
        )
        // The page spring does land at that time.
        #expect(s.run("settle").lines.map(\.text).contains("t             0 → 0.72"))
    }
}
