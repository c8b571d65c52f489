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
    /// `set ID.KEY VALUE`: a node key from now on (SPEC §13.4); `value` as written back.
    /// (Indirect: a command holding a setting stays as small as before.)
    indirect case node(id: String, key: String, NodeSetting, value: String)
    /// `set gestures off|on`: the scene's recognizer wiring switched off or back on (§13.4).
    case gestures(Bool)
    /// `set rule N off|on`: rule N of the scene's `on` switched off or back on (§13.4).
    case rule(Int, on: Bool)

    /// How a scene file's `settings` report a bad value: the message, with the close value as a
    /// "did you mean" (as `set` offers it).
    package static func sceneError(_ problem: CommandProblem) -> Diagnostic {
        Diagnostic(
            ErrorMessage.text(problem)
                + (ErrorMessage.suggestion(problem).map { "; did you mean '\($0)'?" } ?? ""))
    }

    /// Parses `value` for `key` (one of `SettingKeys.keys`, `gestures` or `ID.KEY`); a value out of
    /// range or unknown is reported through `fail` as a typed problem (worded only if printed).
    package init(
        key: String, value: String, fail: (CommandProblem) -> Diagnostic
    ) throws(Diagnostic) {
        switch key {
        case "slop":
            guard let v = CommandParser.decimal(value), v.isFinite, v >= 0, v <= 1000 else {
                throw fail(.badValue(key: key, value: value))
            }
            self = .slop(v)
        case "fps":
            guard let v = Int(value), (1...1000).contains(v) else {
                throw fail(.badValue(key: key, value: value))
            }
            self = .fps(v)
        case "gestures":
            guard let on = ["on": true, "off": false][value] else {
                throw fail(.badValue(key: key, value: value))
            }
            self = .gestures(on)
        case _ where !SettingKeys.keys.contains(key):
            guard let (id, nodeKey) = NodeKeys.split(key) else {
                throw fail(.message("unknown setting '\(key)'"))
            }
            guard let setting = nodeKey.parse(value) else {
                throw fail(.badValue(key: key, value: value))
            }
            // The value as written back: the word typed, a rate as its shortest text.
            let text: String
            if case .deceleration(let r) = setting, CommandParser.decimal(value) != nil {
                text = NumberFormat.exact(r)
            } else {
                text = value
            }
            self = .node(id: id, key: nodeKey.name, setting, value: text)
        default:
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
                throw fail(.badValue(key: key, value: value))
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
        case .node(let id, let key, _, _): id + "." + key
        case .gestures: "gestures"
        case .rule(let n, _): "rule \(n)"
        }
    }

    /// Whether it changes the loaded scene (SPEC §13.4), not a setting of §8: it belongs to
    /// the scene, `load` drops it and `set` alone does not list it.
    package var isSceneKey: Bool {
        switch self {
        case .node, .gestures, .rule: true
        case .slop, .slopMode, .policy, .touches, .fps, .output: false
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
        case .node(_, _, _, let value): value
        case .gestures(let on), .rule(_, let on): on ? "on" : "off"
        }
    }
}
