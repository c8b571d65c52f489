import HandoffCore
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

    /// The words `LineWriter` writes for the core's named states are their `rawValue`s (the
    /// text and `--json` spell them so).
    @Test func namedStatesAreWrittenAsTheirRawValues() {
        func written(_ body: (inout LineWriter) -> Void) -> String {
            var out = TextOutput()
            out.line(body)
            return out.text(0)
        }
        for p in [SharePhase.pre, .self, .post, .overscroll] {
            #expect(written { $0.put(p) } == p.rawValue)
        }
        for s in [
            RecognizerState.possible, .began, .changed, .ended, .cancelled, .failed, .recognized,
        ] {
            #expect(written { $0.put(s) } == s.rawValue)
        }
        for a in Axis.allCases { #expect(written { $0.put(a) } == a.rawValue) }
        for k in [AnimationKind.momentum, .bounce, .page, .detent, .snap, .transition] {
            #expect(written { $0.put(k) } == k.rawValue)
        }
    }
}
