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
        case "gestures":
            guard let on = ["on": true, "off": false][value] else {
                throw fail(
                    "gestures takes on or off, got '\(value)'",
                    Suggest.closest(to: value, in: ["on", "off"]))
            }
            self = .gestures(on)
        case _ where !SettingKeys.keys.contains(key):
            guard let (id, nodeKey) = NodeKeys.split(key) else {
                throw fail("unknown setting '\(key)'", nil)
            }
            guard let setting = nodeKey.parse(value) else {
                let allowed = nodeKey.values
                throw fail(
                    allowed.isEmpty
                        ? "\(nodeKey.name) takes a number, got '\(value)'"
                        : "\(nodeKey.name) takes \(allowed.joined(separator: " or ")), got '\(value)'",
                    Suggest.closest(to: value, in: allowed))
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
