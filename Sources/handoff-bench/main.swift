// Measures SPEC §9 in a release build (`make bench`) and prints every figure beside its target.
// Timings are wall-clock on this machine (best of a few runs where a run is short), so they vary
// with the machine and its load. Each measure is one function; the calls are at the end.
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

/// `name` in a fixed column, then the figure and its target.
func row(_ name: String, _ figure: String, target: String) {
    print(name.padding(toLength: 38, withPad: " ", startingAt: 0) + " \(figure)  (\(target))")
}

func report(_ name: String, _ xs: [Double], target: String) {
    let f = { (x: Double) in String(format: "%.3f", x) }
    row(
        name, "median \(f(percentile(xs, 0.5))) µs  p99 \(f(percentile(xs, 0.99))) µs",
        target: target)
}

/// The `handoff` binary built beside this one.
let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("handoff").path
let cores = ProcessInfo.processInfo.activeProcessorCount
let workDir = NSTemporaryDirectory() + "handoff-bench/"

/// One run of the binary: wall time around spawn and exit, its peak memory, its exit status.
struct Run {
    var seconds: Double
    var maxRSSKiB: Int
    var status: Int32
    var megabytes: String { String(format: "%.1f MB", Double(maxRSSKiB) / 1024) }
}

/// Runs `handoff ARGS` with standard input empty and standard output to `output` (default:
/// none). Its peak memory comes from `/usr/bin/time` (the rusage of a spawned child also counts
/// the parent's pages from before `exec`); `memory: false` runs the binary alone.
func spawn(_ args: [String], output: String = "/dev/null", memory: Bool = true) -> Run {
    let rssFile = workDir + "rss.txt"
    let command = memory ? ["/usr/bin/time", "-f", "%M", "-o", rssFile, binary] : [binary]
    var pid: pid_t = 0
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = (command + args).map { strdup($0) } + [nil]
    let t0 = ContinuousClock.now
    posix_spawn(&pid, command[0], &actions, nil, argv, environ)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    let seconds = micros(ContinuousClock.now - t0) / 1e6
    posix_spawn_file_actions_destroy(&actions)
    for a in argv { free(a) }
    let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    let rss = memory ? (try? String(contentsOfFile: rssFile, encoding: .utf8)) ?? "" : ""
    // `/usr/bin/time` adds a "Command exited with non-zero status" line before the figure.
    let kib = Int(rss.split(separator: "\n").last.map(String.init) ?? "") ?? 0
    return Run(seconds: seconds, maxRSSKiB: kib, status: exit)
}

/// The fastest of `n` runs (the machine is shared: the best run is the least disturbed).
func best(_ n: Int, _ args: [String], memory: Bool = true) -> Run {
    var runs = (0..<n).map { _ in spawn(args, memory: memory) }
    runs.sort { $0.seconds < $1.seconds }
    return runs[0]
}

/// The benchmark's mixed 12-command cycle (SPEC §9): drags with handoffs, a fling caught by a
/// touch, tabs and settles.
let cycle = [
    "pan 0 -150", "move 0 -100", "move 0 60", "end 0 -900", "wait 50ms", "touch 195 500", "end",
    "tab next", "settle", "tab prev", "settle", "step",
]

/// A script of `n` commands of the cycle, written once into the work folder.
func cycleScript(_ n: Int) -> String {
    let path = workDir + "cycle-\(n).txt"
    if !FileManager.default.fileExists(atPath: path) {
        var text = ""
        text.reserveCapacity(n * 10)
        for k in 0..<n { text += cycle[k % cycle.count] + "\n" }
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }
    return path
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

/// A move event: median on each built-in scene, p99 on the deep scene.
func benchMoves() {
    for name in BuiltinScenes.names {
        let scene = BuiltinScenes.named(name)!
        var xs: [Double] = []
        for _ in 0..<3 { xs = timeMoves(scene, at: scene.touchPoint, moves: 200_000, step: 3) }
        report("move, \(name)", xs, target: "median ≤ 2 µs")
    }
    let deep = timeMoves(deepScene(), at: Point(195, 700), moves: 200_000, step: 7)
    report("move, 100k rows × 6 levels", deep, target: "p99 ≤ 10 µs")
}

/// Hit testing on the deep scene: O(depth + log rows).
func benchHitTest() {
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

/// Importing a 2,000-line UIKit dump (SPEC §11): a table of 500 cells, 4 real-style lines each.
func benchImport() {
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
    row(
        "import, \(lines)-line UIKit dump",
        "median \(String(format: "%.2f", percentile(xs, 0.5))) ms  max \(String(format: "%.2f", xs.max()!)) ms",
        target: "≤ 50 ms")
}

/// Whole commands through the release binary, on the 12-command cycle: a script, the same script
/// recorded, and the recorded trace replayed; at 100,000 commands and at `BENCH_COMMANDS`
/// (default 1,000,000), so memory is seen to stay flat.
func benchCommands() {
    let big = Int(ProcessInfo.processInfo.environment["BENCH_COMMANDS"] ?? "") ?? 1_000_000
    var memory: [(n: Int, script: Run, replay: Run)] = []
    for n in Set([100_000, big]).sorted() {
        let script = cycleScript(n)
        let trace = workDir + "cycle-\(n).trace"
        let tries = 3
        let plain = best(tries, ["tabs", "--script", script])
        let recorded = best(tries, ["tabs", "--script", script, "--record", trace, "--force"])
        let replayed = best(tries, ["replay", trace])
        let size = (try? FileManager.default.attributesOfItem(atPath: trace)[.size] as? Int) ?? 0
        let count = n.formatted()
        func cost(_ r: Run) -> String {
            String(format: "%.2f s, %.2f µs/command, ", r.seconds, r.seconds * 1e6 / Double(n))
                + r.megabytes + (r.status == 0 ? "" : ", exit \(r.status)")
        }
        row("script, \(count) commands", cost(plain), target: "≤ 1 µs/command")
        row(
            "replay, \(count) commands (\(size / 1_000_000) MB)", cost(replayed),
            target: "≤ 1 s per 1,000,000")
        row(
            "recording, \(count) commands",
            cost(recorded)
                + String(format: " = %.2f× the plain run", recorded.seconds / plain.seconds),
            target: "≤ 2×")
        memory.append((n, plain, replayed))
    }
    if let first = memory.first, let last = memory.last, first.n != last.n {
        func growth(_ a: Run, _ b: Run) -> String {
            let bytes = Double(b.maxRSSKiB - a.maxRSSKiB) * 1024 / Double(last.n - first.n)
            return
                "\(a.megabytes) → \(b.megabytes) (\(String(format: "%.0f", max(0, bytes))) B/command)"
        }
        row(
            "memory, \(first.n.formatted()) → \(last.n.formatted()) commands",
            "script \(growth(first.script, last.script)), replay \(growth(first.replay, last.replay))",
            target: "streaming; a session keeps ≤ 64 B/command")
    }
}

/// `handoff test -j N`: the same traces verified by one process at a time and by one per core,
/// with the same output.
func benchTestJobs() {
    let n = 100_000
    let source = workDir + "cycle-\(n).trace"
    if !FileManager.default.fileExists(atPath: source) {
        _ = spawn(["tabs", "--script", cycleScript(n), "--record", source, "--force"])
    }
    let dir = workDir + "traces/"
    try? FileManager.default.removeItem(atPath: dir)
    try! FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let files = max(4, 2 * cores)
    for k in 0..<files {
        try! FileManager.default.copyItem(atPath: source, toPath: dir + "t\(k).trace")
    }
    var times: [Int: Double] = [:]
    var outputs: [Int: Data] = [:]
    for jobs in [1, cores] {
        let out = workDir + "test-j\(jobs).txt"
        var bestTime = Double.infinity
        for _ in 0..<2 {
            let r = spawn(["test", "-j", "\(jobs)", dir], output: out)
            bestTime = min(bestTime, r.status == 0 ? r.seconds : .infinity)
        }
        times[jobs] = bestTime
        outputs[jobs] = FileManager.default.contents(atPath: out)
    }
    let same = outputs[1] == outputs[cores] ? "same output" : "OUTPUT DIFFERS"
    row(
        "test -j \(cores), \(files) traces × \(n.formatted())",
        String(
            format: "-j 1 %.2f s, -j %d %.2f s: %.2f× faster, ", times[1]!, cores, times[cores]!,
            times[1]! / times[cores]!) + same,
        target: "N cores, same output in file order")
}

/// Memory of the two commands whose output grows with the session (issue 22): `history` after
/// `BENCH_COMMANDS` (default 1,000,000) commands, and `plot` of 100,000 commands to JSON Lines.
/// Both stream: the peak is the session's own memory plus the output being written.
func benchOutputMemory(commands: Int) {
    let history = workDir + "history-\(commands).txt"
    if !FileManager.default.fileExists(atPath: history) {
        try! FileManager.default.copyItem(atPath: cycleScript(commands), toPath: history)
        let handle = FileHandle(forWritingAtPath: history)!
        handle.seekToEndOfFile()
        handle.write(Data("history\n".utf8))
        handle.closeFile()
    }
    let listed = spawn(["tabs", "--script", history])
    row(
        "history after \(commands.formatted()) commands",
        String(format: "%.2f s, ", listed.seconds) + listed.megabytes + " peak"
            + (listed.status == 0 ? "" : ", exit \(listed.status)"),
        target: "< 150 MB")
    let n = 100_000
    let plotted = spawn(["plot", cycleScript(n), "-o", workDir + "plot.jsonl"])
    let size =
        (try? FileManager.default.attributesOfItem(atPath: workDir + "plot.jsonl")[.size] as? Int)
        ?? 0
    row(
        "plot of \(n.formatted()) commands to JSON Lines (\(size / 1_000_000) MB)",
        String(format: "%.2f s, ", plotted.seconds) + plotted.megabytes + " peak"
            + (plotted.status == 0 ? "" : ", exit \(plotted.status)"),
        target: "< 300 MB")
}

/// Start-up: spawn the binary with stdin at end of file (it loads the default scene, reads no
/// command and exits) — best of 20, timed around posix_spawn and waitpid.
func benchStartUp() {
    let r = best(20, [], memory: false)
    row(
        "start-up to first command", String(format: "%.1f ms best of 20", r.seconds * 1000),
        target: "≤ 50 ms")
}

// `handoff-bench mix SCENE …` and `handoff-bench fling …` print a generated script instead;
// `handoff-bench mixes` times only the realistic mixes (`BENCH_MIX_COMMANDS`, default 100,000).
if let status = printScript(Array(CommandLine.arguments.dropFirst())) { exit(status) }
print("handoff-bench (release build, \(cores) cores)")
try! FileManager.default.createDirectory(atPath: workDir, withIntermediateDirectories: true)
if CommandLine.arguments.dropFirst().first == "mixes" {
    benchMixes()
    exit(0)
}
benchMoves()
benchHitTest()
benchImport()
// The debugger (SPEC §9): back, back break and compare on a session of that many commands.
// Before the plot, whose timelines leave the process's resident memory high: the session's
// growth is measured as resident memory.
benchDebugger(
    commands: Int(ProcessInfo.processInfo.environment["BENCH_COMMANDS"] ?? "") ?? 1_000_000)
benchPlot()
benchCommands()
benchMixes()
benchOutputMemory(
    commands: Int(ProcessInfo.processInfo.environment["BENCH_COMMANDS"] ?? "") ?? 1_000_000)
benchTestJobs()
benchStartUp()
