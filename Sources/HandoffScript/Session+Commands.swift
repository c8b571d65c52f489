import HandoffCore

/// Executing each command on the simulator.
extension Session {
    /// Builds the error of a command that failed while running, with its caret under `part`.
    typealias Fail = (String, ParsedCommand.Part?, String?) -> Diagnostic

    mutating func execute(_ parsed: ParsedCommand, result: inout RunResult)
        throws(Diagnostic)
        -> [Fact]
    {
        let command = parsed.command
        let usage = CommandTable.usage(command.name)
        func fail(_ message: String, _ part: ParsedCommand.Part? = nil, _ suggestion: String? = nil)
            -> Diagnostic
        {
            Diagnostic(
                message, at: parsed.range(part ?? .name), usage: usage, suggestion: suggestion)
        }
        /// Runs a simulator call; its errors point at `part` (the touched point, if any).
        func simulate(
            _ part: ParsedCommand.Part? = nil,
            _ body: (inout Simulator) throws(SimulatorError) -> Void
        ) throws(Diagnostic) {
            do throws(SimulatorError) {
                try body(&sim)
            } catch {
                switch error {
                case .nothingAt, .outsideWindow: throw fail(error.message, part)
                case .fingerAlreadyDown, .noFinger: throw fail(error.message)
                }
            }
        }

        switch command {
        case .load(let ref):
            return try load(ref, fail: fail)
        case .scenes:
            return BuiltinScenes.names.map {
                .text(TextRenderer.line($0, BuiltinScenes.descriptions[$0] ?? ""))
            }
        case .touch(let place):
            let p = try point(for: place, fail: fail)
            let note = aimNote(place, at: p)
            try simulate(part(of: place)) { s throws(SimulatorError) in try s.touchDown(at: p) }
            return withNote(note, collect())
        case .move(let dx, let dy, let over):
            guard sim.isFingerDown else { throw fail(SimulatorError.noFinger.message) }
            try moveFinger(dx, dy, over: over, fail: fail)
        case .pan(let dx, let dy, let over, let at):
            if sim.isFingerDown {
                if at != nil {
                    throw fail("a finger is already down; 'at' places a new touch", .at)
                }
            } else {
                let p = at ?? sim.graph.scene.touchPoint
                try simulate(at == nil ? nil : .point) { s throws(SimulatorError) in
                    try s.touchDown(at: p)
                }
            }
            try moveFinger(dx, dy, over: over, fail: fail)
        case .end(let v):
            try simulate { s throws(SimulatorError) in
                try s.end(velocity: v)
            }
        case .swipe(let dx, let dy, let over):
            if !sim.isFingerDown {
                let p = sim.graph.scene.touchPoint
                try simulate { s throws(SimulatorError) in try s.touchDown(at: p) }
            }
            try moveFinger(dx, dy, over: over ?? TimeSpan(100, .ms), fail: fail)
            try simulate { s throws(SimulatorError) in try s.end() }
        case .tap(let place):
            guard !sim.isFingerDown else { throw fail(SimulatorError.fingerAlreadyDown.message) }
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
            return withNote(note, collect())
        case .tab(let choice, let of):
            return try tab(choice, of: of, fail: fail)
        case .wait(let d):
            sim.advance(frames: sim.frames(in: d.seconds))
        case .step(let n):
            sim.advance(frames: n)
        case .settle:
            sim.settle()
            if sim.phase == .animating {
                var facts = collect()
                facts.append(
                    .text(TextRenderer.line("settle", "stopped after 10s: still animating")))
                return facts
            }
        case .state(let json):
            var report = StateReport(sim)
            report.settings = changedSettings
            return json ? [] : report.lines.map(Fact.text)
        case .tree:
            return StateReport(sim).tree.map(Fact.text)
        case .show:
            return Drawing.lines(sim).map(Fact.text)
        case .why:
            guard let why = lastWhy else {
                return [.text("why       nothing has been decided yet")]
            }
            return Why.lines(command: why.command, reasons: why.reasons, moves: why.moves, sim: sim)
                .map(Fact.text)
        case .expect(let path, let op, let value, let tol):
            let fact = try expect(path, op, value, tol, fail: fail)
            if case .expectation(false, _) = fact { result.failed = true }
            return [fact]
        case .set(let key, let value):
            set(key, value)
            return [.text(TextRenderer.line("set", "\(key) \(value)"))]
        case .settings:
            return settingsListing.map(Fact.text)
        case .record(let file, let force):
            do {
                return try startRecording(Paths.resolve(file, base: baseDirectory), force: force)
            } catch {
                throw fail(error.message, .file, error.suggestion)
            }
        case .recordStop:
            return try stopRecording()
        case .replay(let file, _):
            let (facts, passed) = try replay(Paths.resolve(file, base: baseDirectory), fail: fail)
            if !passed { result.failed = true }
            return facts
        case .help(let name):
            return Help.lines(for: name).map(Fact.text)
        case .quit:
            result.quit = true
            return []
        }
        return collect()
    }

    /// Drains the simulator's events into facts: tap recognitions are folded into the delivery
    /// line, and momentum frames into one `fling` summary per command.
    mutating func collect() -> [Fact] {
        var facts: [Fact] = []
        var flingAt: Int?
        for e in sim.drainEvents() {
            switch e {
            case .recognizer(.tap, .recognized):
                continue
            case .tracking, .offAxis:
                // A move over many frames inside the slop reports where it ended up, once.
                if let last = facts.last, case .event(.tracking) = last { facts.removeLast() }
                if let last = facts.last, case .event(.offAxis) = last { facts.removeLast() }
                facts.append(.event(e))
            case .flingFrame(let l):
                if let i = flingAt, case .fling(var total) = facts[i] {
                    total.merge(l)
                    facts[i] = .fling(total)
                } else {
                    flingAt = facts.count
                    facts.append(.fling(l))
                }
            default:
                facts.append(.event(e))
            }
        }
        return facts
    }

    /// Where a touch at `place` was typed.
    private func part(of place: Place) -> ParsedCommand.Part {
        switch place {
        case .point: .point
        case .node, .item: .target
        }
    }

    private mutating func moveFinger(
        _ dx: Double, _ dy: Double, over: TimeSpan?, fail: Fail
    ) throws(Diagnostic) {
        let frames = over.map { max(1, sim.frames(in: $0.seconds)) } ?? 0
        do throws(SimulatorError) {
            if frames > 0 {
                try sim.move(by: Point(dx, dy), frames: frames)
            } else {
                try sim.move(by: Point(dx, dy))
            }
        } catch {
            throw fail(error.message, nil, nil)
        }
    }

    /// The window point of a place: a point, or the centre of what is visible of a node or item.
    private func point(for place: Place, fail: Fail)
        throws(Diagnostic) -> Point
    {
        let layout = sim.layout
        switch place {
        case .point(let x, let y):
            return Point(x, y)
        case .node(let id):
            let i = try node(id, fail: fail)
            var visible = layout.windowFrame(i).visible
            if let sheet = sim.graph.nodes[i].sheet {
                // A sheet's own area is its grabber strip (SPEC §8): aim at its centre.
                let frame = layout.windowFrame(i).frame
                visible = Rect(frame.x, frame.y, frame.width, min(sheet.grabber, frame.height))
                    .intersection(visible)
            }
            guard !visible.isEmpty else { throw fail("'\(id)' is not on screen", .target, nil) }
            return visible.center
        case .item(let id, let n):
            let i = try node(id, fail: fail)
            let count = sim.graph.nodes[i].rows?.count ?? sim.graph.nodes[i].segments.count
            guard sim.graph.nodes[i].rows != nil || sim.graph.nodes[i].kind == .tabs else {
                throw fail("'\(id)' has no rows or segments", .target, nil)
            }
            guard n < count else {
                throw fail(
                    count == 0
                        ? "'\(id)' has no items"
                        : "'\(id)' has \(Plural.count(count, "item")) (0…\(count - 1))", .target,
                    nil)
            }
            let visible = layout.itemFrame(i, item: n).visible
            guard !visible.isEmpty else {
                throw fail("'\(id)[\(n)]' is not on screen", .target, nil)
            }
            return visible.center
        }
    }

    /// A note when the point a `touch ID` or `tap ID` aims at hits another target than the one
    /// asked for (`tap menu` hits `menu[1]`).
    private func aimNote(_ place: Place, at p: Point) -> Fact? {
        let asked: Target
        switch place {
        case .point: return nil
        case .node(let id):
            guard let i = sim.graph.index(of: id) else { return nil }
            asked = Target(i)
        case .item(let id, let n):
            guard let i = sim.graph.index(of: id) else { return nil }
            asked = Target(i, item: n)
        }
        guard let hit = sim.layout.hitTest(p), hit != asked else { return nil }
        return .aimed(asked: names.target(asked), hit: names.target(hit))
    }

    /// Places a note right after the touch-down's `touch` and `path` lines.
    private func withNote(_ note: Fact?, _ facts: [Fact]) -> [Fact] {
        guard let note else { return facts }
        var out = facts
        let at = out.firstIndex { if case .event(.touchDown) = $0 { true } else { false } }
        out.insert(note, at: at.map { $0 + 1 } ?? 0)
        return out
    }

    private func node(_ id: String, at part: ParsedCommand.Part = .target, fail: Fail)
        throws(Diagnostic) -> Int
    {
        guard let i = sim.graph.index(of: id) else {
            throw fail("no node '\(id)'", part, Suggest.closest(to: id, in: sim.graph.ids))
        }
        return i
    }

    /// `tap N`: row N of the list under the scene's touch point.
    private func rowUnderTouchPoint(_ n: Int, fail: Fail)
        throws(Diagnostic)
        -> Point
    {
        let layout = sim.layout
        guard let hit = layout.hitTest(sim.graph.scene.touchPoint),
            let list = layout.path(to: hit.node).last(where: { sim.graph.nodes[$0].rows != nil })
        else { throw fail("no list under the touch point; use 'tap ID[N]'", .target, nil) }
        let rows = sim.graph.nodes[list].rows!
        guard n < rows.count else {
            throw fail("'\(sim.graph.nodes[list].id)' has \(rows.count) rows", .target, nil)
        }
        let visible = layout.itemFrame(list, item: n).visible
        guard !visible.isEmpty else {
            throw fail("row \(n) of '\(sim.graph.nodes[list].id)' is not on screen", .target, nil)
        }
        return visible.center
    }

    private mutating func tab(
        _ choice: TabChoice, of: String?, fail: Fail
    )
        throws(Diagnostic) -> [Fact]
    {
        let tabs: Int
        if let of {
            tabs = try node(of, fail: fail)
            guard sim.graph.nodes[tabs].kind == .tabs else {
                throw fail("'\(of)' is not a tabs control", .target, nil)
            }
        } else {
            guard let first = sim.graph.tabs.first else {
                throw fail("this scene has no tabs control", .choice, nil)
            }
            tabs = first
        }
        let segments = sim.graph.nodes[tabs].segments
        // A segment that does not exist is an error; a refusal is not.
        var chosen: Int?
        switch choice {
        case .index(let n):
            guard n < segments.count else {
                throw fail(
                    "'\(sim.graph.nodes[tabs].id)' has \(segments.count) segments (0…\(segments.count - 1))",
                    .choice, nil)
            }
            chosen = n
        case .name(let name):
            guard let n = segments.firstIndex(of: name) else {
                throw fail(
                    "no segment '\(name)' in '\(sim.graph.nodes[tabs].id)' (next, prev, "
                        + segments.joined(separator: ", ") + ")", .choice,
                    Suggest.closest(to: name, in: ["next", "prev"] + segments))
            }
            chosen = n
        case .next, .prev:
            break
        }
        if let reason = sim.tabRefusal(tabs) {
            return [.event(.refused(reason))]
        }
        let current = sim.segment(of: tabs)
        let segment: Int
        if let chosen {
            segment = chosen
        } else if choice == .next {
            guard current + 1 < segments.count else {
                return [
                    .text(
                        TextRenderer.line(
                            "refused", "tab: '\(segments[current])' is the last segment"))
                ]
            }
            segment = current + 1
        } else {
            guard current > 0 else {
                return [
                    .text(
                        TextRenderer.line(
                            "refused", "tab: '\(segments[current])' is the first segment"))
                ]
            }
            segment = current - 1
        }
        sim.tab(tabs, segment: segment)
        return collect()
    }

    // MARK: expect

    private func expect(
        _ path: String, _ op: ExpectOp, _ value: ExpectValue, _ tol: Double?,
        fail: Fail
    ) throws(Diagnostic) -> Fact {
        enum Actual {
            case number(Double)
            case words([String])
        }
        let actual: Actual
        switch path {
        case "owner": actual = .words([sim.owner.map(names.id) ?? "none"])
        case "phase": actual = .words([sim.phase.rawValue])
        case "t": actual = .number(sim.time)
        case "touch": actual = .words([sim.touchInfo.map { names.target($0.target) } ?? "none"])
        case "tap":
            if let tap = sim.lastTap {
                let reason = tap.reason ?? ""
                var words = [names.target(tap.target)]
                words.append(tap.delivered ? "delivered" : "not-delivered")
                if reason.hasPrefix("rejected") { words.append("rejected") }
                if reason == "swallowed" { words.append("swallowed") }
                if reason == "cancelled by pan" { words.append("cancelled") }
                if reason == "not tappable" { words.append("not-tappable") }
                if reason == "moved" { words.append("moved") }
                actual = .words(
                    tap.delivered ? words : words.filter { $0 != names.target(tap.target) })
            } else {
                actual = .words(["none"])
            }
        case "ledger.unconsumed": actual = .number(sim.ledger?.unconsumed ?? 0)
        default:
            if path.hasPrefix("ledger.") {
                let id = String(path.dropFirst(7))
                let i = try node(id, at: .path, fail: fail)
                actual = .number(sim.ledger?.totals(false).first { $0.node == i }?.amount ?? 0)
            } else if path.hasSuffix(".alpha") {
                let id = String(path.dropLast(6))
                actual = .number(sim.alpha(try node(id, at: .path, fail: fail)))
            } else if let k = paths.entries.firstIndex(where: { $0.path == path }) {
                actual = .number(paths.value(k, sim))
            } else {
                let dot = path.lastIndex(of: ".")!
                let id = String(path[..<dot])
                let known = paths.entries.map(\.path)
                guard sim.graph.index(of: id) != nil else {
                    throw fail(
                        "no node '\(id)'", .path,
                        Suggest.closest(to: path, in: known)
                            ?? Suggest.closest(to: id, in: sim.graph.ids).map {
                                $0 + path[dot...]
                            })
                }
                let own = known.filter { $0.hasPrefix(id + ".") }
                throw fail(
                    "'\(id)' has no \(path[dot...].dropFirst())"
                        + (own.isEmpty ? "" : " (\(own.joined(separator: ", ")))"), .path,
                    own.count == 1 ? own[0] : nil)
            }
        }
        if case .words = actual { try checkWord(path, value, fail: fail) }
        let f = NumberFormat.format
        let exact = NumberFormat.exact
        switch (actual, value) {
        case (.number(let a), .number(let b)):
            let passed: Bool
            switch op {
            case .eq: passed = tol.map { abs(a - b) <= $0 } ?? (f(a) == f(b))
            case .ne: passed = tol.map { abs(a - b) > $0 } ?? (f(a) != f(b))
            case .lt: passed = a < b
            case .le: passed = a <= b || f(a) == f(b)
            case .gt: passed = a > b
            case .ge: passed = a >= b || f(a) == f(b)
            case .approx: passed = abs(a - b) <= (tol ?? 0.01)
            }
            // The expected value and tolerance are the command's own text (SPEC §1).
            let tolText = tol.map { " ± \(exact($0))" } ?? ""
            return .expectation(
                passed: passed,
                message: passed
                    ? "\(path) \(op.rawValue) \(exact(b))\(tolText)"
                    : "\(path) is \(f(a)), expected \(op.rawValue) \(exact(b))\(tolText)")
        case (.words(let words), _):
            let expected = value.canonical
            guard op == .eq || op == .ne else {
                throw fail("\(path) compares with == or !=", .op, nil)
            }
            let matches = words.contains(expected) || (expected == "null" && words == ["none"])
            let passed = op == .eq ? matches : !matches
            return .expectation(
                passed: passed,
                message: passed
                    ? "\(path) \(op.rawValue) \(expected)"
                    : "\(path) is \(words.joined(separator: " ")), expected \(op.rawValue) \(expected)"
            )
        case (.number, .word(let w)):
            throw fail("\(path) is a number; got '\(w)'", .value, nil)
        }
    }

    /// The words `tap` matches besides a target id.
    static let tapWords = [
        "delivered", "not-delivered", "swallowed", "cancelled", "moved", "rejected", "not-tappable",
    ]

    /// A word VALUE must be one the path can take: an expectation that could never hold is a
    /// typo, so it is an error with a "did you mean", not a failed `expect`.
    private func checkWord(_ path: String, _ value: ExpectValue, fail: Fail) throws(Diagnostic) {
        let word = value.canonical
        if word == "none" || word == "null" { return }
        let ids = sim.graph.ids
        switch path {
        case "owner":
            guard case .word = value, ids.contains(word) else {
                throw fail(
                    "owner is an id or none; no node '\(word)'", .value,
                    Suggest.closest(to: word, in: ids + ["none"]))
            }
        case "touch", "tap":
            let extra = path == "tap" ? Self.tapWords : []
            if extra.contains(word) { return }
            let id = word.firstIndex(of: "[").map { String(word[..<$0]) } ?? word
            guard case .word = value, ids.contains(id) else {
                let what = path == "tap" ? "a target, " + extra.joined(separator: ", ") : "a target"
                let item = word.dropFirst(id.count)
                throw fail(
                    "\(path) is \(what) or none; no node '\(id)'", .value,
                    Suggest.closest(to: id, in: ids).map { $0 + item }
                        ?? Suggest.closest(to: word, in: extra + ["none"]))
            }
        default:
            return
        }
    }
}

extension Session {
    /// `replay FILE` from the shell: runs the trace in a fresh session and shows differences.
    mutating func replay(_ path: String, fail: Fail)
        throws(Diagnostic)
        -> ([Fact], passed: Bool)
    {
        let text: String
        do {
            text = try files.read(path)
        } catch {
            throw fail("cannot read '\(path)': \(error.message)", .file, nil)
        }
        var runner = TraceRunner.run(file: path, text: text, files: files)
        let outcome = runner.finish()
        var facts = runner.diff.map(Fact.text)
        facts.append(.text(TraceRunner.summary(file: path, outcome: outcome)))
        if case .passed = outcome { return (facts, true) }
        return (facts, false)
    }
}
