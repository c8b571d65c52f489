import Foundation
import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// Issue 28's "must show" (SPEC §9): animations advanced in closed form between the frames where
/// something happens print byte for byte what stepping every frame prints. On random sessions
/// from `SessionMix` over every built-in scene and over scenes with `on:` rules and `gestures`
/// under `set touches uikit` (`appCodeFiles`), at 30, 60, 120 and 240 fps, with and without watches and
/// breakpoints, in text and in `--json` mode, each session runs twice, `framesInClosedForm` on
/// and off: every command's result and `state --json` after every command must be equal.
struct ClosedFormTests {
    /// Lines per session and seeds per scene; `CLOSED_FORM_LONG=1` runs a long check (slow).
    static let long = ProcessInfo.processInfo.environment["CLOSED_FORM_LONG"] == "1"
    static let lineCount = long ? 1500 : 100
    static let seeds: [UInt64] = long ? [1, 2, 3, 4, 5] : [28]
    static let fpsValues = [30, 60, 120, 240]

    /// Scenes with the app's code, run under `set touches uikit`: rules that write the flung
    /// node (`pin`: scrollViewDidScroll pins a list at its top; `classpass`: a sheet and its list
    /// recognized together, each pinned by a rule), and recognizers wired by `gestures`
    /// (`shouldBegin`, `simultaneous` under `policy uikit`, `requireToFail`).
    static let appCodeFiles = [
        "Traces/reactions/pin.yaml", "Traces/reactions/classpass.yaml",
        "Traces/app-code/should-begin.yaml", "Traces/app-code/simultaneous.yaml",
        "Traces/app-code/require-to-fail.yaml",
    ]

    /// A scene to check: a built-in name, or the rules scene's file.
    struct Subject: CustomStringConvertible, Sendable {
        var name: String
        var yaml: String?
        var description: String { name }

        /// A fresh session on the scene, with `settings` run first.
        func session(closedForm: Bool, json: Bool, settings: [String]) -> Session {
            let files = MemoryFiles()
            var s: Session
            if let yaml {
                files.files["rules.yaml"] = yaml
                s = Session(scene: BuiltinScenes.tabs, ref: "tabs", files: files)
                let loaded = s.run("load rules.yaml")
                #expect(!loaded.failed, "\(loaded.lines.map(\.text))")
            } else {
                s = Session(scene: BuiltinScenes.named(name)!, ref: name, files: files)
            }
            s.framesInClosedForm = closedForm
            s.json = json
            for line in settings {
                let r = s.run(line)
                #expect(!r.failed, "\(name): '\(line)' \(r.lines.map(\.text))")
            }
            return s
        }

        /// The scene as the generator reads it.
        var scene: Scene {
            session(closedForm: true, json: false, settings: []).sim.graph.scene
        }
    }

    static func subjects() throws -> [Subject] {
        try BuiltinScenes.names.map { Subject(name: $0) }
            + appCodeFiles.map { path in
                Subject(
                    name: path,
                    yaml: try String(
                        contentsOf: Harness.root.appendingPathComponent(path), encoding: .utf8))
            }
    }

    /// Watches and breakpoints on what the scene moves: its first scroll's offset (or its
    /// sheet's top), edges, handoffs and rests, and a condition half way along its range.
    static func debugLines(_ scene: Scene) -> [String] {
        let graph = SceneGraph(scene)
        var lines = ["break edge", "break handoff", "break release"]
        if let i = graph.nodes.indices.first(where: {
            graph.nodes[$0].scroll != nil && graph.motion[$0].axis == .vertical
                && !graph.motion[$0].follower && graph.motion[$0].range.upperBound > 0
        }) {
            let id = graph.nodes[i].id
            let half = Int(graph.motion[i].range.upperBound / 2)
            lines += ["watch \(id).offset", "break when \(id).offset > \(half)"]
        }
        if let sheet = graph.nodes.first(where: { $0.sheet != nil }) {
            lines += ["watch \(sheet.id).top", "break when \(sheet.id).top < 300"]
        }
        return lines
    }

    /// Runs `lines` on both paths, comparing each command's result and `state --json` after it.
    /// Returns the first difference, described with everything needed to replay it.
    static func firstDifference(
        _ subject: Subject, fps: Int, seed: UInt64, debugged: Bool, json: Bool, lines: [String]
    ) -> String? {
        var settings = ["set fps \(fps)"]
        if subject.yaml != nil { settings.append("set touches uikit") }
        if debugged { settings += debugLines(subject.scene) }
        var closed = subject.session(closedForm: true, json: json, settings: settings)
        var stepped = subject.session(closedForm: false, json: json, settings: settings)
        var random = SplitMix(seed: seed)
        var k = 0
        var script = lines[...]
        while let line = script.popFirst() {
            k += 1
            let a = closed.run(line)
            let b = stepped.run(line)
            let sa = closed.run("state --json")
            let sb = stepped.run("state --json")
            if a != b || sa != sb {
                let what = a != b ? "the output of" : "state --json after"
                let (x, y) = a != b ? (a, b) : (sa, sb)
                return """
                    \(subject.name), fps \(fps), seed \(seed), \(debugged ? "with" : "without") \
                    watches and breakpoints, \(json ? "--json" : "text"): \(what) command \(k) \
                    '\(line)' differs
                    settings: \(settings)
                    closed form (failed \(x.failed)):
                    \(x.text.lines.map(\.text) + x.lines.map(\.text))
                    stepped (failed \(y.failed)):
                    \(y.text.lines.map(\.text) + y.lines.map(\.text))
                    """
            }
            // A command stopped at a breakpoint: now and then run it on before the next line.
            if closed.debug.pending != nil, random.int(2) == 0 {
                script.insert("continue", at: script.startIndex)
            }
        }
        return nil
    }

    @Test(arguments: fpsValues)
    func closedFormPrintsWhatSteppingPrints(_ fps: Int) throws {
        for subject in try Self.subjects() {
            let scene = subject.scene
            for seed in Self.seeds {
                let lines = SessionMix.lines(scene: scene, seed: seed, count: Self.lineCount)
                    .map(\.text)
                for debugged in [false, true] {
                    for json in [false, true] {
                        let difference = Self.firstDifference(
                            subject, fps: fps, seed: seed, debugged: debugged, json: json,
                            lines: lines)
                        #expect(difference == nil, "\(difference ?? "")")
                    }
                }
            }
        }
    }

    /// The sessions are not idle: flings run out, springs settle and the debugger stops inside
    /// commands, so the comparison covers the frames closed form skips.
    @Test func theSessionsAnimateAndStop() throws {
        let subject = Subject(name: "tabs")
        let lines = SessionMix.lines(scene: BuiltinScenes.tabs, count: 600).map(\.text)
        var s = subject.session(
            closedForm: true, json: false,
            settings: ["set fps 60"] + Self.debugLines(BuiltinScenes.tabs))
        var (animating, stops) = (0, 0)
        for line in lines {
            _ = s.run(line)
            if s.sim.isAnimating { animating += 1 }
            if s.debug.pending != nil { stops += 1 }
        }
        #expect(animating >= 50, "\(animating) commands left something animating")
        #expect(stops >= 5, "\(stops) commands stopped")
    }
}
