/// Parsing the debugger's commands (SPEC §10).
extension CommandParser.Cursor {
    mutating func debugCommand() throws(Diagnostic) -> DebugCommand {
        switch name {
        case "break":
            guard let t = peek else { return .list }
            if accept("when", part: .choice) {
                guard case .expect(let path, let op, let value, let tol) = try expect() else {
                    preconditionFailure("expect() parses an expect")
                }
                return .breakWhen(
                    BreakCondition(path: path, op: op, value: value, tolerance: tol))
            }
            i += 1
            parts[.choice] = SourceRange(t)
            guard let e = BreakEvent(rawValue: t.text) else {
                throw error(
                    "unknown breakpoint '\(t.text)' (\(BreakEvent.allCases.map(\.rawValue).joined(separator: ", ")) or when PATH OP VALUE)",
                    at: t,
                    suggestion: Suggest.closest(
                        to: t.text, in: BreakEvent.allCases.map(\.rawValue) + ["when"]))
            }
            if e == .code, peek != nil {
                return .breakCode(
                    rule: try integer("N", part: .frames, range: 1...Int(Int32.max)))
            }
            return .breakOn(e)
        case "delete":
            if accept("all", part: .choice) { return .delete(nil) }
            guard peek != nil else { throw error("missing a breakpoint number or 'all'") }
            return .delete(try integer("N", part: .choice, range: 1...Int(Int32.max)))
        case "watch":
            if peek == nil { return .watches }
            return .watch(try watchPath())
        case "unwatch":
            if accept("all", part: .path) { return .unwatch(nil) }
            return .unwatch(try watchPath())
        case "continue": return .resume
        case "history": return .history
        case "hazards": return .hazards
        case "back":
            if accept("break", part: .choice) { return .backBreak }
            if peek == nil { return .back(1) }
            return .back(try integer("N", part: .frames, range: 1...Int(Int32.max)))
        case "compare":
            if let rule = try ruleSetting() { return .compare(rule) }
            let key = try next("a KEY", part: .key)
            let keys = SettingKeys.keys.filter { $0 != "output" }
            guard keys.contains(key.text) || key.text == "gestures" || key.text.contains(".")
            else {
                throw error(.unknownSetting(key.text, compare: true), at: key)
            }
            try checkSettingKey(key)
            // The words the KEY takes are looked up only when its VALUE is missing.
            guard peek != nil else { throw error(.missingValue(key: key.text)) }
            let value = try next("a VALUE", part: .setting)
            return .compare(
                try Setting(key: key.text, value: value.text) { error($0, at: value) })
        default:
            preconditionFailure("not a debugger command: \(name)")
        }
    }

    /// PATH of `watch` and `unwatch`, as `expect` reads it.
    mutating func watchPath() throws(Diagnostic) -> ExpectPath {
        let path = try next("a PATH", part: .path)
        guard let p = ExpectPath(path.text) else {
            throw error(.unknownPath(path.text), at: path)
        }
        return p
    }
}
