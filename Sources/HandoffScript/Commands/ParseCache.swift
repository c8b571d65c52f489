/// Lines already parsed (parsing is pure, so a line always gives the same command): a small table indexed by a cheap hash of the line's bytes, so a repeated line costs
/// one pass over its bytes and one comparison instead of hashing a `String` for a dictionary.
/// Two slots per hash value; a line that finds both taken replaces the first. A line that
/// follows the same line as last time is found without hashing.
struct ParseCache {
    /// A line and its command, shared: a hit hands out the entry, so running the command copies
    /// neither (a `ParsedCommand` copied and destroyed costs hundreds of instructions). (A line
    /// that does not parse is kept with its error in the session's `FailedLines`.)
    final class Entry: Sendable {
        let line: String
        let parsed: ParsedCommand

        init(line: String, parsed: ParsedCommand) {
            self.line = line
            self.parsed = parsed
        }
    }

    /// Each slot's entry (nil for an empty slot: a blank line is never cached).
    private var entries: [Entry?] = []
    /// Lines longer than this are parsed every time (they are rare and would only crowd it).
    static let maxLength = 256
    /// Slots for a session's distinct lines: 3,000 typed lines hold about 800 (their numbers
    /// change), which 512 slots kept evicting and parsing again.
    static let size = 4096

    /// For each slot, the slot of the line that came after it last time (-1: none yet). Scripts
    /// and traces repeat the same sequences of lines, so the line after a hit is first compared
    /// with that one slot: no hashing at all.
    private var next: [Int] = []
    /// The slot of the last line found or inserted (-1: none).
    private var last = -1

    /// The entry of `line`, if it is in the cache.
    mutating func lookup(_ line: String) -> Entry? {
        var line = line
        return line.withUTF8 { entry(bytes: $0) }
    }

    /// The entry of the line whose UTF-8 bytes are `bytes`, if it is in the cache: found by its
    /// bytes, so a line read from a file needs no `String` to be found.
    mutating func entry(bytes: UnsafeBufferPointer<UInt8>) -> Entry? {
        guard !entries.isEmpty else { return nil }
        if last >= 0 {
            let guess = next[last]
            if guess >= 0, let e = entries[guess], Self.same(e.line, bytes) {
                last = guess
                return e
            }
        }
        guard let h = Self.hash(bytes) else {
            last = -1
            return nil
        }
        if let e = entries[h], Self.same(e.line, bytes) {
            found(h)
            return e
        }
        if let e = entries[h ^ 1], Self.same(e.line, bytes) {
            found(h ^ 1)
            return e
        }
        return nil
    }

    /// Keeps `entry` for its line (unless the line is too long to keep).
    mutating func insert(_ entry: Entry) {
        var line = entry.line
        guard !line.isEmpty, let h = line.withUTF8({ Self.hash($0) }) else { return }
        if entries.isEmpty {
            entries = Array(repeating: nil, count: Self.size)
            next = Array(repeating: -1, count: Self.size)
        }
        let k = entries[h] == nil || entries[h ^ 1] != nil ? h : h ^ 1
        entries[k] = entry
        found(k)
    }

    /// Notes that the line in slot `k` follows the last one.
    private mutating func found(_ k: Int) {
        if last >= 0 { next[last] = k }
        last = k
    }

    /// Whether `line`'s UTF-8 bytes are `bytes`.
    private static func same(_ line: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let utf8 = line.utf8
        guard utf8.count == bytes.count else { return false }
        return utf8.withContiguousStorageIfAvailable { stored in
            guard let a = stored.baseAddress, let b = bytes.baseAddress else { return true }
            return Bytes.equal(a, b, stored.count)
        } ?? utf8.elementsEqual(bytes)
    }

    /// FNV-1a over a line's UTF-8 bytes, folded to a slot; nil for a line too long to cache.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count <= maxLength else { return nil }
        return Int(Bytes.hash(bytes) % UInt32(size))
    }
}
