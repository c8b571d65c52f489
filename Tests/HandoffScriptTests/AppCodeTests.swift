import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// SPEC §13.1–13.2: node flags and recognizer wiring, loaded from scene files and driven
/// through the command language.
struct AppCodeTests {
    /// A collapsing outer scroll (range 0…356, no bounce) over an inner list (0…1156); the
    /// touch point (195, 500) is on the list.
    static func scene(inner: String = "", gestures: String = "") -> String {
        """
        window: [390, 844]
        touch: [195, 500]
        root:
          - scroll: outer
            frame: [0, 0, 390, 844]
            content: 1200
            bounces: false
            children:
              - view: header
                frame: [0, 0, 390, 200]
                tap: true
              - list: inner
                frame: [0, 200, 390, 644]
                rows: 30
                rowHeight: 60
        \(inner.split(separator: "\n").map { "        " + $0 }.joined(separator: "\n"))
        \(gestures)
        """
    }

    static func session(_ text: String, policy: Policy = .nested) -> Session {
        let files = MemoryFiles()
        files.files["s.yaml"] = text
        var s = Session(scene: BuiltinScenes.tabs, ref: "tabs", files: files)
        let loaded = s.run("load s.yaml")
        #expect(!loaded.failed, "\(loaded.lines.map(\.text))")
        if policy != .nested { _ = s.run("set policy \(policy.rawValue)") }
        return s
    }

    static func text(_ s: inout Session, _ command: String) -> [String] {
        s.run(command).lines.map(\.text)
    }

    func offset(_ s: Session, _ id: String) -> Double {
        s.sim.offsets[s.sim.graph.index(of: id)!]
    }

    /// §13.2 under `nested`: a node that cannot begin takes no share; the next chain node
    /// outward drives.
    @Test func nestedSkipsANodeThatCannotBegin() {
        var s = Self.session(
            Self.scene(gestures: "gestures:\n  shouldBegin:\n    inner: outer.offset >= 356"))
        let out = Self.text(&s, "pan 0 -100")
        #expect(out.contains("owner     outer (chain outer)"))
        #expect(offset(s, "outer") == 100)
        #expect(offset(s, "inner") == 0)
        let why = Self.text(&s, "why")
        #expect(
            why.contains(
                "  §13.2   inner cannot begin: shouldBegin 'outer.offset >= 356' is false: it takes no part in this gesture or its momentum"
            ))
        _ = s.run("end 0 0")
        // Once the outer scroll is collapsed, the list begins and drives again (nested pre none:
        // the outer takes nothing first).
        _ = s.run("pan 0 -300")
        _ = s.run("end 0 0")
        #expect(offset(s, "outer") == 356)
        // The list now spans y -156…488 of the window.
        _ = s.run("pan 0 -100 at 195 300")
        #expect(offset(s, "inner") == 100)
    }

    /// §13.2 under `uikit`: the owner walk passes a node that cannot begin, and `why` says so.
    @Test func uikitWalkPassesANodeThatCannotBegin() {
        var s = Self.session(
            Self.scene(gestures: "gestures:\n  shouldBegin:\n    inner: touch.on header"),
            policy: .uikit)
        _ = s.run("pan 0 -100")
        #expect(s.sim.owner == s.sim.graph.index(of: "outer"))
        #expect(offset(s, "outer") == 100)
        #expect(
            Self.text(&s, "why").contains(
                "  §5.3    policy uikit: inner cannot begin: shouldBegin 'touch.on header' is false (§13.2): the walk passes it"
            ))
    }

    /// §13.2: with no node able to begin, no pan: the movement moves nothing and the tap fails
    /// as `moved`.
    @Test func noNodeCanBeginMeansNoPan() {
        var s = Self.session(
            Self.scene(
                gestures:
                    "gestures:\n  shouldBegin:\n    inner: outer.offset >= 356\n    outer: touch.on header"
            ))
        let out = Self.text(&s, "pan 0 -100")
        #expect(
            out.contains(
                "pan       vertical not recognized: no node can begin (inner cannot begin: shouldBegin 'outer.offset >= 356' is false; outer cannot begin: shouldBegin 'touch.on header' is false)"
            ))
        #expect(out.contains("tap       inner[5] failed: moved 100 > slop 10"))
        #expect(!out.contains { $0.hasPrefix("hazard") })
        _ = s.run("move 0 -50")
        _ = s.run("end 0 0")
        #expect(offset(s, "outer") == 0)
        #expect(s.sim.lastTap?.outcome == .moved)
    }

    /// §13.2 `requireToFail`: the outer waits for the list, which can begin, so the list
    /// drives alone under `nested`.
    @Test func requireToFailWaitsForANodeThatCanBegin() {
        let wired = Self.scene(gestures: "gestures:\n  requireToFail: [[outer, inner]]")
        var s = Self.session(
            wired.replacingOccurrences(
                of: "bounces: false", with: "bounces: false\n    nested: {pre: forward}"))
        _ = s.run("pan 0 -100")
        // Without the wait the outer would take the whole 100 first (pre forward).
        #expect(offset(s, "outer") == 0)
        #expect(offset(s, "inner") == 100)
        #expect(
            Self.text(&s, "why").contains(
                "  §13.2   outer cannot begin: it waits for inner to fail (requireToFail), and inner can begin: it takes no part in this gesture or its momentum"
            ))
    }

    /// §13.1 `scrollEnabled: false`: the node is never driver or chain member.
    @Test func aDisabledNodeTakesNoPart() {
        var s = Self.session(Self.scene(inner: "scrollEnabled: false"))
        _ = s.run("pan 0 -500")
        #expect(offset(s, "outer") == 356)
        #expect(offset(s, "inner") == 0)
        #expect(
            Self.text(&s, "tree").contains(
                "    inner  list [0, 200, 390, 644] vertical offset 0 (0…1156) scrollEnabled false rows 30"
            ))
    }

    /// §13.1 `transfers` under `uikit`: at its top edge pushed backward, the list declines to
    /// the outer scroll by §5.3 (`auto`), keeps the drag (`never`).
    @Test func transfersDecidesTheDeclineAtTheEdge() {
        for (flag, owner) in [("auto", "outer"), ("never", "inner"), ("always", "outer")] {
            var s = Self.session(Self.scene(inner: "transfers: \(flag)"), policy: .uikit)
            _ = s.run("pan 0 -200 at 195 100")
            _ = s.run("end 0 0")
            #expect(offset(s, "outer") == 200)
            _ = s.run("pan 0 100")
            #expect(s.sim.owner == s.sim.graph.index(of: owner), "\(flag)")
        }
    }

    /// Scene errors in `gestures` point at their word (LINE:COL) with a "did you mean".
    @Test func gestureErrorsPointAtTheirWord() {
        let files = MemoryFiles()
        files.files["s.yaml"] = Self.scene(
            gestures: "gestures:\n  shouldBegin:\n    inner: outr.offset >= 356")
        files.files["t.yaml"] = Self.scene(gestures: "gestures:\n  simultaneous: [[outer, headr]]")
        files.files["u.yaml"] = Self.scene(gestures: "gestures:\n  simultaneous: [[outer, header]]")
        var s = Session(scene: BuiltinScenes.tabs, ref: "tabs", files: files)
        #expect(
            Self.text(&s, "load s.yaml").first
                == "error: s.yaml:19:12: no node 'outr'; did you mean 'outer.offset'?")
        #expect(
            Self.text(&s, "load t.yaml").first
                == "error: t.yaml:18:26: no node 'headr'; did you mean 'header'?")
        #expect(
            Self.text(&s, "load u.yaml").first
                == "error: u.yaml:18:26: 'header' has no pan: only a scroll, list, pager or sheet does"
        )
    }
}
