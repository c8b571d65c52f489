import HandoffCore

/// A `set KEY VALUE` (and a scene's `settings` entry), parsed and checked once: execution applies
/// the value and never reads the text again (SPEC §8).
package enum Setting: Equatable, Sendable {
    case slop(Double)
    case slopMode(SlopMode)
    case policy(Policy)
    case touches(TouchPipeline)
    case fps(Int)
    case output(json: Bool)

    /// Parses `value` for `key` (one of `SettingKeys.keys`); a value out of range or unknown
    /// is reported through `fail(message, suggestion)`.
    /// How a scene file's `settings` report a bad value: the message, with the close value as a
    /// "did you mean" (as `set` offers it).
    package static func sceneError(_ message: String, _ suggestion: String?) -> Diagnostic {
        Diagnostic(message + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
    }

    package init(
        key: String, value: String, fail: (String, String?) -> Diagnostic
    ) throws(Diagnostic) {
        switch key {
        case "slop":
            guard let v = CommandParser.decimal(value), v.isFinite, v >= 0, v <= 1000 else {
                throw fail("slop takes a number of points from 0 to 1000, got '\(value)'", nil)
            }
            self = .slop(v)
        case "fps":
            guard let v = Int(value), (1...1000).contains(v) else {
                throw fail("fps takes a whole number from 1 to 1000, got '\(value)'", nil)
            }
            self = .fps(v)
        default:
            let allowed = SettingKeys.values[key] ?? []
            switch (key, value) {
            case ("slopmode", _) where SlopMode(rawValue: value) != nil:
                self = .slopMode(SlopMode(rawValue: value)!)
            case ("policy", _) where Policy(rawValue: value) != nil:
                self = .policy(Policy(rawValue: value)!)
            case ("touches", _) where TouchPipeline(rawValue: value) != nil:
                self = .touches(TouchPipeline(rawValue: value)!)
            case ("output", "json"): self = .output(json: true)
            case ("output", "text"): self = .output(json: false)
            default:
                throw fail(
                    "\(key) takes \(allowed.joined(separator: " or ")), got '\(value)'",
                    Suggest.closest(to: value, in: allowed))
            }
        }
    }

    /// The key, as typed.
    package var key: String {
        switch self {
        case .slop: "slop"
        case .slopMode: "slopmode"
        case .policy: "policy"
        case .touches: "touches"
        case .fps: "fps"
        case .output: "output"
        }
    }

    /// The value in canonical form.
    package var value: String {
        switch self {
        case .slop(let v): NumberFormat.exact(v)
        case .slopMode(let m): m.rawValue
        case .policy(let p): p.rawValue
        case .touches(let t): t.rawValue
        case .fps(let n): String(n)
        case .output(let json): json ? "json" : "text"
        }
    }
}
