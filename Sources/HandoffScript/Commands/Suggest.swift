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
    /// Commands whose suggestion must be a plain typo of them. (A few words: a list, searched
    /// in order, costs nothing to make, where a set hashed each at the first error.)
    static let drastic = ["end", "swipe", "tap", "load", "record", "quit"]
    /// Words other tools use for a command (`undo` is `back` here): no edit distance finds them.
    static let synonyms: [(word: String, command: String)] = [
        ("undo", "back"), ("rewind", "back"),
    ]

    /// The candidate closest to `word`, if any is close (the first of two as close); nil when
    /// `word` is one of them: where it is a candidate, it is valid but misplaced, and no other
    /// spelling is what was meant.
    package static func closest(to word: String, in candidates: [String]) -> String? {
        // Bounded (issue 9): a word is close only within a third of the shorter word's length, so
        // a word longer than every candidate by more than that is near none of them (a 1 MB word
        // is never compared).
        let longest = candidates.reduce(0) { max($0, $1.utf8.count) }
        guard word.utf8.count <= longest + max(1, longest / 3) else { return nil }
        // A list made for one error is read as it is compared: no `Candidates` built.
        var search = Search(word)
        var letters: [UInt8] = []
        for (k, c) in candidates.enumerated() {
            if search.ascii != nil, Letters.ascii(c, into: &letters) {
                search.compare(k, c, letters: letters[...], mask: nil)
            } else {
                search.compare(k, c)
            }
            if search.typed { return nil }
        }
        if search.best >= 0 { return candidates[search.best] }
        guard search.prefixable else { return nil }
        return candidates.first { c in
            search.starts(c, Letters.ascii(c, into: &letters) ? letters[...] : nil)
        }
    }

    /// Words to suggest from, with their letters read once: a fixed list (the commands) is read
    /// when the program starts, a scene's ids when it loads, not for every error. Shared: a
    /// session or an error holds it by one reference.
    package final class Candidates: Equatable, Sendable {
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
        /// The ASCII names by length: `byLength[starts[n]..<starts[n + 1]]` are the indices of
        /// those of `n` letters, in order, so a word is compared only with names whose length
        /// can be close to its own.
        let byLength: [Int]
        let starts: [Int]
        /// The names that are not ASCII, compared by `Character`.
        let others: [Int]

        package init(_ names: [String]) {
            self.names = names
            var letters: [UInt8] = []
            var spans: [Range<Int>?] = []
            var masks: [UInt64] = []
            var others: [Int] = []
            var longest = 0
            spans.reserveCapacity(names.count)
            masks.reserveCapacity(names.count)
            for (k, name) in names.enumerated() {
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
                    others.append(k)
                }
            }
            // Counted, then placed: the names of each length keep their order.
            var starts = Array(repeating: 0, count: longest + 2)
            for span in spans { if let span { starts[span.count + 1] += 1 } }
            for n in 0...longest { starts[n + 1] += starts[n] }
            var next = starts
            var byLength = Array(repeating: 0, count: names.count - others.count)
            for (k, span) in spans.enumerated() {
                guard let span else { continue }
                byLength[next[span.count]] = k
                next[span.count] += 1
            }
            self.letters = letters
            self.spans = spans
            self.masks = masks
            self.longest = longest
            self.byLength = byLength
            self.starts = starts
            self.others = others
        }

        /// The same names (what the rest is read from).
        package static func == (a: Candidates, b: Candidates) -> Bool { a.names == b.names }
    }

    /// The command names, read once.
    static let commands = Candidates(CommandTable.names)
    /// Whether each command name is `drastic`, in `commands`' order.
    private static let commandIsDrastic = commands.names.map(drastic.contains)

    package static func closest(to word: String, in candidates: Candidates) -> String? {
        closestIndex(to: word, in: candidates, letters: Letters.ascii(word)).map {
            candidates.names[$0]
        }
    }

    /// The index in `candidates` of `closest`'s answer; `letters` are the word's
    /// (`Letters.ascii`), which a caller that read them already passes on.
    private static func closestIndex(
        to word: String, in candidates: Candidates, letters: [UInt8]?
    ) -> Int? {
        // A candidate whose length differs by more than the bound is never looked at (a
        // 1,000-letter id on a 10,000-node scene costs nothing per node).
        let longest = candidates.longest
        guard word.utf8.count <= longest + max(1, longest / 3) else { return nil }
        var search = Search(word, letters: letters)
        if let ascii = search.ascii {
            let n = ascii.count
            /// Compares the names of `length` letters; false when one is the word as typed.
            func compare(length: Int) -> Bool {
                guard length >= 0, length <= longest else { return true }
                for k in candidates.byLength[
                    candidates.starts[length]..<candidates.starts[length + 1]]
                {
                    search.compare(
                        k, candidates.names[k], letters: candidates.letters[candidates.spans[k]!],
                        mask: candidates.masks[k])
                    if search.typed { return false }
                }
                return true
            }
            // The word's own length first, then farther ones: a close candidate found early
            // bounds the distance asked of the others.
            guard compare(length: n) else { return nil }
            for delta in 1...max(1, n / 3) {
                // Within a third of the shorter word: `n - delta` letters, or the word's own.
                if delta <= max(1, (n - delta) / 3) {
                    guard compare(length: n - delta) else { return nil }
                }
                guard compare(length: n + delta) else { return nil }
            }
            for k in candidates.others {
                search.compare(k, candidates.names[k])
                if search.typed { return nil }
            }
        } else {
            for k in candidates.names.indices {
                search.compare(k, candidates.names[k])
                if search.typed { return nil }
            }
        }
        if search.best >= 0 { return search.best }
        guard search.prefixable else { return nil }
        return candidates.names.indices.first { k in
            search.starts(candidates.names[k], candidates.spans[k].map { candidates.letters[$0] })
        }
    }

    /// A word's letters as lowercase ASCII bytes, or nil when it is not plain ASCII (a carriage
    /// return is left to `Character`, which joins it with a line feed).
    enum Letters {
        /// The set of a word's letters, one bit each (two letters may share a bit: the count of
        /// letters one set lacks only gets smaller, so it stays at most the distance).
        static func mask(_ letters: ArraySlice<UInt8>) -> UInt64 {
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
            letters.append(contentsOf: s.utf8)
            for i in letters.indices {
                let b = letters[i]
                guard b < 0x80, b != 0x0D else { return false }
                if b >= 0x41 && b <= 0x5A { letters[i] = b + 0x20 }
            }
            return true
        }
    }

    /// A command name close to `word`, under the harmless rule.
    package static func command(_ word: String) -> String? {
        let ascii = Letters.ascii(word)
        if let ascii {
            // An ASCII word's lowercase is its letters.
            if let s = synonyms.first(where: {
                $0.word.utf8.count == ascii.count && $0.word.utf8.elementsEqual(ascii)
            }) {
                return s.command
            }
        } else {
            let lowercased = word.lowercased()
            if let s = synonyms.first(where: { $0.word == lowercased }) { return s.command }
        }
        guard let k = closestIndex(to: word, in: commands, letters: ascii) else { return nil }
        let s = commands.names[k]
        if commandIsDrastic[k] {
            // The names are lowercase ASCII: one edit from an ASCII word's letters, or from
            // another word's lowercase characters.
            if let ascii {
                // The name's letters as `commands` holds them (no array made for it).
                let name = commands.letters[commands.spans[k]!]
                guard withinOne(ascii[...], name) == 1, ascii.count >= 3 else { return nil }
            } else {
                var table: [Int] = []
                let d = distance(Array(word.lowercased()), Array(s), &table)
                guard d == 1, word.count >= 3 else { return nil }
            }
        }
        return s
    }
}
