extension Suggest {
    /// One "did you mean": a word compared with candidates one at a time, the closest kept.
    /// Words are compared by letter, ignoring case. ASCII words (nearly every word typed) are
    /// compared by byte, where a byte is a letter, with no `String`, `Character` or array made
    /// per candidate (issue 28: an error line's cost was its suggestion's); other words by
    /// `Character`, as `lowercased()` gives them.
    struct Search {
        let word: String
        /// The word's letters (`Letters.ascii`), nil when it is not plain ASCII.
        let ascii: [UInt8]?
        /// The set of the word's letters (`Letters.mask`).
        private let mask: UInt64
        /// The word's lowercase characters, made for the first candidate compared by them.
        private var characters: [Character]?
        /// Scratch space for `distance` and `bagDistance`, reused from candidate to candidate.
        private var table: [Int] = []
        private var counts: [Int] = []
        /// The closest candidate so far (its index; -1: none) and its distance.
        private(set) var best = -1
        private var bestDistance = Int.max
        /// The word as typed is a candidate: nothing is suggested.
        private(set) var typed = false

        init(_ word: String) { self.init(word, letters: Letters.ascii(word)) }

        /// A search for `word`, whose letters (`Letters.ascii`) are `letters`.
        init(_ word: String, letters: [UInt8]?) {
            self.word = word
            ascii = letters
            mask = letters.map { Letters.mask($0[...]) } ?? 0
        }

        /// Compares an ASCII candidate, `name`, by its letters (and their set, if known):
        /// lengths first, then letters one word has and the other lacks, as sets (each needs an
        /// edit), then the distance. For a word that is not ASCII, by `Character`.
        mutating func compare(
            _ k: Int, _ name: String, letters c: ArraySlice<UInt8>, mask other: UInt64?
        ) {
            guard let ascii else { return compare(k, name) }
            // Close, and no farther than the closest so far (a tie may still win by its place).
            let limit = min(max(1, min(ascii.count, c.count) / 3), bestDistance)
            guard abs(ascii.count - c.count) <= limit else { return }
            let other = other ?? Letters.mask(c)
            guard Suggest.hasAtMost(limit, bitsIn: mask & ~other),
                Suggest.hasAtMost(limit, bitsIn: other & ~mask),
                let d = closeDistance(ascii, c, limit)
            else { return }
            if d == 0, name == word {
                typed = true
                return
            }
            consider(k, d)
        }

        /// Compares a candidate by `Character`.
        mutating func compare(_ k: Int, _ c: String) {
            if c == word {
                typed = true
                return
            }
            let w = characters ?? Array(word.lowercased())
            characters = w
            let cc = c.count
            guard abs(w.count - cc) <= max(1, min(w.count, cc) / 3) else { return }
            let lower = Array(c.lowercased())
            let d = distance(w, lower, &table)
            guard isClose(w, lower, d) else { return }
            consider(k, d)
        }

        /// Keeps candidate `k` if it is closer than the closest so far, or as close and first
        /// (`Candidates` are compared by length, not in order).
        private mutating func consider(_ k: Int, _ d: Int) {
            if d < bestDistance || (d == bestDistance && k < best) {
                best = k
                bestDistance = d
            }
        }

        /// Whether the word is long enough (three letters) to be a candidate's start.
        var prefixable: Bool { ascii.map { $0.count >= 3 } ?? (word.lowercased().count >= 3) }

        /// Whether a candidate starts with the word, ignoring case (`letters`: its letters if
        /// it is ASCII).
        func starts(_ name: String, _ letters: ArraySlice<UInt8>?) -> Bool {
            if let ascii, let letters {
                return letters.count >= ascii.count
                    && letters.prefix(ascii.count).elementsEqual(ascii)
            }
            return name.lowercased().hasPrefix(word.lowercased())
        }

        /// The distance of two ASCII words whose lengths are within `limit` if they are close:
        /// one pass for one edit or none; else their letters as bags first (no edit changes the
        /// bag by more than one letter, a swap not at all: a word whose bag differs by more than
        /// the limit is not close, and costs no table), then the distance; then `isClose`.
        private mutating func closeDistance(_ w: [UInt8], _ c: ArraySlice<UInt8>, _ limit: Int)
            -> Int?
        {
            let d: Int
            if let one = withinOne(w[...], c) {
                // One edit or none (most typos), found in one pass.
                d = one
            } else if limit <= 1 {
                return nil
            } else {
                let c = Array(c)
                guard bagDistance(w, c, &counts) <= limit else { return nil }
                d = distance(w, c, &table, limit: limit)
            }
            return isClose(w, c, d) ? d : nil
        }
    }

    /// Whether `bits` has at most `n` bits set: clearing its lowest `n` leaves none (a limit is
    /// one or two edits, where counting all its bits took a loop over the word).
    static func hasAtMost(_ n: Int, bitsIn bits: UInt64) -> Bool {
        var x = bits
        var k = 0
        while k < n, x != 0 {
            x &= x &- 1
            k += 1
        }
        return x == 0
    }

    /// The distance of two words when it is 0 or 1 (equal, or one letter inserted, deleted,
    /// replaced, or two neighbours swapped), else nil: `distance` with a limit of one, in one
    /// pass and no table.
    static func withinOne(_ a: [UInt8], _ b: [UInt8]) -> Int? { withinOne(a[...], b[...]) }

    /// `withinOne` of two runs of letters (a candidate's are read in place).
    static func withinOne(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Int? {
        /// Whether the `n` letters from `i` in `a` and from `j` in `b` are the same.
        func same(_ i: Int, _ j: Int, _ n: Int) -> Bool {
            var k = 0
            while k < n, a[i + k] == b[j + k] { k += 1 }
            return k == n
        }
        let (x, y) = (a.startIndex, b.startIndex)
        let n = a.count
        if n == b.count {
            var i = 0
            while i < n, a[x + i] == b[y + i] { i += 1 }
            if i == n { return 0 }
            if same(x + i + 1, y + i + 1, n - i - 1) { return 1 }
            if i + 1 < n, a[x + i] == b[y + i + 1], a[x + i + 1] == b[y + i],
                same(x + i + 2, y + i + 2, n - i - 2)
            {
                return 1
            }
            return nil
        }
        guard abs(n - b.count) == 1 else { return nil }
        // One letter more in the longer word: the same letters around it.
        let m = min(n, b.count)
        var i = 0
        while i < m, a[x + i] == b[y + i] { i += 1 }
        return n < b.count
            ? (same(x + i, y + i + 1, m - i) ? 1 : nil)
            : (same(x + i + 1, y + i, m - i) ? 1 : nil)
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

    static func isClose<W: Collection, C: Collection>(_ w: W, _ c: C, _ d: Int) -> Bool
    where W.Element: Comparable, C.Element == W.Element {
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
