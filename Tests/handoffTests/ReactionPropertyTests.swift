import HandoffCore
import HandoffTestSupport
import PropertyBased
import Testing

@testable import HandoffScript

/// SPEC §13.3 and §13.5 over random scenes with random rules: the same commands print the same
/// bytes twice, `back` is exact, breakpoints on code change nothing, and nothing crashes or hangs
/// (a rule set that fights itself is a hazard, not a hang).
struct ReactionPropertyTests {
    typealias Script = DebuggerPropertyTests.Script

    static let scrolls = ["first", "second", "pager", "outer"]
    static let all = scrolls + ["menu", "button", "sheet"]

    /// A random rule: any trigger on a node it fires on, maybe a `when`, one to three actions.
    static func rule(_ script: inout Script) -> String {
        let kinds = ["scroll", "begin", "release", "rest", "page", "tap"]
        let kind = kinds[script.int(kinds.count)]
        let node: String
        switch kind {
        case "page": node = "pager"
        case "tap": node = ["button", "first", "menu"][script.int(3)]
        case "scroll", "rest": node = (scrolls + ["sheet"])[script.int(5)]
        default: node = scrolls[script.int(scrolls.count)]
        }
        var text = "  - \(kind): \(node)\n"
        if script.int(2) == 0 {
            let path = scrolls[script.int(scrolls.count)]
            text +=
                "    when: \(path).offset \([">", "<", "<="][script.int(3)]) \(script.int(400))\n"
        }
        func value() -> String {
            let other = scrolls[script.int(scrolls.count)]
            switch script.int(4) {
            case 0: return "\(script.signed(600))"
            case 1: return "\(other).offset + \(script.signed(50))"
            case 2: return "\(other).delta * 2"
            default: return "\(other).offset"
            }
        }
        // Each action at most once (a rule is a mapping); `set` writes up to two paths.
        var sets: [String] = []
        var used: Set<Int> = []
        for _ in 0..<(1 + script.int(3)) {
            let pick = script.int(6)
            guard used.insert(pick).inserted else { continue }
            switch pick {
            case 0:
                text += "    stop: \(all[script.int(all.count)])\n"
            case 1:
                text += "    animate: {\(scrolls[script.int(scrolls.count)]).offset: \(value())}\n"
            case 2:
                sets.append("pager.page: \(script.int(3))")
            case 3:
                sets.append("sheet.top: \(100 + script.int(700))")
            case 4 where kind == "release":
                sets.append("first.target: \(value())")
            default:
                sets.append("\(scrolls[script.int(scrolls.count)]).offset: \(value())")
            }
        }
        if sets.isEmpty { sets.append("\(scrolls[script.int(scrolls.count)]).offset: \(value())") }
        // One write per path (a mapping's keys are unique).
        var seen: Set<Substring> = []
        sets = sets.filter { seen.insert($0.prefix { $0 != ":" }).inserted }
        text += "    set: {" + sets.joined(separator: ", ") + "}\n"
        return text
    }

    static func scene(_ script: inout Script) -> String {
        var text = """
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
            on:

            """
        for _ in 0..<(1 + script.int(5)) { text += rule(&script) }
        return text
    }

    static func session(_ yaml: String) -> Session {
        let files = MemoryFiles()
        files.files["s.yaml"] = yaml
        var s = Session(scene: BuiltinScenes.tabs, ref: "tabs", files: files)
        let out = s.run("load s.yaml").lines.map(\.text)
        #expect(out.first?.hasPrefix("load") == true, "\(out)\n\(yaml)")
        return s
    }

    static func json(_ s: inout Session) -> String { s.run("state --json").lines[0].text }

    static func history(_ s: Session) -> [String] { (0..<s.log.count).map { s.log.text($0) } }

    @Test func theSameCommandsPrintTheSameBytes() async {
        await propertyCheck(count: 60, input: Gen.int(in: 0...Int.max)) { seed in
            var script = Script(seed: seed, scene: "tabs")
            let yaml = Self.scene(&script)
            let commands = script.commands(3 + script.int(25))
            var a = Self.session(yaml)
            var b = Self.session(yaml)
            let outA = commands.map { a.run($0).lines.map(\.text) }
            let outB = commands.map { b.run($0).lines.map(\.text) }
            #expect(outA == outB, "seed \(seed)")
            #expect(Self.json(&a) == Self.json(&b), "seed \(seed)")
        }
    }

    @Test func backIsExact() async {
        await propertyCheck(count: 40, input: Gen.int(in: 0...Int.max)) { seed in
            var script = Script(seed: seed, scene: "tabs")
            let yaml = Self.scene(&script)
            var a = Self.session(yaml)
            a.log.commandInterval = 3
            for c in script.commands(3 + script.int(20)) { _ = a.run(c) }
            let history = Self.history(a)
            guard !history.isEmpty else { return }
            let k = 1 + script.int(history.count)
            #expect(!a.run("back \(k)").failed)
            var b = Self.session(yaml)
            for c in history.prefix(history.count - k) { _ = b.run(c) }
            #expect(Self.json(&a) == Self.json(&b), "seed \(seed): \(history) back \(k)\n\(yaml)")
        }
    }

    @Test func breakpointsOnCodeChangeNothing() async {
        await propertyCheck(count: 40, input: Gen.int(in: 0...Int.max)) { seed in
            var script = Script(seed: seed, scene: "tabs")
            let yaml = Self.scene(&script)
            let commands = script.commands(3 + script.int(20))
            var plain = Self.session(yaml)
            for c in commands { _ = plain.run(c) }
            var debugged = Self.session(yaml)
            _ = debugged.run("break code")
            _ = debugged.run("break code \(1 + script.int(3))")
            _ = debugged.run("break hazard")
            for c in commands {
                _ = debugged.run(c)
                while debugged.isStopped { _ = debugged.run("continue") }
            }
            #expect(Self.json(&plain) == Self.json(&debugged), "seed \(seed): \(commands)\n\(yaml)")
        }
    }
}
