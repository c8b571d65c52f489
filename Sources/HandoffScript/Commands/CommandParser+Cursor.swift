import HandoffCore

/// The cursor over a command's arguments: numbers, durations, times, places and points.
extension CommandParser {
    /// Walks the arguments of one command: the line's words after its name.
    struct Cursor {
        /// The line's words, the command's name first.
        var tokens: [Token]
        /// The line (an error at its end is put after its last character).
        var line: String
        /// The next word to read.
        var i = 1
        /// Where each part was typed.
        var parts = PartRanges()
        /// A number was read that its canonical text spells otherwise (`+5`, `1.50`, `05`).
        var respelled = false

        /// The command's name, as the command table spells it.
        let name: String

        init(tokens: [Token], name: String, line: String) {
            self.tokens = tokens
            self.name = name
            self.line = line
        }

        var peek: Token? { i < tokens.count ? tokens[i] : nil }

        func error(_ problem: CommandProblem, at token: Token? = nil) -> Diagnostic {
            if let token { return Diagnostic(problem, at: token, command: name) }
            let lineEnd = SourceRange.length(line) + 1
            return Diagnostic(problem, column: lineEnd, length: 1, command: name)
        }

        /// A rare error worded where it is found, with its "did you mean".
        func error(_ message: String, at token: Token? = nil, suggestion: String? = nil)
            -> Diagnostic
        {
            error(.message(message, suggestion: suggestion), at: token)
        }

        mutating func next(_ what: String, part: ParsedCommand.Part? = nil) throws(Diagnostic)
            -> Token
        {
            guard let t = peek else { throw error(.missing(what)) }
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
                if name == "break", BreakEvent(rawValue: t.text) != nil,
                    let first = BreakEvent(rawValue: tokens[i - 1].text)
                {
                    throw error(
                        "one kind per 'break': 'break \(first.rawValue)' then 'break \(t.text)'",
                        at: t)
                }
                throw error(.unexpected(t.text, command: name), at: t)
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
            guard let v = t.withUTF8(CommandParser.decimal) else {
                throw error(.notANumber(what, got: t.text), at: t)
            }
            guard v.isFinite, abs(v) <= limit else {
                throw error(.numberOutOfRange(what, limit: limit), at: t)
            }
            if !t.withUTF8(CommandParser.isExactSpelling) { respelled = true }
            return v
        }

        mutating func integer(
            _ what: String, part: ParsedCommand.Part? = nil, range: ClosedRange<Int>
        ) throws(Diagnostic) -> Int {
            let t = try next(what, part: part)
            let text = t.text
            // Digits and minus signs only, read as bytes: an ASCII character is one byte, and any
            // other byte belongs to a character that is no ASCII digit.
            guard let v = Int(text),
                text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "-") })
            else { throw error(.notAWholeNumber(what, got: text), at: t) }
            guard range.contains(v) else {
                throw error(.notBetween(what, range), at: t)
            }
            if !CommandParser.isIntegerSpelling(text) { respelled = true }
            return v
        }

        /// A duration with its unit (`120ms`, `0.3s`). A bare number is refused rather than
        /// guessed at, with the unit that makes it a plausible drag as the "did you mean".
        mutating func duration(_ what: String) throws(Diagnostic) -> TimeSpan {
            let t = try next(what, part: .duration)
            guard let v = t.withUTF8(TimeSpan.parse) else {
                if let n = CommandParser.decimal(t.text), n.isFinite {
                    throw error(.durationWithoutUnit(t.text), at: t)
                }
                throw error(.notADuration(what, got: t.text), at: t)
            }
            guard v.seconds >= 0, v.seconds <= CommandParser.maxSeconds else {
                throw error(.durationOutOfRange(what), at: t)
            }
            // The number before the unit.
            let unit = v.unit.rawValue.utf8.count
            let exact = t.withUTF8 {
                CommandParser.isExactSpelling($0.extracting(droppingLast: unit))
            }
            if !exact { respelled = true }
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
            if let t = peek, t.matches(word) {
                i += 1
                if let part { parts[part] = SourceRange(t) }
                return true
            }
            return false
        }

        mutating func place() throws(Diagnostic) -> Place {
            let t = try next("a point or an id", part: .target)
            if t.withUTF8(CommandParser.decimal) != nil {
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
    }
}
