import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// SPEC §13.3's triggers (`begin`, `rest`, `page`, `tap`), `break code [N]` and `tree`.
struct ReactionTriggerTests {
    /// A tab bar over a pager of two lists (40 rows × 50 in 800: range 0…1200), and a button.
    static func session(_ rules: String) -> Session {
        let files = MemoryFiles()
        files.files["s.yaml"] = """
            name: pages
            window: [390, 844]
            root:
              - tabs: menu
                frame: [0, 0, 390, 44]
                segments: [first, second]
                controls: pager
              - pager: pager
                frame: [0, 44, 390, 800]
                pages:
                  - list: first
                    rows: 40
                    rowHeight: 50
                  - list: second
                    rows: 40
                    rowHeight: 50
              - view: button
                frame: [300, 0, 90, 44]
                tap: true
            on:
            \(rules)
            """
        var s = Session(scene: BuiltinScenes.tabs, ref: "tabs", files: files)
        let loaded = s.run("load s.yaml").lines.map(\.text)
        precondition(loaded.first?.hasPrefix("load") == true, "\(loaded)")
        return s
    }

    static func offset(_ s: Session, _ id: String) -> Double {
        s.sim.offsets[s.sim.graph.index(of: id)!]
    }

    static func code(_ s: inout Session, _ command: String) -> [String] {
        s.run(command).lines.map(\.text).filter { $0.hasPrefix("code") }
    }

    @Test func beginFiresWhenThePanBegins() {
        var s = Self.session(
            """
              - begin: first
                set: {second.offset: 50}
            """)
        #expect(
            Self.code(&s, "pan 0 -100 at 195 400") == [
                "code      rule 1 (begin first): second.offset 0 → 50"
            ])
        // Once per pan: the next move does not begin it again.
        #expect(Self.code(&s, "move 0 -10").isEmpty)
    }

    @Test func restFiresWhenTheMomentumEnds() {
        var s = Self.session(
            """
              - rest: first
                set: {second.offset: 300}
            """)
        _ = s.run("pan 0 -100 at 195 400")
        #expect(Self.code(&s, "end 0 -1000").isEmpty)
        #expect(
            Self.code(&s, "settle") == ["code      rule 1 (rest first): second.offset 0 → 300"])
    }

    @Test func pageFiresWhenAPageIsSelected() {
        var s = Self.session(
            """
              - page: pager
                set: {second.offset: first.offset}
            """)
        _ = s.run("pan 0 -100 at 195 400")
        _ = s.run("end 0 0")
        #expect(
            Self.code(&s, "tab second") == [
                "code      rule 1 (page pager): second.offset 0 → 100"
            ])
    }

    @Test func aRuleCanSelectAPage() {
        var s = Self.session(
            """
              - tap: button
                set: {pager.page: 1}
            """)
        let out = s.run("tap button").lines.map(\.text)
        #expect(out.contains("code      rule 1 (tap button): pager.page 0 → 1"))
        // A jump: the pager is on its page at once.
        #expect(Self.offset(s, "pager") == 390)
        #expect(s.sim.page(s.sim.graph.index(of: "pager")!) == 1)
    }

    @Test func tapFiresOnADeliveredTapOnARow() {
        var s = Self.session(
            """
              - tap: first
                set: {second.offset: 200}
            """)
        #expect(
            Self.code(&s, "tap first[3]") == ["code      rule 1 (tap first): second.offset 0 → 200"]
        )
    }

    @Test func breakCodeStopsAtTheEndOfTheFrameOfTheRulesWrite() {
        var s = Self.session(
            """
              - scroll: first
                set: {button.offset: 0}
              - scroll: first
                when: first.offset > 40
                set: {second.offset: 1}
            """.replacingOccurrences(of: "button.offset: 0", with: "second.offset: 0"))
        _ = s.run("break code 2")
        // 6 frames of 16.67, past the slop at once: the list is at 16.67, 33.33, then 50 > 40 in
        // frame 3, where rule 2 writes (rule 1 wrote nothing: 0 is already there).
        let out = s.run("pan 0 -100 over 100ms at 195 400").lines.map(\.text)
        #expect(
            out.last
                == "breakpoint 1  code rule 2 (scroll first): second.offset 0 → 1 at t 0.05, frame 3 of 6 of 'pan 0 -100 over 100ms at 195 400'"
        )
        #expect(s.run("break").lines.map(\.text) == ["break     1  code 2  1 hit"])
    }

    @Test func breakpointsOnCodeChangeNothing() {
        let rules = """
              - scroll: first
                set: {second.offset: first.offset}
            """
        var plain = Self.session(rules)
        var stopped = Self.session(rules)
        _ = stopped.run("break code")
        for command in ["pan 0 -200 over 200ms at 195 400", "end", "settle"] {
            _ = plain.run(command)
            _ = stopped.run(command)
            while stopped.isStopped { _ = stopped.run("continue") }
        }
        #expect(plain.run("state --json").lines == stopped.run("state --json").lines)
    }

    @Test func treeListsTheRules() {
        var s = Self.session(
            """
              - scroll: first
                when: first.offset > 40
                set: {second.offset: first.offset + 1, first.offset: 40}
              - rest: first
                stop: second
                animate: {pager.page: 1}
            """)
        let out = s.run("tree").lines.map(\.text)
        #expect(
            Array(out.suffix(2)) == [
                "rule 1    scroll: first  when: first.offset > 40  set: {second.offset: first.offset + 1, first.offset: 40}",
                "rule 2    rest: first  stop: second  animate: {pager.page: 1}",
            ])
    }
}
