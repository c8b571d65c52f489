import Testing

@testable import HandoffScript

/// The timeline's time axis: linear, or with its quiet stretches drawn a whole number of times
/// faster so that together they take a quarter of the width.
struct TimelineAxisTests {
    /// 0–4 s over 800 px, 1–4 s quiet: 3 s quiet against 1 s busy needs 3 × 0.75 / (0.25 × 1)
    /// = 9× (quiet then takes 3/9 = 1/3 s of the 4/3 s drawn: a quarter). The busy second gets
    /// 800 / (4/3) = 600 px; a quiet second 600 / 9 px.
    @Test func quietStretchesTakeAQuarter() {
        let a = TimelineAxis(from: 0, to: 4, x0: 0, x1: 800, quiet: [1...4])
        #expect(
            a.segments == [
                .init(from: 0, to: 1, x0: 0, x1: 600, factor: 1),
                .init(from: 1, to: 4, x0: 600, x1: 800, factor: 9),
            ])
        #expect(a.x(0.5) == 300)
        #expect(abs(a.x(2.5) - 700) < 1e-9)
        #expect(abs(a.time(700) - 2.5) < 1e-9)
        #expect(a.time(300) == 0.5)
        #expect(a.busyScale == 600)
    }

    /// A quiet stretch in the middle: the axis goes back to the busy scale after it.
    @Test func aQuietMiddle() {
        let a = TimelineAxis(from: 0, to: 10, x0: 100, x1: 900, quiet: [2...8])
        // 6 s quiet, 4 s busy: 6 × 0.75 / (0.25 × 4) = 4.5, so 5×; 800 / (4 + 6/5) px a second.
        let perSecond = 800 / 5.2
        #expect(a.segments.map(\.factor) == [1, 5, 1])
        #expect(abs(a.x(2) - (100 + 2 * perSecond)) < 1e-9)
        #expect(abs(a.x(8) - (100 + 2 * perSecond + 6 * perSecond / 5)) < 1e-9)
        #expect(a.x(10) == 900)
    }

    /// Quiet for at most half the window, or nothing else: linear.
    @Test func linearOtherwise() {
        for quiet in [[0.0...2], [0.1...10], [Double]().map { $0...$0 }] {
            let a = TimelineAxis(from: 0, to: 10, x0: 0, x1: 1000, quiet: quiet)
            #expect(a.segments == [.init(from: 0, to: 10, x0: 0, x1: 1000, factor: 1)])
            #expect(a.x(2.5) == 250)
        }
        // Nine quiet seconds for one busy one would need 27×: at most 20×.
        let waiting = TimelineAxis(from: 0, to: 10, x0: 0, x1: 1000, quiet: [1...10])
        #expect(waiting.segments.map(\.factor) == [1, 20])
    }
}
