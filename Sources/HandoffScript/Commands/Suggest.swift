/// "Did you mean": a suggestion only when it is close to what was typed and harmless to accept.
///
/// The rule (docs/reference/output.md, "Errors"):
/// - close: at most one edit per three letters of the shorter word (at least one), where an edit
///   inserts, deletes, replaces or swaps two neighbouring letters, ignoring case;
/// - short words: a word of three letters or fewer differs only by a missing, extra or swapped
///   letter, never by a replaced one (`and` is a different word from `end`, `nxt` is `next`);
/// - a word of three letters or more that starts a candidate is close to it (`sett` → `settle`);
/// - harmless (command names): a command that lifts the finger, resets the scene, writes a file
///   or leaves (`end`, `swipe`, `tap`, `load`, `record`, `quit`) is suggested only for a one-edit
///   typo of three letters or more, so `undo` or `en` never turns into `end`.
package enum Suggest {
    /// Commands whose suggestion must be a plain typo of them.
    static let drastic: Set<String> = ["end", "swipe", "tap", "load", "record", "quit"]
    /// Words other tools use for a command (`undo` is `back` here): no edit distance finds them.
    static let synonyms: [String: String] = ["undo": "back", "rewind": "back"]

    package static func closest(to word: String, in candidates: [String]) -> String? {
        // The word as typed is never a suggestion: where it is a candidate, it is valid but
        // misplaced, and no other spelling is what was meant.
        guard !candidates.contains(word) else { return nil }
        // Bounded (issue 9): a word is close only within a third of the shorter word's length, so
        // a word longer than every candidate by more than that is near none of them (a 1 MB word
        // is never compared), and a candidate whose length differs by more is skipped before the
        // distance table (a 1,000-letter id on a 10,000-node scene costs nothing per node).
        let longest = candidates.reduce(0) { max($0, $1.utf8.count) }
        guard word.utf8.count <= longest + max(1, longest / 3) else { return nil }
        let w = Array(word.lowercased())
        var best: (String, Int)?
        for c in candidates {
            let cc = c.count
            guard abs(w.count - cc) <= max(1, min(w.count, cc) / 3) else { continue }
            let d = distance(w, Array(c.lowercased()))
            guard isClose(w, Array(c.lowercased()), d) else { continue }
            if best == nil || d < best!.1 { best = (c, d) }
        }
        if best == nil, w.count >= 3,
            let prefixed = candidates.first(where: { $0.lowercased().hasPrefix(word.lowercased()) })
        {
            return prefixed
        }
        return best?.0
    }

    /// A command name close to `word`, under the harmless rule.
    package static func command(_ word: String) -> String? {
        if let s = synonyms[word.lowercased()] { return s }
        guard let s = closest(to: word, in: CommandTable.names) else { return nil }
        if drastic.contains(s) {
            let d = distance(Array(word.lowercased()), Array(s))
            guard d == 1, word.count >= 3 else { return nil }
        }
        return s
    }

    static func isClose(_ w: [Character], _ c: [Character], _ d: Int) -> Bool {
        guard d > 0 else { return true }
        guard d <= max(1, min(w.count, c.count) / 3) else { return false }
        if w.count <= 3, w.count == c.count {
            // Same length and one edit: only a swap of neighbours keeps it the same word.
            return w.sorted() == c.sorted()
        }
        return true
    }

    /// Optimal string alignment distance: insertions, deletions, replacements and swaps of
    /// neighbouring letters each cost one.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
