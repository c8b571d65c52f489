import Foundation
import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// The realistic mix of issue 28 (`SessionMix`): its proportions, its determinism, the outcome of
/// every line, and flings that mostly run out.
struct SessionMixTests {
    /// Lines per scene the proportions are counted over.
    static let count = 3000

    static func lines(_ name: String, seed: UInt64 = SessionMix.defaultSeed) -> [SessionMix.Line] {
        SessionMix.lines(scene: BuiltinScenes.named(name)!, seed: seed, count: count)
    }

    /// Each line's kind, counted.
    static func tally(_ lines: [SessionMix.Line]) -> [SessionMix.Kind: Int] {
        lines.reduce(into: [:]) { $0[$1.kind, default: 0] += 1 }
    }

    /// A third of the lines are errors (1/3 ± 0.03); the others are about equal parts drags,
    /// releases, `settle`, `wait`, `tap` and `tab` where the scene has tabs (each 1/6 ± 0.05 of
    /// them; 1/5 ± 0.05 without tabs, which has no `tab` line).
    @Test(arguments: BuiltinScenes.names)
    func proportions(_ name: String) {
        let lines = Self.lines(name)
        let tally = Self.tally(lines)
        let errors = Double(tally[.error] ?? 0) / Double(lines.count)
        #expect(abs(errors - 1.0 / 3) <= 0.03, "\(name): errors \(errors)")
        let valid = Double(lines.count - (tally[.error] ?? 0))
        let tabs = !SceneGraph(BuiltinScenes.named(name)!).tabs.isEmpty
        let kinds: [SessionMix.Kind] =
            [.drag, .release, .settle, .wait, .tap] + (tabs ? [.tab] : [])
        #expect(tabs || tally[.tab] == nil)
        for kind in kinds {
            let share = Double(tally[kind] ?? 0) / valid
            #expect(
                abs(share - 1.0 / Double(kinds.count)) <= 0.05,
                "\(name): \(kind) is \(share) of the valid lines")
        }
    }

    /// The same seed gives the same lines; another seed other lines.
    @Test func deterministicBySeed() {
        let a = SessionMix.lines(scene: BuiltinScenes.sheet, seed: 7, count: 500)
        #expect(a == SessionMix.lines(scene: BuiltinScenes.sheet, seed: 7, count: 500))
        #expect(a != SessionMix.lines(scene: BuiltinScenes.sheet, seed: 8, count: 500))
        #expect(
            SessionMix.flingHeavy(seed: 3, count: 90) == SessionMix.flingHeavy(seed: 3, count: 90))
    }

    /// The generator's numbers are SplitMix64's: its published first output for seed 0, and the
    /// tests' own SplitMix over a thousand values of another seed.
    @Test func randomNumbersAreSplitMix64() {
        var zero = MixRandom(seed: 0)
        #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
        var a = MixRandom(seed: SessionMix.defaultSeed)
        var b = SplitMix(seed: SessionMix.defaultSeed)
        #expect((0..<1000).allSatisfy { _ in a.next() == b.next() })
    }

    /// Run through a fresh session, exactly the lines meant as errors fail; and no line loads,
    /// records, replays, plots, quits or names a file.
    @Test(arguments: BuiltinScenes.names)
    func everyLineHasItsOutcome(_ name: String) {
        var s = Session(scene: BuiltinScenes.named(name)!, ref: name, files: MemoryFiles())
        for (k, line) in Self.lines(name).enumerated() {
            let r = s.run(line.text)
            #expect(
                r.failed == (line.kind == .error),
                "\(name) line \(k + 1) '\(line.text)' (\(line.kind)): \(r.lines.map(\.text))")
            #expect(!r.quit)
            let word = line.text.prefix { $0 != " " }
            #expect(!["load", "record", "replay", "plot", "quit"].contains(word))
        }
    }

    /// Most flings run out (to rest, through handoffs and edge bounces) rather than being
    /// caught: a release that leaves something animating (momentum, a bounce, a detent or page
    /// spring) is followed to the first line that either stops an animation (caught) or leaves
    /// nothing animating (ran out). At least 100 such flings in 3,000 lines, at most one in six
    /// caught; and the momentum ones (`momentum` events) are counted apart: most run out too.
    @Test(arguments: BuiltinScenes.names)
    func mostFlingsRunOut(_ name: String) throws {
        var s = Session(scene: BuiltinScenes.named(name)!, ref: name, files: MemoryFiles())
        s.json = true
        var (flings, caught, momentum, momentumCaught) = (0, 0, 0, 0)
        var open: (momentum: Bool, k: Int)?
        for line in Self.lines(name) {
            var kinds: [String] = []
            var stoppedMomentum = false
            for out in s.run(line.text).lines {
                let object = try JSONSerialization.jsonObject(with: Data(out.text.utf8))
                for e in (object as? [String: Any])?["events"] as? [[String: Any]] ?? [] {
                    kinds.append(e["kind"] as? String ?? "")
                    if e["kind"] as? String == "stopped", e["animation"] as? String == "momentum" {
                        stoppedMomentum = true
                    }
                }
            }
            if let o = open {
                if kinds.contains("stopped") {
                    caught += 1
                    if o.momentum { momentumCaught += stoppedMomentum ? 1 : 0 }
                    open = nil
                } else if !s.sim.isAnimating {
                    open = nil
                }
            }
            if line.kind == .release, !s.sim.isFingerDown, s.sim.isAnimating {
                flings += 1
                let started = kinds.contains("momentum")
                momentum += started ? 1 : 0
                open = (started, flings)
            }
        }
        #expect(flings >= 100, "\(name): \(flings) flings")
        #expect(6 * caught <= flings, "\(name): \(caught) of \(flings) flings caught")
        // Momentum where the scene flings a scroll at its touch point (the sheet's pans move the
        // sheet until it is at full, the switcher's short list mostly bounces): most run out.
        if !["sheet", "switcher"].contains(name) {
            #expect(momentum >= 60, "\(name): \(momentum)")
            #expect(
                6 * momentumCaught <= momentum, "\(name): \(momentumCaught) of \(momentum) caught")
        }
    }

    /// The fling-heavy script: drag, fling, settle, the drags alternating in direction, the
    /// velocities 1500–2500 pt/s; every line works.
    @Test func flingHeavy() {
        let lines = SessionMix.flingHeavy(count: 300)
        #expect(lines.count == 300)
        var s = Session(scene: BuiltinScenes.tabs, ref: "tabs", files: MemoryFiles())
        for (k, line) in lines.enumerated() {
            let words = line.split(separator: " ")
            switch k % 3 {
            case 0:
                #expect(words.first == "pan")
                let d = Int(words[2])!
                #expect((100...400).contains(abs(d)))
                #expect((d < 0) == (k % 6 == 0))
            case 1:
                #expect(words.first == "end")
                #expect((1500...2500).contains(abs(Int(words[2])!)))
            default: #expect(line == "settle")
            }
            #expect(!s.run(line).failed, "line \(k + 1) '\(line)'")
        }
    }
}
