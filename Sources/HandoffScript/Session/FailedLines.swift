/// Lines that did not parse, with their error: parsing is pure, so a line always fails the same
/// way, and a session repeats its typos (a third of a realistic session's lines are errors). A
/// small table indexed by a cheap hash of the line's bytes (`Bytes.hash`), one line a slot (a
/// line that finds its slot taken replaces it), beside the parse cache of lines that parse.
struct FailedLines {
    /// A line, its error and the error's words, shared: looking a line up copies none.
    final class Entry: Sendable {
        let line: String
        let error: Diagnostic
        /// The error as printed without a place (`ErrorMessage.write` with no line number):
        /// worded once, however often the line fails.
        let worded: TextOutput

        init(line: String, error: Diagnostic) {
            self.line = line
            self.error = error
            var worded = TextOutput()
            ErrorMessage.write(error, line: line, lineNumber: nil, file: nil, into: &worded)
            self.worded = worded
        }
    }

    /// Each slot's entry (nil for an empty slot).
    private var entries: [Entry?] = []
    /// Lines longer than this are parsed every time.
    static let maxLength = 256
    static let size = 1024

    /// The entry of `line`, if it failed before.
    func entry(_ line: String) -> Entry? {
        guard !entries.isEmpty, let k = Self.slot(line), let e = entries[k], e.line == line else {
            return nil
        }
        return e
    }

    mutating func insert(_ line: String, _ error: Diagnostic) {
        guard let k = Self.slot(line) else { return }
        if entries.isEmpty { entries = Array(repeating: nil, count: Self.size) }
        entries[k] = Entry(line: line, error: error)
    }

    /// A line's slot; nil for a line too long to keep.
    private static func slot(_ line: String) -> Int? {
        var line = line
        return line.withUTF8 { $0.count <= maxLength ? Int(Bytes.hash($0) % UInt32(size)) : nil }
    }
}
