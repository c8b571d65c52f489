/// Lines already parsed (parsing is pure, so a line always gives the same command): a small
/// table indexed by a cheap hash of the line's bytes, so a repeated line costs one pass over its
/// bytes and one comparison instead of hashing a `String` for a dictionary. Two slots per hash
/// value; a line that finds both taken replaces the first. A line that follows the same line as
/// last time is found without hashing.
struct ParseCache {
    private var slots: [(line: String, parsed: ParsedCommand)?] = []
    /// Lines longer than this are parsed every time (they are rare and would only crowd it).
    static let maxLength = 256
    static let size = 512

    /// For each slot, the slot of the line that came after it last time (-1: none yet). Scripts
    /// and traces repeat the same sequences of lines, so the line after a hit is first compared
    /// with that one slot: no hashing at all.
    private var next: [Int] = []
    /// The slot of the last line found or inserted (-1: none).
    private var last = -1

    /// The parsed command of `line`, if it is in the cache.
    mutating func lookup(_ line: String) -> ParsedCommand? {
        guard !slots.isEmpty else { return nil }
        if last >= 0 {
            let guess = next[last]
            if guess >= 0, let s = slots[guess], s.line == line {
                last = guess
                return s.parsed
            }
        }
        guard let h = Self.hash(line) else {
            last = -1
            return nil
        }
        if let s = slots[h], s.line == line {
            found(h)
            return s.parsed
        }
        if let s = slots[h ^ 1], s.line == line {
            found(h ^ 1)
            return s.parsed
        }
        return nil
    }

    mutating func insert(_ line: String, _ parsed: ParsedCommand) {
        guard let h = Self.hash(line) else { return }
        if slots.isEmpty {
            slots = Array(repeating: nil, count: Self.size)
            next = Array(repeating: -1, count: Self.size)
        }
        let k = slots[h] == nil || slots[h ^ 1] != nil ? h : h ^ 1
        slots[k] = (line, parsed)
        found(k)
    }

    /// Notes that the line in slot `k` follows the last one.
    private mutating func found(_ k: Int) {
        if last >= 0 { next[last] = k }
        last = k
    }

    /// FNV-1a over the line's UTF-8 bytes, folded to a slot; nil for a line too long to cache.
    private static func hash(_ line: String) -> Int? {
        let bytes = line.utf8
        guard bytes.count <= maxLength else { return nil }
        var h: UInt32 = 2_166_136_261
        let hashed: Bool? = bytes.withContiguousStorageIfAvailable { buffer in
            for b in buffer { h = (h ^ UInt32(b)) &* 16_777_619 }
            return true
        }
        if hashed == nil {
            for b in bytes { h = (h ^ UInt32(b)) &* 16_777_619 }
        }
        return Int((h ^ (h >> 16)) % UInt32(size))
    }
}
