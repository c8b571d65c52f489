import HandoffCore

/// The words of a command line's errors (`CommandProblem`), its "did you mean", and the one way a
/// `Diagnostic` is printed. Called only for an error that prints.
extension ErrorMessage {
    /// What went wrong, without place, suggestion or usage.
    package static func text(_ problem: CommandProblem) -> String {
        switch problem {
        case .unknownCommand(let word): "unknown command '\(word)'"
        case .noHelpTopic(let word): "no command '\(word)'"
        case .missing(let what): "missing \(what)"
        case .missingValue(let key): "missing " + NodeKeys.missingValue(of: key)
        case .unexpected(let word, let command):
            "unexpected '\(word)'"
                + (quotingHint(command) && unexpectedSuggestion(word, command) == nil
                    ? " (quote a file name with spaces: \"a b.yaml\")" : "")
        case .notANumber(let what, let got): "expected a number for \(what), got '\(got)'"
        case .numberOutOfRange(let what, let limit):
            "\(what) is out of range (at most \(NumberFormat.format(limit)) in size)"
        case .notAWholeNumber(let what, let got):
            "expected a whole number for \(what), got '\(got)'"
        case .notBetween(let what, let range):
            "\(what) must be between \(range.lowerBound) and \(range.upperBound)"
        case .durationWithoutUnit(let got): "a duration needs a unit (ms or s), got '\(got)'"
        case .notADuration(let what, let got):
            "expected a duration like 120ms or 0.3s for \(what), got '\(got)'"
        case .durationOutOfRange(let what):
            "\(what) must be between 0 and \(Int(CommandParser.maxSeconds))s"
        case .unknownSetting(let key, compare: true):
            key == "output"
                ? "compare changes a setting of the simulation (\(compareKeys.joined(separator: ", "))), not output"
                : "unknown setting '\(key)' (\(SettingKeys.compareListing))"
        case .unknownSetting(let key, compare: false):
            key.contains(".")
                ? "unknown key '\(key)' (\(NodeKeys.names.joined(separator: ", ")))"
                : "unknown setting '\(key)' (\(SettingKeys.listing))"
        case .badValue(let key, let value):
            "\(key == "slop" || key == "fps" ? key : valueKeyName(key)) takes \(valueWords(key)), got '\(value)'"
        case .unknownOperator(let op): "unknown operator '\(op)'"
        case .unknownPhase(let word):
            "unknown phase '\(word)' (\(CommandParser.phases.joined(separator: ", ")))"
        case .unknownPath(let path): "unknown PATH '\(path)'"
        case .simulator(let error): error.message
        case .noNode(let id, _): "no node '\(id)'"
        case .noSuchRow(let list, let rows): "'\(list)' has \(rows) rows"
        case .noSuchSegment(let tabs, let segments):
            "'\(tabs)' has \(segments) segments (0…\(segments - 1))"
        case .noSegmentNamed(let name, let tabs, let segments):
            "no segment '\(name)' in '\(tabs)' (next, prev, "
                + segments.joined(separator: ", ") + ")"
        case .noTabs: "this scene has no tabs control"
        case .notOnScreen(let what): "'\(what)' is not on screen"
        case .noSuchItem(let id, let items):
            items == 0
                ? "'\(id)' has no items"
                : "'\(id)' has \(Plural.count(items, "item")) (0…\(items - 1))"
        case .noListUnderTouchPoint: "no list under the touch point; use 'tap ID[N]'"
        case .unprinted: ""
        case .user(let error): text(error)
        case .message(let text, _): text
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
        guard let words = CommandTable.spec(command)?.words, !words.isEmpty else { return nil }
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
        let source = Diagnostic.visible(raw)
        out.line(room: source.utf8.count + 3) { w in
            w.put("  " as StaticString)
            w.put(source)
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

    /// The first line of a rendered error alone (JSON's `text` of an error).
    package static func head(_ d: Diagnostic, lineNumber: Int?, file: String? = nil) -> String {
        var out = TextOutput()
        writeHead(d, lineNumber: lineNumber, file: file, into: &out)
        return out.text(0)
    }

    /// `[FILE:][LINE:COL: ]error: MESSAGE[; did you mean 'S'?]`, a line of `out`.
    private static func writeHead(
        _ d: Diagnostic, lineNumber: Int?, file: String?, into out: inout TextOutput
    ) {
        let message = Diagnostic.visible(d.message)
        let suggestion = d.suggestion
        out.line(
            room: (file?.utf8.count ?? 0) + message.utf8.count + (suggestion?.utf8.count ?? 0) + 64
        ) { w in
            if let lineNumber {
                if let file {
                    w.put(file)
                    w.put(byte: UInt8(ascii: ":"))
                }
                w.put(lineNumber)
                w.put(byte: UInt8(ascii: ":"))
                w.put(d.column)
                w.put(": " as StaticString)
            }
            w.put("error: " as StaticString)
            w.put(message)
            if let suggestion {
                w.put("; did you mean '" as StaticString)
                w.put(suggestion)
                w.put("'?" as StaticString)
            }
        }
    }
}
