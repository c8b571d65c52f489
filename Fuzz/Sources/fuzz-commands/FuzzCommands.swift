import FuzzSupport
import HandoffCore
import HandoffScript

/// Commands against a built-in scene. The first byte picks the scene and the output mode (a digit
/// d: scene d % 5, JSON when d >= 5; any other byte b: b % 10 likewise); the rest is a script, one
/// command a line, run as `--script` runs it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommands(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = UnsafeRawBufferPointer(UnsafeBufferPointer(start: start, count: count))
    if Canary.enabled { return Canary.check(data) }
    guard let first = data.first else { return 0 }
    let digit = (0x30...0x39).contains(first) ? Int(first) - 0x30 : Int(first) % 10
    let name = BuiltinScenes.names[digit % BuiltinScenes.names.count]
    guard let scene = BuiltinScenes.named(name) else { return 0 }
    let files = Fixtures.files()
    var session = Session(scene: scene, ref: name, files: files)
    session.json = digit >= 5
    var number = 0
    let script = fuzzText(UnsafeRawBufferPointer(rebasing: data.dropFirst()))
    for line in script.split(separator: "\n", omittingEmptySubsequences: false) {
        number += 1
        let result = session.run(String(line), lineNumber: number)
        Oracles.printable(result.lines)
        if result.quit { break }
    }
    return 0
}
