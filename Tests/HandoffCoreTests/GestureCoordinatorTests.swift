import Testing

@testable import HandoffCore

/// The coordinator read as scripts, one event and its decision per line, with no scene: the
/// contact is the hit test's facts (node indices are made up), the chain the simulator's choice.
/// In the style of async-http-client's `HTTP1ConnectionStateMachineTests`.
@Suite struct GestureCoordinatorTests {
    let row = Target(3, item: 2)
    /// A vertical list (3) inside a vertical scroll (0), on the path 0 > 1 > 3.
    var contact: GestureCoordinator.Contact {
        .init(target: row, path: [0, 1, 3], axes: [.vertical], tappable: true)
    }
    let down = Point(195, 400)

    func pan(owner: Int = 3, chain: [Int] = [3, 0], ownerOnly: Bool = false) -> Pan {
        Pan(
            axis: .vertical, driver: chain[0], chain: chain, owner: owner, ownerOnly: ownerOnly,
            startPage: 0, sheetStart: nil, lastConsumer: nil)
    }

    @Test func aDragPastTheSlopIsAPanAndTheLiftReleasesIt() {
        var g = GestureCoordinator()
        #expect(
            g.touchBegan(contact, at: down, time: 0, slop: 10, mode: .full)
                == .track(tapPossible: true))
        #expect(g.touchMoved(by: Point(0, -6), time: 0.1) == .tracking(distance: 6))
        #expect(
            g.touchMoved(by: Point(0, -6), time: 0.2)
                == .recognized(
                    axis: .vertical, delta: 12, failTap: true, displacement: -12, tie: false))
        #expect(g.panBegan(pan()) == .announce(owner: 3, chain: [3, 0]))
        #expect(g.touchMoved(by: Point(0, -30), time: 0.3) == .drag(delta: 30))
        #expect(g.touchMoved(by: Point(5, 0), time: 0.3) == .offAxis(.vertical))
        #expect(
            g.touchEnded(velocity: Point(0, -900), time: 0.4)
                == .release(
                    pan(), velocity: Point(0, -900), source: .given, target: row,
                    tap: .cancelledByPan,
                    stopped: []))
        #expect(g.touchEnded(velocity: nil, time: 0.5) == .noFinger)
    }

    @Test func subtractModeChargesOnlyThePastTheSlop() {
        var g = GestureCoordinator()
        _ = g.touchBegan(contact, at: down, time: 0, slop: 10, mode: .subtract)
        #expect(
            g.touchMoved(by: Point(0, -25), time: 0.1)
                == .recognized(
                    axis: .vertical, delta: 15, failTap: true, displacement: -25, tie: false))
    }

    @Test func aFingerThatMovedOffTheAxesIsNotATap() {
        var g = GestureCoordinator()
        _ = g.touchBegan(contact, at: down, time: 0, slop: 10, mode: .full)
        #expect(g.touchMoved(by: Point(11, 0), time: 0.1) == .tapFailed(target: row, distance: 11))
        #expect(g.touchMoved(by: Point(5, 0), time: 0.1) == .tracking(distance: 16))
        #expect(
            g.touchEnded(velocity: nil, time: 0.2)
                == .failTap(row, .moved, recognizerFailed: false, stopped: []))
    }

    @Test func aStillFingerDeliversItsTap() {
        var g = GestureCoordinator()
        _ = g.touchBegan(contact, at: down, time: 0, slop: 10, mode: .full)
        #expect(g.touchMoved(by: Point(3, -4), time: 0.05) == .tracking(distance: 4))
        #expect(g.touchEnded(velocity: nil, time: 0.1) == .deliverTap(row, stopped: []))
        #expect(g.touching == nil)
    }

    @Test func aTouchThatStoppedMomentumIsSwallowed() {
        var c = contact
        c.stopped = [3, 0]
        c.swallowed = true
        var g = GestureCoordinator()
        #expect(
            g.touchBegan(c, at: down, time: 1, slop: 10, mode: .full) == .track(tapPossible: false))
        #expect(
            g.touchEnded(velocity: nil, time: 1.1)
                == .failTap(row, .swallowed, recognizerFailed: true, stopped: [3, 0]))
    }

    @Test func aTouchOnAnAnimatingSheetPansItAtOnce() {
        var c = contact
        c.swallowed = true
        c.stopped = [1]
        c.caughtSheet = 1
        var g = GestureCoordinator()
        #expect(
            g.touchBegan(c, at: down, time: 0, slop: 10, mode: .full)
                == .beginSheetPan(sheet: 1, axis: .vertical))
        #expect(g.panBegan(pan(owner: 1, chain: [3, 1])) == .announce(owner: 1, chain: [3, 1]))
        #expect(g.touchMoved(by: Point(0, 4), time: 0.1) == .drag(delta: -4))
        guard case .release(_, _, _, _, let tap, _) = g.touchEnded(velocity: .zero, time: 0.2)
        else {
            Issue.record("a pan ends in a release")
            return
        }
        // The pan began in the same event as the touch went down (SPEC §5.9).
        #expect(tap == .cancelledByPan)
    }

    @Test func aOneOwnerPanAnnouncesItsOwnerAlone() {
        var g = GestureCoordinator()
        _ = g.touchBegan(contact, at: down, time: 0, slop: 10, mode: .full)
        _ = g.touchMoved(by: Point(0, 20), time: 0.1)
        #expect(g.panBegan(pan(owner: 0, ownerOnly: true)) == .announce(owner: 0, chain: [0]))
        #expect(g.panBegan(pan()) == .ignored)
    }

    @Test func bothAxesPastTheSlopInOneEventGoToTheInnermost() {
        var c = contact
        c.axes = [.horizontal, .vertical]
        var g = GestureCoordinator()
        _ = g.touchBegan(c, at: down, time: 0, slop: 10, mode: .full)
        #expect(
            g.touchMoved(by: Point(-20, -20), time: 0.1)
                == .recognized(
                    axis: .horizontal, delta: 20, failTap: true, displacement: -20, tie: true))
    }

    @Test func theStageSaysWhatTheCoordinatorHolds() {
        var g = GestureCoordinator()
        #expect(g.stage == .idle && g.touching == nil && g.pan == nil)
        _ = g.touchBegan(contact, at: down, time: 0, slop: 10, mode: .full)
        _ = g.touchMoved(by: Point(0, -4), time: 0.05)
        #expect(g.stage == .touching && g.touching?.position == Point(195, 396) && g.pan == nil)
        _ = g.touchMoved(by: Point(0, -20), time: 0.1)
        _ = g.panBegan(pan())
        g.panDragged(lastConsumer: 3, innerShare: nil)
        _ = g.touchMoved(by: Point(0, -6), time: 0.15)
        #expect(g.stage == .panning && g.touching?.position == Point(195, 370))
        #expect(g.pan?.lastConsumer == 3)
        _ = g.touchEnded(velocity: nil, time: 0.2)
        #expect(g == GestureCoordinator())
    }

    @Test func eventsWithNoFingerChangeNothing() {
        var g = GestureCoordinator()
        #expect(g.touchMoved(by: Point(0, 5), time: 0) == .noFinger)
        #expect(g.touchEnded(velocity: nil, time: 0) == .noFinger)
        #expect(g.panBegan(pan()) == .ignored)
        _ = g.touchBegan(contact, at: down, time: 0, slop: 10, mode: .full)
        #expect(
            g.touchBegan(contact, at: down, time: 0, slop: 10, mode: .full) == .fingerAlreadyDown)
    }

    @Test func theLiftMeasuresVelocityOverTheLast100ms() {
        var g = GestureCoordinator()
        _ = g.touchBegan(contact, at: down, time: 0, slop: 10, mode: .full)
        _ = g.touchMoved(by: Point(0, -20), time: 0.05)
        _ = g.panBegan(pan())
        _ = g.touchMoved(by: Point(0, -20), time: 0.1)
        guard case .release(_, let v, let window, _, _, _) = g.touchEnded(velocity: nil, time: 0.1)
        else {
            Issue.record("a pan ends in a release")
            return
        }
        // 40 pt up in the 100 ms since touch-down (SPEC §4.3).
        #expect(abs(v.y - -400) < 1e-9)
        #expect(window == .window(0.1))
    }
}
