import Foundation
import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// SPEC §13.3: rules that write offsets after the frame's motion, in number order to a fixed
/// point, at most once per frame; `code` lines; release rules before §5.5 decides.
struct ReactionTests {
    /// A 600-tall window with `list` (40 rows × 50: range 0…1400) and two small lists beside it
    /// (the same range), then the rules.
    static func scene(_ rules: String) -> String {
        """
        name: rules
        window: [390, 600]
        root:
          - list: list
            frame: [0, 0, 390, 600]
            rows: 40
            rowHeight: 50
          - list: other
            frame: [0, 0, 10, 10]
            rows: 40
            rowHeight: 50
          - list: third
            frame: [20, 0, 10, 10]
            rows: 40
            rowHeight: 50
        on:
        \(rules)
        """
    }

    /// A session on `scene(rules)` after running `commands`; the output of the last one.
    static func session(_ rules: String, json: Bool = false) -> Session {
        let files = MemoryFiles()
        files.files["s.yaml"] = scene(rules)
        var s = Session(scene: BuiltinScenes.tabs, ref: "tabs", files: files)
        let loaded = s.run("load s.yaml").lines.map(\.text)
        precondition(loaded.first?.hasPrefix("load") == true, "\(loaded)")
        s.json = json
        return s
    }

    static func offset(_ s: Session, _ id: String) -> Double {
        s.sim.offsets[s.sim.graph.index(of: id)!]
    }

    static func codeLines(_ lines: [String]) -> [String] { lines.filter { $0.hasPrefix("code") } }

    static let pin = """
          - scroll: list
            set: {list.offset: 0}
        """

    @Test func aPinHoldsTheListWithOneLinePerCommand() {
        var s = Self.session(Self.pin)
        // 18 frames of 6.67: the first is inside the slop (no pan, nothing moves); the 17 after it
        // move the list (13.33 at recognition, then 6.67 each), and each is written back to 0, at
        // t 2/60 … 18/60.
        let out = s.run("pan 0 -120 over 300ms").lines.map(\.text)
        #expect(
            Self.codeLines(out) == [
                "code      rule 1 (scroll list): list.offset held at 0, 17 writes, t 0.03–0.3"
            ])
        #expect(Self.offset(s, "list") == 0)
        // A write that restores what the motion moved is no change of state.
        #expect(!out.contains { $0.hasPrefix("list.offset") })
    }

    @Test func oneWriteIsOneLineWithItsValues() {
        var s = Self.session(Self.pin)
        // At once, past the slop: slop mode full applies the whole 100 (SPEC §4.2).
        let out = s.run("pan 0 -100").lines.map(\.text)
        #expect(Self.codeLines(out) == ["code      rule 1 (scroll list): list.offset 100 → 0"])
    }

    @Test func codeLinesFollowTheMotionLines() {
        var s = Self.session(Self.pin)
        let out = s.run("pan 0 -100").lines.map(\.text)
        let move = out.lastIndex { $0.hasPrefix("move") }!
        let code = out.firstIndex { $0.hasPrefix("code") }!
        let changed = out.firstIndex { $0.hasPrefix("phase") }!
        #expect(move < code && code < changed)
    }

    @Test func aWriteDoesNotStopTheMomentum() {
        var s = Self.session(Self.pin)
        _ = s.run("pan 0 -100")
        _ = s.run("end 0 -400")
        // The momentum of 400 pt/s runs on (0.4995 × 400 = 199.8 of travel): the list is held at
        // 0 while it decelerates, invisibly.
        _ = s.run("wait 1s")
        #expect(Self.offset(s, "list") == 0)
        #expect(s.sim.phase == .animating)
    }

    @Test func writesFireLaterRulesInTheSameFrame() {
        var s = Self.session(
            """
              - scroll: other
                set: {third.offset: 10}
              - scroll: list
                set: {other.offset: 100}
            """)
        // Rule 2 runs on the list's move; its write fires rule 1, which has not run yet.
        let out = s.run("pan 0 -100").lines.map(\.text)
        #expect(
            Self.codeLines(out) == [
                "code      rule 2 (scroll list): other.offset 0 → 100",
                "code      rule 1 (scroll other): third.offset 0 → 10",
            ])
        #expect(Self.offset(s, "third") == 10)
    }

    @Test func eachRuleRunsAtMostOncePerFrame() {
        var s = Self.session(
            """
              - scroll: list
                set: {list.offset: 10}
              - scroll: list
                set: {list.offset: 20}
            """)
        // Rule 1 writes 10, rule 2 writes 20; their writes fire both again, but each has run:
        // the frame ends with 20, one write each.
        let out = s.run("pan 0 -100").lines.map(\.text)
        #expect(
            Self.codeLines(out) == [
                "code      rule 1 (scroll list): list.offset 100 → 10",
                "code      rule 2 (scroll list): list.offset 10 → 20",
            ])
        #expect(Self.offset(s, "list") == 20)
    }

    @Test func writesAreClampedToTheRange() {
        var s = Self.session(
            """
              - scroll: list
                set: {other.offset: 5000}
            """)
        _ = s.run("pan 0 -100")
        // The small list's viewport is 10 tall: its range is 0…2000 − 10.
        #expect(Self.offset(s, "other") == 1990)
    }

    @Test func aWriteToTheDriverOfADragMovesIt() {
        var s = Self.session(
            """
              - begin: list
                set: {list.offset: 500}
            """)
        _ = s.run("pan 0 -100")
        #expect(Self.offset(s, "list") == 500)
        // The next move's ledger starts from the written offset.
        let out = s.run("move 0 -10").lines.map(\.text)
        #expect(out.contains("move      d 10 = list 10 self + unconsumed 0"))
        #expect(Self.offset(s, "list") == 510)
    }

    @Test func aReleaseTargetLandsExactly() {
        var s = Self.session(
            """
              - release: list
                set: {list.target: 300}
            """)
        _ = s.run("pan 0 -100")
        // Without the rule the release would reach 100 + 1000/(1000 ln(1/0.998)) = 100 + 499.5.
        let out = s.run("end 0 -1000").lines.map(\.text)
        #expect(Self.codeLines(out) == ["code      rule 1 (release list): list.target 599.5 → 300"])
        // v0 = −k·(300 − 100) = 2.002 × 200 = 400.4 pt/s, whose travel is exactly 200.
        #expect(out.contains("momentum  list at 400.4 pt/s, travel 200"))
        _ = s.run("settle")
        #expect(Self.offset(s, "list") == 300)
    }

    @Test func aTargetTheReleaseDoesNotUseIsIgnored() {
        var s = Self.session(
            """
              - release: list
                set: {list.target: 300}
            """)
        // Pulled past the top: the release springs back and starts no momentum (SPEC §5.9).
        _ = s.run("pan 0 100")
        let out = s.run("end 0 1000").lines.map(\.text)
        #expect(
            Self.codeLines(out) == [
                "code      rule 1 (release list): list.target 300 ignored: the release starts no momentum on list"
            ])
    }

    @Test func stopEndsTheMomentumWhereItIs() {
        var s = Self.session(
            """
              - scroll: list
                stop: list
            """)
        _ = s.run("pan 0 -100")
        _ = s.run("end 0 -1000")
        // The first momentum frame moves the list; its rule then stops the momentum there.
        let out = s.run("step").lines.map(\.text)
        #expect(out.contains("stopped   list momentum"))
        #expect(s.sim.phase == .idle)
    }

    @Test func animateStartsAPageSpring() {
        var s = Self.session(
            """
              - scroll: list
                animate: {other.offset: 300}
            """)
        let out = s.run("pan 0 -100").lines.map(\.text)
        #expect(out.contains { $0.hasPrefix("spring") && $0.contains("other") })
        _ = s.run("end 0 0")
        _ = s.run("settle")
        #expect(Self.offset(s, "other") == 300)
    }

    @Test func theJSONEventCarriesTheSummary() {
        var s = Self.session(Self.pin, json: true)
        let line = s.run("pan 0 -120 over 300ms").lines.map(\.text).joined()
        #expect(
            line.contains(
                #"{"kind":"code","t":0.3,"frame":18,"rule":1,"trigger":"scroll list","path":"list.offset","from":13.33,"to":0,"count":17,"t_first":0.03,"t_last":0.3,"ignored":false}"#
            ))
    }

    @Test func whyNamesTheRule() {
        var s = Self.session(Self.pin)
        _ = s.run("pan 0 -100")
        let out = s.run("why").lines.map(\.text)
        #expect(
            out.contains(
                "  §13.3   list.offset 100 → 0 was written by the app's code: rule 1 (scroll list)")
        )
    }

    @Test func whenGatesTheRule() {
        var s = Self.session(
            """
              - scroll: list
                when: list.offset > 200
                set: {list.offset: 200}
            """)
        // 100: the cap does not hold yet; 100 + 150 = 250 > 200: held at 200.
        #expect(Self.codeLines(s.run("pan 0 -100").lines.map(\.text)).isEmpty)
        let out = s.run("move 0 -150").lines.map(\.text)
        #expect(Self.codeLines(out) == ["code      rule 1 (scroll list): list.offset 250 → 200"])
        #expect(Self.offset(s, "list") == 200)
    }

    @Test func deltaReadsTheMotionBeforeTheRulesWrote() {
        var s = Self.session(
            """
              - scroll: list
                set: {list.offset: 0}
              - scroll: list
                set: {other.offset: other.offset + list.delta}
            """)
        // Rule 1 puts the list back to 0; rule 2 still reads the 100 the finger moved it.
        _ = s.run("pan 0 -100")
        #expect(Self.offset(s, "list") == 0)
        #expect(Self.offset(s, "other") == 100)
    }

    @Test func whenReadsTheWritesOfEarlierRules() {
        var s = Self.session(
            """
              - scroll: list
                set: {other.offset: 50}
              - scroll: list
                when: other.offset == 50
                set: {third.offset: 10}
            """)
        _ = s.run("pan 0 -100")
        #expect(Self.offset(s, "third") == 10)
    }

    @Test func aReleaseRuleReadsWhereTheReleaseWouldLand() {
        var s = Self.session(
            """
              - release: list
                set: {list.target: list.target - 99.5}
            """)
        // 100 + 1000/(1000 ln(1/0.998)) = 599.49983… would be the rest; the rule brings it 99.5
        // nearer, and the momentum lands there exactly.
        _ = s.run("pan 0 -100")
        _ = s.run("end 0 -1000")
        _ = s.run("settle")
        let rest = 100 + 1000 / (1000 * log(1 / 0.998))
        #expect(abs(Self.offset(s, "list") - (rest - 99.5)) < 1e-9)
    }
}
