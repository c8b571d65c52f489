/// Lines already parsed, each with its command or its error (parsing is pure, so a line always
/// gives the same command or fails the same way, and a session repeats its typos: a third of a
/// realistic session's lines are errors): a small table indexed by a cheap hash of the line's
/// bytes, computed once a line: a lookup that misses hands it back for keeping the line. Two
/// slots per hash value; a line that finds both taken replaces the first. A line that follows
/// the same line as last time is found without hashing.
struct ParseCache {
    /// A line and its command, shared: a hit hands out the entry, so running the command copies
    /// neither (a `ParsedCommand` copied and destroyed costs hundreds of instructions).
    final class Entry: Sendable {
        let line: String
        /// The line's bytes as a lookup compares them.
        let packed: Packed
        let parsed: ParsedCommand
        /// The lines its session had parsed before it (`Session.linesParsed`): its name in the
        /// session's history (`CommandLog.add`); -1 for an entry made outside a session.
        let serial: Int

        init(line: String, parsed: ParsedCommand, serial: Int = -1) {
            self.line = line
            packed = Packed(line)
            self.parsed = parsed
            self.serial = serial
        }
    }

    /// A line that does not parse, its error and the error's words, shared: finding it copies
    /// none.
    final class Failure: Sendable {
        let line: String
        /// The line's bytes as a lookup compares them.
        let packed: Packed
        let error: Diagnostic
        /// The error as printed without a place (`ErrorMessage.write` with no line number):
        /// worded once, however often the line fails; nil when the line first failed under
        /// `--json`, which words its errors otherwise.
        let worded: TextOutput?

        init(line: String, error: Diagnostic, wording: Bool) {
            self.line = line
            packed = Packed(line)
            self.error = error
            guard wording else {
                worded = nil
                return
            }
            var worded = TextOutput()
            ErrorMessage.write(error, line: line, lineNumber: nil, file: nil, into: &worded)
            self.worded = worded
        }
    }

    /// A line's length and its bytes packed into two words (`Bytes.packed`): a line of at most
    /// sixteen bytes (nearly every command) is all in them, so a lookup compares it with a kept
    /// line as three integers, not byte by byte; a longer line's words are zero and its bytes
    /// are compared.
    struct Packed: Equatable {
        let count: Int
        let first: UInt64
        let last: UInt64

        init(count: Int, words: (UInt64, UInt64)) {
            self.count = count
            (first, last) = words
        }

        /// `line`'s.
        init(_ line: String) {
            var line = line
            self = line.withUTF8 { Packed(count: $0.count, words: Bytes.packed($0)) }
        }

        /// Whether the words hold every byte of the line.
        var isWhole: Bool { count <= Bytes.packedLimit }
    }

    /// What the cache knows of a line.
    enum Lookup {
        case parsed(Entry)
        case failed(Failure)
        /// A line not kept; `key` keeps it (`keep`) without hashing it again.
        case missing(key: Key)
    }

    /// Where a line goes in the table: its hash, or none for a line too long to keep.
    struct Key {
        fileprivate let hash: UInt32
        fileprivate let length: Int

        /// The slot of the line's hash value (its pair is `slot ^ 1`).
        fileprivate var slot: Int { Int(hash % UInt32(ParseCache.size)) }
        fileprivate var isKept: Bool { length <= ParseCache.maxLength }
    }

    /// What a slot holds.
    private enum Slot {
        case empty
        case parsed(Entry)
        case failed(Failure)
    }

    /// Each slot's line (`.empty`: a blank line or a comment is never kept).
    private var slots: [Slot] = []
    /// Each slot's line's hash: a line is compared byte by byte only with a line of the same
    /// hash. (`keys` and `next` are narrow, 32 and 16 bits: a session clears them once.)
    private var keys: [UInt32] = []
    /// Lines longer than this are parsed every time (they are rare and would only crowd it).
    static let maxLength = 256
    /// Slots for a session's distinct lines: 3,000 typed lines hold about 800 (their numbers
    /// change), which 512 slots kept evicting and parsing again.
    static let size = 4096

    /// For each slot, the slot of the line that came after it last time (-1: none yet). Scripts
    /// and traces repeat the same sequences of lines, so the line after a hit is first compared
    /// with that one slot: no hashing at all.
    private var next: [Int16] = []
    /// The slot of the last line found or kept (-1: none).
    private var last = -1

    /// The entry of `line`, if it parsed before.
    mutating func lookup(_ line: String) -> Entry? {
        guard case .parsed(let entry) = find(line) else { return nil }
        return entry
    }

    /// What the cache knows of `line`.
    mutating func find(_ line: String) -> Lookup {
        var line = line
        return line.withUTF8 { find(bytes: $0) }
    }

    /// The entry of the line whose UTF-8 bytes are `bytes`, if it parsed before.
    mutating func entry(bytes: UnsafeBufferPointer<UInt8>) -> Entry? {
        guard case .parsed(let entry) = find(bytes: bytes) else { return nil }
        return entry
    }

    /// What the cache knows of the line whose UTF-8 bytes are `bytes`: found by its bytes, so a
    /// line read from a file needs no `String` to be found.
    mutating func find(bytes: UnsafeBufferPointer<UInt8>) -> Lookup {
        if slots.isEmpty { allocate() }
        let packed = Packed(count: bytes.count, words: Bytes.packed(bytes))
        if last >= 0 {
            // A line that failed is left to its hash: the guess is for a script's commands.
            let guess = Int(next[last])
            if guess >= 0, case .parsed(let e) = slots[guess],
                Self.isLine(e.line, e.packed, bytes, packed)
            {
                last = guess
                return .parsed(e)
            }
        }
        let key = Self.key(bytes, packed)
        guard key.isKept else {
            last = -1
            return .missing(key: key)
        }
        let h = key.slot
        if keys[h] == key.hash, let found = lookup(h, bytes, packed) {
            self.found(h)
            return found
        }
        if keys[h ^ 1] == key.hash, let found = lookup(h ^ 1, bytes, packed) {
            self.found(h ^ 1)
            return found
        }
        return .missing(key: key)
    }

    /// Slot `k`'s line, if its bytes are `bytes` (packed: `packed`).
    private func lookup(_ k: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ packed: Packed)
        -> Lookup?
    {
        switch slots[k] {
        case .empty: return nil
        case .parsed(let e): return Self.isLine(e.line, e.packed, bytes, packed) ? .parsed(e) : nil
        case .failed(let f): return Self.isLine(f.line, f.packed, bytes, packed) ? .failed(f) : nil
        }
    }

    /// Whether a kept line (`line`, packed `kept`) is the line of `bytes` (packed `packed`): its
    /// words decide for a line of at most sixteen bytes, its bytes for a longer one.
    private static func isLine(
        _ line: String, _ kept: Packed, _ bytes: UnsafeBufferPointer<UInt8>, _ packed: Packed
    ) -> Bool {
        kept == packed && (packed.isWhole || same(line, bytes))
    }

    /// Keeps `entry` for its line (unless the line is too long to keep).
    mutating func insert(_ entry: Entry) {
        var line = entry.line
        guard !line.isEmpty else { return }
        keep(.parsed(entry), key: line.withUTF8 { Self.key($0, entry.packed) })
    }

    /// Keeps `entry` for its line, found `.missing(key)` (unless the line is too long to keep).
    mutating func keep(_ entry: Entry, key: Key) { keep(.parsed(entry), key: key) }

    /// Keeps `failure` for its line, found `.missing(key)`.
    mutating func keep(_ failure: Failure, key: Key) { keep(.failed(failure), key: key) }

    private mutating func keep(_ slot: Slot, key: Key) {
        guard key.isKept else { return }
        if slots.isEmpty { allocate() }
        let h = key.slot
        let k = isEmpty(h) || !isEmpty(h ^ 1) ? h : h ^ 1
        slots[k] = slot
        keys[k] = key.hash
        found(k)
    }

    /// Makes the table's slots, all empty (on the first line: a session that runs none keeps
    /// none).
    private mutating func allocate() {
        slots = Array(repeating: .empty, count: Self.size)
        keys = Array(repeating: 0, count: Self.size)
        next = Array(repeating: -1, count: Self.size)
    }

    /// Whether slot `k` holds no line.
    private func isEmpty(_ k: Int) -> Bool {
        if case .empty = slots[k] { return true }
        return false
    }

    /// The key of a line's bytes (packed: `packed`): a short line's hash is its words'.
    private static func key(_ bytes: UnsafeBufferPointer<UInt8>, _ packed: Packed) -> Key {
        let hash =
            packed.isWhole
            ? Bytes.hash(packed: (packed.first, packed.last), count: packed.count)
            : bytes.count <= maxLength ? Bytes.hash(bytes) : 0
        return Key(hash: hash, length: bytes.count)
    }

    /// Notes that the line in slot `k` follows the last one.
    private mutating func found(_ k: Int) {
        if last >= 0 { next[last] = Int16(k) }
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
}
