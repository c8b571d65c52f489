import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// `show` and `ID.alpha` (issue 10).
struct DrawingTests {
    func session(_ name: String) -> Session {
        Session(scene: BuiltinScenes.named(name)!, ref: name, files: MemoryFiles())
    }

    /// `upcoming` starts at y 244, on text row 244/20 → 12, the row its border is drawn on; row 0
    /// starts there too, so its label goes on the next line.
    @Test func rowZeroUnderABorderKeepsItsLabel() {
        var s = session("tabs")
        let lines = s.run("show").lines.map(\.text)
        #expect(lines[12].hasPrefix("+upcoming---"))
        #expect(lines[13].hasPrefix("|[0] "))
        // Row 1 starts at 304: text row 15.
        #expect(lines[15].hasPrefix("|[1] "))
    }

    /// Stretched by a 150 pt pull, the photo is b(150) = 75.15 pt taller: 375.15 tall, its bottom
    /// border on text row 375.15/20 → 18, where row 0 of `table` starts (offset -375.15). The
    /// photo is drawn after the table, so row 0's label goes on the line below its border; rows
    /// under the photo get none.
    @Test func aRowUnderABoxDrawnLaterKeepsItsLabel() {
        var s = session("stretchy")
        _ = s.run("pan 0 150")
        let lines = s.run("show").lines.map(\.text).filter {
            $0.hasPrefix("|") || $0.hasPrefix("+")
        }
        #expect(lines[18].hasPrefix("+-----"))
        #expect(lines[19].hasPrefix("|[0] "))
        #expect(lines[23].hasPrefix("|[1] "))  // 375.15 + 100 = 475.15 → text row 23
        #expect(!lines[0..<18].contains { $0.contains("[") })
    }

    /// 0.3 s cross-dissolve: 9 frames at 60 fps is half of it.
    @Test func switcherPagesCrossDissolve() {
        var s = session("switcher")
        #expect(s.run("show").lines.last?.text == "alpha: first 1, second 0")
        _ = s.run("tab second")
        _ = s.run("step 9")
        #expect(s.run("show").lines.last?.text == "alpha: first 0.5, second 0.5")
        #expect(!s.run("expect first.alpha == 0.5").failed)
        #expect(!s.run("expect second.alpha == 0.5").failed)
        _ = s.run("step 3")  // 0.2 of 0.3 s
        #expect(!s.run("expect second.alpha ~= 0.6667 ± 0.0001").failed)
        #expect(!s.run("expect first.alpha == 0.33").failed)
        _ = s.run("settle")
        #expect(!s.run("expect first.alpha == 0").failed)
        #expect(!s.run("expect second.alpha == 1").failed)
        #expect(!s.run("expect button.alpha == 1").failed)
    }

    /// The backdrop goes linearly from 0 at half (420) to 0.3 at full (100): at 260 it is 0.15.
    @Test func backdropAlphaFollowsTheSheet() {
        var s = session("sheet")
        #expect(s.run("show").lines.last?.text == "alpha: sheet.backdrop 0")
        _ = s.run("pan 0 -160 at 195 438")  // the grabber: the sheet alone, to 260
        #expect(!s.run("expect sheet.top == 260").failed)
        #expect(!s.run("expect sheet.backdrop.alpha == 0.15").failed)
        #expect(s.run("show").lines.last?.text == "alpha: sheet.backdrop 0.15")
    }

    @Test func staticAlphaAndUnknownNodes() throws {
        let yaml = """
            name: faded
            root:
              - view: faded
                frame: [0, 0, 390, 100]
                alpha: 0.4
            """
        let scene = try SceneLoader(file: "faded.yaml", text: yaml).load()
        var s = Session(scene: scene, ref: "faded.yaml", files: MemoryFiles())
        #expect(!s.run("expect faded.alpha == 0.4").failed)
        #expect(s.run("expect faded.alpha == 1").failed)
        #expect(s.run("show").lines.last?.text == "alpha: faded 0.4")
        let r = s.run("expect nothing.alpha == 1")
        #expect(r.failed && r.lines.allSatisfy(\.isError))
    }
}
