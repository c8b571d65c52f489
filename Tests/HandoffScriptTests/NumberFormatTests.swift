import Testing

@testable import HandoffScript

struct NumberFormatTests {
    @Test(arguments: [
        (120.0, "120"), (52.77, "52.77"), (0.5, "0.5"), (-0.0, "0"), (-0.001, "0"),
        (51.4619883, "51.46"),
        (-351.6351, "-351.64"), (0.1 + 0.2, "0.3"), (1e6, "1000000"), (2.005, "2.01"),
        (-14.355, "-14.36"),
    ])
    func format(value: Double, text: String) {
        #expect(NumberFormat.format(value) == text)
    }

    @Test func durations() {
        #expect(NumberFormat.duration(0.05) == "50ms")
        #expect(NumberFormat.duration(0.3) == "300ms")
        #expect(NumberFormat.duration(2) == "2s")
        #expect(NumberFormat.duration(1.5) == "1500ms")
    }
}
