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
        closest(to: word, in: Candidates(candidates))
    }

    /// Words to suggest from, with their letters read once: a fixed list (the commands) is read
    /// when the program starts, not for every error.
    package struct Candidates: Sendable {
        let names: [String]
        /// The ASCII names' letters (`Letters.ascii`), one name after the other, in one array:
        /// reading a list of hundreds of ids makes no array per name.
        let letters: [UInt8]
        /// Where each name's letters are in `letters`; nil for a name that is not ASCII.
        let spans: [Range<Int>?]
        /// Each ASCII name's letters as a set (`Letters.mask`; 0 for the others).
        let masks: [UInt64]
        /// The longest name's length in bytes.
        let longest: Int

        package init(_ names: [String]) {
            self.names = names
            var letters: [UInt8] = []
            var spans: [Range<Int>?] = []
            var masks: [UInt64] = []
            var longest = 0
            spans.reserveCapacity(names.count)
            masks.reserveCapacity(names.count)
            for name in names {
                longest = max(longest, name.utf8.count)
                let start = letters.count
                var mask: UInt64 = 0
                var ascii = true
                for b in name.utf8 {
                    guard b < 0x80, b != 0x0D else {
                        ascii = false
                        break
                    }
                    let letter = b >= 0x41 && b <= 0x5A ? b + 0x20 : b
                    letters.append(letter)
                    mask |= 1 << UInt64(letter & 63)
                }
                if ascii {
                    spans.append(start..<letters.count)
                    masks.append(mask)
                } else {
                    letters.removeSubrange(start...)
                    spans.append(nil)
                    masks.append(0)
                }
            }
            self.letters = letters
            self.spans = spans
            self.masks = masks
            self.longest = longest
        }
    }

    /// The command names, read once.
    static let commands = Candidates(CommandTable.names)

    package static func closest(to word: String, in candidates: Candidates) -> String? {
        // The word as typed is never a suggestion: where it is a candidate, it is valid but
        // misplaced, and no other spelling is what was meant.
        guard !candidates.names.contains(word) else { return nil }
        // Bounded (issue 9): a word is close only within a third of the shorter word's length, so
        // a word longer than every candidate by more than that is near none of them (a 1 MB word
        // is never compared), and a candidate whose length differs by more is skipped before the
        // distance table (a 1,000-letter id on a 10,000-node scene costs nothing per node).
        let longest = candidates.longest
        guard word.utf8.count <= longest + max(1, longest / 3) else { return nil }
        // Words are compared by letter, ignoring case. ASCII words (nearly every word typed) are
        // compared by byte, where a byte is a letter, with no `String` or `Character` made per
        // candidate (issue 28: an error line's cost was its suggestion's); other words by
        // `Character`, as `lowercased()` gives them.
        let ascii = Letters.ascii(word)
        var unicode: [Character]?
        var table: [Int] = []
        var counts: [Int] = []
        let mask = ascii.map(Letters.mask) ?? 0
        var best: (String, Int)?
        for k in candidates.names.indices {
            let c = candidates.names[k]
            let d: Int
            if let ascii, let span = candidates.spans[k] {
                // Lengths first, then letters one word has and the other lacks, as sets: each
                // needs an edit. Only then are the candidate's letters copied out.
                let limit = max(1, min(ascii.count, span.count) / 3)
                let other = candidates.masks[k]
                guard abs(ascii.count - span.count) <= limit,
                    (mask & ~other).nonzeroBitCount <= limit,
                    (other & ~mask).nonzeroBitCount <= limit,
                    let found = closeDistance(
                        ascii, Array(candidates.letters[span]), &table, &counts)
                else { continue }
                d = found
            } else {
                let w = unicode ?? Array(word.lowercased())
                unicode = w
                let cc = c.count
                guard abs(w.count - cc) <= max(1, min(w.count, cc) / 3) else { continue }
                let lower = Array(c.lowercased())
                d = distance(w, lower, &table)
                guard isClose(w, lower, d) else { continue }
            }
            if best == nil || d < best!.1 { best = (c, d) }
        }
        if best == nil, let prefixed = prefixMatch(word, ascii, in: candidates) {
            return prefixed
        }
        return best?.0
    }

    /// The distance of two ASCII words if they are close: their lengths first, then their
    /// letters as bags (no edit changes the bag by more than one letter, a swap not at all: a
    /// word whose bag differs by more than the limit is not close, and costs no table), then the
    /// distance and `isClose`.
    private static func closeDistance(
        _ w: [UInt8], _ c: [UInt8], _ table: inout [Int], _ counts: inout [Int]
    ) -> Int? {
        let limit = max(1, min(w.count, c.count) / 3)
        guard abs(w.count - c.count) <= limit else { return nil }
        let d: Int
        if limit == 1 {
            // Words of five letters or fewer (most typos): one edit or none, found in one pass.
            guard let one = withinOne(w, c) else { return nil }
            d = one
        } else {
            guard bagDistance(w, c, &counts) <= limit else { return nil }
            d = distance(w, c, &table, limit: limit)
        }
        return isClose(w, c, d) ? d : nil
    }

    /// The distance of two words when it is 0 or 1 (equal, or one letter inserted, deleted,
    /// replaced, or two neighbours swapped), else nil: `distance` with a limit of one, in one
    /// pass and no table.
    static func withinOne(_ a: [UInt8], _ b: [UInt8]) -> Int? {
        if a.count == b.count {
            var i = 0
            while i < a.count, a[i] == b[i] { i += 1 }
            if i == a.count { return 0 }
            if a[(i + 1)...] == b[(i + 1)...] { return 1 }
            if i + 1 < a.count, a[i] == b[i + 1], a[i + 1] == b[i], a[(i + 2)...] == b[(i + 2)...] {
                return 1
            }
            return nil
        }
        let (short, long) = a.count < b.count ? (a, b) : (b, a)
        guard long.count - short.count == 1 else { return nil }
        var i = 0
        while i < short.count, short[i] == long[i] { i += 1 }
        return short[i...] == long[(i + 1)...] ? 1 : nil
    }

    /// The larger of the letters `a` has beyond `b` and `b` beyond `a`, counted with their
    /// repeats: at most the distance. `counts` is scratch space, left all zero.
    static func bagDistance(_ a: [UInt8], _ b: [UInt8], _ counts: inout [Int]) -> Int {
        if counts.count < 128 { counts = Array(repeating: 0, count: 128) }
        for x in a { counts[Int(x)] += 1 }
        for x in b { counts[Int(x)] -= 1 }
        var extraA = 0
        var extraB = 0
        for x in a {
            let n = counts[Int(x)]
            if n > 0 { extraA += n } else { extraB -= n }
            counts[Int(x)] = 0
        }
        for x in b {
            extraB -= min(0, counts[Int(x)])
            counts[Int(x)] = 0
        }
        return max(extraA, extraB)
    }

    /// The first candidate that a word of three letters or more starts, ignoring case.
    private static func prefixMatch(_ word: String, _ ascii: [UInt8]?, in candidates: Candidates)
        -> String?
    {
        if let ascii {
            guard ascii.count >= 3 else { return nil }
            for (c, span) in zip(candidates.names, candidates.spans) {
                let starts =
                    span.map { candidates.letters[$0].starts(with: ascii) }
                    ?? c.lowercased().hasPrefix(word.lowercased())
                if starts { return c }
            }
            return nil
        }
        let lower = word.lowercased()
        guard lower.count >= 3 else { return nil }
        return candidates.names.first { $0.lowercased().hasPrefix(lower) }
    }

    /// A word's letters as lowercase ASCII bytes, or nil when it is not plain ASCII (a carriage
    /// return is left to `Character`, which joins it with a line feed).
    enum Letters {
        /// The set of a word's letters, one bit each (two letters may share a bit: the count of
        /// letters one set lacks only gets smaller, so it stays at most the distance).
        static func mask(_ letters: [UInt8]) -> UInt64 {
            letters.reduce(0) { $0 | 1 << UInt64($1 & 63) }
        }

        static func ascii(_ s: String) -> [UInt8]? {
            var letters: [UInt8] = []
            return ascii(s, into: &letters) ? letters : nil
        }

        /// `ascii`, into `letters` (its storage reused from word to word); false when `s` is
        /// not plain ASCII.
        static func ascii(_ s: String, into letters: inout [UInt8]) -> Bool {
            letters.removeAll(keepingCapacity: true)
            for b in s.utf8 {
                guard b < 0x80, b != 0x0D else { return false }
                letters.append(b >= 0x41 && b <= 0x5A ? b + 0x20 : b)
            }
            return true
        }
    }

    /// A command name close to `word`, under the harmless rule.
    package static func command(_ word: String) -> String? {
        if let s = synonyms[word.lowercased()] { return s }
        guard let s = closest(to: word, in: commands) else { return nil }
        if drastic.contains(s) {
            var table: [Int] = []
            let d = distance(Array(word.lowercased()), Array(s), &table)
            guard d == 1, word.count >= 3 else { return nil }
        }
        return s
    }

    static func isClose<T: Comparable>(_ w: [T], _ c: [T], _ d: Int) -> Bool {
        guard d > 0 else { return true }
        guard d <= max(1, min(w.count, c.count) / 3) else { return false }
        if w.count <= 3, w.count == c.count {
            // Same length and one edit: only a swap of neighbours keeps it the same word.
            return w.sorted() == c.sorted()
        }
        return true
    }

    /// Optimal string alignment distance: insertions, deletions, replacements and swaps of
    /// neighbouring letters each cost one. `table` is scratch space, one row after another,
    /// reused from candidate to candidate. Past `limit` the exact figure does not matter: once two
    /// rows in a row exceed it every later one does, and `limit + 1` is returned.
    static func distance<T: Equatable>(
        _ a: [T], _ b: [T], _ table: inout [Int], limit: Int = .max
    ) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        let size = (a.count + 1) * width
        if table.count < size { table = Array(repeating: 0, count: size) }
        for i in 0...a.count { table[i * width] = i }
        for j in 0...b.count { table[j] = j }
        var previousMin = 0
        for i in 1...a.count {
            var rowMin = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(
                    table[(i - 1) * width + j] + 1, table[i * width + j - 1] + 1,
                    table[(i - 1) * width + j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d = min(d, table[(i - 2) * width + j - 2] + 1)
                }
                table[i * width + j] = d
                rowMin = min(rowMin, d)
            }
            if rowMin > limit, previousMin > limit { return limit + 1 }
            previousMin = rowMin
        }
        return table[a.count * width + b.count]
    }
}
