// SPEC §9 for the debugger: `back` ≤ 50 ms at any point of a 1,000,000-command session, `back
// break` and `compare` no more than one re-run, ≤ 64 bytes per command of history on average.
import Foundation
import HandoffCore
import HandoffScript

/// The resident memory now, in bytes (Linux `/proc/self/statm`), to measure what the history
/// costs.
private func heapInUse() -> Int {
    let text = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
    let pages = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

private func millis(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) / 1e15
}

private struct BenchFiles: FileAccess {
    func read(_ path: String) throws(FileError) -> String { throw FileError("none") }
    func exists(_ path: String) -> Bool { false }
    func create(_ path: String, _ text: String) throws(FileError) {}
    func append(_ path: String, _ text: String) throws(FileError) {}
}

/// Builds a session of `commands` commands (the replay benchmark's 12-command cycle), then
/// times `back` along its end, `back break` with a breakpoint that never fired (the whole
/// history re-run) and `compare`.
func benchDebugger(commands: Int) {
    let label = { (s: String) in s.padding(toLength: 34, withPad: " ", startingAt: 0) }
    let cycle = [
        "pan 0 -150", "move 0 -100", "move 0 60", "end 0 -900", "wait 50ms", "touch 195 500",
        "end", "tab next", "settle", "tab prev", "settle", "step",
    ]
    let clock = ContinuousClock()
    let heap0 = heapInUse()
    var session = Session(scene: BuiltinScenes.tabs, ref: "tabs", files: BenchFiles())
    let t0 = clock.now
    for k in 0..<commands { _ = session.run(cycle[k % cycle.count]) }
    let build = clock.now - t0
    let heap = heapInUse() - heap0
    let perRun = millis(build) * 1000 / Double(commands)
    print(
        label("session, \(commands) commands")
            + " \(String(format: "%.2f", millis(build) / 1000)) s (\(String(format: "%.2f", perRun)) µs/command, output rendered), \(String(format: "%.1f", Double(heap) / Double(max(1, session.historyCount)))) bytes/command of resident memory  (≤ 64 bytes/command)"
    )
    // What keeping the history costs a command: the same commands in a session that keeps none.
    do {
        let n = min(commands, 200_000)
        var plain = Session(scene: BuiltinScenes.tabs, ref: "tabs", files: BenchFiles())
        plain.keepsHistory = false
        var kept = Session(scene: BuiltinScenes.tabs, ref: "tabs", files: BenchFiles())
        var a = Duration.zero
        var b = Duration.zero
        // Each command runs in both, in turns first, so neither profits from the other's caches.
        for k in 0..<n {
            let c = cycle[k % cycle.count]
            if k % 2 == 0 {
                let t = clock.now
                _ = plain.run(c)
                let u = clock.now
                _ = kept.run(c)
                a += u - t
                b += clock.now - u
            } else {
                let t = clock.now
                _ = kept.run(c)
                let u = clock.now
                _ = plain.run(c)
                b += u - t
                a += clock.now - u
            }
        }
        print(
            label("history kept, per command")
                + " \(String(format: "%.3f", (millis(b) - millis(a)) * 1000 / Double(n))) µs more than without (\(n) commands)"
        )
    }
    // `back` one command at a time along the end: every distance to a checkpoint is met.
    var backs: [Double] = []
    for _ in 0..<2_500 {
        let t = clock.now
        _ = session.run("back")
        backs.append(millis(clock.now - t))
    }
    backs.sort()
    print(
        label("back, end of the session")
            + " median \(String(format: "%.2f", backs[backs.count / 2])) ms  max \(String(format: "%.2f", backs.last!)) ms over 2500  (≤ 50 ms)"
    )
    let t1 = clock.now
    _ = session.run("back 400000")
    print(label("back 400000") + " \(String(format: "%.2f", millis(clock.now - t1))) ms  (≤ 50 ms)")
    let left = Double(session.historyCount)
    _ = session.run("break refuse")
    let t2 = clock.now
    _ = session.run("back break")
    let backBreak = millis(clock.now - t2)
    print(
        label("back break, nothing to find")
            + " \(String(format: "%.2f", backBreak / 1000)) s: all \(session.historyCount) commands re-run, \(String(format: "%.2f", backBreak * 1000 / left)) µs/command  (≤ one re-run: \(String(format: "%.2f", perRun)) µs/command)"
    )
    _ = session.run("delete all")
    for (setting, what) in [("policy uikit", "differs at once"), ("slop 12", "never differs")] {
        let t = clock.now
        _ = session.run("compare \(setting)")
        let ms = millis(clock.now - t)
        print(
            label("compare \(setting)")
                + " \(String(format: "%.2f", ms / 1000)) s, \(String(format: "%.2f", ms * 1000 / left)) µs/command (\(what))  (≤ one re-run: \(String(format: "%.2f", perRun)) µs/command)"
        )
    }
}
