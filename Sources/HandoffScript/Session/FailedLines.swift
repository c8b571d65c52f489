/// Lines that did not parse, with their error: parsing is pure, so a line always fails the same
/// way, and a session repeats its typos (a third of a realistic session's lines are errors). A
/// small table indexed by a cheap hash of the line's bytes (`Bytes.hash`), one line a slot (a
/// line that finds its slot taken replaces it), beside the parse cache of lines that parse.
struct FailedLines {
    /// A line and its error, shared: looking a line up copies neither.
    final class Entry: Sendable {
        let line: String
        let error: Diagnostic

        init(line: String, error: Diagnostic) {
            self.line = line
            self.error = error
        }
    }

    /// Each slot's entry (nil for an empty slot).
    private var entries: [Entry?] = []
    /// Lines longer than this are parsed every time.
    static let maxLength = 256
    static let size = 1024

    /// The error of `line`, if it failed before.
    func error(_ line: String) -> Diagnostic? {
        guard !entries.isEmpty, let k = Self.slot(line), let e = entries[k], e.line == line else {
            return nil
        }
        return e.error
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
