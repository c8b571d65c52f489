import HandoffCore

/// Executing each command on the simulator.
extension Session {
    mutating func execute(_ parsed: ParsedCommand, result: inout RunResult)
        throws(Diagnostic)
        -> [Fact]
    {
        let command = parsed.command
        // The usage is looked up only for an error (not on every command). `fail` holds the
        // parts and the canonical text, not the whole parsed command: handing it on copies no
        // command.
        let fail = Fail(parts: parsed.parts, canonical: parsed.canonical)
        /// Runs a simulator call; its errors point at `part` (the touched point, if any).
        func simulate(
            _ part: ParsedCommand.Part? = nil,
            _ body: (inout Simulator) throws(SimulatorError) -> Void
        ) throws(Diagnostic) {
            do throws(SimulatorError) {
                try body(&sim)
            } catch {
                switch error {
                case .nothingAt, .outsideWindow: throw fail(.simulator(error), part)
                case .fingerAlreadyDown, .noFinger: throw fail(.simulator(error))
                }
            }
        }
        /// `pan` and `swipe`: a touch-down at `at` (or the scene's touch point) when no finger
        /// is down; `at` while a finger is down is an error. Returns whether it touched down.
        func touchDownIfUp(at: Point?) throws(Diagnostic) -> Bool {
            // Asked and touched in one call on the simulator: a query on `sim` from here would
            // copy the whole simulator.
            var touched = false
            try simulate(at == nil ? nil : .point) { s throws(SimulatorError) in
                touched = try s.touchDownIfUp(at: at)
            }
            if !touched, at != nil {
                throw fail("a finger is already down; 'at' places a new touch", .at)
            }
            return touched
        }

        switch command {
        case .load(let ref):
            return try load(ref, fail: fail)
        case .scenes:
            return BuiltinScenes.names.map {
                .scene(name: $0, description: BuiltinScenes.descriptions[$0] ?? "")
            }
        case .touch(let place):
            let p = try point(for: place, fail: fail)
            let note = aimNote(place, at: p)
            try simulate(part(of: place)) { s throws(SimulatorError) in try s.touchDown(at: p) }
            return Self.withNote(note, collect())
        case .move(let dx, let dy, let over):
            // Without a finger down the move throws `noFinger` before it changes anything.
            try moveFinger(dx, dy, over: over, fail: fail)
        case .pan(let dx, let dy, let over, let at):
            if try touchDownIfUp(at: at), over != nil { watchTouchStep() }
            try moveFinger(dx, dy, over: over, fail: fail)
        case .end(let v):
            try simulate { s throws(SimulatorError) in
                try s.end(velocity: v)
            }
        case .swipe(let dx, let dy, let over, let at):
            if try touchDownIfUp(at: at) { watchTouchStep() }
            try moveFinger(dx, dy, over: over ?? TimeSpan(100, .ms), lift: true, fail: fail)
        case .tap(let place):
            guard !sim.fingerIsDownNow() else { throw fail(.simulator(.fingerAlreadyDown)) }
            let p: Point
            var note: Fact?
            switch place {
            case .row(let n): p = try rowUnderTouchPoint(n, fail: fail)
            case .place(let pl):
                p = try point(for: pl, fail: fail)
                note = aimNote(pl, at: p)
            }
            let touched: ParsedCommand.Part? =
                switch place {
                case .row: .target
                case .place(let pl): part(of: pl)
                }
            try simulate(touched) { s throws(SimulatorError) in
                try s.touchDown(at: p)
                try s.end()
            }
            return Self.withNote(note, collect())
        case .tab(let choice, let of):
            return try tab(choice, of: of, fail: fail)
        case .wait(let d):
            advance(frames: sim.frames(in: d.seconds))
        case .step(let n):
            if isStopped {
                do throws(SimulatorError) {
                    try resume(frames: n)
                } catch {
                    throw fail(.simulator(error))
                }
            } else {
                advance(frames: n)
            }
        case .settle:
            // A `settle` that ended before its cap left nothing animating (no look at `sim`).
            if settle(), sim.isAnimating, !isStopped {
                return collect() + [.settleCapped(seconds: Self.settleLimit)]
            }
        case .state(let json):
            var report = StateReport(sim, names: names)
            report.settings = changedSettings
            return json ? [] : [.state(report)]
        case .tree:
            return [.tree(StateReport(sim, names: names))]
        case .show:
            return [.drawing(Drawing.lines(sim))]
        case .why:
            return [.why(why.report(sim))]
        case .expect(let path, let op, let value, let tol):
            let fact = try expect(path, op, value, tol, fail: fail)
            if case .expectation(false, _) = fact { result.failed = true }
            return [fact]
        case .set(let setting):
            try checkSceneKey(setting, fail: fail)
            set(setting)
            // A scene key can cancel the active pan (SPEC §13.1): its facts follow the line.
            return [.set(key: setting.key, value: setting.value)]
                + (setting.isSceneKey ? collect() : [])
        case .settings:
            return [.settings(settingsListing)]
        case .record(let file, let force):
            do {
                return try startRecording(Paths.resolve(file, base: baseDirectory), force: force)
            } catch {
                throw fail(error.problem, .file)
            }
        case .recordStop:
            return try stopRecording()
        case .replay(let file, _):
            let (fact, passed) = try replay(Paths.resolve(file, base: baseDirectory), fail: fail)
            if !passed { result.failed = true }
            return [fact]
        case .plot(let file, let from, let to):
            return [
                try plot(Paths.resolve(file, base: baseDirectory), from: from, to: to, fail: fail)
            ]
        case .help(let name):
            return [.help(HelpTopic(name))]
        case .quit:
            result.quit = true
            return []
        case .debug(let d):
            return try debugger(d, fail: fail)
        }
        return collect()
    }
}
