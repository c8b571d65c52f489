import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// SPEC §4.4 and §13.1's keys under `touches uikit`, through the session: the scene keys, their
/// validation, `tree`, and the rules the traces in `Traces/touches/` do not show.
struct ContentTouchTests {
    static let scene = """
        name: keys
        window: [390, 600]
        root:
          - list: list
            frame: [0, 0, 390, 600]
            rows: 40
            rowHeight: 60
            delaysContentTouches: KEEP
            canCancelContentTouches: CANCEL
            children:
              - view: buy
                frame: [20, 270, 150, 44]
                control: true
        """

    func session(delays: Bool = true, cancels: Bool = true) -> Session {
        let files = MemoryFiles()
        files.files["keys.yaml"] = Self.scene
            .replacingOccurrences(of: "KEEP", with: delays ? "true" : "false")
            .replacingOccurrences(of: "CANCEL", with: cancels ? "true" : "false")
        var s = Session(scene: BuiltinScenes.tabs, ref: "tabs", files: files)
        #expect(!s.run("load keys.yaml").failed)
        _ = s.run("set touches uikit")
        return s
    }

    func lines(_ s: inout Session, _ line: String) -> [String] { s.run(line).lines.map(\.text) }

    func expectOK(_ s: inout Session, _ line: String) {
        #expect(!s.run("expect " + line).failed, "\(line)")
    }

    /// `delaysContentTouches: false`: the row has the touch at once (no `delayed` state), so a
    /// pan within 0.15 s cancels it.
    @Test func withoutTheDelayTheRowHasTheTouchAtOnce() {
        var s = session(delays: false)
        _ = s.run("touch 195 100")
        expectOK(&s, "touch.state == possible")
        #expect(lines(&s, "pan 0 -30").contains("cancel    list[1] touchesCancelled"))
        expectOK(&s, "list.offset == 30")
    }

    /// `canCancelContentTouches: false`: once the row has the touch the pan fails, nothing
    /// scrolls, and the row's tap fails as moved (a row is no control: §4.2's slop applies).
    @Test func anOwnerThatCannotCancelKeepsTheContentsTouch() {
        var s = session(cancels: false)
        _ = s.run("touch 195 100")
        _ = s.run("wait 200ms")
        let out = lines(&s, "pan 0 -30")
        #expect(out.contains("pan       vertical failed"))
        #expect(out.contains("tap       list[1] failed: moved 30 > slop 10"))
        expectOK(&s, "list.offset == 0")
        _ = s.run("end")
        expectOK(&s, "tap == moved")
        // Within the delay the row never had the touch: the same drag scrolls.
        _ = s.run("pan 0 -30")
        expectOK(&s, "list.offset == 30")
    }

    /// Without a delaying scroll view a control has the touch at once: no drag starts on it.
    @Test func aControlWithoutTheDelayNeverStartsADrag() {
        var s = session(delays: false)
        _ = s.run("pan 0 -30 at 95 290")
        expectOK(&s, "list.offset == 0")
        expectOK(&s, "phase == touching")
    }

    /// A quick tap (lift before 0.15 s) delivers began and ended at once; under `touches
    /// simple` there is no delivery line.
    @Test func aQuickTapIsDeliveredAtTheLift() {
        var s = session()
        let out = lines(&s, "tap 195 100")
        #expect(
            out.contains("deliver   list[1] touchesBegan and touchesEnded at the lift, after 0 s"))
        expectOK(&s, "tap == delivered")
        _ = s.run("set touches simple")
        #expect(!lines(&s, "tap 195 100").contains { $0.hasPrefix("deliver") })
    }

    /// The delivery is a JSON event `deliver`.
    @Test func theDeliveryIsAJSONEvent() {
        var s = session()
        _ = s.run("touch 195 100")
        _ = s.run("set output json")
        let out = lines(&s, "wait 200ms").joined(separator: "\n")
        #expect(out.contains(#""kind":"deliver""#))
        #expect(out.contains(#""target":"list[1]","after":0.15,"lift":false"#))
    }

    /// `tree` shows the keys that are not their default.
    @Test func treeShowsTheKeys() {
        var s = session(delays: false, cancels: false)
        let tree = lines(&s, "tree")
        #expect(tree.contains { $0.contains("delaysContentTouches no canCancelContentTouches no") })
        #expect(tree.contains { $0.hasPrefix("    buy  view") && $0.hasSuffix(" control") })
    }

    /// `scrollingExpands` on a custom sheet is a scene error (SPEC §5.10).
    @Test func scrollingExpandsOnACustomSheetIsAnError() throws {
        let text = """
            name: s
            window: [390, 844]
            root:
              - sheet: sheet
                detents: {full: 100, half: 420}
                scrollingExpands: false
            """
        do {
            _ = try SceneLoader(file: "s.yaml", text: text).load()
            Issue.record("loaded")
        } catch {
            #expect(
                error.rendered
                    == "s.yaml:6:23: error: scrollingExpands applies to a system sheet only; add 'style: system' to 'sheet'"
            )
        }
        let system = text.replacingOccurrences(
            of: "scrollingExpands", with: "style: system\n    scrollingExpands")
        let scene = try SceneLoader(file: "s.yaml", text: system).load()
        guard case .sheet(let cfg) = scene.root[0].kind else {
            Issue.record("a sheet")
            return
        }
        #expect(cfg.style == .system && !cfg.expands)
    }
}

extension ContentTouchTests {
    /// SPEC §13.4: the keys of §4.4 and §5.10 change from the session; `scrollingExpands` only on
    /// a system sheet.
    @Test func theKeysChangeFromTheSession() {
        var s = session()
        _ = s.run("set list.delaysContentTouches no")
        _ = s.run("touch 195 100")
        expectOK(&s, "touch.state == possible")
        _ = s.run("end")
        var sheet = Session(scene: BuiltinScenes.sheet, ref: "sheet", files: MemoryFiles())
        #expect(sheet.run("set sheet.scrollingExpands no").failed)
        #expect(!sheet.run("set sheet.style system").failed)
        #expect(!sheet.run("set sheet.scrollingExpands no").failed)
        #expect(lines(&sheet, "tree").contains { $0.contains(" style system scrollingExpands no") })
    }
}

extension ContentTouchTests {
    /// SPEC §5.10 under `nested` and `outer`: a drag begun with the list scrolled is the list's
    /// alone on a system sheet (it bounces at its top), where a custom sheet under `nested`
    /// scrolls the list back to its top and then moves the sheet in the same gesture.
    @Test func aSystemSheetLeavesADragOnScrolledContentToTheContent() {
        for (policy, style, top) in [
            ("nested", "system", 100.0), ("outer", "system", 100), ("nested", "custom", 200),
        ] {
            var s = Session(scene: BuiltinScenes.sheet, ref: "sheet", files: MemoryFiles())
            _ = s.run("set policy \(policy)")
            _ = s.run("set sheet.style \(style)")
            // Full (100), then the list scrolled 200.
            _ = s.run("pan 0 -520")
            _ = s.run("end 0 0")
            expectOK(&s, "sheet.top == 100")
            expectOK(&s, "studios.offset == 200")
            // Back 300: custom nested takes 200 from the list, then 100 from the sheet.
            _ = s.run("pan 0 300")
            expectOK(&s, "sheet.top == \(NumberFormat.format(top))")
            if style == "system" { expectOK(&s, "studios.offset < 0") }
        }
    }
}

extension ContentTouchTests {
    /// Under `touches uikit` a finger that reaches the slop (10 pt, ≥) fails the tap, and the line
    /// says `≥`; under `simple` the same 10 pt is still a tap.
    @Test func reachingTheSlopFailsTheTap() {
        var s = session()
        _ = s.run("touch 195 100")
        #expect(lines(&s, "move 10 0").contains("tap       list[1] failed: moved 10 ≥ slop 10"))
        _ = s.run("end")
        expectOK(&s, "tap == moved")
        _ = s.run("set touches simple")
        _ = s.run("touch 195 100")
        _ = s.run("move 10 0")
        _ = s.run("end")
        expectOK(&s, "tap == delivered")
    }
}
