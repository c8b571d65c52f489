import Foundation
import HandoffCore
import Testing

@testable import HandoffScript

/// SPEC §10: hazards are quiet on coordinated flows. Every command of every trace in `Traces/`
/// that runs under policy `nested` prints no `hazard` line, except in the traces made to show a
/// hazard (a path with "hazard" in it).
struct HazardTraceTests {
    @Test func noTraceUnderNestedPrintsAHazard() throws {
        var nestedCommands = 0
        var hazardTraces = 0
        for name in TraceTests.traces {
            let full = Harness.root.appendingPathComponent("Traces/" + name).path
            let text = try String(contentsOfFile: full, encoding: .utf8)
            let lines = text.components(separatedBy: "\n")
            let ref = try #require(
                lines.first { $0.hasPrefix("# scene: ") }.map { String($0.dropFirst(9)) })
            let base = (full as NSString).deletingLastPathComponent
            let scene = try Session.openScene(ref, files: TraceTests.Files(), base: base).scene
            var s = Session(scene: scene, ref: ref, files: TraceTests.Files())
            s.baseDirectory = base
            s.verifying = true
            var printed = 0
            for line in lines where line.hasPrefix("> ") {
                let nested = s.sim.settings.policy == .nested
                let hazards = s.run(String(line.dropFirst(2))).lines.filter {
                    $0.text.hasPrefix("hazard")
                }
                printed += hazards.count
                guard nested, !name.contains("hazard") else { continue }
                nestedCommands += 1
                #expect(hazards.isEmpty, "\(name): '\(line)' under nested: \(hazards)")
            }
            if name.contains("hazard") {
                hazardTraces += 1
                #expect(printed > 0, "\(name) shows no hazard")
            }
        }
        // The check covers the suite: most traces run under nested.
        #expect(nestedCommands > 200)
        #expect(hazardTraces >= 3)
    }
}
