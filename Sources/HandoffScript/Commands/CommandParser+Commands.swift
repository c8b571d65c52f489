import HandoffCore

/// Parsing each command's arguments (the debugger's: `CommandParser+Debug`).
extension CommandParser.Cursor {
    mutating func command() throws(Diagnostic) -> Command {
        switch name {
        case "load": return .load(try next("a scene name or file", part: .file).text)
        case "scenes": return .scenes
        case "touch": return .touch(try place())
        case "move":
            let dx = try number("DX", part: .dx)
            let dy = try number("DY", part: .dy)
            return .move(dx: dx, dy: dy, over: try overClause())
        case "pan":
            let dx = try number("DX", part: .dx)
            let dy = try number("DY", part: .dy)
            let over = try overClause()
            var at: Point?
            if accept("at", part: .at) { at = try point() }
            return .pan(dx: dx, dy: dy, over: over, at: at)
        case "end":
            if peek == nil { return .end(velocity: nil) }
            let start = i
            let v = Point(try number("VX"), try number("VY"))
            mark(.velocity, from: start)
            return .end(velocity: v)
        case "swipe":
            let dx = try number("DX", part: .dx)
            let dy = try number("DY", part: .dy)
            let over = try overClause()
            var at: Point?
            if accept("at", part: .at) { at = try point() }
            return .swipe(dx: dx, dy: dy, over: over, at: at)
        case "tap":
            let t = try next("a row, a point or an id", part: .target)
            if t.withUTF8(CommandParser.decimal) != nil {
                i -= 1
                if i + 1 < tokens.count {
                    parts[.target] = nil
                    let p = try point()
                    return .tap(.place(.point(p.x, p.y)))
                }
                return .tap(.row(try integer("N", part: .target, range: 0...10_000_000)))
            }
            return .tap(.place(try CommandParser.placeWord(t, cursor: self)))
        case "tab":
            let t = try next("next, prev, a segment number or name", part: .choice)
            let choice: TabChoice
            switch t.text {
            case "next": choice = .next
            case "prev": choice = .prev
            default:
                if let n = Int(t.text) {
                    guard n >= 0 else { throw error("a segment number is 0 or more", at: t) }
                    if !CommandParser.isIntegerSpelling(t.text) { respelled = true }
                    choice = .index(n)
                } else {
                    choice = .name(t.text)
                }
            }
            var of: String?
            if accept("of") { of = try next("a tabs id", part: .target).text }
            return .tab(choice, of: of)
        case "wait": return .wait(try duration("D"))
        case "step":
            if peek == nil { return .step(1) }
            return .step(try integer("N", part: .frames, range: 1...CommandParser.maxFrames))
        case "settle": return .settle
        case "state": return .state(json: accept("--json"))
        case "tree": return .tree
        case "why": return .why
        case "show": return .show
        case "expect": return try expect()
        case "set": return try set()
        case "record":
            let t = try next("a file or 'stop'", part: .file)
            if t.text == "stop" { return .recordStop }
            return .record(file: t.text, force: accept("--force"))
        case "replay":
            let file = try next("a trace file", part: .file).text
            return .replay(file: file, step: accept("--step"))
        case "plot":
            let file = try next("a file (OUT.svg, OUT.html or OUT.jsonl)", part: .file).text
            var from: Double?
            var to: Double?
            while let t = peek, t.text == "--from" || t.text == "--to" {
                let isFrom = t.text == "--from"
                if isFrom ? from != nil : to != nil {
                    throw error(
                        "\(t.text) is given twice: a window has one start and one end", at: t)
                }
                let start = i
                i += 1
                let value = try time(isFrom ? "the start time" : "the end time")
                if isFrom { from = value } else { to = value }
                mark(isFrom ? .from : .to, from: start)
            }
            return .plot(file: file, from: from, to: to)
        case "help":
            guard let t = peek else { return .help(nil) }
            i += 1
            guard HelpTopic.named(t.text) != nil else {
                throw error(.noHelpTopic(t.text), at: t)
            }
            return .help(t.text)
        case "quit": return .quit
        case "break", "delete", "watch", "unwatch", "continue", "history", "hazards", "back",
            "compare":
            return .debug(try debugCommand())
        default: preconditionFailure("command table and parser disagree on \(name)")
        }
    }

    mutating func overClause() throws(Diagnostic) -> TimeSpan? {
        guard accept("over") else { return nil }
        return try duration("D")
    }

    mutating func expect() throws(Diagnostic) -> Command {
        let path = try next("a PATH", part: .path)
        guard let expectPath = ExpectPath(path.text) else {
            throw error(.unknownPath(path.text), at: path)
        }
        let opToken = try next("an operator", part: .op)
        guard let op = ExpectOp(rawValue: opToken.text) else {
            throw error(.unknownOperator(opToken.text), at: opToken)
        }
        let v = try next("a VALUE", part: .value)
        let value: ExpectValue
        if let n = CommandParser.decimal(v.text) {
            guard n.isFinite, abs(n) <= CommandParser.maxMagnitude else {
                throw error("VALUE is out of range", at: v)
            }
            value = .number(n)
        } else {
            value = .word(v.text)
            if expectPath == .phase, !CommandParser.phases.contains(v.text) {
                throw error(.unknownPhase(v.text), at: v)
            }
        }
        var tolerance: Double?
        if accept("±") || accept("+-") {
            tolerance = try number("TOL", part: .tolerance)
            guard tolerance! >= 0 else {
                throw error("TOL must not be negative", at: tokens[i - 1])
            }
        }
        return .expect(path: expectPath, op: op, value: value, tolerance: tolerance)
    }

    mutating func set() throws(Diagnostic) -> Command {
        if peek == nil { return .settings }
        if let rule = try ruleSetting() { return .set(rule) }
        let key = try next("a KEY", part: .key)
        try checkSettingKey(key)
        // The words the KEY takes are looked up only when its VALUE is missing.
        guard peek != nil else { throw error(.missingValue(key: key.text)) }
        let value = try next("a VALUE", part: .setting)
        return .set(
            try Setting(key: key.text, value: value.text) { error($0, at: value) })
    }

    /// `rule N off|on` of `set` and `compare` (SPEC §13.4); nil when the KEY is not `rule`.
    mutating func ruleSetting() throws(Diagnostic) -> Setting? {
        guard peek?.text == "rule" else { return nil }
        let start = i
        i += 1
        let n = try integer("N", part: .key, range: 1...Int(Int32.max))
        mark(.key, from: start)
        let value = try next("on or off", part: .setting)
        guard let on = ["on": true, "off": false][value.text] else {
            throw error(
                "rule \(n) takes on or off, got '\(value.text)'", at: value,
                suggestion: Suggest.closest(to: value.text, in: ["on", "off"]))
        }
        return .rule(n, on: on)
    }

    /// A `set` or `compare` KEY: a setting of §8, `gestures`, or `ID.KEY` (SPEC §13.4; the id is
    /// checked against the scene when the command runs).
    func checkSettingKey(_ key: Token) throws(Diagnostic) {
        let k = key.text
        guard !SettingKeys.keys.contains(k), k != "gestures", k != "rule", NodeKeys.split(k) == nil
        else {
            return
        }
        throw error(.unknownSetting(k, compare: false), at: key)
    }
}
