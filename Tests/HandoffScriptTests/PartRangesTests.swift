import HandoffTestSupport
import Testing

@testable import HandoffScript

/// `PartRanges` answers like the dictionary it replaced: set, overwrite, remove, any number of
/// parts, and equality whatever order the parts were typed in.
struct PartRangesTests {
    @Test func actsLikeADictionary() {
        let parts: [ParsedCommand.Part] = [.name, .dx, .dy, .duration, .point, .target, .velocity]
        var ranges = PartRanges()
        var reference: [ParsedCommand.Part: SourceRange] = [:]
        for (k, p) in parts.enumerated() {
            ranges[p] = SourceRange(column: k + 1, length: 2)
            reference[p] = SourceRange(column: k + 1, length: 2)
        }
        ranges[.dy] = SourceRange(column: 40, length: 3)
        reference[.dy] = SourceRange(column: 40, length: 3)
        ranges[.name] = nil
        reference[.name] = nil
        ranges[.target] = nil
        reference[.target] = nil
        ranges[.choice] = SourceRange(column: 9, length: 1)
        reference[.choice] = SourceRange(column: 9, length: 1)
        for p in parts + [.choice, .path] { #expect(ranges[p] == reference[p], "\(p)") }
        var reordered = PartRanges()
        for (p, r) in reference.sorted(by: { $0.value.column > $1.value.column }) {
            reordered[p] = r
        }
        #expect(reordered == ranges)
        reordered[.dx] = SourceRange(column: 2, length: 5)
        #expect(reordered != ranges)
        let literal: PartRanges = [.name: SourceRange(column: 1, length: 3)]
        #expect(literal[.name] == SourceRange(column: 1, length: 3) && literal[.dx] == nil)
    }

    /// Four pairs are packed in words (a column and a length of 28 bits each); a range past that
    /// is kept as it is, and every sequence of sets and removals answers as a dictionary does.
    @Test func farRangesAndAnyOrderOfChanges() {
        let far = SourceRange(column: 1 << 28, length: 3)
        let long = SourceRange(column: 2, length: (1 << 28) + 5)
        var ranges: PartRanges = [.name: SourceRange(column: 1, length: 3), .file: far]
        #expect(ranges[.file] == far && ranges[.name] == SourceRange(column: 1, length: 3))
        ranges[.name] = long
        #expect(ranges[.name] == long)
        ranges[.name] = SourceRange(column: 1, length: 4)
        #expect(ranges[.name] == SourceRange(column: 1, length: 4))
        ranges[.file] = nil
        #expect(ranges[.file] == nil)

        let parts: [ParsedCommand.Part] = [
            .name, .dx, .dy, .duration, .point, .target, .velocity, .choice, .path, .op, .value,
            .tolerance, .key, .setting, .file, .frames, .at,
        ]
        var rng = SplitMix(seed: 28)
        for _ in 0..<200 {
            var ranges = PartRanges()
            var reference: [ParsedCommand.Part: SourceRange] = [:]
            for _ in 0..<12 {
                let p = parts.randomElement(using: &rng)!
                let r: SourceRange? =
                    Int.random(in: 0..<4, using: &rng) == 0
                    ? nil
                    : SourceRange(
                        column: Bool.random(using: &rng)
                            ? Int.random(in: 1..<200, using: &rng) : 1 << 29,
                        length: Int.random(in: 1..<9, using: &rng))
                ranges[p] = r
                reference[p] = r
                for q in parts { #expect(ranges[q] == reference[q], "\(q)") }
            }
            var rebuilt = PartRanges()
            for (p, r) in reference { rebuilt[p] = r }
            #expect(rebuilt == ranges)
        }
    }

    /// A word's length is counted in characters, by its bytes only when they are one each.
    @Test func wordLengthsAreCharacters() {
        for word in ["pan", "-237", "héllo", "a\r\nb", "👍🏽x", "x\r"] {
            #expect(SourceRange.length(word) == word.count, "\(word)")
        }
    }
}
