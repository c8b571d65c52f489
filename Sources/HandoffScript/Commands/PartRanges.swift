/// Where each part of a command was typed: the few (part, range) pairs of one command. A command
/// has at most four parts but for `expect` and `plot`; those four are kept in place (no
/// allocation: a dictionary, and then a list, cost more to fill than the rest of the parse),
/// more go to a list.
package struct PartRanges: Equatable, Sendable, ExpressibleByDictionaryLiteral {
    private struct Entry: Equatable, Sendable {
        var part: ParsedCommand.Part
        var range: SourceRange
    }

    /// The first four (part, range) pairs, each packed in a word (0: none): the part's raw value
    /// plus one in the low byte, the column and the length in `fieldBits` bits each above it.
    /// A parsed command is copied on its way to execution and an error's parts with it: four
    /// words copy in a few moves where four optional pairs took 96 bytes.
    private var packed: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    /// Pairs past the fourth, and any whose column or length does not fit a packed word.
    private var more: [Entry] = []

    private static let fieldBits: UInt64 = 28
    private static let fieldMask: UInt64 = (1 << fieldBits) - 1

    package init() {}

    package init(dictionaryLiteral elements: (ParsedCommand.Part, SourceRange)...) {
        for (part, range) in elements { self[part] = range }
    }

    /// Packed word `k` (0..<4).
    private func word(_ k: Int) -> UInt64 {
        switch k {
        case 0: packed.0
        case 1: packed.1
        case 2: packed.2
        default: packed.3
        }
    }

    private mutating func setWord(_ k: Int, _ w: UInt64) {
        switch k {
        case 0: packed.0 = w
        case 1: packed.1 = w
        case 2: packed.2 = w
        default: packed.3 = w
        }
    }

    /// The low byte of a packed word that holds `part`.
    private static func code(_ part: ParsedCommand.Part) -> UInt64 { UInt64(part.rawValue) + 1 }

    /// `part` at `range` in one word, or nil when the column or length does not fit.
    private static func pack(_ part: ParsedCommand.Part, _ range: SourceRange) -> UInt64? {
        guard range.column >= 0, range.length >= 0, UInt64(range.column) <= fieldMask,
            UInt64(range.length) <= fieldMask
        else { return nil }
        return code(part) | UInt64(range.column) << 8 | UInt64(range.length) << (8 + fieldBits)
    }

    private static func unpack(_ w: UInt64) -> Entry {
        Entry(
            part: ParsedCommand.Part(rawValue: UInt8(truncatingIfNeeded: w) &- 1)!,
            range: SourceRange(
                column: Int(w >> 8 & fieldMask), length: Int(w >> (8 + fieldBits) & fieldMask)))
    }

    /// Every (part, range) kept: the packed ones, then the others.
    private var entries: [Entry] {
        (0..<4).compactMap { word($0) == 0 ? nil : Self.unpack(word($0)) } + more
    }

    /// Where `part` was typed, if it was.
    package subscript(part: ParsedCommand.Part) -> SourceRange? {
        get {
            let code = Self.code(part)
            for k in 0..<4 where word(k) & 0xFF == code { return Self.unpack(word(k)).range }
            return more.first { $0.part == part }?.range
        }
        set {
            let code = Self.code(part)
            // Where it is kept now, if it is.
            if let k = (0..<4).first(where: { word($0) & 0xFF == code }) {
                guard let r = newValue else { return setWord(k, 0) }
                if let w = Self.pack(part, r) { return setWord(k, w) }
                setWord(k, 0)
                more.append(Entry(part: part, range: r))
            } else if let k = more.firstIndex(where: { $0.part == part }) {
                if let r = newValue { more[k].range = r } else { more.remove(at: k) }
            } else if let r = newValue {
                if let w = Self.pack(part, r), let k = (0..<4).first(where: { word($0) == 0 }) {
                    setWord(k, w)
                } else {
                    more.append(Entry(part: part, range: r))
                }
            }
        }
    }

    /// The same parts at the same places, in whatever order they were typed.
    package static func == (a: PartRanges, b: PartRanges) -> Bool {
        let x = a.entries
        let y = b.entries
        return x.count == y.count && x.allSatisfy { b[$0.part] == $0.range }
    }
}
