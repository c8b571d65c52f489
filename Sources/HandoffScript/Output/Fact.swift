import HandoffCore

/// One fact of a command's output, typed: a simulator occurrence, a summary, a state change, a
/// report. Numbers stay `Double`s and causes stay enums until a renderer formats them: the text
/// renderer prints each fact as lines, `--json` as one object, and nothing reads text back.
/// The reports are boxed (`indirect`): a fact stays small, so the facts of every command copy
/// cheaply.
package enum Fact: Sendable {
    /// A simulator fact with its time and frame.
    case event(Occurrence)
    /// Momentum travel of this command, summed over its frames (time and frame: the last one's).
    case fling(Ledger, time: Double, frame: Int)
    /// The writes of one rule to one path in this command (SPEC §13.3), after its motion.
    case code(CodeSummary)
    /// A printed state value changed (`outer.offset 0 → 200`).
    case changed(path: String, from: StateValue, to: StateValue)
    /// `touch ID` / `tap ID` aimed at `asked` but the point hits `hit`, another target.
    case aimed(asked: Target, hit: Target)
    /// `load`: the scene now loaded; `imported` is the importer's summary for a UIKit dump.
    case loaded(scene: String, nodes: Int, window: Point, imported: ImportSummary?)
    /// `load`: what the scene says that it cannot do (after the `load` line).
    case sceneWarning(SceneWarning)
    /// `scenes`: one built-in scene.
    case scene(name: String, description: String)
    /// `state`: the whole state, with the settings that differ from their default.
    indirect case state(StateReport)
    /// `tree`: the hierarchy with frames, offsets and ranges.
    indirect case tree(StateReport)
    /// `show`: the window drawn in text (the picture's rows, then offsets and alphas).
    case drawing([String])
    /// `why`: the last command's decisions, each with the SPEC rule behind it (nil: none yet).
    indirect case why(WhyReport?)
    /// `expect`: passed or failed, with what was compared.
    case expectation(passed: Bool, message: String)
    /// `set KEY VALUE`.
    case set(key: String, value: String)
    /// `set` alone: every setting, its value and where it came from.
    case settings([(key: String, value: String, origin: SettingOrigin)])
    /// `record FILE`: recording started, with the commands since load it re-ran.
    case recording(path: String, commands: Int)
    /// `record stop`.
    case recordingStopped(path: String)
    /// `replay FILE` from a session: how it ended, and the differences (trace text, as the
    /// trace and the replay printed them).
    case replayed(file: String, outcome: TraceRunner.Outcome, diff: [String])
    /// `plot FILE`: the timeline written, with its rows, commands and markers.
    case plotted(path: String, rows: Int, commands: Int, marks: Int)
    /// `help` or `help CMD`.
    case help(HelpTopic)
    /// `settle` gave up after 10 s of animation.
    case settleCapped(seconds: Double)
    /// A user error, with the line it is on (scripts) and its column.
    case error(Diagnostic, line: Int?)
    /// A stop, a watched change, or what a debugger command reports (SPEC §10). Boxed: a stop
    /// carries the occurrence it stopped at and more (152 bytes), which would otherwise make
    /// every fact that large, and every move, copy and destroy of one that much dearer.
    indirect case debugger(DebuggerFact)
}
