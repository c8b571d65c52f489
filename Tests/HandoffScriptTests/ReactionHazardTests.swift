import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// SPEC §13.3's hazards: `reaction-loop` (a rule whose second run would write something else)
/// and `hidden-momentum` (a touch swallowed by a motion code held still).
struct ReactionHazardTests {
    static func session(_ rules: String) -> Session {
        let files = MemoryFiles()
        files.files["s.yaml"] = """
            window: [390, 600]
            root:
              - list: list
                frame: [0, 0, 390, 600]
                rows: 40
                rowHeight: 50
            on:
            \(rules)
            """
        var s = Session(scene: BuiltinScenes.tabs, ref: "tabs", files: files)
        _ = s.run("load s.yaml")
        return s
    }

    static func hazards(_ lines: [String]) -> [String] { lines.filter { $0.hasPrefix("hazard") } }

    @Test func twoRulesThatFightAreALoop() {
        var s = Self.session(
            """
              - scroll: list
                set: {list.offset: 0}
              - scroll: list
                when: list.offset < 10
                set: {list.offset: 10}
            """)
        // Rule 1 writes 0, rule 2 writes 10, which fires rule 1 again: it would write 0.
        let out = s.run("pan 0 -100").lines.map(\.text)
        #expect(
            Self.hazards(out) == [
                "hazard    reaction-loop 1 (scroll list fired again after the rule ran; it would write list.offset 10 → 0)"
            ])
        // The frame still ends: each rule ran once.
        #expect(s.sim.offsets[0] == 10)
    }

    @Test func aPinIsNoLoop() {
        var s = Self.session(
            """
              - scroll: list
                set: {list.offset: 0}
            """)
        #expect(Self.hazards(s.run("pan 0 -100 over 100ms").lines.map(\.text)).isEmpty)
    }

    @Test func aPinnedListEatsTheNextTap() {
        var s = Self.session(
            """
              - scroll: list
                set: {list.offset: 0}
            """)
        _ = s.run("pan 0 -100 over 100ms")
        _ = s.run("end 0 -1000")
        _ = s.run("wait 200ms")
        // The momentum of 1000 pt/s (499.5 of travel) has run 0.2 s, 164.81 of it, unseen.
        let out = s.run("tap 3").lines.map(\.text)
        #expect(out.contains("tap       list[3] not delivered: swallowed"))
        #expect(
            Self.hazards(out) == [
                "hazard    hidden-momentum list (the touch was swallowed by its momentum, 334.69 still to go, while code held its offset)"
            ])
    }

    @Test func aMomentumThatShowsIsNotHidden() {
        var s = Self.session(
            """
              - scroll: list
                when: list.offset > 5000
                set: {list.offset: 0}
            """)
        _ = s.run("pan 0 -100 over 100ms")
        _ = s.run("end 0 -1000")
        _ = s.run("wait 200ms")
        // The list scrolled (row 3 went off screen): tap what is under the touch point.
        let out = s.run("tap 195 300").lines.map(\.text)
        #expect(out.contains { $0.hasSuffix("not delivered: swallowed") })
        #expect(Self.hazards(out).isEmpty)
    }

    /// Two scroll views recognizing together (Traces/app-code/simultaneous.yaml), with `rules`.
    static func simultaneous(_ rules: String) -> Session {
        let files = MemoryFiles()
        files.files["s.yaml"] = """
            window: [390, 844]
            touch: [195, 500]
            root:
              - scroll: outer
                frame: [0, 0, 390, 844]
                content: 1200
                bounces: false
                children:
                  - list: inner
                    frame: [0, 200, 390, 644]
                    rows: 30
                    rowHeight: 60
            settings: {policy: uikit}
            gestures:
              simultaneous: [[inner, outer]]
            \(rules)
            """
        var s = Session(scene: BuiltinScenes.tabs, ref: "tabs", files: files)
        _ = s.run("load s.yaml")
        return s
    }

    @Test func bothRecognizersMovingIsADoubleScroll() {
        var s = Self.simultaneous("")
        // Each takes the whole 100: the smaller of the two moves is 100.
        #expect(
            Self.hazards(s.run("pan 0 -100 over 100ms").lines.map(\.text)) == [
                "hazard    double-scroll inner outer 100 (both recognizers moved their views by the finger's movement)"
            ])
    }

    @Test func aRuleThatHoldsOneIsNoDoubleScroll() {
        var s = Self.simultaneous(
            """
            on:
              - scroll: outer
                set: {outer.offset: 0}
            """)
        #expect(Self.hazards(s.run("pan 0 -100 over 100ms").lines.map(\.text)).isEmpty)
    }
}
