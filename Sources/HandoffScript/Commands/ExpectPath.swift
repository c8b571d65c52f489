/// What `expect` reads (SPEC §8), parsed once from its text: execution switches over it and never
/// looks at the text again.
package enum ExpectPath: Equatable, Sendable {
    case owner
    case phase
    /// `t`, the clock.
    case time
    case touch
    /// `touch.state`: possible, delayed (SPEC §4.4), swallowed or panning; none with no finger.
    case touchState
    case tap
    /// `ledger.unconsumed`.
    case unconsumed
    /// `ledger.ID`: what ID consumed in the last ledger.
    case ledger(String)
    /// `ID.FIELD`.
    case value(id: String, field: Field)
    /// `stopped`: whether a command is stopped at a breakpoint with frames pending (`yes`/`no`).
    case stopped

    /// The fields of `ID.FIELD` paths.
    package enum Field: String, CaseIterable, Sendable {
        case offset
        case page
        case top
        case height
        case alpha
    }

    /// The paths with no id.
    static let fixed: [String] = [
        "owner", "phase", "t", "touch", "touch.state", "tap", "ledger.unconsumed", "stopped",
    ]

    /// Parses a path; nil when it is none of them.
    package init?(_ text: String) {
        switch text {
        case "owner": self = .owner
        case "phase": self = .phase
        case "t": self = .time
        case "touch": self = .touch
        case "touch.state": self = .touchState
        case "tap": self = .tap
        case "ledger.unconsumed": self = .unconsumed
        case "stopped": self = .stopped
        default:
            let ledger = "ledger."
            if text.utf8.starts(with: ledger.utf8), text.count > ledger.count {
                self = .ledger(String(text.dropFirst(ledger.count)))
                return
            }
            guard let dot = text.lastIndex(of: "."), dot != text.startIndex,
                let field = Field(rawValue: String(text[text.index(after: dot)...]))
            else { return nil }
            self = .value(id: String(text[..<dot]), field: field)
        }
    }

    /// The path as typed in canonical form.
    package var canonical: String {
        switch self {
        case .owner: "owner"
        case .phase: "phase"
        case .time: "t"
        case .touch: "touch"
        case .touchState: "touch.state"
        case .tap: "tap"
        case .unconsumed: "ledger.unconsumed"
        case .ledger(let id): "ledger." + id
        case .value(let id, let field): id + "." + field.rawValue
        case .stopped: "stopped"
        }
    }
}
