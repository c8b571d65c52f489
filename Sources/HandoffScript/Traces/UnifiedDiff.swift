/// A unified diff of two runs of lines, as `diff -u` shows it: only the lines that differ, each
/// group with up to `context` unchanged lines around it, groups closer than twice that merged
/// into one hunk. The common lines are found by a longest common subsequence, so one changed
/// number costs one `-` and one `+` line, whatever comes after it.
package struct UnifiedDiff: Equatable, Sendable {
    /// One line of a hunk.
    package enum Line: Equatable, Sendable {
        /// In both, unchanged.
        case common(String)
        /// Only in the old (expected) lines.
        case removed(String)
        /// Only in the new (actual) lines.
        case added(String)
    }

    /// A run of changes with its context: `@@ -oldStart,oldCount +newStart,newCount @@`.
    package struct Hunk: Equatable, Sendable {
        /// Index of the first old line the hunk covers (0-based).
        package var oldStart: Int
        package var oldCount: Int
        /// Index of the first new line the hunk covers (0-based).
        package var newStart: Int
        package var newCount: Int
        package var lines: [Line]

        /// `-L,N +L,N` with 1-based line numbers offset by `oldBase`/`newBase`, spelled as
        /// `diff -u` spells it: `L` alone when N is 1, the line before and `,0` when N is 0.
        package func ranges(oldBase: Int, newBase: Int) -> String {
            func range(_ start: Int, _ count: Int, _ base: Int) -> String {
                switch count {
                case 0: return "\(base + start),0"
                case 1: return "\(base + start + 1)"
                default: return "\(base + start + 1),\(count)"
                }
            }
            return "-" + range(oldStart, oldCount, oldBase) + " +"
                + range(newStart, newCount, newBase)
        }
    }

    package var hunks: [Hunk]

    /// Above this many cells (old × new lines that differ after the common ends are taken off)
    /// the subsequence is not searched: the middle is shown as removed, then added.
    static let maxCells = 1_000_000

    package init(old: [String], new: [String], context: Int = 3) {
        hunks = Self.group(Self.lines(old, new), context: context)
    }

    /// Every line of both, in order: common ends, then the middle by a longest common
    /// subsequence (removed lines before added ones within a change).
    static func lines(_ a: [String], _ b: [String]) -> [Line] {
        var prefix = 0
        while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix,
            a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
        {
            suffix += 1
        }
        var out = a[..<prefix].map(Line.common)
        let x = Array(a[prefix..<(a.count - suffix)])
        let y = Array(b[prefix..<(b.count - suffix)])
        if x.isEmpty || y.isEmpty || x.count * y.count > maxCells {
            out += x.map(Line.removed) + y.map(Line.added)
        } else {
            out += middle(x, y)
        }
        out += a[(a.count - suffix)...].map(Line.common)
        return out
    }

    /// The longest common subsequence of `x` and `y` by the classic table, read from the front.
    private static func middle(_ x: [String], _ y: [String]) -> [Line] {
        let n = x.count
        let m = y.count
        // `table[i * (m + 1) + j]`: the length of the LCS of x[i...] and y[j...].
        var table = [Int](repeating: 0, count: (n + 1) * (m + 1))
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i * (m + 1) + j] =
                    x[i] == y[j]
                    ? table[(i + 1) * (m + 1) + j + 1] + 1
                    : max(table[(i + 1) * (m + 1) + j], table[i * (m + 1) + j + 1])
            }
        }
        var out: [Line] = []
        var removed: [Line] = []
        var added: [Line] = []
        func flush() {
            out += removed + added
            removed.removeAll()
            added.removeAll()
        }
        var i = 0
        var j = 0
        while i < n, j < m {
            if x[i] == y[j] {
                flush()
                out.append(.common(x[i]))
                i += 1
                j += 1
            } else if table[(i + 1) * (m + 1) + j] >= table[i * (m + 1) + j + 1] {
                removed.append(.removed(x[i]))
                i += 1
            } else {
                added.append(.added(y[j]))
                j += 1
            }
        }
        removed += x[i...].map(Line.removed)
        added += y[j...].map(Line.added)
        flush()
        return out
    }

    /// Cuts the lines into hunks: each change with `context` common lines either side, hunks
    /// whose context would touch or overlap merged.
    static func group(_ lines: [Line], context: Int) -> [Hunk] {
        // Old and new line indices at each position.
        var oldAt: [Int] = []
        var newAt: [Int] = []
        var changes: [Int] = []
        var o = 0
        var w = 0
        for (k, l) in lines.enumerated() {
            oldAt.append(o)
            newAt.append(w)
            switch l {
            case .common:
                o += 1
                w += 1
            case .removed:
                o += 1
                changes.append(k)
            case .added:
                w += 1
                changes.append(k)
            }
        }
        var hunks: [Hunk] = []
        var k = 0
        while k < changes.count {
            let from = max(0, changes[k] - context)
            var last = changes[k]
            while k + 1 < changes.count, changes[k + 1] - last <= 2 * context + 1 {
                k += 1
                last = changes[k]
            }
            let to = min(lines.count, last + context + 1)
            let slice = Array(lines[from..<to])
            var oldCount = 0
            var newCount = 0
            for l in slice {
                switch l {
                case .common:
                    oldCount += 1
                    newCount += 1
                case .removed: oldCount += 1
                case .added: newCount += 1
                }
            }
            hunks.append(
                Hunk(
                    oldStart: oldAt[from], oldCount: oldCount, newStart: newAt[from],
                    newCount: newCount, lines: slice))
            k += 1
        }
        return hunks
    }
}
