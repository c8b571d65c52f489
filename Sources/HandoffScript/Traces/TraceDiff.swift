/// The unified diff of a trace's replay, capped at `maxLines` lines (`hunksLeftOut` counts the
/// commands left out), as `replay` and `test` print it.
struct TraceDiff {
    let file: String
    private(set) var lines: [String] = []
    private(set) var hunksLeftOut = 0
    /// How many lines the commands that differed so far moved the rest of the output.
    private var lineShift = 0
    static let maxLines = 2_000

    init(file: String) { self.file = file }

    /// The command `command` of line `line` printed `actual` where the trace expects `expected`:
    /// its hunk, which is added to the diff.
    mutating func add(command: String, line: Int, expected: [String], actual: [String])
        -> [OutputLine]
    {
        let shift = lineShift
        let hunk = Self.hunk(
            command: command, line: line, shift: shift, expected: expected, actual: actual)
        defer { lineShift += actual.count - expected.count }
        guard lines.count < Self.maxLines else {
            hunksLeftOut += 1
            return hunk
        }
        if lines.isEmpty { lines += ["--- \(file) (expected)", "+++ \(file) (actual)"] }
        let room = Self.maxLines - lines.count
        let fitting =
            hunk.count <= room
            ? hunk
            : Self.hunk(
                command: command, line: line, shift: shift, expected: expected, actual: actual,
                limit: max(0, room - 2))
        lines += fitting.map(\.text)
        return hunk
    }

    /// The unified diff of one command whose output differs, as `diff -u` prints it: a hunk
    /// per group of differing lines with up to three unchanged lines around it, each headed
    /// `@@ -L,N +L,N @@ > command`, common lines with a space, expected with `-`, actual with
    /// `+`. A command that differs only in being refused gets one hunk of its unchanged lines.
    static func hunk(
        command: String, line: Int, shift: Int, expected: [String], actual: [String],
        limit: Int = maxLines
    ) -> [OutputLine] {
        var diff: [OutputLine] = []
        var hunks = UnifiedDiff(old: expected, new: actual).hunks
        if hunks.isEmpty {
            hunks = [
                UnifiedDiff.Hunk(
                    oldStart: 0, oldCount: expected.count, newStart: 0, newCount: actual.count,
                    lines: expected.map(UnifiedDiff.Line.common))
            ]
        }
        // The cap holds inside one command too: a command with a million differing lines gives
        // a capped hunk and a count of what was left out.
        var lines = 0
        // Each line carries its role: an expected line that is missing is an error.
        func add(_ text: @autoclosure () -> String, _ role: LineRole = .plain) {
            lines += 1
            if lines <= limit { diff.append(OutputLine(text(), role: role)) }
        }
        for h in hunks {
            let ranges = h.ranges(oldBase: line, newBase: line + shift)
            diff.append(OutputLine("@@ \(ranges) @@ > \(Escape.visible(command))"))
            // Expected lines come from the file: escaped, so a trace cannot send escape codes.
            for l in h.lines {
                switch l {
                case .common(let t): add(" " + Escape.visible(t))
                case .removed(let t): add("-" + Escape.visible(t), .error)
                case .added(let t): add("+" + t)
                }
            }
        }
        if lines > limit {
            diff.append(OutputLine("… \(lines - limit) more lines of this command's diff"))
        }
        return diff
    }
}
