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

    package var rendered: String { "\(file):\(line):\(column): error: \(message)" }
}
