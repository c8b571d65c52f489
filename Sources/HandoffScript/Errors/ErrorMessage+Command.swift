import HandoffCore

/// The words of a command line's errors (`CommandProblem`), its "did you mean", and the one way a
/// `Diagnostic` is printed. Called only for an error that prints.
extension ErrorMessage {
    /// What went wrong, without place, suggestion or usage.
    package static func text(_ problem: CommandProblem) -> String {
        var out = TextOutput()
        out.line(room: 128) { write(problem, into: &$0) }
        return out.text(0)
    }

    /// `text`, written into a line: the one wording of a problem, straight into an error's line
    /// when it prints (no `String` made for it).
    static func write(_ problem: CommandProblem, into w: inout LineWriter) {
        switch problem {
        case .unknownCommand(let word):
            w.put("unknown command " as StaticString)
            w.quoted(word)
        case .noHelpTopic(let word):
            w.put("no command " as StaticString)
            w.quoted(word)
        case .missing(let what):
            w.put("missing " as StaticString)
            w.put(what)
        case .missingValue(let key):
            w.put("missing " as StaticString)
            w.put(NodeKeys.missingValue(of: key))
        case .unexpected(let word, let command):
            w.put("unexpected " as StaticString)
            w.quoted(word)
            if quotingHint(command), unexpectedSuggestion(word, command) == nil {
                w.put(" (quote a file name with spaces: \"a b.yaml\")" as StaticString)
            }
        case .notANumber(let what, let got):
            w.put("expected a number for " as StaticString)
            w.put(what)
            w.put(", got " as StaticString)
            w.quoted(got)
        case .numberOutOfRange(let what, let limit):
            w.put(what)
            w.put(" is out of range (at most " as StaticString)
            w.put(NumberFormat.format(limit))
            w.put(" in size)" as StaticString)
        case .notAWholeNumber(let what, let got):
            w.put("expected a whole number for " as StaticString)
            w.put(what)
            w.put(", got " as StaticString)
            w.quoted(got)
        case .notBetween(let what, let range):
            w.put(what)
            w.put(" must be between " as StaticString)
            w.put(range.lowerBound)
            w.put(" and " as StaticString)
            w.put(range.upperBound)
        case .durationWithoutUnit(let got):
            w.put("a duration needs a unit (ms or s), got " as StaticString)
            w.quoted(got)
        case .notADuration(let what, let got):
            w.put("expected a duration like 120ms or 0.3s for " as StaticString)
            w.put(what)
            w.put(", got " as StaticString)
            w.quoted(got)
        case .durationOutOfRange(let what):
            w.put(what)
            w.put(" must be between 0 and " as StaticString)
            w.put(Int(CommandParser.maxSeconds))
            w.put(byte: UInt8(ascii: "s"))
        case .unknownSetting(let key, compare: true):
            w.put(
                key == "output"
                    ? "compare changes a setting of the simulation (\(compareKeys.joined(separator: ", "))), not output"
                    : "unknown setting '\(key)' (\(SettingKeys.compareListing))")
        case .unknownSetting(let key, compare: false):
            w.put(
                key.contains(".")
                    ? "unknown key '\(key)' (\(NodeKeys.names.joined(separator: ", ")))"
                    : "unknown setting '\(key)' (\(SettingKeys.listing))")
        case .badValue(let key, let value):
            w.put(
                "\(key == "slop" || key == "fps" ? key : valueKeyName(key)) takes \(valueWords(key)), got '\(value)'"
            )
        case .unknownOperator(let op):
            w.put("unknown operator " as StaticString)
            w.quoted(op)
        case .unknownPhase(let word):
            w.put("unknown phase " as StaticString)
            w.quoted(word)
            w.put(" (" as StaticString)
            w.put(CommandParser.phases.joined(separator: ", "))
            w.put(byte: UInt8(ascii: ")"))
        case .unknownPath(let path):
            w.put("unknown PATH " as StaticString)
            w.quoted(path)
        case .simulator(let error): w.put(error.message)
        case .noNode(let id, _):
            w.put("no node " as StaticString)
            w.quoted(id)
        case .noSuchRow(let list, let rows):
            w.quoted(list)
            w.put(" has " as StaticString)
            w.put(rows)
            w.put(" rows" as StaticString)
        case .noSuchSegment(let tabs, let segments):
            w.quoted(tabs)
            w.put(" has " as StaticString)
            w.put(segments)
            w.put(" segments (0…" as StaticString)
            w.put(segments - 1)
            w.put(byte: UInt8(ascii: ")"))
        case .noSegmentNamed(let name, let tabs, let segments):
            w.put("no segment " as StaticString)
            w.quoted(name)
            w.put(" in " as StaticString)
            w.quoted(tabs)
            w.put(" (next, prev" as StaticString)
            for segment in segments {
                w.put(", " as StaticString)
                w.put(segment)
            }
            w.put(byte: UInt8(ascii: ")"))
        case .noTabs: w.put("this scene has no tabs control" as StaticString)
        case .notOnScreen(let what):
            w.quoted(what)
            w.put(" is not on screen" as StaticString)
        case .noSuchItem(let id, let items):
            w.quoted(id)
            if items == 0 {
                w.put(" has no items" as StaticString)
            } else {
                w.put(" has " as StaticString)
                w.put(Plural.count(items, "item"))
                w.put(" (0…" as StaticString)
                w.put(items - 1)
                w.put(byte: UInt8(ascii: ")"))
            }
        case .noListUnderTouchPoint:
            w.put("no list under the touch point; use 'tap ID[N]'" as StaticString)
        case .unprinted: break
        case .user(let error): w.put(text(error))
        case .message(let text, _): w.put(text)
        }
    }

    /// The "did you mean" of a problem (before the rule that never offers the word typed).
    package static func suggestion(_ problem: CommandProblem) -> String? {
        switch problem {
        case .unknownCommand(let word), .noHelpTopic(let word): Suggest.command(word)
        case .unexpected(let word, let command): unexpectedSuggestion(word, command)
        case .durationWithoutUnit(let got):
            CommandParser.decimal(got).map { CommandParser.unitSuggestion(got, $0) }
        case .unknownSetting(let key, compare: true):
            key == "output" ? nil : Suggest.closest(to: key, in: compareCandidates)
        case .unknownSetting(let key, compare: false):
            Suggest.closest(to: key, in: settingCandidates)
                ?? NodeKeys.suggestion(key)
        case .unknownPath(let path): CommandParser.pathSuggestion(path)
        case .badValue(let key, let value): Suggest.closest(to: value, in: allowedValues(key))
        case .unknownOperator(let op):
            Suggest.closest(to: op, in: ExpectOp.allCases.map(\.rawValue))
        case .unknownPhase(let word): Suggest.closest(to: word, in: CommandParser.phases)
        case .noNode(let id, let ids): Suggest.closest(to: id, in: ids)
        case .noSegmentNamed(let name, _, let segments):
            Suggest.closest(to: name, in: ["next", "prev"] + segments)
        case .message(_, let suggestion): suggestion
        case .missing, .missingValue, .notANumber, .numberOutOfRange, .notAWholeNumber,
            .notBetween, .notADuration, .durationOutOfRange, .simulator, .noSuchRow,
            .noSuchSegment, .noTabs, .user, .notOnScreen, .noSuchItem, .noListUnderTouchPoint,
            .unprinted:
            nil
        }
    }

    /// How a bad value names its KEY: a node key by its own name (`bounces`, not `list.bounces`).
    private static func valueKeyName(_ key: String) -> String {
        guard !SettingKeys.keys.contains(key), let (_, nodeKey) = NodeKeys.split(key) else {
            return key
        }
        return nodeKey.name
    }

    /// What a KEY takes, in words.
    private static func valueWords(_ key: String) -> String {
        switch key {
        case "slop": return "a number of points from 0 to 1000"
        case "fps": return "a whole number from 1 to 1000"
        default:
            let allowed = allowedValues(key)
            return allowed.isEmpty ? "a number" : allowed.joined(separator: " or ")
        }
    }

    /// The words a KEY takes (none for a number).
    private static func allowedValues(_ key: String) -> [String] {
        switch key {
        case "slop", "fps": []
        case "gestures": ["on", "off"]
        case _ where SettingKeys.keys.contains(key): SettingKeys.values[key] ?? []
        default: NodeKeys.split(key)?.key.values ?? []
        }
    }

    /// The keys `compare` changes: every setting of the simulation, not `output`.
    private static var compareKeys: [String] { SettingKeys.keys.filter { $0 != "output" } }
    /// The keys a `set` KEY is suggested from, and a `compare` KEY, read once.
    private static let settingCandidates = Suggest.Candidates(SettingKeys.keys + ["gestures"])
    private static let compareCandidates = Suggest.Candidates(compareKeys)

    /// A word after the last argument: one of the command's fixed words, if close.
    private static func unexpectedSuggestion(_ word: String, _ command: String) -> String? {
        let words = CommandTable.words(command)
        guard !words.isEmpty else { return nil }
        return Suggest.closest(to: word, in: words)
    }

    /// Whether the command takes a file, whose name with a space reads as two words.
    private static func quotingHint(_ command: String) -> Bool {
        ["load", "record", "replay", "plot"].contains(command)
    }

    /// The rendered error: `[FILE:][LINE:COL: ]error: MESSAGE[; did you mean 'S'?]`, the line
    /// with a caret under the bad token, and the command's usage (as `write` writes them).
    package static func lines(
        _ d: Diagnostic, line raw: String, lineNumber: Int?, file: String? = nil
    ) -> [String] {
        var out = TextOutput()
        write(d, line: raw, lineNumber: lineNumber, file: file, into: &out)
        return (0..<out.count).map(out.text)
    }

    /// The rendered error, written into `out` with the error role (a session's reused buffer:
    /// the line writer builds no `String` per piece, only one per line when it is printed).
    static func write(
        _ d: Diagnostic, line raw: String, lineNumber: Int?, file: String?,
        into out: inout TextOutput
    ) {
        out.role = .error
        defer { out.role = .plain }
        writeHead(d, lineNumber: lineNumber, file: file, into: &out)
        out.line(room: raw.utf8.count + 3) { w in
            w.put("  " as StaticString)
            w.visible { $0.put(raw) }
        }
        let column = max(0, d.column - 1)
        out.line(room: column + d.length + 4) { w in
            w.spaces(column + 2)
            w.put(byte: UInt8(ascii: "^"))
            for _ in 1..<max(1, d.length) { w.put(byte: UInt8(ascii: "~")) }
        }
        if let usage = d.usage {
            out.line(room: usage.utf8.count + 8) { w in
                w.put("usage: " as StaticString)
                w.put(usage)
            }
        }
    }

    /// An error worded before without its place (`write` with no line number), written into
    /// `out` with it: a line that failed before is not worded again.
    static func write(
        _ worded: TextOutput, column: Int, lineNumber: Int?, file: String?,
        into out: inout TextOutput
    ) {
        out.append(worded) { place(&$0, column: column, lineNumber: lineNumber, file: file) }
    }

    /// `[FILE:]LINE:COL: ` before an error in a script; nothing without a line number.
    private static func place(_ w: inout LineWriter, column: Int, lineNumber: Int?, file: String?) {
        guard let lineNumber else { return }
        if let file {
            w.put(file)
            w.put(byte: UInt8(ascii: ":"))
        }
        w.put(lineNumber)
        w.put(byte: UInt8(ascii: ":"))
        w.put(column)
        w.put(": " as StaticString)
    }

    /// The first line of a rendered error alone (JSON's `text` of an error).
    package static func head(_ d: Diagnostic, lineNumber: Int?, file: String? = nil) -> String {
        var out = TextOutput()
        writeHead(d, lineNumber: lineNumber, file: file, into: &out)
        return out.text(0)
    }

    /// `[FILE:][LINE:COL: ]error: MESSAGE[; did you mean 'S'?]`, a line of `out`: the message is
    /// worded into it (`Diagnostic.visible` only where it has a control character).
    private static func writeHead(
        _ d: Diagnostic, lineNumber: Int?, file: String?, into out: inout TextOutput
    ) {
        let suggestion = d.suggestion
        out.line(room: (file?.utf8.count ?? 0) + (suggestion?.utf8.count ?? 0) + 256) { w in
            place(&w, column: d.column, lineNumber: lineNumber, file: file)
            w.put("error: " as StaticString)
            w.visible { write(d.problem, into: &$0) }
            if let suggestion {
                w.put("; did you mean '" as StaticString)
                w.put(suggestion)
                w.put("'?" as StaticString)
            }
        }
    }
}
