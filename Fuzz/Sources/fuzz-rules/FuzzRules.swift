import FuzzSupport
import HandoffCore
import HandoffScript

/// The app's own code (SPEC §13): the input is the `gestures` and `on` keys of a fixed scene (a
/// collapsing header over a pager of lists, a button and a sheet), as text. When the scene loads,
/// a fixed session drives it, so every rule set the loader accepts meets drags, flings, taps, tab
/// switches, `back`, `compare rule 1 off` and the debugger (a loop must be a hazard, not a hang).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRules(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = UnsafeRawBufferPointer(UnsafeBufferPointer(start: start, count: count))
    if Canary.enabled { return Canary.check(data) }
    let scene: Scene
    do {
        scene = try SceneLoader(file: "fuzz.yaml", text: base + fuzzText(data)).load()
    } catch {
        Oracles.printable([OutputLine(error.rendered)])
        return 0
    }
    var session = Session(scene: scene, ref: "fuzz.yaml", files: Fixtures.files())
    for line in drive {
        Oracles.printable(session.run(line).lines)
        while session.isStopped { Oracles.printable(session.run("continue").lines) }
    }
    return 0
}

let base = """
    window: [390, 844]
    root:
      - scroll: outer
        frame: [0, 0, 390, 844]
        content: 1044
        nested: {pre: forward, post: backward, fling: handoff}
        children:
          - tabs: menu
            frame: [0, 200, 390, 44]
            segments: [first, second]
            controls: pager
          - pager: pager
            frame: [0, 244, 390, 800]
            pages:
              - list: first
                rows: 40
                rowHeight: 50
              - list: second
                rows: 6
                rowHeight: 50
      - view: button
        frame: [300, 0, 90, 44]
        tap: true
      - sheet: sheet
        detents: {full: 100, tip: 800}
        initial: tip

    """

let drive = [
    "break code", "break hazard", "tree", "pan 0 -300 over 200ms at 195 500", "why",
    "end 0 -2000", "wait 100ms", "tap 195 500", "settle", "set policy uikit",
    "pan 0 -200 over 100ms at 195 400", "end 0 1500", "settle", "tab next", "tap button",
    "settle", "set rule 1 off", "swipe 0 -400", "settle", "back 3", "compare rule 1 off",
    "hazards", "state --json",
]
