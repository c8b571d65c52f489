import HandoffCore

/// One breakpoint (SPEC §10): a kind of fact, or a condition that fires when it becomes true.
struct Breakpoint: Sendable {
    enum Kind: Sendable {
        case event(BreakEvent)
        /// `break code N`: a write of rule N.
        case code(rule: Int)
        /// `holds`: the condition's value at its last evaluation (it fires on false → true).
        case condition(BreakCondition, holds: Bool)
    }

    var number: Int
    var kind: Kind
    /// Stops it made (never counted during re-runs).
    var hits = 0

    /// A `break when` condition (checked at every frame), not a fact's kind.
    var isCondition: Bool {
        if case .condition = kind { return true }
        return false
    }

    /// What it stops on, as `break` lists it: `handoff`, `when outer.offset > 90`.
    var what: String {
        switch kind {
        case .event(let e): e.rawValue
        case .code(let rule): "code \(rule)"
        case .condition(let c, _): "when " + c.canonical
        }
    }

    /// The kind of breakpoint a fact triggers, if any (SPEC §10).
    static func trigger(_ e: Event) -> BreakEvent? {
        switch e {
        case .handoff: .handoff
        case .owner: .owner
        case .edgeHit: .edge
        // `tab` selects like a delivered tap (SPEC §5.8) and prints `tap … delivered`.
        case .tap, .tabbed: .tap
        case .refused: .refuse
        case .repair: .repair
        case .released: .release
        case .hazard: .hazard
        case .touchDown, .stopped, .swallowed, .recognizer, .tracking, .tapMoved, .offAxis,
            .delivered, .panNotBegun, .touchesCancelled, .moved, .flingFrame, .momentumStarted,
            .momentumEnded,
            .springStarted, .springEnded, .pageSelected, .transitionEnded, .decided:
            nil
        case .code: .code
        }
    }
}

/// A watched PATH and the value it printed last (nil where the scene has no such value).
struct Watch: Sendable {
    var path: ExpectPath
    var shown: StateValue?
}

/// A moment at which a breakpoint would stop, found by `back break`'s re-run: after command
/// `entry`'s frame `frame` (nil: at the command's end).
struct StopMoment: Equatable, Sendable {
    var entry: Int
    var frame: Int?
}

/// What stopped, as the `breakpoint` line says it: the breakpoint, its trigger, when, and where
/// inside the command.
package struct BreakStop: Sendable {
    /// What triggered it.
    package enum Trigger: Sendable {
        /// The condition of `break when` (its canonical text).
        case condition(String)
        /// A fact of the kind `break KIND` names, with its time and frame.
        case event(Occurrence)
    }

    package var number: Int
    package var trigger: Trigger
    package var time: Double
    /// The frame inside a command that advances time (nil: a step command, no frames).
    package var frame: Int?
    /// The command's frames in all (nil: `settle`, or a step command).
    package var total: Int?
    /// The command's canonical text.
    package var command: String
}
