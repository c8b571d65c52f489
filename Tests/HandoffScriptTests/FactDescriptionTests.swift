import HandoffCore
import Testing

@testable import HandoffScript

/// Each fact yields one description — kind, time, role, markers — that text, `--json` and the
/// timeline all read, with its text lines and fields beside it (issue 23 item 4).
struct FactDescriptionTests {
    /// What a renderer is handed: each description, the text lines and the fields as JSON.
    struct Recorder: FactRenderer {
        var descriptions: [FactDescription] = []
        var lines: [String] = []
        var fields: [String] = []

        static var readsMarks: Bool { true }

        mutating func fact(
            _ d: FactDescription, text: (inout TextOutput) -> Void,
            fields: () -> [(String, FactValue)]
        ) {
            descriptions.append(d)
            var out = TextOutput()
            text(&out)
            lines += (0..<out.count).map { out.text($0) }
            self.fields.append(FactValue.record(fields()).json)
        }
    }

    static let graph = SceneGraph(BuiltinScenes.tabs)

    static func node(_ id: String) -> Int { graph.ids.firstIndex(of: id)! }

    static func describe(_ fact: Fact) -> Recorder {
        var r = Recorder()
        FactDescriber.describe(fact, Names(graph), into: &r)
        return r
    }

    static func describe(_ e: Event) -> Recorder {
        describe(.event(Occurrence(time: 0.25, frame: 15, event: e)))
    }

    static let moment = Moment(time: 0.25, frame: 15)

    @Test func handoffIsOneHighlightedMarkedDescription() {
        let r = Self.describe(.handoff(from: Self.node("outer"), to: Self.node("upcoming")))
        #expect(
            r.descriptions == [
                FactDescription(
                    kind: "handoff", moment: Self.moment, role: .highlight, marks: [.handoff])
            ])
        #expect(r.lines == ["handoff   outer → upcoming"])
        #expect(r.fields == [#"{"from":"outer","to":"upcoming"}"#])
    }

    @Test func aTapCancelledByAPanMarksTheLiftThenItsFate() {
        let r = Self.describe(.tap(Target(Self.node("outer")), .cancelledByPan))
        #expect(r.descriptions.map(\.marks) == [[.lift, .tapCancelled]])
        #expect(Array(r.descriptions[0].marks) == [.lift, .tapCancelled])
        #expect(r.lines == ["tap       outer not delivered: cancelled by pan"])
    }

    /// `tab`'s selection is a delivered tap with the same kind, words and fields as a lift's
    /// delivered tap; only the lift's marker differs.
    @Test func aTabbedTapIsADeliveredTap() {
        let t = Target(Self.node("outer"))
        let tab = Self.describe(.tabbed(t))
        let lift = Self.describe(.tap(t, .delivered))
        #expect(tab.lines == lift.lines)
        #expect(tab.fields == lift.fields)
        #expect(tab.fields == [#"{"target":"outer","delivered":true,"reason":null}"#])
        #expect(tab.descriptions.map(\.kind) == ["tap"])
        #expect(tab.descriptions.map(\.marks) == [[.tapDelivered]])
        #expect(lift.descriptions.map(\.marks) == [[.lift, .tapDelivered]])
    }

    /// A fling's frame and the fling a `fling` command reports are one description.
    @Test func aFlingFrameAndAFlingAreOneDescription() {
        let frame = Self.describe(.flingFrame(Ledger(d: 12.5)))
        let fling = Self.describe(.fling(Ledger(d: 12.5), time: 0.25, frame: 15))
        #expect(frame.descriptions == fling.descriptions)
        #expect(
            frame.descriptions == [
                FactDescription(kind: "fling", moment: Self.moment, role: .plain, marks: [])
            ])
        #expect(frame.lines == ["fling     d 12.5 = unconsumed 0"])
        #expect(frame.lines == fling.lines)
        #expect(frame.fields == fling.fields)
    }

    /// Facts outside the simulator have no time and no markers.
    @Test func aSetHasNoMomentAndNoMarks() {
        let r = Self.describe(.set(key: "policy", value: "uikit"))
        #expect(
            r.descriptions == [
                FactDescription(kind: "set", moment: nil, role: .plain, marks: [])
            ])
        #expect(r.lines == ["set       policy uikit"])
        #expect(r.fields == [#"{"key":"policy","value":"uikit"}"#])
    }
}
