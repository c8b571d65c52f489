/// Lines already parsed (parsing is pure, so a line always gives the same command): a small
/// table indexed by a cheap hash of the line's bytes, so a repeated line costs one pass over its
/// bytes and one comparison instead of hashing a `String` for a dictionary. Two slots per hash
/// value; a line that finds both taken replaces the first. A line that follows the same line as
/// last time is found without hashing.
struct ParseCache {
    /// Each slot's line ("" for an empty slot: a blank line is never cached) and its command, in
    /// two arrays: comparing a slot's line copies no command.
    private var lines: [String] = []
    private var commands: [ParsedCommand?] = []
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
        guard !lines.isEmpty else { return nil }
        if last >= 0 {
            let guess = next[last]
            if guess >= 0, lines[guess] == line {
                last = guess
                return commands[guess]
            }
        }
        guard let h = Self.hash(line) else {
            last = -1
            return nil
        }
        if lines[h] == line {
            found(h)
            return commands[h]
        }
        if lines[h ^ 1] == line {
            found(h ^ 1)
            return commands[h ^ 1]
        }
        return nil
    }

    mutating func insert(_ line: String, _ parsed: ParsedCommand) {
        guard let h = Self.hash(line) else { return }
        guard !line.isEmpty else { return }
        if lines.isEmpty {
            lines = Array(repeating: "", count: Self.size)
            commands = Array(repeating: nil, count: Self.size)
            next = Array(repeating: -1, count: Self.size)
        }
        let k = lines[h].isEmpty || !lines[h ^ 1].isEmpty ? h : h ^ 1
        lines[k] = line
        commands[k] = parsed
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
