/// What a user got wrong that is not a command line's fault (those are `Diagnostic`s): a value
/// whose cases carry their data. `ErrorMessage` words each case and renders it on a line of its
/// own, the one place such an error becomes text (swift-argument-parser's
/// `ErrorMessageGenerator`).
package indirect enum UserError: Error, Equatable, Sendable {
    /// A file that could not be read, and why: `cannot read SUBJECT: REASON`.
    case unreadable(FileSubject, reason: String)
    /// A file that could not be written, and why: `cannot write SUBJECT: REASON`.
    case unwritable(FileSubject, reason: String)
    /// A problem at a place in a file: `FILE:LINE[:COLUMN]: …`.
    case located(SourceLocation, UserError)
    /// A problem worded where it was found (a scene's validator, a trace's reader).
    case message(String)
    /// A command of a trace that does not parse, at a column of its `> ` line.
    case command(CommandProblem, column: Int)
    /// An error shown with its control characters escaped (a scene named by a file's text).
    case escaped(UserError)
}

/// What could not be read, as an error names it.
package enum FileSubject: Equatable, Sendable {
    /// A file by its path: `'PATH'` (the path escaped).
    case file(String)
    /// A file by its path as a command line typed it: `'PATH'` (the error's line shows its
    /// control characters, as it shows the line's).
    case typed(String)
    /// A scene file by its path: `scene 'PATH'`.
    case scene(String)
    /// The file the error's location already names: `it`.
    case it
    /// The text of a scene file, as YAML: `YAML`.
    case yaml
}

/// A place in a file: its path as it is printed, a 1-based line and, where there is one, column.
package struct SourceLocation: Equatable, Sendable {
    package var file: String
    package var line: Int
    package var column: Int?

    package init(file: String, line: Int, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }
}

/// The words of every `UserError`, and the one way it is printed.
package enum ErrorMessage {
    /// What went wrong, with its location in front when it has one: `FILE:LINE[:COL]: …`.
    package static func text(_ error: UserError) -> String {
        switch error {
        case .unreadable(let subject, let reason): "cannot read \(name(subject)): \(reason)"
        case .unwritable(let subject, let reason): "cannot write \(name(subject)): \(reason)"
        case .located(let at, let inner): prefix(at) + text(inner)
        case .message(let message): message
        case .command(let problem, let column): "column \(column): " + text(problem)
        case .escaped(let inner): Escape.visible(text(inner))
        }
    }

    /// The error on a line of its own: `FILE:LINE[:COL]: error: …` at a place in a file,
    /// `error: …` otherwise.
    package static func line(_ error: UserError) -> String {
        switch error {
        case .located(let at, let inner): prefix(at) + "error: " + text(inner)
        case .escaped(let inner): Escape.visible(line(inner))
        case .unreadable, .unwritable, .message, .command: "error: " + text(error)
        }
    }

    private static func name(_ subject: FileSubject) -> String {
        switch subject {
        case .file(let path): "'\(Escape.visible(path))'"
        case .typed(let path): "'\(path)'"
        case .scene(let path): "scene '\(Escape.visible(path))'"
        case .it: "it"
        case .yaml: "YAML"
        }
    }

    private static func prefix(_ at: SourceLocation) -> String {
        "\(at.file):\(at.line):" + (at.column.map { "\($0): " } ?? " ")
    }
}
