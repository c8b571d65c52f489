import HandoffCore
import Testing

/// The recognizer's decisions, one line per event (SPEC §4.2).
struct GestureRecognizerTests {
    func recognizer(tappable: Bool = true, swallowed: Bool = false) -> GestureRecognizer {
        GestureRecognizer(
            axes: [.vertical], tappable: tappable, swallowed: swallowed, slop: 10, mode: .full)
    }

    @Test func movedThenPannedKeepsMoved() {
        var r = recognizer()
        #expect(r.touchMoved(net: Point(5, 0), step: Point(5, 0)) == .tracking(distance: 5))
        #expect(r.touchMoved(net: Point(11, 0), step: Point(6, 0)) == .tapMoved(distance: 11))
        #expect(r.touchMoved(net: Point(-11, 0), step: Point(-22, 0)) == .tracking(distance: 11))
        #expect(
            r.touchMoved(net: Point(-11, -12), step: Point(0, -12))
                == .beganPan(axis: .vertical, delta: 12))
        #expect(r.touchMoved(net: Point(0, -12), step: Point(11, 0)) == .offAxis(.vertical))
        #expect(r.touchEnded() == .endedPan(tap: .moved))
    }

    /// SPEC §4.2 "strictly greater": a finger exactly at the slop is no pan, also when its
    /// position is a sum of frame steps (`pan 0 -10 over 100ms` ends 10.000000000000057 away).
    @Test func exactlyAtTheSlopAfterRoundingIsNoPan() {
        var r = recognizer()
        var y = 422.0
        for _ in 0..<6 { y -= 10.0 / 6 }
        let net = Point(0, y - 422)
        #expect(net.y != -10)  // the rounding this test is about
        #expect(
            r.touchMoved(net: net, step: Point(0, -10.0 / 6)) == .tracking(distance: abs(net.y)))
        // A hundredth of a point more is past it.
        #expect(
            r.touchMoved(net: Point(0, -10.01), step: Point(0, -0.01))
                == .beganPan(axis: .vertical, delta: 10.01))
    }

    @Test func panInTheSameEventIsCancelledByPan() {
        var r = recognizer()
        #expect(
            r.touchMoved(net: Point(20, -20), step: Point(20, -20))
                == .beganPan(axis: .vertical, delta: 20))
        #expect(r.touchEnded() == .endedPan(tap: .cancelledByPan))
    }

    @Test func swallowedAndNotTappableWin() {
        var r = recognizer(swallowed: true)
        #expect(r.touchMoved(net: Point(30, 0), step: Point(30, 0)) == .tracking(distance: 30))
        #expect(r.touchEnded() == .failTap(.swallowed))
        r = recognizer(swallowed: true)
        _ = r.touchMoved(net: Point(0, 30), step: Point(0, 30))
        #expect(r.touchEnded() == .endedPan(tap: .swallowed))
        r = recognizer(tappable: false)
        #expect(r.touchMoved(net: Point(30, 0), step: Point(30, 0)) == .tracking(distance: 30))
        #expect(r.touchEnded() == .failTap(.notTappable))
        r = recognizer(tappable: false)
        _ = r.touchMoved(net: Point(0, 30), step: Point(0, 30))
        #expect(r.touchEnded() == .endedPan(tap: .notTappable))
    }

    @Test func withinTheSlopDelivers() {
        var r = recognizer()
        #expect(r.touchMoved(net: Point(10, -10), step: Point(10, -10)) == .tracking(distance: 10))
        #expect(r.touchEnded() == .deliverTap)
    }
}
