import HandoffCore
import Testing

@testable import HandoffScript

/// The app's conditions (SPEC §13.2): the `expect` grammar with `and`/`or`, expressions,
/// `touch.on ID`, `ID.grabber`, `ID.delta` and `ID.start`, parsed against a scene and evaluated
/// on the simulator's state.
@Suite struct ConditionParserTests {
    let graph = SceneGraph(BuiltinScenes.sheet)

    func parse(_ text: String, target: Bool = false) throws(Diagnostic) -> Condition {
        try ConditionParser.condition(text, graph: graph, allowsTarget: target)
    }

    func index(_ id: String) -> Int { graph.index(of: id)! }

    @Test func comparisonsResolvePathsToNodes() throws {
        #expect(
            try parse("studios.offset <= 0")
                == .compare(.offset(index("studios")), .le, .expression(Expression(.number(0)))))
        #expect(
            try parse("owner == sheet") == .compare(.owner, .eq, .word(.node(index("sheet")))))
        #expect(try parse("phase != panning") == .compare(.phase, .ne, .word(.phase(.panning))))
        #expect(try parse("touch == none") == .compare(.touch, .eq, .word(.none)))
        #expect(
            try parse("tap == studios[3]")
                == .compare(.tap, .eq, .word(.target(Target(index("studios"), item: 3)))))
        #expect(try parse("tap == swallowed") == .compare(.tap, .eq, .word(.tap(.swallowed))))
        #expect(
            try parse("sheet.top ~= 420 ± 0.5")
                == .compare(
                    .top(index("sheet")), .approx, .expression(Expression(.number(420))),
                    tolerance: 0.5))
    }

    @Test func andBindsTighterThanOr() throws {
        let s = index("sheet")
        let studios = index("studios")
        let a = Condition.compare(.offset(studios), .le, .expression(Expression(.number(0))))
        let b = Condition.touchOnGrabber(s)
        let c = Condition.touchOn(studios)
        #expect(
            try parse("studios.offset <= 0 or touch.on sheet.grabber and touch.on studios")
                == .any([a, .all([b, c])]))
        #expect(
            try parse("studios.offset <= 0 and touch.on sheet.grabber or touch.on studios")
                == .any([.all([a, b]), c]))
    }

    @Test func expressionsJoinNumbersAndPaths() throws {
        let studios = index("studios")
        let sheet = index("sheet")
        #expect(
            try parse("studios.offset > sheet.start + studios.delta * 2")
                == .compare(
                    .offset(studios), .gt,
                    .expression(
                        Expression(
                            .path(.start(sheet)),
                            [.init(.plus, .path(.delta(studios))), .init(.times, .number(2))]))))
        #expect(
            try ConditionParser.expression("studios.target - 10", graph: graph, allowsTarget: true)
                == Expression(.path(.target(studios)), [.init(.minus, .number(10))]))
    }

    /// Every error names its column within the text, so a scene file can point at LINE:COL.
    @Test func errorsCarryTheirColumn() {
        func failure(_ text: String, target: Bool = false) -> Diagnostic? {
            do {
                _ = try parse(text, target: target)
                return nil
            } catch { return error }
        }
        let unknownID = failure("studio.offset <= 0")
        #expect(unknownID?.message == "no node 'studio'")
        #expect(unknownID?.column == 1)
        #expect(unknownID?.suggestion == "studios.offset")
        let op = failure("studios.offset =< 0")
        #expect(op?.message == "unknown operator '=<'")
        #expect(op?.column == 16)
        let field = failure("sheet.offset <= 0")
        #expect(field?.message == "'sheet' has no offset")
        let trailing = failure("studios.offset <= 0 orr owner == none")
        #expect(trailing?.column == 21)
        #expect(trailing?.suggestion == "or")
        #expect(failure("studios.offset <= ")?.message == "missing a VALUE")
        #expect(failure("studios.offset <= ")?.column == 19)
        #expect(failure("touch.on map.grabber")?.message.contains("not a sheet") == true)
        #expect(failure("studios.offset < owner")?.message == "owner is not a number")
        #expect(failure("owner < sheet")?.message == "owner compares with == or !=")
        #expect(failure("phase == flying")?.suggestion == nil)
        #expect(failure("phase == paning")?.suggestion == "panning")
        #expect(failure("stopped == yes")?.column == 1)
        #expect(
            failure("studios.target > 0")?.message
                == "studios.target is read only in a release rule")
        #expect(failure("studios.target > 0", target: true) == nil)
        #expect(failure("")?.message == "missing a condition")
    }

    /// Evaluation reads the simulator: offsets, a sheet's top, the touch's hit path and grabber,
    /// `ID.delta` from the context's offsets and `ID.start` from the touch-down.
    @Test func conditionsEvaluateOnTheState() throws {
        var scene = BuiltinScenes.sheet
        let sheet = index("sheet")
        let studios = index("studios")
        // Wiring makes the simulator keep `ID.start`.
        scene.gestures = Gestures(simultaneous: [.init(sheet, studios)])
        var sim = Simulator(scene: scene)
        #expect(sim.holds(try parse("studios.offset <= 0 and sheet.top == 420")))
        #expect(!sim.holds(try parse("touch.on studios or touch.on sheet.grabber")))
        try sim.touchDown(at: Point(195, 640))
        #expect(sim.holds(try parse("touch.on studios and touch.on sheet")))
        #expect(!sim.holds(try parse("touch.on sheet.grabber")))
        #expect(sim.holds(try parse("touch == studios[1] and phase == touching")))
        try sim.move(by: Point(0, -100))
        // The sheet (below full) took the whole drag (slop mode full charges it): 420 → 320.
        #expect(sim.holds(try parse("sheet.top == 320 and sheet.start == 420")))
        #expect(sim.holds(try parse("sheet.top == sheet.start - 100")))
        #expect(sim.holds(try parse("owner == studios")))
        let before = sim.offsets
        try sim.move(by: Point(0, -10))
        let context = ConditionContext(before: before)
        #expect(sim.holds(try parse("sheet.delta == -10"), context))
        #expect(sim.holds(try parse("studios.delta == 0"), context))
        #expect(sim.holds(try parse("sheet.delta == 0")))  // no frame start given: nothing moved
        #expect(
            sim.evaluate(try ConditionParser.expression("sheet.top * 2 + 1", graph: graph)) == 621)
        try sim.end(velocity: Point(0, 0))
        // The grabber strip is 310–346 now; the touch catches the sheet's detent spring.
        try sim.touchDown(at: Point(195, 330))
        #expect(sim.holds(try parse("touch.on sheet.grabber and owner == sheet")))
        #expect(!sim.holds(try parse("touch.on studios")))
        try sim.end(velocity: Point(0, 0))
        // Above the sheet at top 310 the backdrop (alpha about 0.1) is hit; the last lift was
        // the sheet's pan.
        try sim.touchDown(at: Point(195, 100))
        #expect(sim.holds(try parse("touch == sheet.backdrop and tap == cancelled")))
        try sim.end(velocity: Point(0, 0))
        #expect(sim.holds(try parse("tap == not-tappable and tap == not-delivered")))
        #expect(!sim.holds(try parse("tap == delivered or tap == sheet.backdrop")))
        // A touch that became no gesture: `ID.start` is the current value.
        #expect(sim.holds(try parse("sheet.start == sheet.top")))
    }
}
