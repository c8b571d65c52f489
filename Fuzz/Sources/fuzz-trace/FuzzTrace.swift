import FuzzSupport
import HandoffScript

/// A trace verified in memory, as `handoff test` does (and, for inputs of odd length, as
/// `test --update` does, keeping the rewritten trace in memory). The trace is also readable at
/// `fuzz.trace` beside `scene.yaml`, so `# scene:` and `replay` have something to find.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrace(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = UnsafeRawBufferPointer(UnsafeBufferPointer(start: start, count: count))
    if Canary.enabled { return Canary.check(data) }
    let text = fuzzText(data)
    let files = Fixtures.files(adding: [Fixtures.tracePath: text])
    var runner = TraceRunner.run(
        file: Fixtures.tracePath, text: text, files: files, update: count % 2 == 1)
    let outcome = runner.finish()
    let summary = TraceRunner.summary(file: Fixtures.tracePath, outcome: outcome)
    Oracles.printable([OutputLine(summary)])
    Oracles.noWrites(files)
    return 0
}
