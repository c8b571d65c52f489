// Realistic sessions (issue 28, SPEC §9), made by `SessionMix`: `handoff-bench mix SCENE
// [--count N] [--seed S]` and `handoff-bench fling [--count N] [--seed S]` print a generated
// script (what `.ci/instructions` measures); `make bench` times each built-in scene's mix and the
// fling-heavy script through the binary, beside the cycle.
import Foundation
import HandoffCore
import HandoffScript

/// Prints the script `args` ask for (`mix SCENE …` or `fling …`) and returns its exit status, or
/// nil when they ask for none (the benchmark runs).
func printScript(_ args: [String]) -> Int32? {
    guard let what = args.first, what == "mix" || what == "fling" else { return nil }
    let usage =
        "usage: handoff-bench mix SCENE [--count N] [--seed S] | handoff-bench fling [--count N] [--seed S]"
    var rest = Array(args.dropFirst())
    var scene = BuiltinScenes.tabs
    if what == "mix" {
        guard let name = rest.first, let named = BuiltinScenes.named(name) else {
            FileHandle.standardError.write(Data((usage + "\n").utf8))
            return 2
        }
        scene = named
        rest.removeFirst()
    }
    var count = 3000
    var seed = SessionMix.defaultSeed
    while !rest.isEmpty {
        let flag = rest.removeFirst()
        let value = rest.isEmpty ? nil : rest.removeFirst()
        switch (flag, value) {
        case ("--count", let v?) where Int(v).map({ $0 >= 0 }) ?? false: count = Int(v)!
        case ("--seed", let v?) where UInt64(v) != nil: seed = UInt64(v)!
        default:
            FileHandle.standardError.write(Data((usage + "\n").utf8))
            return 2
        }
    }
    let lines =
        what == "mix"
        ? SessionMix.lines(scene: scene, seed: seed, count: count).map(\.text)
        : SessionMix.flingHeavy(scene: scene, seed: seed, count: count)
    var text = lines.joined(separator: "\n")
    if !lines.isEmpty { text += "\n" }
    FileHandle.standardOutput.write(Data(text.utf8))
    return 0
}

/// A generated script of `lines`, written once into the work folder as `name`.
func scriptFile(_ name: String, _ lines: () -> [String]) -> String {
    let path = workDir + name
    if !FileManager.default.fileExists(atPath: path) {
        let text = lines().joined(separator: "\n") + "\n"
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }
    return path
}

/// Microseconds a command of `script` on `scene`: the best of 3 runs minus the best of 3 runs of
/// no command (start-up and scene loading), over `n` commands.
func microsPerCommand(_ scene: String, _ script: String, _ n: Int) -> (Double, Run) {
    let empty = best(3, [scene, "--script", scriptFile("empty.txt") { [] }], memory: false)
    let run = best(3, [scene, "--script", script], memory: false)
    return ((run.seconds - empty.seconds) * 1e6 / Double(n), run)
}

/// Each built-in scene's realistic mix and the fling-heavy script, in µs a command and as a
/// multiple of the cycle's figure (the same count, start-up subtracted alike).
func benchMixes() {
    let n = Int(ProcessInfo.processInfo.environment["BENCH_MIX_COMMANDS"] ?? "") ?? 100_000
    let (cycle, _) = microsPerCommand("tabs", cycleScript(n), n)
    row(
        "cycle, \(n.formatted()) commands", String(format: "%.3f µs/command", cycle),
        target: "start-up subtracted: what the mixes compare with")
    func report(_ name: String, _ figure: Double, _ run: Run, target: String) {
        row(
            name,
            String(format: "%.3f µs/command = %.2f× the cycle", figure, figure / cycle)
                + (run.status <= 1 ? "" : ", exit \(run.status)"), target: target)
    }
    let seed = SessionMix.defaultSeed
    for name in BuiltinScenes.names {
        let script = scriptFile("mix-\(name)-\(seed)-\(n).txt") {
            SessionMix.lines(scene: BuiltinScenes.named(name)!, seed: seed, count: n).map(\.text)
        }
        // A third of the lines are errors: the run exits 1.
        let (figure, run) = microsPerCommand(name, script, n)
        report("mix, \(name), \(n.formatted()) commands", figure, run, target: "≤ 1.5× the cycle")
    }
    let fling = scriptFile("fling-\(seed)-\(n).txt") {
        SessionMix.flingHeavy(seed: seed, count: n)
    }
    let (figure, run) = microsPerCommand("tabs", fling, n)
    report("fling-heavy, tabs, \(n.formatted()) commands", figure, run, target: "≤ 2× the cycle")
}
