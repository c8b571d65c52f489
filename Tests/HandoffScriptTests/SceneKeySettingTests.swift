import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// SPEC §13.4: `set ID.KEY VALUE` and `set gestures off|on` change the loaded scene from that
/// moment, as history commands; `compare` takes the same forms.
struct SceneKeySettingTests {
    static func session(gestures: String = "") -> Session {
        AppCodeTests.session(AppCodeTests.scene(gestures: gestures))
    }

    func offset(_ s: Session, _ id: String) -> Double {
        s.sim.offsets[s.sim.graph.index(of: id)!]
    }

    /// Unknown ids and keys are errors with a "did you mean", as in scene files.
    @Test func setIsValidatedLikeASceneFile() {
        var s = Self.session()
        let cases: [(String, String, String?)] = [
            ("set inner.bounce false", "unknown key 'inner.bounce'", "inner.bounces"),
            ("set innr.bounces false", "no node 'innr'", "inner.bounces"),
            ("set header.bounces false", "'header' is a view: it has no bounces", nil),
            ("set inner.bounces maybe", "bounces takes true or false, got 'maybe'", nil),
            ("set inner.pre both", "unknown key 'inner.pre'", "inner.nested.pre"),
            ("set gestures onn", "gestures takes on or off, got 'onn'", "on"),
        ]
        for (command, message, suggestion) in cases {
            let out = s.run(command)
            #expect(out.failed, "\(command)")
            let head = out.lines.map(\.text).joined(separator: "\n")
            #expect(head.contains(message), "\(head)")
            if let suggestion {
                #expect(head.contains("did you mean '\(suggestion)'"), "\(command): \(head)")
            }
            if suggestion == nil { #expect(!head.contains("did you mean"), "\(head)") }
        }
        #expect(s.log.count == 0)
    }

    /// A history command: `back` undoes it, `set` alone does not list it, `load` drops it.
    @Test func setIsAHistoryCommandOfTheScene() {
        var s = Self.session()
        _ = s.run("set inner.scrollEnabled false")
        _ = s.run("pan 0 -100")
        #expect(offset(s, "outer") == 100)
        _ = s.run("end 0 0")
        #expect(
            s.run("history").lines.map(\.text).first
                == "history   #1  t 0  set inner.scrollEnabled false")
        _ = s.run("back 3")
        #expect(s.sim.scrollEnabled[s.sim.graph.index(of: "inner")!])
        #expect(!s.run("set").lines.map(\.text).contains { $0.contains("inner") })
        _ = s.run("set inner.scrollEnabled false")
        _ = s.run("load s.yaml")
        #expect(s.sim.scrollEnabled[s.sim.graph.index(of: "inner")!])
    }

    /// `set ID.bounces false` changes the node's motion from that moment: the drag past the
    /// top is unconsumed instead of rubber-banding.
    @Test func bouncesChangeFromThatMoment() {
        var s = Self.session()
        _ = s.run("pan 0 100 at 195 300")
        #expect(offset(s, "inner") < 0)
        _ = s.run("end 0 0")
        _ = s.run("settle")
        _ = s.run("set inner.bounces false")
        _ = s.run("pan 0 100 at 195 300")
        #expect(offset(s, "inner") == 0)
        #expect(s.sim.ledger?.unconsumed == -100)
    }

    /// §13.1: disabling the node of the active pan cancels it as a release from the velocity
    /// at that moment (printed); the rest of the touch moves nothing, even re-enabled.
    @Test func disablingThePanNodeReleasesIt() {
        var s = Self.session()
        _ = s.run("pan 0 -100 over 100ms")
        let out = s.run("set inner.scrollEnabled false").lines.map(\.text)
        // 100 pt over 0.1 s: 1000 pt/s; momentum travel 0.4995 × 1000.
        #expect(
            out == [
                "set       inner.scrollEnabled false", "pan       vertical cancelled",
                "release   velocity (0, -1000) pt/s, scroll 1000",
                "momentum  inner at 1000 pt/s, travel 499.5", "phase     panning → animating",
            ])
        #expect(s.sim.owner == nil)
        #expect(s.sim.phase == .animating)
        _ = s.run("set inner.scrollEnabled true")
        _ = s.run("settle")
        #expect(abs(offset(s, "inner") - 599.5) < 0.01)
        #expect(s.sim.phase == .touching)
        _ = s.run("move 0 -50")
        #expect(abs(offset(s, "inner") - 599.5) < 0.01)
        #expect(offset(s, "outer") == 0)
        _ = s.run("end")
        #expect(s.sim.lastTap?.outcome == .cancelledByPan)
    }

    /// `set gestures off` switches the wiring off (and `on` back); `compare` takes the forms.
    @Test func gesturesOffAndCompare() {
        var s = Self.session(gestures: "gestures:\n  shouldBegin:\n    inner: outer.offset >= 356")
        _ = s.run("pan 0 -100")
        _ = s.run("end 0 0")
        #expect(offset(s, "outer") == 100)
        let compare = s.run("compare gestures off").lines.map(\.text)
        #expect(
            compare.contains(
                "outer.offset       100                               0                                 ≠"
            ), "\(compare)")
        #expect(
            compare.contains(
                "inner.offset       0                                 100                               ≠"
            ), "\(compare)")
        _ = s.run("set gestures off")
        _ = s.run("pan 0 -100")
        #expect(offset(s, "inner") == 100)
        #expect(s.run("compare inner.scrollEnabled false").failed == false)
        #expect(
            s.run("compare innr.scrollEnabled false").lines.first?.text.contains("no node 'innr'")
                == true)
    }
}

/// A new user's findings: an unknown KEY lists every KEY, a missing VALUE lists the words the KEY
/// takes, and completion offers the scene's own keys after `set` and `compare`.
struct SettingHintTests {
    func error(_ command: String, scene: Scene = BuiltinScenes.sheet) -> String {
        var s = Session(scene: scene, ref: "sheet", files: MemoryFiles())
        return s.run(command).lines.map(\.text).first { $0.contains("error:") } ?? ""
    }

    @Test func anUnknownKeyListsEveryKey() {
        #expect(
            error("set foo bar").hasSuffix(
                "unknown setting 'foo' (slop, slopmode, policy, touches, fps, output, gestures, rule N, ID.KEY)"
            ))
        // `compare` takes every one but `output`.
        #expect(
            error("compare foo 1").hasSuffix(
                "unknown setting 'foo' (slop, slopmode, policy, touches, fps, gestures, rule N, ID.KEY)"
            ))
    }

    @Test func aMissingValueListsItsWords() {
        #expect(error("set touches").hasSuffix("missing a VALUE (simple, uikit)"))
        #expect(error("compare policy").hasSuffix("missing a VALUE (nested, uikit, outer)"))
        #expect(error("set sheet.style").hasSuffix("missing a VALUE (custom, system)"))
        #expect(error("set gestures").hasSuffix("missing a VALUE (on, off)"))
        // A number takes no list.
        #expect(error("set slop").hasSuffix("missing a VALUE"))
    }

    @Test func completionOffersTheScenesKeys() {
        let s = Session(scene: BuiltinScenes.sheet, ref: "sheet", files: MemoryFiles())
        let keys = Completion.candidates(for: "compare ", session: s, files: { _ in [] })
            .candidates
        #expect(keys.contains("gestures") && keys.contains("rule"))
        #expect(keys.contains("studios.bounces") && keys.contains("sheet.style"))
        #expect(!keys.contains("map.bounces"))  // a plain view has no scene keys
        #expect(!keys.contains("output"))
        let values = Completion.candidates(
            for: "set sheet.style ", session: s, files: { _ in [] }
        ).candidates
        #expect(values == ["custom", "system"])
    }
}
