import FuzzSupport
import HandoffCore
import HandoffScript

/// A scene file (YAML or JSON text) or a UIKit dump, told apart as `load` tells them (SPEC §11).
/// When it loads, a short fixed session drives it, so the simulator and the renderers see every
/// shape of scene the loader and the importer accept.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScene(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = UnsafeRawBufferPointer(UnsafeBufferPointer(start: start, count: count))
    if Canary.enabled { return Canary.check(data) }
    let text = fuzzText(data)
    let scene: Scene
    do {
        if UIKitDump.looksLikeDump(text) {
            scene = try UIKitImporter(file: "fuzz.txt", name: "fuzz", text: text).run().scene
        } else {
            scene = try SceneLoader(file: "fuzz.yaml", text: text).load()
        }
    } catch {
        Oracles.printable([OutputLine(error.rendered)])
        return 0
    }
    var session = Session(scene: scene, ref: "fuzz.yaml", files: Fixtures.files())
    for line in drive {
        Oracles.printable(session.run(line).lines)
    }
    session.json = true
    for line in ["state", "tap 1", "swipe 0 300", "settle"] {
        Oracles.printable(session.run(line).lines)
    }
    return 0
}

let drive = [
    "tree", "show", "state", "pan 0 -120", "why", "end 0 -1500", "settle", "why", "pan -80 0",
    "end -900 0", "settle", "tab next", "settle",
]
