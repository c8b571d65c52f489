import HandoffTestSupport
import Testing

@testable import HandoffScript

/// "Did you mean" compares ASCII words by byte and other words by `Character` (issue 28: an error
/// line's cost was its suggestion's), a list as it is given or read once (`Candidates`): all give
/// what comparing `Character`s always gave.
@Suite struct SuggestTests {
    /// The rule as it was written before the byte path: every word by `Character`, a fresh
    /// distance table per candidate.
    static func reference(_ word: String, _ candidates: [String]) -> String? {
        guard !candidates.contains(word) else { return nil }
        let longest = candidates.reduce(0) { max($0, $1.utf8.count) }
        guard word.utf8.count <= longest + max(1, longest / 3) else { return nil }
        let w = Array(word.lowercased())
        var best: (String, Int)?
        for c in candidates {
            let cc = c.count
            guard abs(w.count - cc) <= max(1, min(w.count, cc) / 3) else { continue }
            let lower = Array(c.lowercased())
            let d = distance(w, lower)
            guard d == 0 || Suggest.isClose(w, lower, d) else { continue }
            if best == nil || d < best!.1 { best = (c, d) }
        }
        if best == nil, w.count >= 3,
            let prefixed = candidates.first(where: { $0.lowercased().hasPrefix(word.lowercased()) })
        {
            return prefixed
        }
        return best?.0
    }

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

    @Test func bytesAndCharactersAgree() {
        // Short words over a few letters (so that many are close), in both cases, with
        // non-ASCII letters and a carriage return now and then.
        let letters: [String] = ["a", "b", "e", "n", "d", "A", "N", "é", "É", "\r", "ß"]
        var random = SplitMix(seed: 28)
        func word() -> String {
            (0..<(1 + random.int(7))).map { _ in letters[random.int(letters.count)] }.joined()
        }
        var suggested = 0
        for _ in 0..<3000 {
            let candidates = (0..<(1 + random.int(6))).map { _ in word() }
            let w = random.int(4) == 0 ? candidates[0].uppercased() : word()
            let expected = Self.reference(w, candidates)
            #expect(Suggest.closest(to: w, in: candidates) == expected, "\(w) in \(candidates)")
            // Read once (by length, the first of two as close still first), the same answer.
            #expect(
                Suggest.closest(to: w, in: Suggest.Candidates(candidates)) == expected,
                "\(w) in \(candidates)")
            if expected != nil { suggested += 1 }
        }
        // The words are close often enough for the comparison to mean something.
        #expect(suggested > 600)
    }

    @Test func theWordsUsersTypeStillFindTheirs() {
        #expect(Suggest.closest(to: "pna", in: CommandTable.names) == "pan")
        #expect(Suggest.closest(to: "STAT", in: CommandTable.names) == "state")
        #expect(Suggest.closest(to: "settl", in: CommandTable.names) == "settle")
        #expect(Suggest.closest(to: "polcy", in: SettingKeys.keys) == "policy")
        #expect(Suggest.closest(to: "Outer", in: ["outer", "inner"]) == "outer")
        #expect(Suggest.closest(to: "ünner", in: ["inner", "outer"]) == "inner")
        #expect(Suggest.closest(to: "inner", in: ["ïnner", "outer"]) == "ïnner")
        #expect(Suggest.command("undo") == "back")
        #expect(Suggest.command("en") == nil)
    }

    /// The two filters before a full table: a bag of letters, and a distance that stops once it
    /// cannot be close.
    @Test func filtersNeverRejectAWordThatIsClose() {
        var counts: [Int] = []
        func bag(_ a: String, _ b: String) -> Int {
            Suggest.bagDistance(Array(a.utf8), Array(b.utf8), &counts)
        }
        #expect(bag("pna", "pan") == 0)  // a swap keeps the bag
        #expect(bag("move", "pna") == 4)
        #expect(bag("aab", "abb") == 1)  // one replacement
        #expect(bag("settle", "sett") == 2)  // two deletions
        #expect(counts.allSatisfy { $0 == 0 })
        var table: [Int] = []
        let kitten = Array("kitten")
        let sitting = Array("sitting")
        #expect(Suggest.distance(kitten, sitting, &table) == 3)
        #expect(Suggest.distance(kitten, sitting, &table, limit: 1) == 2)
        #expect(Suggest.distance(kitten, sitting, &table, limit: 3) == 3)
        #expect(Suggest.distance(Array("ca"), Array("ac"), &table, limit: 1) == 1)
    }

    /// One edit or none, found without a table, agrees with the table for every pair of short
    /// words over a few letters.
    @Test func withinOneIsTheDistanceUpToOne() {
        let letters: [UInt8] = Array("abc".utf8)
        var words: [[UInt8]] = [[]]
        for _ in 0..<4 { words += words.flatMap { w in letters.map { w + [$0] } } }
        words = Array(Set(words.map { $0 })).sorted { $0.lexicographicallyPrecedes($1) }
        var table: [Int] = []
        var ones = 0
        for a in words {
            for b in words {
                let d = Suggest.distance(a, b, &table)
                let expected: Int? = d <= 1 ? d : nil
                #expect(Suggest.withinOne(a, b) == expected, "\(a) \(b)")
                if expected == 1 { ones += 1 }
            }
        }
        #expect(ones > 1000)
    }
}
