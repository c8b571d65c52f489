import Foundation
import HandoffCore
import Testing

/// SPEC §10 and §10.1: the three hazards, detected by the core at every move and frame, each
/// (hazard, node) pair at most once per command. Scenes are built in code: no scene file.
struct HazardTests {
    /// The hazards in the simulator's log since the last drain, with the frame of each.
    static func hazards(_ sim: inout Simulator) -> [(hazard: Hazard, frame: Int)] {
        sim.drainLog().compactMap { o in
            if case .hazard(let h) = o.event { return (h, o.frame) }
            return nil
        }
    }

    static func tabs(_ policy: Policy) -> Simulator {
        var settings = Settings()
        settings.policy = policy
        return Simulator(scene: BuiltinScenes.tabs, settings: settings)
    }

    static func id(_ sim: Simulator, _ name: String) -> Int { sim.graph.index(of: name)! }

    // MARK: owner-only

    /// SPEC §10.1: a pair is emitted once, at its first frame with that frame's amount (what
    /// `break hazard` shows), and its tally sums the command's frames, capped by the room at the
    /// first. `sheet` under `outer`: the sheet owns 18 moves of 25 from half and takes its 320 up
    /// to full; frame 13 leaves 5, frames 14–18 leave 25 each: 130, within studios' 2536.
    @Test func theTallySumsACommandsFrames() throws {
        var settings = Settings()
        settings.policy = .outer
        var sim = Simulator(scene: BuiltinScenes.sheet, settings: settings)
        sim.beginCommand()
        try sim.touchDown(at: sim.graph.scene.touchPoint)
        var clock = FrameClock(start: 0, fps: 60)
        for _ in 0..<18 {
            sim.stepFrame(at: clock.next())
            try sim.move(by: Point(0, -25))
        }
        let studios = Self.id(sim, "studios")
        let sheet = Self.id(sim, "sheet")
        let first = Self.hazards(&sim)
        #expect(first.count == 1)
        #expect(first.first?.frame == 13)
        #expect(
            first.first?.hazard
                == .ownerOnly(node: studios, amount: 5, leftover: 5, owner: sheet))
        let tally = sim.takeHazards().occurrences
        #expect(tally.map(\.frame) == [13])
        #expect(
            tally.map(\.event) == [
                .hazard(.ownerOnly(node: studios, amount: 130, leftover: 130, owner: sheet))
            ])
        // Taken: the next command starts from nothing.
        #expect(sim.takeHazards().isEmpty)
    }

    @Test func uikitListOverscrollNamesTheHeaderWithItsRoom() throws {
        // upcoming (max 1000) owns a 1200 drag: 200 go to its overscroll while outer, in the same
        // chain, has 200 of room forward: min(200, 200).
        var sim = Self.tabs(.uikit)
        try sim.pan(0, -1200)
        let found = Self.hazards(&sim).map(\.hazard)
        let outer = Self.id(sim, "outer")
        let upcoming = Self.id(sim, "upcoming")
        #expect(found == [.ownerOnly(node: outer, amount: 200, leftover: 200, owner: upcoming)])
    }

    @Test func outerPolicyLeftoverNamesTheListWithTheLeftover() throws {
        // outer owns and stops at its max 200; 50 are unconsumed while upcoming has 1000 of room.
        var sim = Self.tabs(.outer)
        try sim.pan(0, -250)
        let found = Self.hazards(&sim).map(\.hazard)
        #expect(
            found == [
                .ownerOnly(
                    node: Self.id(sim, "upcoming"), amount: 50, leftover: 50,
                    owner: Self.id(sim, "outer"))
            ])
    }

    @Test func oncePerCommandForEachNodeThenAgainInTheNext() throws {
        var sim = Self.tabs(.uikit)
        try sim.pan(0, -1200)
        try sim.move(by: Point(0, -100))
        // Same command: the pair (owner-only, outer) was already reported.
        #expect(Self.hazards(&sim).count == 1)
        sim.beginCommand()
        try sim.move(by: Point(0, -100))
        // A new command: reported again, min(100 left over, outer's room 200).
        let outer = Self.id(sim, "outer")
        let upcoming = Self.id(sim, "upcoming")
        #expect(
            Self.hazards(&sim).map(\.hazard) == [
                .ownerOnly(node: outer, amount: 100, leftover: 100, owner: upcoming)
            ])
    }

    @Test func ownerOnlyMomentumAtTheEdgeNamesTheHeader() throws {
        // upcoming at 900 flung at 1000 pt/s: total travel −v0/k = 1000/(1000 ln(1/0.998)) =
        // 499.4998; it reaches its max after 100, so the momentum still had 399.4998 there
        // (v_edge/|k|, SPEC §5.5 rule 3), and outer had 200 of room: min(399.4998, 200).
        var sim = Self.tabs(.uikit)
        try sim.pan(0, -900)
        try sim.end(velocity: Point(0, -1000))
        #expect(Self.hazards(&sim).isEmpty)
        sim.beginCommand()
        sim.settle()
        let found = Self.hazards(&sim)
        try #require(found.count == 1)
        guard case .ownerOnly(let node, let amount, let leftover, let owner) = found[0].hazard
        else {
            Issue.record("expected owner-only, got \(found[0].hazard)")
            return
        }
        #expect(node == Self.id(sim, "outer"))
        #expect(owner == Self.id(sim, "upcoming"))
        #expect(amount == 200)
        #expect(abs(leftover - (1 / log(1 / 0.998) - 100)) < 1e-6)
    }

    @Test func nestedNeverReportsOwnerOnly() throws {
        var sim = Self.tabs(.nested)
        try sim.pan(0, -1200)
        try sim.end(velocity: Point(0, -3000))
        sim.settle()
        #expect(Self.hazards(&sim).isEmpty)
    }

    // MARK: out-of-chain

    @Test func headerDragNamesTheListBelow() throws {
        // A drag on the header drives outer alone (chain [outer]): it takes its 200 and leaves
        // 100 unconsumed; upcoming, on screen on page 0, has 1000 of room. previous (page 1, not
        // on screen) is not named.
        var sim = Self.tabs(.nested)
        try sim.pan(0, -300, at: Point(195, 100))
        #expect(
            Self.hazards(&sim).map(\.hazard) == [
                .outOfChain(
                    node: Self.id(sim, "upcoming"), amount: 100, leftover: 100,
                    driver: Self.id(sim, "outer"))
            ])
    }

    /// The SPEC §2 example with its first list changed by `change`.
    static func example(_ change: (inout Node) -> Void) -> Simulator {
        var scene = Fixtures.example
        change(&scene.root[0].children[2].children[0])
        return Simulator(scene: scene)
    }

    @Test func outOfChainSkipsHiddenTransparentAndNonInteractiveNodes() throws {
        // first: 40 rows × 50 in a 556 viewport, room 1444; the header drag leaves 100.
        var shown = Self.example { _ in }
        try shown.pan(0, -300, at: Point(195, 100))
        #expect(
            Self.hazards(&shown).map(\.hazard) == [
                .outOfChain(
                    node: Self.id(shown, "first"), amount: 100, leftover: 100,
                    driver: Self.id(shown, "outer"))
            ])
        for change in [
            { (n: inout Node) in n.hidden = true }, { n in n.alpha = 0.005 },
            { n in n.interactive = false },
        ] {
            var sim = Self.example(change)
            try sim.pan(0, -300, at: Point(195, 100))
            #expect(Self.hazards(&sim).isEmpty)
        }
        // alpha 0.01 is still on screen (SPEC §10.1: below 0.01 is not).
        var faint = Self.example { $0.alpha = 0.01 }
        try faint.pan(0, -300, at: Point(195, 100))
        #expect(Self.hazards(&faint).count == 1)
    }

    @Test func outOfChainNeedsRoomInTheDirection() throws {
        // Pulling the header down at offset 0 leaves 100 unconsumed, but upcoming is at its top.
        var sim = Self.tabs(.nested)
        try sim.pan(0, 100, at: Point(195, 100))
        #expect(Self.hazards(&sim).isEmpty)
    }

    @Test func aListPulledPastItsEdgeHasNoRangeToOffer() throws {
        // previous (4 rows × 60 in 800: range 0...0) pulled down 100 and released: it is still
        // overscrolled when the header drag leaves 100 unconsumed, but its range has nothing
        // left forward, so it is not named.
        var sim = Self.tabs(.nested)
        let previous = Self.id(sim, "previous")
        sim.tab(Self.id(sim, "menu"), segment: 1)
        sim.settle()
        try sim.pan(0, 100)
        try sim.end()
        try sim.pan(0, -300, at: Point(195, 100))
        #expect(sim.offsets[previous] < -50)
        #expect(sim.ledger?.unconsumed == 100)
        #expect(Self.hazards(&sim).isEmpty)
    }

    // MARK: hidden-mover

    @Test func flungListMovesTheHeaderAfterATabSwitch() throws {
        // pan 0 -700, end, pan 0 50, end 0 2500, tab next, settle: upcoming's momentum (-2500,
        // total -1248.75) brings it from 450 to 0 and then carries outer down (post backward)
        // while the pager shows page 1. Travel by frame k: 2500 (1 − 0.998^(1000k/60)) / 2.002;
        // it passes 450 at frame 14 (466.04), so outer moves by −16.04 there, with the pager at
        // 343.42 (page 1).
        var sim = Self.tabs(.nested)
        try sim.pan(0, -700)
        try sim.end()
        try sim.pan(0, 50)
        try sim.end(velocity: Point(0, 2500))
        let menu = Self.id(sim, "menu")
        let pager = Self.id(sim, "pager")
        let outer = Self.id(sim, "outer")
        let upcoming = Self.id(sim, "upcoming")
        sim.tab(menu, step: true)
        _ = sim.drainLog()
        sim.beginCommand()
        let start = sim.frame
        sim.settle()
        let found = Self.hazards(&sim)
        try #require(found.count == 1)
        guard case .hiddenMover(let node, let amount, let mover, let animation) = found[0].hazard
        else {
            Issue.record("expected hidden-mover, got \(found[0].hazard)")
            return
        }
        #expect(node == outer)
        #expect(mover == upcoming)
        #expect(animation == .momentum)
        #expect(found[0].frame - start == 14)
        #expect(abs(amount - -16.04) < 0.005)
        #expect(sim.page(pager) == 1)
        #expect(sim.offsets[outer] == 0)
    }

    @Test func theSameFlingOnScreenIsQuiet() throws {
        var sim = Self.tabs(.nested)
        try sim.pan(0, -700)
        try sim.end()
        try sim.pan(0, 50)
        try sim.end(velocity: Point(0, 2500))
        sim.settle()
        #expect(Self.hazards(&sim).isEmpty)
    }

    /// A background that follows list `a` (parallax, proportional: range 1200 − 600 over a's
    /// 2000 − 556)
    /// above a pager whose page 0 is `a` and page 1 a plain view.
    static var parallaxScene: Scene {
        var bg = Node(
            id: "bg",
            kind: .scroll(
                ScrollConfig(content: 1200, parallax: Parallax(follows: "a", mode: .proportional))),
            frame: Rect(0, 0, 390, 600))
        bg.interactive = false
        var pager = Node(
            id: "pager", kind: .pager(ScrollConfig(axis: .horizontal)), frame: Rect(0, 44, 390, 556)
        )
        let a = Node(
            id: "a", kind: .list(ScrollConfig(), .uniform(count: 40, height: 50)),
            frame: Rect(0, 0, 390, 556))
        let b = Node(id: "b", kind: .view, frame: Rect(0, 0, 390, 556))
        pager.children = [a, b]
        let menu = Node(
            id: "menu", kind: .tabs(segments: ["a", "b"], controls: "pager"),
            frame: Rect(0, 0, 390, 44))
        return Scene(name: "parallax-pages", window: Point(390, 600), root: [bg, pager, menu])
    }

    @Test func aHiddenListMovesAnOnScreenFollower() throws {
        var sim = Simulator(scene: Self.parallaxScene)
        let a = Self.id(sim, "a")
        let bg = Self.id(sim, "bg")
        let pager = Self.id(sim, "pager")
        try sim.pan(0, -100)
        try sim.end(velocity: Point(0, -2000))
        sim.tab(Self.id(sim, "menu"), segment: 1)
        _ = sim.drainLog()
        sim.beginCommand()
        var frames = 0
        var expected: Double?
        var firstHidden: Int?
        while sim.isAnimating && frames < 600 {
            let before = sim.offsets[a]
            frames += 1
            sim.advanceFrame(at: Double(frames) / 60)
            if firstHidden == nil, sim.page(pager) == 1, abs(sim.offsets[a] - before) > 1e-9 {
                firstHidden = sim.frame
                expected = (sim.offsets[a] - before) * 600 / 1444
            }
        }
        let found = Self.hazards(&sim)
        try #require(found.count == 1)
        try #require(expected != nil)
        #expect(found[0].frame == firstHidden)
        guard case .hiddenMover(let node, let amount, let mover, _) = found[0].hazard else {
            Issue.record("expected hidden-mover, got \(found[0].hazard)")
            return
        }
        #expect(node == bg)
        #expect(mover == a)
        #expect(abs(amount - expected!) < 1e-9)
    }

    // MARK: on screen

    @Test func onScreenFollowsThePagerPageAtThatMoment() {
        var sim = Self.tabs(.nested)
        let upcoming = Self.id(sim, "upcoming")
        let previous = Self.id(sim, "previous")
        #expect(sim.isOnScreen(upcoming) && !sim.isOnScreen(previous))
        sim.tab(Self.id(sim, "menu"), segment: 1)
        // The page spring 0 → 390 crosses 195 (round half away) between frames 6 and 7.
        sim.advance(frames: 6)
        #expect(sim.isOnScreen(upcoming) && !sim.isOnScreen(previous))
        sim.advance(frames: 1)
        #expect(!sim.isOnScreen(upcoming) && sim.isOnScreen(previous))
    }

    @Test func onScreenFollowsASwitchersSelectionAndItsCrossDissolve() {
        // switcher: `first` and `second` pages, transition 0.3 s. The selection changes when the
        // transition starts; the incoming page is drawn at alpha 0 then, 0.06 one frame later.
        var sim = Simulator(scene: BuiltinScenes.switcher)
        let first = Self.id(sim, "first")
        let second = Self.id(sim, "second")
        #expect(sim.isOnScreen(first) && !sim.isOnScreen(second))
        sim.tab(Self.id(sim, "control"), segment: 1)
        #expect(!sim.isOnScreen(first) && !sim.isOnScreen(second))
        sim.advance(frames: 1)
        #expect(!sim.isOnScreen(first) && sim.isOnScreen(second))
    }

    @Test func aHiddenOrFaintAncestorTakesItsSubtreeOffScreen() {
        var scene = Fixtures.example
        scene.root[0].children[2].hidden = true
        let hidden = Simulator(scene: scene)
        #expect(!hidden.isOnScreen(Self.id(hidden, "first")))
        scene.root[0].children[2].hidden = false
        scene.root[0].alpha = 0.009
        let faint = Simulator(scene: scene)
        #expect(!faint.isOnScreen(Self.id(faint, "first")))
        #expect(!faint.isOnScreen(Self.id(faint, "outer")))
        #expect(Simulator(scene: Fixtures.example).isOnScreen(Self.id(faint, "first")))
    }
}
