import HandoffCore
import HandoffTestSupport
import PropertyBased
import Testing

@testable import HandoffScript

/// The debugger's guarantees (SPEC §10) kept with the app's wiring present (SPEC §13.2, §13.4):
/// on random sessions over built-in scenes given random `gestures`, `back` is exact and
/// breakpoints change no result.
struct AppCodePropertyTests {
    typealias Script = DebuggerPropertyTests.Script

    /// A built-in scene with random wiring between its pan nodes.
    static func wired(_ name: String, _ script: inout Script) -> Scene {
        var scene = BuiltinScenes.named(name)!
        let graph = SceneGraph(scene)
        let pans = graph.nodes.indices.filter {
            graph.motion[$0].axis != nil && !graph.motion[$0].follower
        }
        guard pans.count >= 2 else { return scene }
        func pair() -> Gestures.Pair {
            let a = pans[script.int(pans.count)]
            var b = pans[script.int(pans.count)]
            if b == a { b = pans.first { $0 != a }! }
            return Gestures.Pair(a, b)
        }
        var g = Gestures()
        for _ in 0..<script.int(3) { g.simultaneous.append(pair()) }
        for _ in 0..<script.int(3) { g.requireToFail.append(pair()) }
        for _ in 0..<script.int(3) {
            let n = pans[script.int(pans.count)]
            guard g.shouldBegin(of: n) == nil else { continue }
            let id = graph.nodes[n].id
            let other = graph.nodes[pans[script.int(pans.count)]]
            let read = other.kind.isSheet ? "\(other.id).top" : "\(other.id).offset"
            let texts = [
                "\(read) <= \(script.signed(400))", "touch.on \(id)",
                "\(other.id).start > \(read) + \(other.id).delta or phase == touching",
                "owner == none and \(read) >= 0",
            ]
            let text = texts[script.int(texts.count)]
            guard let c = try? ConditionParser.condition(text, graph: graph) else {
                Issue.record("condition '\(text)' does not parse")
                continue
            }
            g.shouldBegin.append(Gestures.ShouldBegin(node: n, condition: c, text: text))
        }
        scene.gestures = g
        return scene
    }

    /// A history command: the debugger script's, or a scene key from the session.
    static func command(_ script: inout Script, _ graph: SceneGraph) -> String {
        guard script.int(6) == 0 else { return script.command() }
        let scrolls = graph.nodes.filter { $0.scroll != nil }.map(\.id)
        switch script.int(3) {
        case 0: return "set gestures \(script.int(2) == 0 ? "off" : "on")"
        case 1:
            return "set \(scrolls[script.int(scrolls.count)]).scrollEnabled \(script.int(2) == 0)"
        default:
            return
                "set \(scrolls[script.int(scrolls.count)]).transfers \(["auto", "never", "always"][script.int(3)])"
        }
    }

    static func session(_ scene: Scene) -> Session {
        Session(scene: scene, ref: scene.name, files: MemoryFiles())
    }

    @Test func backIsExactWithWiring() async {
        await propertyCheck(count: 12, input: Gen.int(in: 0...Int.max)) { seed in
            for name in BuiltinScenes.names {
                var script = Script(seed: seed, scene: name)
                let scene = Self.wired(name, &script)
                let graph = SceneGraph(scene)
                var a = Self.session(scene)
                a.log.commandInterval = 3
                for _ in 0..<(3 + script.int(25)) { _ = a.run(Self.command(&script, graph)) }
                let history = DebuggerPropertyTests.history(a)
                guard !history.isEmpty else { continue }
                let k = 1 + script.int(history.count)
                #expect(!a.run("back \(k)").failed)
                var b = Self.session(scene)
                for c in history.prefix(history.count - k) { _ = b.run(c) }
                #expect(
                    DebuggerPropertyTests.json(&a) == DebuggerPropertyTests.json(&b),
                    "\(name) seed \(seed): \(history) back \(k)")
                #expect(a.run("tree").lines.map(\.text) == b.run("tree").lines.map(\.text))
            }
        }
    }

    @Test func breakpointsChangeNothingWithWiring() async {
        await propertyCheck(count: 12, input: Gen.int(in: 0...Int.max)) { seed in
            for name in BuiltinScenes.names {
                var script = Script(seed: seed, scene: name)
                let scene = Self.wired(name, &script)
                let graph = SceneGraph(scene)
                let commands = (0..<(3 + script.int(25))).map { _ in
                    Self.command(&script, graph)
                }
                var plain = Self.session(scene)
                for c in commands { _ = plain.run(c) }
                var debugged = Self.session(scene)
                let paths = debugged.paths.entries.map(\.path) + ["t"]
                for _ in 0..<(1 + script.int(4)) {
                    #expect(!debugged.run(script.breakpoint(paths)).failed)
                }
                for c in commands {
                    _ = debugged.run(c)
                    while debugged.isStopped { #expect(!debugged.run("continue").failed) }
                }
                #expect(
                    DebuggerPropertyTests.json(&plain) == DebuggerPropertyTests.json(&debugged),
                    "\(name) seed \(seed): \(commands)")
            }
        }
    }
}
