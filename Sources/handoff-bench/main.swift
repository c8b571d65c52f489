// Measures SPEC §9 in a release build (`make bench`). Timings are wall-clock on this machine; the
// targets are: move ≤ 2 µs median on the built-in scenes and ≤ 10 µs p99 on a generated scene with
// 100,000 rows and 6 nested scroll levels; a 1,000,000-command replay ≤ 2 s with flat memory;
// start-up to the first prompt ≤ 50 ms.
import Foundation
import HandoffCore
import HandoffScript

func percentile(_ xs: [Double], _ p: Double) -> Double {
    let s = xs.sorted()
    return s[min(s.count - 1, Int(Double(s.count) * p))]
}

func micros(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1e6 + Double(d.components.attoseconds) / 1e12
}

/// Times `moves` finger moves on a scene, each one alone; returns per-move microseconds.
func timeMoves(_ scene: Scene, at point: Point, moves: Int, step: Double) -> [Double] {
    var sim = Simulator(scene: scene)
    try! sim.touchDown(at: point)
    try! sim.move(by: Point(0, -20))  // past the slop: a pan is active
    _ = sim.drainEvents()
    var out: [Double] = []
    out.reserveCapacity(moves)
    let clock = ContinuousClock()
    for k in 0..<moves {
        let dy = (k / 200) % 2 == 0 ? -step : step  // up and down, crossing handoffs
        let t0 = clock.now
        try! sim.move(by: Point(0, dy))
        let t1 = clock.now
        _ = sim.drainEvents()
        out.append(micros(t1 - t0))
    }
    return out
}

/// 6 nested vertical scroll levels; the innermost is a list of 100,000 rows.
func deepScene() -> Scene {
    var node = Node(
        id: "rows", kind: .list(ScrollConfig(), .uniform(count: 100_000, height: 44)),
        frame: Rect(0, 0, 390, 700))
    for level in (1...5).reversed() {
        let config = ScrollConfig(
            content: 2000, bounces: false, nested: NestedPolicy(pre: .forward, post: .backward))
        var s = Node(
            id: "level\(level)", kind: .scroll(config),
            frame: Rect(0, 0, 390, 844 - Double(level) * 20))
        node.frame = Rect(0, 100, 390, 700)
        s.children = [node]
        node = s
    }
    return Scene(name: "deep", window: Point(390, 844), root: [node])
}

func report(_ name: String, _ xs: [Double], target: String) {
    let f = { (x: Double) in String(format: "%.3f", x) }
    print(
        "\(name.padding(toLength: 34, withPad: " ", startingAt: 0)) median \(f(percentile(xs, 0.5))) µs  p99 \(f(percentile(xs, 0.99))) µs  (\(target))"
    )
}

print("handoff-bench (release build, \(ProcessInfo.processInfo.activeProcessorCount) cores)")
for name in BuiltinScenes.names {
    let scene = BuiltinScenes.named(name)!
    var xs: [Double] = []
    for _ in 0..<3 { xs = timeMoves(scene, at: scene.touchPoint, moves: 200_000, step: 3) }
    report("move, \(name)", xs, target: "median ≤ 2 µs")
}
let deep = timeMoves(deepScene(), at: Point(195, 700), moves: 200_000, step: 7)
report("move, 100k rows × 6 levels", deep, target: "p99 ≤ 10 µs")

// Hit testing on the deep scene: O(depth + log rows).
do {
    let sim = Simulator(scene: deepScene())
    let clock = ContinuousClock()
    var xs: [Double] = []
    for k in 0..<100_000 {
        let p = Point(195, 600 + Double(k % 200))
        let t0 = clock.now
        _ = sim.layout.hitTest(p)
        xs.append(micros(clock.now - t0))
    }
    report("hit test, 100k rows × 6 levels", xs, target: "O(depth + log rows)")
}

// Importing a 2,000-line UIKit dump (SPEC §11): a table of 500 cells, 4 real-style lines each.
do {
    var dump =
        "(lldb) po [self.view recursiveDescription]\n<UITableView: 0x7f912589c000; frame = (0 0; 414 896); clipsToBounds = YES; gestureRecognizers = <NSArray: 0x6000002c8ab0>; layer = <CALayer: 0x600000c77e40>; contentOffset: {0, -88}; contentSize: {414, 24950}; adjustedContentInset: {88, 0, 83, 0}; dataSource: <DiscoverViewController: 0x7f912571c530>>\n"
    for k in 0..<500 {
        dump +=
            "   | <SettingCell: 0x7f91278\(k); baseClass = UITableViewCell; frame = (0 \(k * 50); 414 50); text = 'row \(k)'; autoresize = W; layer = <CALayer: 0x600000600700>>\n"
            + "   |    | <UITableViewCellContentView: 0x7f91270\(k); frame = (0 0; 359 50); gestureRecognizers = <NSArray: 0x600001ef01b0>; layer = <CALayer: 0x600000600bc0>>\n"
            + "   |    |    | <UITableViewLabel: 0x7f91271\(k); frame = (57 14.8333; 52 20.3333); text = 'row \(k)'; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x600002c34000>>\n"
            + "   |    | <_UITableViewCellSeparatorView: 0x107d4\(k); frame = (0 49.5; 414 0.5); layer = <CALayer: 0x2801ec1a0>>\n"
    }
    let clock = ContinuousClock()
    var xs: [Double] = []
    for _ in 0..<20 {
        let t0 = clock.now
        _ = try! UIKitImporter(file: "bench.txt", name: "bench", text: dump).run()
        xs.append(micros(clock.now - t0) / 1000)
    }
    let lines = dump.split(separator: "\n").count
    print(
        "import, \(lines)-line UIKit dump".padding(toLength: 34, withPad: " ", startingAt: 0)
            + " median \(String(format: "%.2f", percentile(xs, 0.5))) ms  max \(String(format: "%.2f", xs.max()!)) ms  (≤ 50 ms)"
    )
}

benchPlot()

// Replay of a 1,000,000-command trace through the release binary.
let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("handoff")
let commands = Int(ProcessInfo.processInfo.environment["BENCH_COMMANDS"] ?? "") ?? 1_000_000
let tracePath = NSTemporaryDirectory() + "handoff-bench-\(commands).trace"
if !FileManager.default.fileExists(atPath: tracePath) {
    print("writing a \(commands)-command trace to \(tracePath) …")
    _ = FileManager.default.createFile(atPath: tracePath, contents: nil)
    let handle = FileHandle(forWritingAtPath: tracePath)!
    final class NoFiles: FileAccess {
        func read(_ path: String) throws(FileError) -> String { throw FileError("none") }
        func exists(_ path: String) -> Bool { false }
        func create(_ path: String, _ text: String) throws(FileError) {}
        func append(_ path: String, _ text: String) throws(FileError) {}
    }
    var session = Session(scene: BuiltinScenes.tabs, ref: "tabs", files: NoFiles())
    session.keepsHistory = false
    var buffer = Trace.header(scene: "tabs")
    let cycle = [
        "pan 0 -150", "move 0 -100", "move 0 60", "end 0 -900", "wait 50ms", "touch 195 500", "end",
        "tab next", "settle", "tab prev", "settle", "step",
    ]
    for k in 0..<commands {
        let c = cycle[k % cycle.count]
        buffer += Trace.block(command: c, output: session.run(c).lines.map(\.text))
        if buffer.utf8.count > 1 << 20 {
            handle.write(Data(buffer.utf8))
            buffer = ""
        }
    }
    handle.write(Data(buffer.utf8))
    try? handle.close()
}
let size = (try? FileManager.default.attributesOfItem(atPath: tracePath)[.size] as? Int) ?? 0
let p = Process()
p.executableURL = URL(fileURLWithPath: "/usr/bin/time")
p.arguments = ["-f", "%e s wall, %M KiB max RSS", binary.path, "replay", tracePath]
let err = Pipe()
p.standardError = err
p.standardOutput = FileHandle.nullDevice
try p.run()
p.waitUntilExit()
let timing = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    .trimmingCharacters(in: .whitespacesAndNewlines)
print(
    "replay, \(commands) commands (\(size / 1_000_000) MB)".padding(
        toLength: 34, withPad: " ", startingAt: 0)
        + " \(timing), exit \(p.terminationStatus)  (≤ 2 s, flat memory)")

// Start-up: spawn the binary with stdin at end of file (it loads the default scene, reads no
// command and exits) — best of 20, timed around posix_spawn and waitpid.
var best = Double.infinity
for _ in 0..<20 {
    var pid: pid_t = 0
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup(binary.path), nil]
    let t0 = ContinuousClock.now
    posix_spawn(&pid, binary.path, &actions, nil, argv, environ)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    best = min(best, micros(ContinuousClock.now - t0) / 1000)
    posix_spawn_file_actions_destroy(&actions)
    free(argv[0])
}
print(
    "start-up to first command".padding(toLength: 34, withPad: " ", startingAt: 0)
        + " \(String(format: "%.1f", best)) ms best of 20  (≤ 50 ms)")

// The debugger (SPEC §9): back, back break and compare on a session of that many commands.
benchDebugger(commands: commands)
