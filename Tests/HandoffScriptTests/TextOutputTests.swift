import Testing

@testable import HandoffScript

struct TextOutputTests {
    /// A line longer than the room `line` reserves for it is written whole (again, with more
    /// room): ids and paths have no length limit. Every kind of piece, at lengths around the word
    /// copies' thresholds and the room.
    @Test func aLineLongerThanItsRoomIsWrittenWhole() {
        for length in [0, 1, 3, 4, 7, 8, 15, 16, 17, 200, 255, 256, 257, 300, 1000, 5000] {
            let id = String(repeating: "a", count: length)
            var out = TextOutput()
            out.line { w in
                w.label("owner")
                w.put(id)
                w.put(" at " as StaticString)
                w.put(12.5)
                w.spaces(3)
                w.put(42)
            }
            out.line(room: 1) { w in
                w.put(id)
                w.put(-7)
                w.put(123_456.789)
            }
            #expect(out.count == 2)
            #expect(out.text(0) == "owner     \(id) at 12.5   42")
            #expect(out.text(1) == "\(id)-7123456.79")
        }
    }
}
