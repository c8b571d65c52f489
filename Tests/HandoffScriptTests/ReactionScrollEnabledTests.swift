import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// SPEC §13.3: `set ID.scrollEnabled` as a rule's action (yes/no), with §13.1's semantics:
/// disabling the node of the active pan cancels it as a release.
struct ReactionScrollEnabledTests {
    static let disableAt100 = """
          - scroll: list
            when: list.offset > 100
            set: {list.scrollEnabled: no}
        """

    /// 30 frames of 10 pt: recognition at the 2nd (20 > slop 10, applied whole), then 10 a
    /// frame, so the list passes 100 at frame 11 (110, t 0.1833): the rule disables it, the pan
    /// is cancelled and released at the velocity of that moment — the last 0.1 s, from frame 5
    /// (50) to 110: 600 pt/s — and its momentum, not the finger, moves it from then on.
    @Test func disablingTheDraggedListCancelsThePanAsARelease() {
        var s = ReactionTests.session(Self.disableAt100)
        let out = s.run("pan 0 -300 over 500ms").lines.map(\.text)
        #expect(out.contains("pan       vertical cancelled"), "\(out)")
        #expect(
            ReactionTests.codeLines(out)
                == ["code      rule 1 (scroll list): list.scrollEnabled true → false"])
        #expect(!s.sim.scrollEnabled[s.sim.graph.index(of: "list")!])
        #expect(out.contains("release   velocity (0, -600) pt/s, scroll 600"), "\(out)")
        #expect(out.contains("momentum  list at 600 pt/s, travel 299.7"), "\(out)")
        // The finger moves on: nothing more moves by it (its momentum runs by itself).
        _ = s.run("end")
        _ = s.run("settle")
        let rested = ReactionTests.offset(s, "list")
        let again = s.run("pan 0 -100").lines.map(\.text)
        #expect(again.contains { $0.contains("no node can begin") }, "\(again)")
        #expect(ReactionTests.offset(s, "list") == rested)
    }

    /// A write that changes nothing prints nothing; the JSON event carries flags, not numbers.
    @Test func theJSONEventCarriesFlags() {
        var s = ReactionTests.session(Self.disableAt100, json: true)
        let line = s.run("pan 0 -300 over 500ms").lines.map(\.text).joined()
        #expect(line.contains(#""path":"list.scrollEnabled","from":true,"to":false"#), "\(line)")
    }

    @Test func theKeyIsCheckedAtLoad() {
        #expect(
            ReactionLoaderTests.error(
                """
                  - scroll: studios
                    set: {sheet.scrollEnabled: no}
                """)?.hasSuffix(
                    "a sheet has no 'scrollEnabled' a rule can write ('sheet.scrollEnabled')")
                == true)
        #expect(
            ReactionLoaderTests.error(
                """
                  - scroll: studios
                    animate: {studios.scrollEnabled: no}
                """)?.hasSuffix("'animate' cannot write 'scrollEnabled'") == true)
    }
}

/// A new user's finding: `compare` names the first command of the history that is an error on
/// the other side (SPEC §10's re-run used to swallow it).
struct CompareFailureTests {
    @Test func compareNamesACommandThatFailsWithTheValue() {
        var s = ReactionTests.session(ReactionTests.pin)
        for c in ["pan 0 -500", "end", "settle", "tap 0"] { _ = s.run(c) }
        let out = s.run("compare rule 1 off").lines.map(\.text)
        // Pinned, the list stays at 0 and row 0 is on screen; without the pin it is scrolled away.
        #expect(
            out.last
                == "error     #4 'tap 0' fails with rule 1 off: row 0 of 'list' is not on screen",
            "\(out)")
        // A compare whose every command runs on both sides prints no such line.
        let same = s.run("compare slop 12").lines.map(\.text)
        #expect(!same.contains { $0.hasPrefix("error") }, "\(same)")
    }
}
