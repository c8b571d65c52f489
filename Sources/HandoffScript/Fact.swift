import HandoffCore

/// One fact of a command's output: a simulator event, a summary, a state change or text.
/// The text renderer prints one line per fact; `--json` prints one object per fact.
package enum Fact: Equatable, Sendable {
    case event(Event)
    /// Momentum travel of this command, summed over its frames.
    case fling(Ledger)
    /// A printed state value changed (`outer.offset 0 → 200`).
    case changed(path: String, from: String, to: String)
    /// `touch ID` / `tap ID` aimed at `asked` but the point hits `hit`, another target.
    case aimed(asked: String, hit: String)
    case text(String)
    case expectation(passed: Bool, message: String)
    case error(Diagnostic)
}
