import HandoffCore

/// `compare KEY VALUE` and the re-runs `record` writes (SPEC §10, §10.1, §7).
extension Session {
    /// A quiet copy of this session at the state right after the last load: no recording, no
    /// breakpoints or watches, no history of its own, text output.
    var freshSide: Session {
        var side = self
        side.recorder.detach()
        side.debug = Debugger()
        side.keepsHistory = false
        side.json = false
        if let start = log.checkpoints.first { side.apply(start.state) }
        return side
    }

    /// The printed values of a compare side at one moment: the clock, the phase and every path.
    struct SideValues: Equatable {
        var t: Double
        var phase: Phase
        var values: [Double]

        init(_ sim: Simulator, _ paths: ValuePaths) {
            t = sim.time
            phase = sim.phase
            values = paths.values(sim)
        }

        /// The `old → new` facts from `old` to these values, as a command prints them (values
        /// whose printed text did not change are left out).
        func changes(from old: SideValues, _ paths: ValuePaths) -> [Fact] {
            let f = NumberFormat.format
            var out: [Fact] = []
            if f(t) != f(old.t) {
                out.append(.changed(path: "t", from: .number(old.t), to: .number(t)))
            }
            if phase != old.phase {
                out.append(
                    .changed(
                        path: "phase", from: .word(old.phase.rawValue), to: .word(phase.rawValue)))
            }
            for k in values.indices where f(values[k]) != f(old.values[k]) {
                out.append(
                    .changed(
                        path: paths.entries[k].path, from: .number(old.values[k]),
                        to: .number(values[k])))
            }
            return out
        }
    }

    /// One command of a compare side: its facts and the printed values before and after it.
    struct SideStep {
        var facts: [Fact]
        var before: SideValues
        var after: SideValues
        /// The error the command ended in on this side, if any.
        var error: String?
    }

    /// Runs a history command in this (side) session with the frames it ran, quietly: its facts
    /// and the values around it, not rendered (rendering is most of a command's cost).
    mutating func quietStep(_ text: String, frames: Int?) -> SideStep {
        let before = SideValues(sim, paths)
        let (facts, error) = rerunReporting(text, frames: frames)
        debug.pending = nil
        return SideStep(facts: facts, before: before, after: SideValues(sim, paths), error: error)
    }

    /// The text lines of a command, as `run` prints them.
    func textLines(_ step: SideStep) -> [String] {
        TextRenderer.render(step.facts + step.after.changes(from: step.before, paths), names: names)
            .map { Escape.visible($0.text) }
    }

    /// Whether two commands surely print the same: the same simulator facts with the same
    /// numbers, and the same values before and after them (nil: not sure, render both and
    /// compare the text).
    static func surelySame(_ p: SideStep, _ q: SideStep) -> Bool? {
        guard p.before == q.before, p.after == q.after else { return nil }
        let a = p.facts
        let b = q.facts
        guard a.count == b.count else { return nil }
        for (x, y) in zip(a, b) {
            switch (x, y) {
            case (.event(let p), .event(let q)): if p != q { return nil }
            case (.fling(let l, let t, let f), .fling(let m, let u, let g)):
                if l != m || t != u || f != g { return nil }
            case (.changed(let p, let f1, let t1), .changed(let q, let f2, let t2)):
                if p != q || f1 != f2 || t1 != t2 { return nil }
            default: return nil
            }
        }
        return true
    }

    /// `compare KEY VALUE`: the history re-run from the last load with the value applied there
    /// and the history's own `set KEY` skipped, beside the session as it is; the first command
    /// whose output differs. The session itself is unchanged. Both sides run quietly and only
    /// commands whose facts differ are rendered, and the left side stops at the first
    /// difference, so it costs no more than re-running the session once with its output.
    mutating func compare(_ setting: Setting, fail: Fail) throws(Diagnostic) -> [Fact] {
        if log.overflowed {
            throw fail(
                "more than \(CommandLog.limit) commands since the last load: the history is not kept; 'load' again first",
                nil, nil)
        }
        try checkSceneKey(setting, fail: fail)
        var left = freshSide
        var right = freshSide
        right.set(setting)
        var first: (number: Int, command: String, now: String, with: String)?
        var failed: (number: Int, command: String, message: String)?
        let loaded = left.settingValue(setting.key)
        var skipped: [(number: Int, value: String)] = []
        for k in 0..<log.count {
            let text = log.text(k)
            let frames = log.frames(k)
            if text.hasPrefix("set "), case .set(let s)? = try? parse(text), s.key == setting.key {
                // Skipped on the right only: the left is the session as it ran, and the
                // commands are aligned by history number, so the first difference is that of
                // the first other command whose output differs.
                skipped.append((k + 1, s.value))
                if first == nil { _ = left.quietStep(text, frames: frames) }
                continue
            }
            let withStep = right.quietStep(text, frames: frames)
            // The session ran every history command without an error; the other side may not.
            if failed == nil, let e = withStep.error { failed = (k + 1, text, e) }
            // The left side only runs until the outputs part.
            guard first == nil else { continue }
            let nowStep = left.quietStep(text, frames: frames)
            if Self.surelySame(nowStep, withStep) == true { continue }
            let nowLines = left.textLines(nowStep)
            let withLines = right.textLines(withStep)
            guard nowLines != withLines else { continue }
            let common = min(nowLines.count, withLines.count)
            let d = (0..<common).first { nowLines[$0] != withLines[$0] } ?? common
            first = (
                k + 1, text, d < nowLines.count ? nowLines[d] : "(nothing)",
                d < withLines.count ? withLines[d] : "(nothing)"
            )
        }
        let now = printedState
        let with = right.printedState
        var rows: [(path: String, now: StateValue, with: StateValue)] = []
        for (a, b) in zip(now, with) { rows.append((a.path, a.value, b.value)) }
        return [
            .debugger(
                .compare(
                    CompareReport(
                        key: setting.key, now: settingValue(setting.key), loaded: loaded,
                        skipped: skipped, value: setting.value, commands: log.count, rows: rows,
                        first: first, failed: failed)))
        ]
    }

    /// Every value `compare` sets side by side, as printed.
    var printedState: [(path: String, value: StateValue)] {
        var paths: [ExpectPath] = [.time, .phase, .owner, .touch, .tap, .unconsumed]
        for e in self.paths.entries {
            if let p = ExpectPath(e.path) { paths.append(p) }
        }
        return paths.map { ($0.canonical, reading($0) ?? .word("-")) }
    }

    // MARK: Recording

    /// The commands a recording writes for history command `k`, with the frames to run them
    /// with: the command itself, or, when its rest was dropped after a stop, commands that run
    /// exactly those frames (`step N` for `wait`, `step` and `settle`; the moved part of a
    /// movement over its frames), so the trace replays as the session ran.
    func recordedCommands(_ k: Int) -> [(String, Int?)] {
        let text = log.text(k)
        guard let frames = log.frames(k) else { return [(text, nil)] }
        guard let command = try? CommandParser.parse(text) else { return [(text, frames)] }
        let fps = settingsFPS(before: k)
        let f = NumberFormat.exact
        func part(_ dx: Double, _ dy: Double, _ over: TimeSpan) -> (Double, Double, String) {
            let n = Double(max(1, Int(Targets.roundHalfAway(over.seconds * fps))))
            let k = Double(frames)
            let ms = k * 1000 / fps
            return (dx * k / n, dy * k / n, f(ms) + "ms")
        }
        switch command {
        case .wait, .step, .settle:
            return frames == 0 ? [] : [(Command.step(frames).canonical, nil)]
        case .move(let dx, let dy, let over?):
            guard frames > 0 else { return [] }
            let (x, y, d) = part(dx, dy, over)
            return [("move \(f(x)) \(f(y)) over \(d)", nil)]
        case .pan(let dx, let dy, let over?, let at):
            let (x, y, d) = part(dx, dy, over)
            let point = at.map { " at \(f($0.x)) \(f($0.y))" } ?? ""
            return [(frames > 0 ? "pan \(f(x)) \(f(y)) over \(d)\(point)" : "pan 0 0\(point)", nil)]
        case .swipe(let dx, let dy, let over, let at):
            let (x, y, d) = part(dx, dy, over ?? TimeSpan(100, .ms))
            let point = at.map { " at \(f($0.x)) \(f($0.y))" } ?? ""
            return [(frames > 0 ? "pan \(f(x)) \(f(y)) over \(d)\(point)" : "pan 0 0\(point)", nil)]
        default:
            return [(text, frames)]
        }
    }

    /// The frame rate in force when history command `k` ran (the settings at the last load,
    /// then the `set fps` commands before it).
    func settingsFPS(before k: Int) -> Double {
        var fps = log.checkpoints.first?.state.sim.settings.fps ?? sim.settings.fps
        for j in 0..<k {
            let text = log.text(j)
            guard text.hasPrefix("set fps "),
                case .set(.fps(let n))? = try? CommandParser.parse(text)
            else { continue }
            fps = Double(n)
        }
        return fps
    }
}
