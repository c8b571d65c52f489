import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// What a new user hit (issue 10), simulation output: each reproduction, through a session.
struct SimulationOutputTests {
    func session(_ name: String = "tabs") -> Session {
        Session(scene: BuiltinScenes.named(name)!, ref: name, files: MemoryFiles())
    }

    func run(_ s: inout Session, _ lines: [String]) -> [String] {
        lines.flatMap { s.run($0).lines.map(\.text) }
    }

    // MARK: A finger that moved is not a tap (§4.2)

    /// A drag of exactly the slop is no pan however it is split into frames (fresh-eyes finding:
    /// `over 100ms` panned while `over 50ms` and one move did not).
    @Test func aDragOfExactlyTheSlopIsNoPanAtAnyFrameSplit() {
        for over in ["", " over 50ms", " over 100ms", " over 117ms", " over 183ms", " over 400ms"] {
            var s = session()
            let out = run(&s, ["pan 0 -10" + over, "end"])
            #expect(!out.contains { $0.hasPrefix("pan       vertical began") }, "over: \(over)")
            #expect(out.contains("tap       upcoming[2] delivered"), "over: \(over)")
        }
        for fps in ["60", "120"] {
            var s = session()
            let out = run(&s, ["set slop 50", "set fps " + fps, "pan 0 -50 over 50ms", "end"])
            #expect(!out.contains { $0.hasPrefix("pan       vertical began") }, "fps \(fps)")
        }
    }

    /// A touch on a moving sheet begins the sheet's pan (SPEC §5.9): it is `cancelled by pan`,
    /// as `last_tap` says, and prints that it stopped the detent spring and began the pan, never
    /// `swallowed` (issue 24).
    @Test func aTouchOnAMovingSheetIsCancelledByPanNotSwallowed() {
        var s = session("sheet")
        _ = run(&s, ["swipe 0 -200", "wait 50ms"])
        let out = run(&s, ["touch 195 640"])
        #expect(!out.contains { $0.hasPrefix("swallowed") })
        #expect(
            out.contains(
                "caught    sheet: the touch stopped its detent and began its pan (no slop); cancelled by pan"
            ))
        #expect(out.contains("owner     sheet (chain studios, sheet)"))
        _ = run(&s, ["end"])
        #expect(s.sim.lastTap?.outcome == .cancelledByPan)
        let why = run(&s, ["back", "why"])
        #expect(
            why.contains(
                "  §5.9    sheet was animating: the touch stopped its detent and begins its pan at once (no slop); the sheet owns it and the touch is cancelled by pan, not swallowed"
            ), "\(why)")
    }

    @Test func swipeOnIndicatorIsNoTap() {
        var s = session("indicator")
        let out = s.run("swipe -200 0").lines.map(\.text)
        // 6 frames of 200/6 pt: the first already passes the slop.
        #expect(out.contains("tap       list[7] failed: moved 33.33 > slop 10"))
        #expect(out.contains("tap       list[7] not delivered: moved"))
        #expect(!out.contains("tap       list[7] delivered"))
        #expect(!s.run("expect tap == moved").failed)
        #expect(!s.run("expect tap == not-delivered").failed)
        #expect(s.run("expect tap == delivered").failed)
        #expect(s.run("expect tap == list[7]").failed)
        #expect(StateReport(s.sim).json.contains(#""reason":"moved""#))
        let why = s.run("why").lines.map(\.text)
        #expect(why.contains { $0.contains("§4.2") && $0.contains("moved 33.33") })
    }

    @Test func goingAndComingBackOnStretchyIsNoTap() {
        var s = session("stretchy")
        let out = run(&s, ["touch 195 422", "move 150 0", "move -300 0", "end"])
        #expect(out.contains("tap       table[1] failed: moved 150 > slop 10"))
        #expect(out.contains("tap       table[1] not delivered: moved"))
        #expect(!out.contains("tap       table[1] delivered"))
        #expect(!s.run("expect tap == moved").failed)
    }

    // MARK: Quiet commands

    @Test func aMoveInsideTheSlopSaysSo() {
        var s = session()
        _ = s.run("touch 195 422")
        #expect(s.run("move 0 -5").lines.map(\.text) == ["tracking  d 5 of slop 10"])
        // Over several frames, one line: where the finger ended up.
        #expect(
            s.run("move 3 -4 over 50ms").lines.map(\.text) == [
                "tracking  d 9 of slop 10", "t         0 → 0.05",
            ])
        _ = s.run("move 0 -5")  // 14 > 10: the pan begins
        #expect(
            s.run("move 5 0").lines.map(\.text) == [
                "tracking  pan locked vertical: no vertical movement"
            ])
    }

    // MARK: Fling ledgers do not depend on the frame rate (§5.5 rule 3)

    /// Into the bouncing list of `tabs`: outer takes the 150 left (post), the list bounces from
    /// its edge at v0 + k·x = −800 + 1000·ln(0.998)·(−150) = −499.7 pt/s.
    @Test func bouncingFlingPrintsTheSameAtEveryRate() {
        var answers: [[String]] = []
        for fps in ["30", "60", "120"] {
            var s = session()
            _ = run(&s, ["set fps " + fps, "pan 0 -250", "move 0 100", "end 0 800"])
            let out = s.run("settle").lines.map(\.text)
            #expect(out.contains("fling     d -150 = outer -150 post + unconsumed 0"))
            #expect(out.contains("edge      upcoming hit its edge at -499.7 pt/s and bounces"))
            let why = s.run("why").lines.map(\.text)
            #expect(!why.contains { $0.contains("no chain node could take it") })
            answers.append(out.filter { $0.hasPrefix("fling") || $0.hasPrefix("edge") } + why)
        }
        #expect(answers[0] == answers[1])
        #expect(answers[1] == answers[2])
    }

    /// Into a clamped edge (a scene whose lists do not bounce): unconsumed is the travel left at
    /// the crossing, v_edge/|k| = −499.7/2.002 = −249.6, and the line adds up to −v0/k = −399.6.
    @Test func clampedFlingPrintsTheSameUnconsumedAtEveryRate() throws {
        let yaml = """
            name: clamped
            window: [390, 844]
            root:
              - scroll: outer
                axis: vertical
                frame: [0, 0, 390, 844]
                content: 1044
                bounces: false
                nested: {pre: forward, post: backward, fling: handoff}
                children:
                  - list: feed
                    frame: [0, 200, 390, 844]
                    rows: 30
                    rowHeight: 60
                    bounces: false
            """
        let scene = try SceneLoader(file: "clamped.yaml", text: yaml).load()
        for fps in ["30", "60", "120"] {
            var s = Session(scene: scene, ref: "clamped.yaml", files: MemoryFiles())
            _ = run(&s, ["set fps " + fps, "pan 0 -250", "move 0 100", "end 0 800"])
            let out = s.run("settle").lines.map(\.text)
            #expect(
                out.contains("fling     d -399.6 = outer -150 post + unconsumed -249.6"), "\(fps)")
            #expect(out.contains("edge      momentum stopped at an edge at -499.7 pt/s"), "\(fps)")
            #expect(!s.run("expect ledger.unconsumed == -249.6").failed, "\(fps)")
        }
    }

    // MARK: Handoffs of nothing (§5.2)

    @Test func theHandoffIsPrintedAtFrame13() {
        var s = session()
        let out = s.run("pan 0 -250 over 250ms").lines.map(\.text)
        #expect(!out.contains { $0.contains("upcoming 0 self") })
        let moves = out.enumerated().filter { $0.element.hasPrefix("move") }.map(\.offset)
        let handoff = out.firstIndex(of: "handoff   outer → upcoming")
        #expect(moves.count == 15)
        #expect(handoff == moves[12] + 1)
        #expect(out[moves[12]] == "move      d 16.67 = upcoming 16.67 self + unconsumed 0")
    }

    // MARK: touch ID / tap ID

    @Test func aTouchThatHitsAnotherTargetSaysSo() {
        var s = session()
        let out = s.run("tap menu").lines.map(\.text)
        #expect(
            Array(out.prefix(3)) == [
                "touch     menu[1] at (195, 222)", "path      outer > menu > menu[1]",
                "note      aimed at menu, hit menu[1]",
            ])
        // Rows asked for by number hit themselves: no note.
        #expect(!s.run("tap upcoming[3]").lines.contains { $0.text.hasPrefix("note") })
    }

    /// `touch sheet` aims at its own area: the grabber strip, 420…456 at half, centre y 438.
    @Test func touchSheetReachesTheGrabber() {
        var s = session("sheet")
        let out = s.run("touch sheet").lines.map(\.text)
        #expect(out.prefix(2) == ["touch     sheet at (195, 438)", "path      sheet"])
        #expect(!out.contains { $0.hasPrefix("note") })
        _ = s.run("end")
        let studios = s.run("touch studios").lines.map(\.text)
        #expect(studios.contains("note      aimed at studios, hit studios[2]"))
    }
}
