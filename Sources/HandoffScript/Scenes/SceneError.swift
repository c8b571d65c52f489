/// A scene file error: `FILE:LINE:COL: error: …`.
package struct SceneError: Error, Equatable, Sendable {
    package var file: String
    package var line: Int
    package var column: Int
    package var message: String

    package init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// The error as a value: its message at its place in the file.
    package var userError: UserError {
        .located(SourceLocation(file: file, line: line, column: column), .message(message))
    }

    package var rendered: String { ErrorMessage.line(userError) }
}
