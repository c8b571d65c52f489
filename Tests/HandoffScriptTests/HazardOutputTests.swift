import Foundation
import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// SPEC §10 hazards in the command language: the worked examples on `tabs`, with the
/// text line, the `--json` event and `why`.
struct HazardOutputTests {
    static func session() -> Session {
        Session(scene: BuiltinScenes.tabs, ref: "tabs", files: MemoryFiles())
    }

    /// The `hazard` lines the commands printed, in order.
    static func hazardLines(_ s: inout Session, _ commands: [String]) -> [String] {
        commands.flatMap { s.run($0).lines.map(\.text) }.filter { $0.hasPrefix("hazard") }
    }

    @Test func uikitLongDragNamesOuterWith200() {
        var s = Self.session()
        #expect(
            Self.hazardLines(&s, ["set policy uikit", "pan 0 -1200"]) == [
                "hazard    owner-only outer 200 (left over 200 by owner upcoming)"
            ])
    }

    @Test func outerPolicyNamesUpcomingWith50() {
        var s = Self.session()
        #expect(
            Self.hazardLines(&s, ["set policy outer", "pan 0 -250"]) == [
                "hazard    owner-only upcoming 50 (left over 50 by owner outer)"
            ])
    }

    @Test func headerDragNamesUpcomingOutOfChain() {
        var s = Self.session()
        #expect(
            Self.hazardLines(&s, ["pan 0 -300 at 195 100"]) == [
                "hazard    out-of-chain upcoming 100 (left unconsumed 100 by the chain of outer)"
            ])
    }

    @Test func flungListAfterATabSwitchIsAHiddenMover() {
        // outer moves −16.04 at frame 14 of the settle (see HazardTests in the core).
        var s = Self.session()
        let commands = ["pan 0 -700", "end", "pan 0 50", "end 0 2500", "tab next"]
        #expect(Self.hazardLines(&s, commands).isEmpty)
        let lines = s.run("settle").lines.map(\.text)
        #expect(
            lines.filter { $0.hasPrefix("hazard") } == [
                "hazard    hidden-mover outer -16.04 (moved by the momentum of upcoming, not on screen)"
            ])
        // After the fling's summary and its handoff, before the edge it reaches later.
        let k = lines.firstIndex { $0.hasPrefix("hazard") }!
        #expect(lines[k - 1] == "handoff   upcoming → outer")
        #expect(lines[k + 1].hasPrefix("edge      upcoming hit its edge"))
        let why = s.run("why").lines.map(\.text)
        #expect(
            why.contains(
                "  §10      hazard hidden-mover: the momentum of upcoming, which is not on screen, moved outer by -16.04"
            ))
    }

    @Test func onceInACommandAgainInTheNext() {
        // `move 0 -50 over 50ms` is 3 frames of 16.67: the line comes at the first, with the
        // amount at that frame, and not again at the next two.
        var s = Self.session()
        #expect(
            Self.hazardLines(&s, ["set policy uikit", "pan 0 -1200", "move 0 -50 over 50ms"]) == [
                "hazard    owner-only outer 200 (left over 200 by owner upcoming)",
                "hazard    owner-only outer 16.67 (left over 16.67 by owner upcoming)",
            ])
        // An inspection command in between does not start a new count for the next one.
        #expect(Self.hazardLines(&s, ["state", "move 0 -10 over 100ms"]).count == 1)
    }

    @Test func jsonCarriesAHazardEvent() throws {
        var s = Self.session()
        _ = s.run("set policy uikit")
        s.json = true
        let line = try #require(s.run("pan 0 -1200").lines.first?.text)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let events = try #require(object["events"] as? [[String: Any]])
        let hazards = events.filter { $0["kind"] as? String == "hazard" }
        try #require(hazards.count == 1)
        let h = hazards[0]
        #expect(h["hazard"] as? String == "owner-only")
        #expect(h["node"] as? String == "outer")
        #expect(h["amount"] as? Double == 200)
        #expect(h["leftover"] as? Double == 200)
        #expect(h["owner"] as? String == "upcoming")
        #expect(h["t"] as? Double == 0)
        #expect(h["frame"] as? Int == 0)
        // It follows the move it comes from.
        let kinds = events.compactMap { $0["kind"] as? String }
        #expect(kinds.firstIndex(of: "hazard") == kinds.firstIndex(of: "move").map { $0 + 1 })
    }

    @Test func hiddenMoverJSONHasTheFrameTime() throws {
        var s = Self.session()
        for c in ["pan 0 -700", "end", "pan 0 50", "end 0 2500", "tab next"] { _ = s.run(c) }
        s.json = true
        let line = try #require(s.run("settle").lines.first?.text)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let events = try #require(object["events"] as? [[String: Any]])
        let h = try #require(events.first { $0["kind"] as? String == "hazard" })
        #expect(h["hazard"] as? String == "hidden-mover")
        #expect(h["node"] as? String == "outer")
        #expect(h["mover"] as? String == "upcoming")
        #expect(h["animation"] as? String == "momentum")
        #expect(h["amount"] as? Double == -16.04)
        #expect(h["t"] as? Double == 0.23)  // frame 14 at 60 fps: 14/60
    }
}
