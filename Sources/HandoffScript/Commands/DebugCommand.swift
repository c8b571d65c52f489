/// What `break KIND` stops on (SPEC §10): a kind of fact, matched against each frame's facts.
package enum BreakEvent: String, CaseIterable, Equatable, Sendable {
    /// A consumer change within one gesture or fling.
    case handoff
    /// A new owner of the pan.
    case owner
    /// A node hitting its edge during momentum.
    case edge
    /// A tap's fate at a finger lift (delivered or why not).
    case tap
    /// A refused `tab`.
    case refuse
    /// An invariant repair (SPEC §5.8).
    case repair
    /// A finger lift.
    case release
    /// Any hazard (SPEC §10).
    case hazard
    /// A write of the app's code (SPEC §13.3), at the end of its frame or step.
    case code
}

/// The condition of `break when PATH OP VALUE [± TOL]`, read as `expect` reads it.
package struct BreakCondition: Equatable, Sendable {
    package var path: ExpectPath
    package var op: ExpectOp
    package var value: ExpectValue
    package var tolerance: Double?

    package init(path: ExpectPath, op: ExpectOp, value: ExpectValue, tolerance: Double?) {
        self.path = path
        self.op = op
        self.value = value
        self.tolerance = tolerance
    }

    /// `outer.offset > 90`, `sheet.top <= 100 ± 0.5`.
    package var canonical: String {
        "\(path.canonical) \(op.rawValue) \(value.canonical)"
            + (tolerance.map { " ± \(NumberFormat.exact($0))" } ?? "")
    }
}

/// The debugger's commands (SPEC §10): breakpoints, watches, resuming, history, rewind, compare.
package enum DebugCommand: Equatable, Sendable {
    /// `break KIND`.
    case breakOn(BreakEvent)
    /// `break code N`: a write of rule N.
    case breakCode(rule: Int)
    /// `break when PATH OP VALUE [± TOL]`.
    case breakWhen(BreakCondition)
    /// `break` alone: list the breakpoints with their hits.
    case list
    /// `delete N`, or `delete all` (nil).
    case delete(Int?)
    /// `watch PATH`.
    case watch(ExpectPath)
    /// `watch` alone: list the watches with their values now.
    case watches
    /// `unwatch PATH`, or `unwatch all` (nil).
    case unwatch(ExpectPath?)
    /// `continue`.
    case resume
    /// `history`.
    case history
    /// `hazards`: every hazard of the current history.
    case hazards
    /// `back [N]`.
    case back(Int)
    /// `back break`.
    case backBreak
    /// `compare KEY VALUE`.
    case compare(Setting)

    /// The canonical spelling.
    var canonical: String {
        switch self {
        case .breakOn(let e): "break \(e.rawValue)"
        case .breakCode(let n): "break code \(n)"
        case .breakWhen(let c): "break when \(c.canonical)"
        case .list: "break"
        case .delete(let n): "delete " + (n.map(String.init) ?? "all")
        case .watch(let p): "watch \(p.canonical)"
        case .watches: "watch"
        case .unwatch(let p): "unwatch " + (p?.canonical ?? "all")
        case .resume: "continue"
        case .history: "history"
        case .hazards: "hazards"
        case .back(let n): n == 1 ? "back" : "back \(n)"
        case .backBreak: "back break"
        case .compare(let s): "compare \(s.key) \(s.value)"
        }
    }

    /// Commands that only look (or set up the debugger) and change no simulated value.
    var isInspection: Bool {
        switch self {
        case .breakOn, .breakCode, .breakWhen, .list, .delete, .watch, .watches, .unwatch, .history,
            .hazards, .compare:
            true
        case .resume, .back, .backBreak: false
        }
    }
}
