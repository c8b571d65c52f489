/// Where something was typed on a command line: a 1-based column and a length, in characters.
package struct SourceRange: Equatable, Hashable, Sendable {
    package var column: Int
    package var length: Int

    package init(column: Int, length: Int) {
        self.column = column
        self.length = max(1, length)
    }

    package init(_ token: Token) {
        self.init(column: token.column, length: token.length)
    }

    /// A word's length in characters: its bytes, when they are ASCII other than a carriage
    /// return (each its own character), without breaking it into characters.
    static func length(_ text: String) -> Int {
        Token.isOneCharacterPerByte(text) ? text.utf8.count : text.count
    }

    /// From the start of `self` to the end of `other`.
    package func through(_ other: SourceRange) -> SourceRange {
        SourceRange(column: column, length: other.column + other.length - column)
    }
}

/// A command and where each of its parts was typed, so an error found while running it puts its
/// caret under the right token without reading the line again.
package struct ParsedCommand: Equatable, Sendable {
    /// A part of a command that an error can point at.
    package enum Part: UInt8, Hashable, Sendable {
        /// The command's name (`pan`).
        case name
        /// DX and DY of `move`, `pan`, `swipe`.
        case dx
        case dy
        /// D of `over D` and `wait D`.
        case duration
        /// X Y of `touch`/`tap` or of `pan … at X Y`, together.
        case point
        /// The id, `ID[N]` or row of `touch`/`tap`, or the `of ID` of `tab`.
        case target
        /// VX VY of `end`, together.
        case velocity
        /// `next`, `prev`, N or NAME of `tab`.
        case choice
        /// PATH, OP, VALUE and TOL of `expect`.
        case path
        case op
        case value
        case tolerance
        /// KEY and VALUE of `set`.
        case key
        case setting
        /// The SCENE of `load`, the FILE of `record` and `replay`.
        case file
        /// N of `step`.
        case frames
        /// The `at` of `pan … at X Y`.
        case at
        /// `--from T` and `--to T` of `plot`, each with its value.
        case from
        case to
    }

    package let command: Command
    package var parts: PartRanges
    /// `command.canonical`, spelled once when the line is parsed (the parse cache keeps it, so a
    /// repeated line never formats its numbers again).
    package let canonical: String

    package init(_ command: Command, parts: PartRanges) {
        self.init(command, parts: parts, canonical: command.canonical)
    }

    /// A command whose canonical text is known (`CommandParser.canonical(of:line:cursor:)`).
    init(_ command: Command, parts: PartRanges, canonical: String) {
        self.command = command
        self.parts = parts
        self.canonical = canonical
    }

    /// Where `part` was typed; the command's name when it was not.
    package func range(_ part: Part) -> SourceRange { Self.range(part, in: parts) }

    /// Where `part` was typed, among `parts`; the command's name when it was not.
    package static func range(_ part: Part, in parts: PartRanges) -> SourceRange {
        parts[part] ?? parts[.name] ?? SourceRange(column: 1, length: 1)
    }
}
