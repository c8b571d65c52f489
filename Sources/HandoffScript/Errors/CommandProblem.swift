import HandoffCore

/// What is wrong with a command line (a `Diagnostic`'s problem): a value whose cases carry the
/// data their words need. Thrown as it is found and worded by `ErrorMessage` only when it is
/// printed: a suggestion, a list of keys or a usage line costs nothing on an error that is
/// caught (a `compare` re-run, a step answer) and nothing before it prints.
package enum CommandProblem: Equatable, Sendable {
    /// The first word is no command: `unknown command 'WORD'`, with a close command.
    case unknownCommand(String)
    /// `help WORD` names no command or topic: `no command 'WORD'`, with a close command.
    case noHelpTopic(String)
    /// An argument the command needs is not there: `missing WHAT`.
    case missing(String)
    /// `set KEY` or `compare KEY` without its VALUE: `missing a VALUE`, with the words KEY takes.
    case missingValue(key: String)
    /// A word after the command's last argument: `unexpected 'WORD'`, with one of the command's
    /// fixed words, or how to quote a file name with spaces.
    case unexpected(String, command: String)
    /// Not a decimal number: `expected a number for WHAT, got 'TEXT'`.
    case notANumber(String, got: String)
    /// A number too large in size: `WHAT is out of range (at most LIMIT in size)`.
    case numberOutOfRange(String, limit: Double)
    /// Not a whole number: `expected a whole number for WHAT, got 'TEXT'`.
    case notAWholeNumber(String, got: String)
    /// A whole number outside its range: `WHAT must be between LOW and HIGH`.
    case notBetween(String, ClosedRange<Int>)
    /// A bare number where a duration goes, with the unit that makes it a plausible drag.
    case durationWithoutUnit(String)
    /// Not a duration: `expected a duration like 120ms or 0.3s for WHAT, got 'TEXT'`.
    case notADuration(String, got: String)
    /// A duration past the longest: `WHAT must be between 0 and 600s`.
    case durationOutOfRange(String)
    /// A `set` or `compare` KEY that is none: `unknown setting 'KEY' (…)`, or `unknown key` for
    /// an `ID.KEY` whose KEY no node takes.
    case unknownSetting(String, compare: Bool)
    /// A VALUE that KEY does not take: `KEY takes …, got 'VALUE'`, with a close value.
    case badValue(key: String, value: String)
    /// `expect`'s OP that is none: `unknown operator 'OP'`, with a close one.
    case unknownOperator(String)
    /// `expect phase ==` a word that is no phase: `unknown phase 'WORD' (…)`, with a close one.
    case unknownPhase(String)
    /// `expect`, `watch`, `unwatch` or `break when` of a PATH that is none.
    case unknownPath(String)
    /// The simulator refused a touch (its error, worded by the command language).
    case simulator(SimulatorError)
    /// No node has this id; `ids` are the scene's, for the suggestion (read once a scene).
    case noNode(String, ids: Suggest.Candidates)
    /// `tap N` of a row past the list's last: `'LIST' has N rows`.
    case noSuchRow(list: String, rows: Int)
    /// `tab N` of a segment past the last: `'TABS' has N segments (0…N-1)`.
    case noSuchSegment(tabs: String, segments: Int)
    /// `tab NAME` of no segment: `no segment 'NAME' in 'TABS' (next, prev, …)`.
    case noSegmentNamed(String, tabs: String, segments: [String])
    /// `tab` on a scene without a tabs control.
    case noTabs
    /// `'ID' is not on screen` (`touch ID`, `tap ID`, `ID[N]` with `[N]` in the id).
    case notOnScreen(String)
    /// `tap ID[N]` past the last item: `'ID' has N items (0…N-1)`, or `has no items`.
    case noSuchItem(String, items: Int)
    /// `tap N` with no list under the scene's touch point.
    case noListUnderTouchPoint
    /// The error of a quiet check (`Session.Fail.quiet`), never printed: nothing was worded.
    case unprinted
    /// A file that could not be read or written (`UserError`'s words).
    case user(UserError)
    /// A rare error worded where it is found, with its "did you mean" if any.
    case message(String, suggestion: String? = nil)
}
