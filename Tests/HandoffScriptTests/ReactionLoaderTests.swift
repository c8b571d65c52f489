import HandoffCore
import Testing

@testable import HandoffScript

/// SPEC §13.5: an invalid rule is a scene error with its line and column, and nothing loads.
struct ReactionLoaderTests {
    /// A scene with a list, a sheet and a pager, then `rules` under `on:` (line 16 on).
    static func scene(_ rules: String) -> String {
        """
        window: [390, 844]
        root:
          - list: studios
            frame: [0, 0, 390, 400]
            rows: 40
            rowHeight: 80
          - pager: pager
            frame: [0, 400, 390, 100]
            pages:
              - view: a
              - view: b
          - sheet: sheet
            detents: {full: 100, half: 420}
            initial: half
        on:
        \(rules)
        """
    }

    static func error(_ rules: String) -> String? {
        do {
            _ = try SceneLoader(file: "s.yaml", text: scene(rules)).load()
            return nil
        } catch {
            return error.rendered
        }
    }

    @Test func rulesLoadInFileOrder() throws {
        let s = try SceneLoader(
            file: "s.yaml",
            text: Self.scene(
                """
                  - scroll: studios
                    when: sheet.top > 100
                    set: {studios.offset: 0, sheet.top: studios.offset + 100}
                  - release: studios
                    set: {studios.target: 0}
                  - page: pager
                    animate: {studios.offset: 80}
                    stop: studios
                """)
        ).load()
        let g = SceneGraph(s)
        let studios = g.index(of: "studios")!
        let sheet = g.index(of: "sheet")!
        let pager = g.index(of: "pager")!
        #expect(
            s.reactions == [
                Reaction(
                    .scroll, studios,
                    when: .compare(.top(sheet), .gt, .expression(Expression(.number(100)))),
                    whenText: "sheet.top > 100",
                    actions: [
                        .set([
                            .init(studios, .offset, Expression(.number(0)), text: "0"),
                            .init(
                                sheet, .top,
                                Expression(
                                    .path(.offset(studios)), [.init(.plus, .number(100))]),
                                text: "studios.offset + 100"),
                        ])
                    ]),
                Reaction(
                    .release, studios,
                    actions: [.set([.init(studios, .target, Expression(.number(0)), text: "0")])]),
                Reaction(
                    .page, pager,
                    actions: [
                        .animate(.init(studios, .offset, Expression(.number(80)), text: "80")),
                        .stop(studios),
                    ]),
            ])
    }

    @Test func aConditionThatDoesNotParseIsAnErrorAtItsWord() {
        // `sheet.tip` is at column 11 of the `when` text, which starts at column 11.
        let e = Self.error(
            """
              - scroll: studios
                when: sheet.top > 100 and sheet.tip < 3
                set: {studios.offset: 0}
            """)
        #expect(e?.hasPrefix("s.yaml:17:31: error: ") == true, "\(e ?? "nil")")
    }

    @Test func readingTargetOutsideAReleaseRuleIsAnError() {
        let e = Self.error(
            """
              - scroll: studios
                set: {studios.offset: studios.target}
            """)
        #expect(e?.hasPrefix("s.yaml:17:27: error: ") == true, "\(e ?? "nil")")
    }

    @Test func anUnknownTriggerIsAnErrorAtItsKey() {
        #expect(
            Self.error(
                """
                  - scrol: studios
                    set: {studios.offset: 0}
                """)
                == "s.yaml:16:5: error: unknown key 'scrol' in a rule; did you mean 'scroll'?")
    }

    @Test func anUnknownIdIsAnErrorWithASuggestion() {
        #expect(
            Self.error(
                """
                  - scroll: studio
                    set: {studios.offset: 0}
                """)
                == "s.yaml:16:13: error: unknown id 'studio'; did you mean 'studios'?")
        #expect(
            Self.error(
                """
                  - scroll: studios
                    set: {studio.offset: 0}
                """)
                == "s.yaml:17:11: error: unknown id 'studio'; did you mean 'studios'?")
    }

    @Test func anUnknownKeyIsAnError() {
        #expect(
            Self.error(
                """
                  - scroll: studios
                    set: {studios.ofset: 0}
                """)
                == "s.yaml:17:11: error: unknown key 'ofset' in a write; did you mean 'offset'?")
    }

    @Test func aKeyTheKindLacksIsAnError() {
        #expect(
            Self.error(
                """
                  - scroll: studios
                    set: {studios.top: 0}
                """)
                == "s.yaml:17:11: error: a list has no 'top' a rule can write ('studios.top')")
    }

    @Test func aTargetOutsideAReleaseRuleIsAnError() {
        #expect(
            Self.error(
                """
                  - scroll: studios
                    set: {studios.target: 0}
                """)
                == "s.yaml:17:11: error: 'studios.target' can be written only in a 'release' rule")
    }

    @Test func aRuleNeedsOneTriggerAndAnAction() {
        #expect(
            Self.error(
                """
                  - set: {studios.offset: 0}
                """)
                == "s.yaml:16:5: error: a rule needs a trigger: one of scroll, begin, release, rest, page, tap"
        )
        #expect(
            Self.error(
                """
                  - scroll: studios
                """)
                == "s.yaml:16:5: error: a rule needs an action: set, animate or stop")
        #expect(
            Self.error(
                """
                  - scroll: studios
                    tap: studios
                    stop: studios
                """)
                == "s.yaml:17:5: error: a rule has one trigger; 'tap' is a second one")
    }

    @Test func aPageTriggerNeedsAPagerOrSwitcher() {
        #expect(
            Self.error(
                """
                  - page: studios
                    stop: studios
                """)
                == "s.yaml:16:11: error: 'page' fires on a pager or switcher; 'studios' is a list")
    }

    @Test func aValueIsAnExpression() {
        #expect(
            Self.error(
                """
                  - scroll: studios
                    set: {studios.offset: far}
                """)
                == "s.yaml:17:27: error: unknown PATH 'far'")
    }
}
