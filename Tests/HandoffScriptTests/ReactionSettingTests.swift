import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// SPEC §13.4 for rules: `set rule N off|on` (a history command, undone by `back`) and
/// `compare rule N off`.
struct ReactionSettingTests {
    /// `ReactionTests`' scene with one rule: `other` follows `list`.
    static func session() -> Session {
        ReactionTests.session(
            """
              - scroll: list
                set: {other.offset: list.offset}
            """)
    }

    static func other(_ s: Session) -> Double { s.sim.offsets[s.sim.graph.index(of: "other")!] }

    @Test func aRuleSwitchedOffDoesNotRun() {
        var s = Self.session()
        #expect(s.run("set rule 1 off").lines.map(\.text) == ["set       rule 1 off"])
        _ = s.run("pan 0 -100")
        #expect(Self.other(s) == 0)
        _ = s.run("set rule 1 on")
        _ = s.run("move 0 -10")
        #expect(Self.other(s) == 110)
    }

    @Test func backUndoesTheSwitch() {
        var s = Self.session()
        _ = s.run("set rule 1 off")
        _ = s.run("back")
        _ = s.run("pan 0 -100")
        #expect(Self.other(s) == 100)
    }

    @Test func anUnknownRuleIsAnError() {
        var s = Self.session()
        let out = s.run("set rule 2 off").lines.map(\.text)
        #expect(out.first == "error: no rule 2: the scene has rules 1 to 1")
        let value = s.run("set rule 1 of").lines.map(\.text)
        #expect(value.first == "error: rule 1 takes on or off, got 'of'; did you mean 'off'?")
    }

    @Test func compareRuleOffShowsTheDifference() {
        var s = Self.session()
        _ = s.run("pan 0 -100")
        let out = s.run("compare rule 1 off").lines.map(\.text)
        #expect(out.contains { $0.hasPrefix("other.offset") && $0.hasSuffix("≠") })
        // The session itself is unchanged.
        #expect(Self.other(s) == 100)
    }
}
