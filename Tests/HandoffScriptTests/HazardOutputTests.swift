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
        // outer first moves (−16.04) at frame 14 of the settle, once upcoming is off screen
        // (see HazardTests in the core); summed over the command, it is all of outer's travel,
        // 200 → 0 (SPEC §10.1).
        var s = Self.session()
        let commands = ["pan 0 -700", "end", "pan 0 50", "end 0 2500", "tab next"]
        #expect(Self.hazardLines(&s, commands).isEmpty)
        let lines = s.run("settle").lines.map(\.text)
        #expect(
            lines.filter { $0.hasPrefix("hazard") } == [
                "hazard    hidden-mover outer -200 (moved by the momentum of upcoming, not on screen)"
            ])
        // After the command's motion lines, before its changed state.
        let k = lines.firstIndex { $0.hasPrefix("hazard") }!
        #expect(lines[k - 1] == "settled   upcoming bounce at 0")
        #expect(lines[k + 1] == "t                0 → 1.3")
        let why = s.run("why").lines.map(\.text)
        #expect(
            why.contains(
                "  §10      hazard hidden-mover: the momentum of upcoming, which is not on screen, moved outer by -200"
            ))
    }

    @Test func onceInACommandAgainInTheNext() {
        // `move 0 -50 over 50ms` is 3 frames of 16.67: the line comes once, with the leftover
        // summed over the three, 50 (within outer's room of 200).
        var s = Self.session()
        #expect(
            Self.hazardLines(&s, ["set policy uikit", "pan 0 -1200", "move 0 -50 over 50ms"]) == [
                "hazard    owner-only outer 200 (left over 200 by owner upcoming)",
                "hazard    owner-only outer 50 (left over 50 by owner upcoming)",
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
        #expect(h["amount"] as? Double == -200)  // summed over the command
        #expect(h["t"] as? Double == 0.23)  // first at frame 14 at 60 fps: 14/60
    }

    // MARK: Issue 24: once per command, summed over its frames (SPEC §10.1)

    /// The lines `commands` print that begin with `prefix`, on `scene` at `fps`.
    static func lines(
        _ scene: Scene, fps: Int, _ commands: [String], prefix: String = "hazard "
    ) -> [String] {
        var s = Session(scene: scene, ref: scene.name, files: MemoryFiles())
        _ = s.run("set fps \(fps)")
        return commands.flatMap { s.run($0).lines.map(\.text) }.filter { $0.hasPrefix(prefix) }
    }

    /// `sheet` under `outer`: the sheet owns a drag from half and takes its 320 pt up to full;
    /// the 450 − 320 = 130 left over, studios (room 40 × 80 − 664 = 2536) could have taken.
    /// Over 300 ms the leftover comes in pieces; summed it is 130 at every frame rate (it was
    /// one frame's, 5 at 60 fps and 30 at 30 fps).
    @Test func ownerOnlyIsSummedOverTheCommandAtEveryFrameRate() {
        let line = "hazard    owner-only studios 130 (left over 130 by owner sheet)"
        for fps in [30, 60, 120] {
            for pan in ["pan 0 -450", "pan 0 -450 over 300ms"] {
                #expect(
                    Self.lines(BuiltinScenes.sheet, fps: fps, ["set policy outer", pan]) == [line],
                    "fps \(fps), \(pan)")
            }
        }
    }

    /// `switcher`: a drag on the control (no vertical scroll node on its path) scrolls nothing
    /// while the list `first` below it (20 × 44 − 704 = 176 of room) could have moved: 150 − 10
    /// = 140, the same at every frame rate; a further 50 makes 190, capped by the room at 176.
    @Test func noScrollHereOnTheSwitchersControl() {
        for fps in [30, 60, 120] {
            #expect(
                Self.lines(
                    BuiltinScenes.switcher, fps: fps,
                    ["pan 0 -150 over 200ms at 195 116", "move 0 -50"]) == [
                        "hazard    no-scroll-here first 140 (moved 140 past the slop on control[1], whose path has no vertical scroll node)",
                        "hazard    no-scroll-here first 176 (moved 190 past the slop on control[1], whose path has no vertical scroll node)",
                    ], "fps \(fps)")
        }
        // `why` says the finger is past the slop and nothing on its path scrolls (it said "not
        // past the slop 10").
        var s = Session(scene: BuiltinScenes.switcher, ref: "switcher", files: MemoryFiles())
        for c in ["pan 0 -150 at 195 116", "move 0 -50"] { _ = s.run(c) }
        #expect(
            s.run("why").lines.map(\.text) == [
                "why       'move 0 -50'",
                "  §4.2    the finger is 200 from its touch-down point, past the slop 10, but no scroll node or sheet is on its hit path on that axis: no pan can be recognized there and nothing scrolls",
                "  §10     hazard no-scroll-here: the finger moved 190 past the slop vertically on control[1], whose hit path has no vertical scroll node or sheet; first, on screen on that axis, could have taken 176",
            ])
        // A sideways drag on the tabs header (only the vertical outer on its path): the pager,
        // on screen with 390 of room on that axis, could have taken 100 − 10 = 90.
        #expect(
            Self.lines(BuiltinScenes.tabs, fps: 60, ["pan -100 0 at 195 100"]) == [
                "hazard    no-scroll-here pager 90 (moved 90 past the slop on header, whose path has no horizontal scroll node)"
            ])
    }

    /// A list under a header with `nested.fling: none`, neither bouncing: `pan 0 -120` collapses
    /// the header to 120 (room 80 left); a fling at 2000 pt/s (travel 2000 / 2.002 = 999) runs
    /// the list to its end, 400, and stops there with 599 unconsumed that the header, which
    /// takes no fling travel, had 80 of room for.
    static let flingNone = """
        name: fling-none
        window: [390, 600]
        root:
          - scroll: outer
            axis: vertical
            frame: [0, 0, 390, 600]
            content: 800
            bounces: false
            nested: {pre: forward, post: backward, fling: none}
            children:
              - view: header
                frame: [0, 0, 390, 200]
              - list: list
                frame: [0, 200, 390, 600]
                rows: 20
                rowHeight: 50
                bounces: false
        """

    @Test func flingDroppedNamesTheRuleThatStoppedIt() throws {
        let scene = try SceneLoader(file: "fling-none.yaml", text: Self.flingNone).load()
        for fps in [30, 60, 120] {
            #expect(
                Self.lines(scene, fps: fps, ["pan 0 -120", "end 0 -2000", "settle"]) == [
                    "hazard    fling-dropped outer 80 (left unconsumed 599 by the momentum of list; nested.fling: none)"
                ], "fps \(fps)")
        }
        var s = Session(scene: scene, ref: "fling-none.yaml", files: MemoryFiles())
        for c in ["pan 0 -120", "end 0 -2000", "settle"] { _ = s.run(c) }
        let why = s.run("why").lines.map(\.text)
        #expect(
            why.contains(
                "  §5.5 r3  the momentum of list stopped with 599 unconsumed: outer had 80 of room but takes none (nested.fling: none)"
            ), "\(why)")
        #expect(
            why.contains(
                "  §5.5 r3  unconsumed 599: the momentum stopped where its consumers met an edge; outer had 80 of room but takes none (nested.fling: none)"
            ), "\(why)")
        #expect(!why.contains { $0.contains("no chain node could take it") })
        // Under `uikit` the list owns the drag (120) and its momentum alone: it runs 280 to its
        // end and the 999 − 280 = 719 left is the policy's, `owner-only`, not `fling-dropped`.
        #expect(
            Self.lines(scene, fps: 60, ["set policy uikit", "pan 0 -120", "end 0 -2000", "settle"])
                == ["hazard    owner-only outer 200 (left over 719 by owner list)"])
    }

    /// A `momentum: true` sheet dragged from full down to its bottom detent (the grabber drives
    /// it alone) keeps its list at 500; a flick down on the list there starts momentum (no
    /// neighbour below the detent) that the sheet rule keeps from the list: `why` names that
    /// rule and the list's 500 of room, not "at its edge". It is no `fling-dropped` (SPEC names
    /// `fling: none` and `momentum: false` only).
    @Test func aStoppedFlingNamesTheSheetRule() throws {
        let scene = try SceneLoader(
            file: "s.yaml",
            text: """
                window: [390, 844]
                root:
                  - sheet: s
                    detents: {full: 100, half: 420}
                    initial: full
                    momentum: true
                    children:
                      - list: l
                        frame: [0, 36, 390, 708]
                        rows: 30
                        rowHeight: 60
                """
        ).load()
        var s = Session(scene: scene, ref: "s.yaml", files: MemoryFiles())
        let commands = [
            "pan 0 -500 at 195 500", "end", "touch s", "move 0 320", "end", "settle",
            "pan 0 20 at 195 700", "end 0 1000", "settle",
        ]
        let out = commands.flatMap { s.run($0).lines.map(\.text) }
        #expect(!out.contains { $0.hasPrefix("hazard ") }, "\(out)")
        #expect(out.contains("fling     d -499.5 = unconsumed -499.5"))
        let rule =
            "l had 500 of room but takes none (the sheet rule: s is below its top-most detent, so the lists inside it take nothing)"
        let why = s.run("why").lines.map(\.text)
        #expect(
            why.contains("  §5.5 r3  the momentum of l stopped with 499.5 unconsumed: " + rule),
            "\(why)")
        #expect(
            why.contains(
                "  §5.5 r3  unconsumed -499.5: the momentum stopped where its consumers met an edge; "
                    + rule), "\(why)")
    }

    /// `hazards` lists the history's hazards with their command's number and first time; `back`
    /// forgets the undone ones, `load` all; `--json` gives a `hazards` event.
    @Test func hazardsListsTheHazardsOfTheHistory() throws {
        var s = Self.session()
        for c in ["set policy uikit", "pan 0 -1200", "move 0 -50 over 50ms"] { _ = s.run(c) }
        #expect(
            s.run("hazards").lines.map(\.text) == [
                "hazards   #2  t 0  hazard owner-only outer 200 (left over 200 by owner upcoming)",
                "hazards   #3  t 0.02  hazard owner-only outer 50 (left over 50 by owner upcoming)",
            ])
        _ = s.run("back")
        #expect(
            s.run("hazards").lines.map(\.text) == [
                "hazards   #2  t 0  hazard owner-only outer 200 (left over 200 by owner upcoming)"
            ])
        s.json = true
        let line = try #require(s.run("hazards").lines.first?.text)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let events = try #require(object["events"] as? [[String: Any]])
        #expect(events.first?["kind"] as? String == "hazards")
        let rows = try #require(events.first?["hazards"] as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows.first?["number"] as? Int == 2)
        #expect(rows.first?["amount"] as? Double == 200)
        s.json = false
        _ = s.run("load tabs")
        #expect(s.run("hazards").lines.map(\.text) == ["hazards   none since the last load"])
    }

    /// `hazards` is a command like `history`: `help` has it, Tab completes it.
    @Test func hazardsHasHelpAndCompletion() {
        let s = Self.session()
        #expect(CommandTable.spec("hazards")?.usage == "hazards")
        #expect(
            Completion.candidates(for: "haz", session: s, files: { _ in [] }).candidates == [
                "hazards"
            ])
        var t = Self.session()
        #expect(t.run("help hazards").lines.contains { $0.text.contains("every hazard") })
    }

    /// A stopped command's hazards, so far, open the output of the command that drops its rest.
    @Test func aDroppedRestsHazardsOpenTheNextCommand() {
        var s = Self.session()
        for c in ["set policy uikit", "break hazard"] { _ = s.run(c) }
        let stop = s.run("pan 0 -1200 over 200ms").lines.map(\.text)
        #expect(!stop.contains { $0.hasPrefix("hazard ") })
        #expect(s.isStopped)
        let end = s.run("end").lines.map(\.text)
        #expect(end.first == "hazard    owner-only outer 100 (left over 100 by owner upcoming)")
        #expect(end.filter { $0.hasPrefix("hazard ") }.count == 1)
    }
}
