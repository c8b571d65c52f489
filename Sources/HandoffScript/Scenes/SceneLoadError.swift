import HandoffCore

/// Why `load SCENE` (or a scene argument, or a trace's `# scene:`) found no scene: no built-in
/// or file by that name, a file that cannot be read, or a fault inside the file.
package enum SceneLoadError: Error, Equatable, Sendable {
    case notFound(ref: String, suggestion: String?)
    case unreadable(path: String, message: String)
    case invalid(SceneError)

    /// What went wrong, with a position only where there is a real one (inside the file).
    package var message: String {
        switch self {
        case .notFound(let ref, _):
            "no built-in scene or file '\(ref)' (built-in: "
                + BuiltinScenes.names.joined(separator: ", ") + ")"
        case .unreadable(let path, let message):
            ErrorMessage.text(.unreadable(.scene(path), reason: message))
        case .invalid(let e): ErrorMessage.text(e.userError)
        }
    }

    package var suggestion: String? {
        switch self {
        case .notFound(_, let suggestion): suggestion
        case .unreadable, .invalid: nil
        }
    }

    /// The error on a line of its own: `FILE:LINE:COL: error: …` for a fault inside a scene
    /// file, `error: …` otherwise.
    package var rendered: String { ErrorMessage.line(userError) }

    /// The error as a value, as `rendered` prints it (with its "did you mean").
    package var userError: UserError {
        switch self {
        case .invalid(let e): e.userError
        case .notFound, .unreadable:
            .message(message + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
        }
    }
}
