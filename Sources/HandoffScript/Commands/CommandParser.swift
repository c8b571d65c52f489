import HandoffCore

/// Parses one line of the command language into a `Command`, with positioned errors.
package enum CommandParser {
    /// Largest coordinate or velocity magnitude accepted.
    static let maxMagnitude = 1e7
    static let maxFrames = 100_000
    static let maxSeconds = 600.0

    /// Parses a line; nil for a blank line or a comment.
    package static func parse(_ line: String) throws(Diagnostic) -> Command? {
        try parseWithSource(line)?.command
    }

    /// Parses a line and keeps where each part of the command was typed; nil for a blank line
    /// or a comment.
    package static func parseWithSource(_ line: String) throws(Diagnostic) -> ParsedCommand? {
        let tokens = Token.split(line)
        guard let head = tokens.first else { return nil }
        guard let spec = CommandTable.spec(head.text) else {
            throw Diagnostic(
                "unknown command '\(head.text)'", at: head,
                suggestion: Suggest.command(head.text))
        }
        var p = Cursor(tokens: Array(tokens.dropFirst()), spec: spec, lineEnd: line.count + 1)
        p.parts[.name] = SourceRange(head)
        let command = try p.command()
        try p.finish()
        return ParsedCommand(command, parts: p.parts)
    }

    /// Walks the arguments of one command.
    struct Cursor {
        var tokens: [Token]
        var spec: CommandSpec
        var lineEnd: Int
        var i = 0
        /// Where each part was typed.
        var parts: [ParsedCommand.Part: SourceRange] = [:]

        var peek: Token? { i < tokens.count ? tokens[i] : nil }

        func error(_ message: String, at token: Token? = nil, suggestion: String? = nil)
            -> Diagnostic
        {
            if let token {
                return Diagnostic(message, at: token, usage: spec.usage, suggestion: suggestion)
            }
            return Diagnostic(
                message, column: lineEnd, length: 1, usage: spec.usage, suggestion: suggestion)
        }

        mutating func next(_ what: String, part: ParsedCommand.Part? = nil) throws(Diagnostic)
            -> Token
        {
            guard let t = peek else { throw error("missing \(what)") }
            i += 1
            if let part { parts[part] = SourceRange(t) }
            return t
        }

        /// Marks the tokens from `start` up to the last one read as `part`.
        mutating func mark(_ part: ParsedCommand.Part, from start: Int) {
            guard start < i else { return }
            parts[part] = SourceRange(tokens[start]).through(SourceRange(tokens[i - 1]))
        }

        mutating func finish() throws(Diagnostic) {
            if let t = peek {
                // A second kind after `break KIND`: one breakpoint per command.
                if spec.name == "break", BreakEvent(rawValue: t.text) != nil, i > 0,
                    let first = BreakEvent(rawValue: tokens[i - 1].text)
                {
                    throw error(
                        "one kind per 'break': 'break \(first.rawValue)' then 'break \(t.text)'",
                        at: t)
                }
                let word = spec.words.isEmpty ? nil : Suggest.closest(to: t.text, in: spec.words)
                // A file name with a space reads as two words: say how to keep it one.
                let takesFile = ["load", "record", "replay", "plot"].contains(spec.name)
                let hint =
                    takesFile && word == nil ? " (quote a file name with spaces: \"a b.yaml\")" : ""
                throw error("unexpected '\(t.text)'\(hint)", at: t, suggestion: word)
            }
        }

        /// A finite decimal number.
        mutating func number(
            _ what: String, part: ParsedCommand.Part? = nil,
            limit: Double = CommandParser.maxMagnitude
        )
            throws(Diagnostic)
            -> Double
        {
            let t = try next(what, part: part)
            guard let v = CommandParser.decimal(t.text) else {
                throw error("expected a number for \(what), got '\(t.text)'", at: t)
            }
            guard v.isFinite, abs(v) <= limit else {
                throw error(
                    "\(what) is out of range (at most \(NumberFormat.format(limit)) in size)", at: t
                )
            }
            return v
        }

        mutating func integer(
            _ what: String, part: ParsedCommand.Part? = nil, range: ClosedRange<Int>
        ) throws(Diagnostic) -> Int {
            let t = try next(what, part: part)
            guard let v = Int(t.text),
                t.text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") })
            else { throw error("expected a whole number for \(what), got '\(t.text)'", at: t) }
            guard range.contains(v) else {
                throw error(
                    "\(what) must be between \(range.lowerBound) and \(range.upperBound)", at: t)
            }
            return v
        }

        /// A duration with its unit (`120ms`, `0.3s`). A bare number is refused rather than
        /// guessed at, with the unit that makes it a plausible drag as the "did you mean".
        mutating func duration(_ what: String) throws(Diagnostic) -> TimeSpan {
            let t = try next(what, part: .duration)
            guard let v = TimeSpan.parse(t.text) else {
                if let n = CommandParser.decimal(t.text), n.isFinite {
                    throw error(
                        "a duration needs a unit (ms or s), got '\(t.text)'", at: t,
                        suggestion: CommandParser.unitSuggestion(t.text, n))
                }
                throw error(
                    "expected a duration like 120ms or 0.3s for \(what), got '\(t.text)'", at: t)
            }
            guard v.seconds >= 0, v.seconds <= CommandParser.maxSeconds else {
                throw error(
                    "\(what) must be between 0 and \(Int(CommandParser.maxSeconds))s", at: t)
            }
            return v
        }

        /// A time in seconds (`1.5`, `1.5s`, `1500ms`), 0 or more.
        mutating func time(_ what: String) throws(Diagnostic) -> Double {
            let t = try next(what)
            guard let v = CommandParser.time(t.text) else {
                throw error("expected " + CommandParser.timeExpected(t.text), at: t)
            }
            return v
        }

        mutating func accept(_ word: String, part: ParsedCommand.Part? = nil) -> Bool {
            if let t = peek, t.text == word {
                i += 1
                if let part { parts[part] = SourceRange(t) }
                return true
            }
            return false
        }

        mutating func place() throws(Diagnostic) -> Place {
            let t = try next("a point or an id", part: .target)
            if CommandParser.decimal(t.text) != nil {
                i -= 1
                parts[.target] = nil
                let p = try point()
                return .point(p.x, p.y)
            }
            return try CommandParser.placeWord(t, cursor: self)
        }

        /// X Y, marked together as `.point`.
        mutating func point() throws(Diagnostic) -> Point {
            let start = i
            let x = try number("X")
            let y = try number("Y")
            mark(.point, from: start)
            return Point(x, y)
        }

        mutating func command() throws(Diagnostic) -> Command {
            switch spec.name {
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
                if CommandParser.decimal(t.text) != nil {
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
                    throw error(
                        "no command '\(t.text)'", at: t,
                        suggestion: Suggest.command(t.text))
                }
                return .help(t.text)
            case "quit": return .quit
            case "break", "delete", "watch", "unwatch", "continue", "history", "hazards", "back",
                "compare":
                return .debug(try debugCommand())
            default: preconditionFailure("command table and parser disagree on \(spec.name)")
            }
        }

        mutating func overClause() throws(Diagnostic) -> TimeSpan? {
            guard accept("over") else { return nil }
            return try duration("D")
        }

        mutating func expect() throws(Diagnostic) -> Command {
            let path = try next("a PATH", part: .path)
            guard let expectPath = ExpectPath(path.text) else {
                throw error(
                    "unknown PATH '\(path.text)'", at: path,
                    suggestion: CommandParser.pathSuggestion(path.text))
            }
            let opToken = try next("an operator", part: .op)
            guard let op = ExpectOp(rawValue: opToken.text) else {
                throw error(
                    "unknown operator '\(opToken.text)'", at: opToken,
                    suggestion: Suggest.closest(
                        to: opToken.text, in: ExpectOp.allCases.map(\.rawValue)))
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
                    throw error(
                        "unknown phase '\(v.text)' (\(CommandParser.phases.joined(separator: ", ")))",
                        at: v, suggestion: Suggest.closest(to: v.text, in: CommandParser.phases))
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
            let key = try next("a KEY", part: .key)
            guard SettingKeys.keys.contains(key.text) else {
                throw error(
                    "unknown setting '\(key.text)'", at: key,
                    suggestion: Suggest.closest(to: key.text, in: SettingKeys.keys))
            }
            let value = try next("a VALUE", part: .setting)
            return .set(
                try Setting(key: key.text, value: value.text) { message, suggestion in
                    error(message, at: value, suggestion: suggestion)
                })
        }
    }

    static func placeWord(_ t: Token, cursor: Cursor) throws(Diagnostic) -> Place {
        let text = t.text
        if let open = text.firstIndex(of: "["), text.hasSuffix("]") {
            let id = String(text[..<open])
            let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
            guard !id.isEmpty, let n = Int(inner), n >= 0 else {
                throw cursor.error(
                    "expected ID[N] with a row or segment number, got '\(text)'", at: t)
            }
            return .item(id, n)
        }
        guard text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." })
        else {
            throw cursor.error("expected a point or an id, got '\(text)'", at: t)
        }
        return .node(text)
    }

    /// Decimal numbers only: no hex, no `nan`, no `inf`.
    package static func decimal(_ s: String) -> Double? {
        var digits = 0
        var seenDot = false
        var seenExp = false
        var prev: Character = " "
        for (k, ch) in s.enumerated() {
            switch ch {
            case "0"..."9": digits += 1
            case "+", "-": guard k == 0 || prev == "e" || prev == "E" else { return nil }
            case ".":
                guard !seenDot, !seenExp else { return nil }
                seenDot = true
            case "e", "E":
                guard !seenExp, digits > 0 else { return nil }
                seenExp = true
            default: return nil
            }
            prev = ch
        }
        guard digits > 0, prev != "e", prev != "E", prev != "+", prev != "-" else { return nil }
        return Double(s)
    }

    /// `120ms`, `0.3s`, or a bare number of seconds.
    /// The latest time a `plot` window may name (no session runs this long; a larger number
    /// would overflow the picture's arithmetic).
    package static let maxTime = 1e9

    /// A point in time (`plot --from/--to`): a duration from 0 to `maxTime` seconds.
    package static func time(_ s: String) -> Double? {
        guard let v = duration(s), v.isFinite, v >= 0, v <= maxTime else { return nil }
        return v
    }

    /// The error for a text `time` refuses.
    package static func timeExpected(_ s: String) -> String {
        "a time in seconds from 0 to \(NumberFormat.format(maxTime)) like 1.5 or 250ms, got '\(s)'"
    }

    package static func duration(_ s: String) -> Double? {
        if s.hasSuffix("ms") { return decimal(String(s.dropLast(2))).map { $0 / 1000 } }
        if s.hasSuffix("s") { return decimal(String(s.dropLast())) }
        return decimal(s)
    }

    /// The values of `phase` (SPEC §6).
    static let phases = ["idle", "touching", "panning", "animating"]

    /// A close fixed path, or the same id with a close field (`outer.ofset` → `outer.offset`).
    static func pathSuggestion(_ p: String) -> String? {
        if let fixed = Suggest.closest(to: p, in: ExpectPath.fixed) { return fixed }
        guard let dot = p.lastIndex(of: "."), dot != p.startIndex else { return nil }
        let id = p[..<dot]
        let field = String(p[p.index(after: dot)...])
        let close = Suggest.closest(to: field, in: ExpectPath.Field.allCases.map(\.rawValue)).map {
            "\(id).\($0)"
        }
        return close == p ? nil : close
    }

    /// The unit that makes a bare number a plausible drag: seconds below 10 (`2` → `2s`),
    /// milliseconds from 10 up (`250` → `250ms`): a drag lasts more than 10 ms and less than 10 s.
    static func unitSuggestion(_ text: String, _ n: Double) -> String {
        abs(n) < 10 ? text + "s" : text + "ms"
    }
}
