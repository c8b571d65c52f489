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

    /// A word's length is counted in characters, by its bytes only when they are one each.
    @Test func wordLengthsAreCharacters() {
        for word in ["pan", "-237", "héllo", "a\r\nb", "👍🏽x", "x\r"] {
            #expect(SourceRange.length(word) == word.count, "\(word)")
        }
    }
}
