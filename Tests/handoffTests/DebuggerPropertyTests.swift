import HandoffCore
import HandoffTestSupport
import PropertyBased
import Testing

@testable import HandoffScript

/// Issue 13's four properties of the debugger (SPEC §10, §10.1), over random sessions on every
/// built-in scene, driven in-process (a session is a value: one per run).
struct DebuggerPropertyTests {
    /// Random commands from one seed (the shared SplitMix64 generator).
    struct Script {
        var mix: SplitMix
        let scene: String

        init(seed: Int, scene: String) {
            mix = SplitMix(seed: UInt64(truncatingIfNeeded: seed))
            self.scene = scene
        }

        mutating func int(_ n: Int) -> Int { Int(mix.next() % UInt64(n)) }
        mutating func signed(_ n: Int) -> Int { int(2 * n + 1) - n }

        mutating func duration() -> String { "\(1 + int(300))ms" }

        /// A history command (or a bad one now and then: errors are not history).
        mutating func command() -> String {
            switch int(16) {
            case 0, 1:
                return "pan \(signed(60)) \(signed(400))"
                    + (int(2) == 0 ? " over \(duration())" : "")
            case 2: return "move \(signed(40)) \(signed(300)) over \(duration())"
            case 3: return "move \(signed(20)) \(signed(200))"
            case 4, 5: return int(2) == 0 ? "end" : "end \(signed(300)) \(signed(3000))"
            case 6: return "swipe \(signed(60)) \(signed(500)) over \(duration())"
            case 7: return "wait \(duration())"
            case 8: return "step \(1 + int(30))"
            case 9, 10: return "settle"
            case 11: return "tab \(["next", "prev", "0", "1"][int(4)])"
            case 12: return "tap \(int(390)) \(int(844))"
            case 13: return "touch \(int(390)) \(int(844))"
            case 14:
                return
                    "set \(["policy uikit", "policy outer", "policy nested", "slop 20", "slopmode subtract", "fps 120", "fps 60"][int(7)])"
            default: return "pan \(signed(30)) \(signed(700)) over \(duration())"
            }
        }

        mutating func commands(_ n: Int) -> [String] { (0..<n).map { _ in command() } }

        /// A random breakpoint on the scene's values or facts.
        mutating func breakpoint(_ paths: [String]) -> String {
            if int(2) == 0 || paths.isEmpty {
                return "break \(BreakEvent.allCases[int(BreakEvent.allCases.count)].rawValue)"
            }
            let op = [">", "<", ">=", "<=", "=="][int(5)]
            return "break when \(paths[int(paths.count)]) \(op) \(signed(400))"
        }
    }

    /// Sessions here start with no file (the random commands read and write none).
    static func session(_ scene: String) -> Session {
        Session(scene: BuiltinScenes.named(scene)!, ref: scene, files: MemoryFiles())
    }

    static func json(_ s: inout Session) -> String { s.run("state --json").lines[0].text }

    static func history(_ s: Session) -> [String] { (0..<s.log.count).map { s.log.text($0) } }

    /// (1) After `back k` and m more commands, their output and the final state are those of a
    /// fresh run of the first n − k history commands and the same m (checkpoints every 3
    /// commands, so `back` re-runs from one).
    @Test func backThenMoreEqualsAFreshRun() async {
        await propertyCheck(count: 30, input: Gen.int(in: 0...Int.max)) { seed in
            for scene in BuiltinScenes.names {
                var script = Script(seed: seed, scene: scene)
                var a = Self.session(script.scene)
                a.log.commandInterval = 3
                for c in script.commands(3 + script.int(25)) { _ = a.run(c) }
                let history = Self.history(a)
                guard !history.isEmpty else { continue }
                let k = 1 + script.int(history.count)
                #expect(!a.run("back \(k)").failed)
                let more = script.commands(script.int(8))
                let outA = more.map { a.run($0).lines.map(\.text) }
                var b = Self.session(script.scene)
                for c in history.prefix(history.count - k) { _ = b.run(c) }
                let outB = more.map { b.run($0).lines.map(\.text) }
                #expect(outA == outB, "\(scene) seed \(seed): \(history) back \(k) then \(more)")
                #expect(Self.json(&a) == Self.json(&b), "\(scene) seed \(seed)")
                #expect(Self.history(a) == Self.history(b), "\(scene) seed \(seed)")
            }
        }
    }

    /// (2) Random breakpoints, with `continue` after every stop, end in exactly the state of the
    /// same commands without them.
    @Test func breakpointsNeverChangeResults() async {
        await propertyCheck(count: 30, input: Gen.int(in: 0...Int.max)) { seed in
            for scene in BuiltinScenes.names {
                var script = Script(seed: seed, scene: scene)
                let commands = script.commands(3 + script.int(25))
                var plain = Self.session(script.scene)
                for c in commands { _ = plain.run(c) }
                var debugged = Self.session(script.scene)
                let paths = debugged.paths.entries.map(\.path) + ["t"]
                for _ in 0..<(1 + script.int(4)) {
                    #expect(!debugged.run(script.breakpoint(paths)).failed)
                }
                var stops = 0
                for c in commands {
                    _ = debugged.run(c)
                    while debugged.isStopped {
                        stops += 1
                        #expect(!debugged.run("continue").failed)
                    }
                }
                #expect(
                    Self.json(&plain) == Self.json(&debugged), "\(scene) seed \(seed): \(commands)")
                #expect(Self.history(plain) == Self.history(debugged))
            }
        }
    }

    /// (3) `watch` prints exactly the frames and steps at which the printed value changed: the
    /// oracle runs the same commands one frame at a time (`step` while stopped) and reads the
    /// value after each.
    @Test func watchLinesAreExactlyTheChanges() async {
        await propertyCheck(count: 30, input: Gen.int(in: 0...Int.max)) { seed in
            for scene in BuiltinScenes.names {
                var script = Script(seed: seed, scene: scene)
                let commands = script.commands(3 + script.int(20))
                var watched = Self.session(script.scene)
                let paths = watched.paths.entries.map(\.path) + ["phase", "owner"]
                let path = paths[script.int(paths.count)]
                _ = watched.run("watch \(path)")
                var lines: [String] = []
                for c in commands {
                    lines += watched.run(c).lines.map(\.text).filter { $0.hasPrefix("watch ") }
                }
                var oracle = Self.session(script.scene)
                let p = ExpectPath(path)!
                var last = oracle.printed(p)
                var expected: [String] = []
                func sample(_ s: Session) {
                    let now = s.printed(p)
                    if now != last, let old = last, let now {
                        expected.append(
                            "watch     \(path) \(old) → \(now) at t \(NumberFormat.format(s.sim.time))"
                        )
                    }
                    last = now
                }
                // A swipe's last frame is a frame before its lift: the oracle runs it as the pan
                // and the `end` it is (SPEC §8), so it can read the value between them.
                let steps = commands.flatMap { c in
                    c.hasPrefix("swipe ") ? ["pan " + c.dropFirst(6), "end"] : [c]
                }
                // The touch of a `pan … over` is a step before its frames (SPEC §10): the
                // oracle stops before the first frame and reads the value there too.
                for c in steps {
                    oracle.debug.frameLimit = 0
                    _ = oracle.run(c)
                    oracle.debug.frameLimit = nil
                    sample(oracle)
                    while oracle.isStopped {
                        _ = oracle.run("step")
                        sample(oracle)
                    }
                }
                #expect(lines == expected, "\(scene) seed \(seed): \(path) over \(commands)")
            }
        }
    }

    /// (4) `compare K V` leaves `state --json` unchanged, and its right-hand values are those of
    /// a fresh session that starts with `set K V` and runs the same history.
    @Test func compareMatchesAFreshRunWithTheSetting() async {
        await propertyCheck(count: 30, input: Gen.int(in: 0...Int.max)) { seed in
            for scene in BuiltinScenes.names {
                var script = Script(seed: seed, scene: scene)
                var s = Self.session(script.scene)
                for c in script.commands(2 + script.int(20)) { _ = s.run(c) }
                let setting = [
                    "policy uikit", "policy outer", "policy nested", "slop 20", "slopmode subtract",
                    "fps 120",
                ][script.int(6)]
                let before = Self.json(&s)
                let key = String(setting.prefix { $0 != " " })
                let value = String(setting.dropFirst(key.count + 1))
                let parsed = try? Setting(key: key, value: value) { Diagnostic($0) }
                guard let parsed else {
                    Issue.record("bad setting \(setting)")
                    continue
                }
                let facts = (try? s.compare(parsed, fail: .quiet)) ?? []
                guard case .debugger(.compare(let report))? = facts.first else {
                    Issue.record("no compare report")
                    continue
                }
                #expect(Self.json(&s) == before, "\(scene) seed \(seed)")
                var fresh = Self.session(script.scene)
                _ = fresh.run("set \(setting)")
                for c in Self.history(s) {
                    if c.hasPrefix("set \(key) ") { continue }
                    _ = fresh.run(c)
                }
                let expected = fresh.printedState.map(\.value)
                #expect(
                    report.rows.map(\.with) == expected, "\(scene) seed \(seed): \(Self.history(s))"
                )
                #expect(report.rows.map(\.now) == s.printedState.map(\.value))
            }
        }
    }
}
