import Foundation
import HandoffCore
import Testing

/// SPEC §5.3: the one-owner policies. First the decision alone, from small facts (no scene), then
/// the issue 12 numbers on scenes.
struct OwnershipTests {
    typealias C = Ownership.Candidate

    /// A vertical scroll view with `room` left in the movement's direction.
    static func v(_ node: Int, room: Double, exceeds: Bool = true, bounces: Bool = true) -> C {
        C(node: node, axis: .vertical, exceeds: exceeds, bounces: bounces, room: room)
    }
    static func pager(_ node: Int) -> C {
        C(node: node, axis: .horizontal, exceeds: true, bounces: true, room: 390)
    }
    static func sheet(_ node: Int, room: Double) -> C {
        C(node: node, axis: .vertical, isSheet: true, exceeds: true, bounces: false, room: room)
    }

    // MARK: The decision, clause by clause

    @Test func theFirstNodeThatCanScrollOwns() {
        // list (1) not at its bottom, inside outer (0): the list owns.
        let d = Ownership.uikit(
            path: [Self.v(1, room: 400), Self.v(0, room: 200)], axis: .vertical,
            direction: .forward)
        #expect(d.owner == 1)
        #expect(d.steps == [.scrolls(1)])
    }

    @Test func atTheEdgeItDeclinesToAParentThatCanScroll() {
        // list (1) at its edge; its immediate parent outer (0) can scroll: outer owns.
        let d = Ownership.uikit(
            path: [Self.v(1, room: 0), Self.v(0, room: 200)], axis: .vertical,
            direction: .backward)
        #expect(d.owner == 0)
        #expect(d.steps == [.declines(1, parent: 0), .scrolls(0)])
    }

    @Test func theParentAlsoAtItsEdgeKeepsTheDragWhenNothingIsAboveIt() {
        let d = Ownership.uikit(
            path: [Self.v(1, room: 0), Self.v(0, room: 0)], axis: .vertical, direction: .backward)
        #expect(d.owner == 0)
        #expect(d.steps == [.declines(1, parent: 0), .keepsAtEdge(0, parent: nil)])
    }

    @Test func withinOneBillionthOfTheEdgeIsAtTheEdge() {
        let d = Ownership.uikit(
            path: [Self.v(1, room: 1e-10), Self.v(0, room: 200)], axis: .vertical,
            direction: .forward)
        #expect(d.owner == 0)
        let e = Ownership.uikit(
            path: [Self.v(1, room: 1e-6), Self.v(0, room: 200)], axis: .vertical,
            direction: .forward)
        #expect(e.owner == 1)
    }

    @Test func aPagerBetweenBlocksTheTransfer() {
        // list (2) at its top in a horizontal pager (1) in a vertical outer (0) with room: the
        // immediate parent scroll node is the pager, which cannot scroll vertically.
        let d = Ownership.uikit(
            path: [Self.v(2, room: 0), Self.pager(1), Self.v(0, room: 200)], axis: .vertical,
            direction: .backward)
        #expect(d.owner == 2)
        #expect(d.steps == [.keepsAtEdge(2, parent: 1)])
    }

    @Test func aParentThatCannotScrollDoesNotTakeTheTransfer() {
        // The parent neither exceeds its viewport nor bounces: it cannot scroll.
        let d = Ownership.uikit(
            path: [Self.v(1, room: 0), Self.v(0, room: 0, exceeds: false, bounces: false)],
            axis: .vertical, direction: .forward)
        #expect(d.owner == 1)
        #expect(d.steps == [.keepsAtEdge(1, parent: 0)])
        // A short parent that bounces can scroll, so the list declines to it.
        let e = Ownership.uikit(
            path: [Self.v(1, room: 0), Self.v(0, room: 0, exceeds: false, bounces: true)],
            axis: .vertical, direction: .forward)
        #expect(e.owner == 0)
    }

    @Test func aNodeThatCannotScrollIsPassedAndTheDriverOwnsWhenNoneCan() {
        let short = Self.v(1, room: 0, exceeds: false, bounces: false)
        let d = Ownership.uikit(
            path: [short, Self.v(0, room: 50)], axis: .vertical, direction: .forward)
        #expect(d.owner == 0)
        #expect(d.steps == [.cannotScroll(1), .scrolls(0)])
        let e = Ownership.uikit(
            path: [short, Self.v(0, room: 0, exceeds: false, bounces: false)], axis: .vertical,
            direction: .forward)
        #expect(e.owner == 1)
        #expect(e.steps == [.cannotScroll(1), .cannotScroll(0), .driverFallback(1)])
    }

    @Test func aSheetOwnsOnlyAsTheDriverAndReceivesNoTransfer() {
        // Drag begun on the sheet's own area: the sheet is the driver and owns.
        let d = Ownership.uikit(
            path: [Self.sheet(0, room: 320)], axis: .vertical, direction: .forward)
        #expect(d.owner == 0)
        #expect(d.steps == [.sheetDriver(0)])
        // A list (2) at its bottom directly in a sheet (1): the sheet is not a scroll view, so it is
        // no parent scroll node; the list keeps the drag.
        let e = Ownership.uikit(
            path: [Self.v(2, room: 0), Self.sheet(1, room: 320)], axis: .vertical,
            direction: .forward)
        #expect(e.owner == 2)
        #expect(e.steps == [.keepsAtEdge(2, parent: nil)])
        // A list that cannot scroll: the walk passes the sheet, and the driver owns.
        let f = Ownership.uikit(
            path: [Self.v(2, room: 0, exceeds: false, bounces: false), Self.sheet(1, room: 320)],
            axis: .vertical, direction: .forward)
        #expect(f.owner == 2)
        #expect(f.steps == [.cannotScroll(2), .sheetSkipped(1), .driverFallback(2)])
    }

    @Test func outerTakesTheOutermostNodeWithRangeLeft() {
        let d = Ownership.outer(
            chain: [Self.v(1, room: 400), Self.v(0, room: 200)], axis: .vertical,
            direction: .forward)
        #expect(d.owner == 0)
        #expect(d.steps == [.outermost(0)])
        // Overscroll room does not count: no range left anywhere, the driver owns.
        let e = Ownership.outer(
            chain: [Self.v(1, room: 0), Self.v(0, room: 0)], axis: .vertical, direction: .backward)
        #expect(e.owner == 1)
        #expect(e.steps == [.noneCanMove(1)])
        // A sheet in the chain is a candidate like any other node.
        let f = Ownership.outer(
            chain: [Self.v(2, room: 3000), Self.sheet(1, room: 320)], axis: .vertical,
            direction: .forward)
        #expect(f.owner == 1)
    }

    // MARK: The numbers on scenes

    /// A 20-row × 50 list directly in a bouncing vertical scroll: content 800 in a 600 window
    /// (outer range 0...200), list at y 200, 600 tall (range 0...400). Touch at (195, 300).
    static var listInScroll: Scene {
        var outer = Node(
            id: "outer", kind: .scroll(ScrollConfig(axis: .vertical, content: 800)),
            frame: Rect(0, 0, 390, 600))
        let list = Node(
            id: "list", kind: .list(ScrollConfig(), .uniform(count: 20, height: 50)),
            frame: Rect(0, 200, 390, 600))
        outer.children = [list]
        return Scene(name: "list-in-scroll", window: Point(390, 600), root: [outer])
    }

    /// SPEC §5.4: `b(x) = (1 − 1/(x·0.55/dim + 1))·dim`.
    static func rubber(_ x: Double, _ dim: Double) -> Double {
        (1 - 1 / (x * 0.55 / dim + 1)) * dim
    }

    func uikit(_ scene: Scene) -> Simulator {
        var sim = Simulator(scene: scene)
        sim.settings.policy = .uikit
        return sim
    }

    @Test func listOwnsWhileItCanScroll() throws {
        var sim = uikit(Self.listInScroll)
        try sim.pan(0, -100)
        #expect(sim.owner == sim.graph.index(of: "list"))
        #expect(sim.offset("list") == 100)
        #expect(sim.offset("outer") == 0)
    }

    @Test func listAtItsTopDeclinesAndTheOuterRubberBands() throws {
        var sim = uikit(Self.listInScroll)
        try sim.pan(0, 100)
        #expect(sim.owner == sim.graph.index(of: "outer"))
        #expect(sim.offset("outer") == -Self.rubber(100, 600))
        #expect(close(sim.offset("outer"), -50.38))
        #expect(sim.offset("list") == 0)
    }

    @Test func listAtItsBottomHandsTheNextDragToItsParent() throws {
        var sim = uikit(Self.listInScroll)
        try sim.pan(0, -400)
        #expect(sim.offset("list") == 400)
        try sim.end()
        try sim.pan(0, -100)
        #expect(sim.owner == sim.graph.index(of: "outer"))
        #expect(sim.offset("outer") == 100)
        #expect(sim.offset("list") == 400)
    }

    @Test func noHandoffInsideTheGesture() throws {
        var sim = uikit(Self.listInScroll)
        try sim.pan(0, -600)
        #expect(sim.owner == sim.graph.index(of: "list"))
        #expect(sim.offset("list") == 400 + Self.rubber(200, 600))
        #expect(close(sim.offset("list"), 492.96))
        #expect(sim.offset("outer") == 0)
        let events = sim.drainEvents()
        #expect(!events.contains { if case .handoff = $0 { true } else { false } })
    }

    @Test func tabsHeaderNeverCollapses() throws {
        var sim = uikit(BuiltinScenes.tabs)
        try sim.pan(0, -250)
        #expect(sim.owner == sim.graph.index(of: "upcoming"))
        #expect(sim.offset("upcoming") == 250)
        #expect(sim.offset("outer") == 0)
    }

    @Test func tabsPagerBlocksThePullDown() throws {
        var sim = uikit(BuiltinScenes.tabs)
        try sim.pan(0, 100)
        #expect(sim.owner == sim.graph.index(of: "upcoming"))
        // upcoming's viewport is the pager's 800 pt height.
        #expect(sim.offset("upcoming") == -Self.rubber(100, 800))
        #expect(close(sim.offset("upcoming"), -51.46))
        #expect(sim.offset("outer") == 0)
    }

    @Test func sheetDoesNotRiseFromItsList() throws {
        var sim = uikit(BuiltinScenes.sheet)
        try sim.pan(0, -200)
        #expect(sim.owner == sim.graph.index(of: "studios"))
        #expect(sim.offset("studios") == 200)
        #expect(sim.top("sheet") == 420)
    }

    @Test func sheetOwnsADragBegunOnItsGrabber() throws {
        var sim = uikit(BuiltinScenes.sheet)
        try sim.pan(0, -200, at: Point(195, 440))
        #expect(sim.owner == sim.graph.index(of: "sheet"))
        #expect(sim.top("sheet") == 220)
        #expect(sim.offset("studios") == 0)
    }

    @Test func ownerAloneTakesTheMomentum() throws {
        var sim = uikit(BuiltinScenes.tabs)
        try sim.pan(0, -250)
        try sim.end(velocity: Point(0, -1000))
        sim.settle()
        // travel −v0/k = 1000 / (1000·ln(1/0.998)) = 499.5, all to upcoming; the header stays.
        #expect(close(sim.offset("upcoming"), 250 + 1000 / -(1000 * log(0.998)), 1e-9))
        #expect(sim.offset("outer") == 0)
    }

    @Test func outerPolicyStopsAtContainerLimit() throws {
        var sim = Simulator(scene: Fixtures.example)
        sim.settings.policy = .outer
        let at = Point(195, 400)
        try sim.pan(0, -250, at: at)
        #expect(sim.owner == sim.graph.index(of: "outer"))
        #expect(sim.offset("outer") == 200)
        #expect(sim.offset("first") == 0)
        #expect(sim.ledger?.unconsumed == 50)
        try sim.end(velocity: .zero)
        try sim.pan(0, -100, at: at)  // a new gesture: now the list moves
        #expect(sim.owner == sim.graph.index(of: "first"))
        #expect(sim.offset("first") == 100)
    }

    @Test func outerPolicyGivesTheSheetTheDragFromItsList() throws {
        var sim = Simulator(scene: BuiltinScenes.sheet)
        sim.settings.policy = .outer
        try sim.pan(0, -200)
        #expect(sim.owner == sim.graph.index(of: "sheet"))
        #expect(sim.top("sheet") == 220)
        #expect(sim.offset("studios") == 0)
    }
}
