import HandoffCore

/// Text output as bytes: the lines of a command written one after the other into one buffer,
/// each ending in "\n", with where each ends and its role. A session reuses one from command to
/// command (its capacity kept), so the hot path builds no `String` per line: the console writes
/// the bytes as they are, a replay compares them in place and a recording appends them.
package struct TextOutput: Equatable, Sendable {
    /// The bytes and the line ends, shared by copies until one of them writes (one uniqueness
    /// check a line for both); nil until the first line.
    private var buffer: TextBuffer?
    /// The role of the lines being written.
    var role = LineRole.plain
    /// Whether a piece written since `removeAll` could need escaping (a `String` with a byte
    /// outside printable ASCII): only then does `escape` look at the lines. Labels, separators
    /// (`StaticString`s written in the source) and numbers never need it.
    private(set) var unchecked = false

    package init() {}

    /// `bytes`, valid during the call (no copy).
    @inline(__always)
    package func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        body(UnsafeBufferPointer(start: buffer?.bytes, count: buffer?.used ?? 0))
    }

    /// Copies `bytes` to `p` (room for `byteCount` there): the console's batch, with no closure.
    package func copyBytes(to p: UnsafeMutablePointer<UInt8>) {
        if let buffer { p.update(from: buffer.bytes, count: buffer.used) }
    }

    /// Where line `k` ends in `bytes`: past its "\n".
    @inline(__always)
    package func end(ofLine k: Int) -> Int {
        precondition(k >= 0 && k < count, "no such line")
        return buffer!.ends[k].end
    }

    /// Line `k`'s role.
    func role(ofLine k: Int) -> LineRole { buffer!.ends[k].role }

    /// The number of lines.
    package var count: Int { buffer?.count ?? 0 }

    /// The number of bytes, "\n"s included.
    package var byteCount: Int { buffer?.used ?? 0 }

    package var isEmpty: Bool { count == 0 }

    /// Forgets the lines, keeping the buffer's capacity (when no copy shares it).
    package mutating func removeAll() {
        if buffer != nil {
            if isKnownUniquelyReferenced(&buffer) {
                buffer!.clear()
            } else {
                buffer = nil
            }
        }
        role = .plain
        unchecked = false
    }

    /// Line `k`'s bytes without its "\n", valid during the call.
    package func withLine<T>(_ k: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        let from = k == 0 ? 0 : end(ofLine: k - 1)
        return body(
            UnsafeBufferPointer(start: buffer!.bytes + from, count: end(ofLine: k) - 1 - from))
    }

    /// Whether any line has `role` (for an error, asked of every output, a count: no scan).
    package func contains(_ role: LineRole) -> Bool {
        guard let buffer else { return false }
        return role == .error ? buffer.errors > 0 : buffer.contains(role)
    }

    /// Lends the scene's ids to `LineWriter.put(id:_:)` (nil: none), held by the storage and
    /// handed to each line's writer (told apart by address: `!==` would retain them).
    mutating func lend(_ spellings: Spellings?) {
        let words = UnsafeBufferPointer(spellings?.words ?? .init(start: nil, count: 0))
        guard buffer?.words.baseAddress != words.baseAddress else { return }
        reserve(0)
        (buffer.unsafelyUnwrapped.spellings, buffer.unsafelyUnwrapped.words) = (spellings, words)
    }

    /// Forgets line `k` and the lines after it.
    mutating func removeLines(from k: Int) {
        guard k > 0 else { return removeAll() }
        reserve(0)
        let b = buffer.unsafelyUnwrapped
        (b.count, b.used) = (min(k, b.count), end(ofLine: k - 1))
        b.errors = (0..<b.count).count { b.ends[$0].role == .error }
    }

    // MARK: Writing (straight into the storage: no `Array.append` per piece)

    /// Makes the buffer unique to this output, with room for `n` more bytes and a line end.
    @inline(__always)
    private mutating func reserve(_ n: Int) {
        if !isKnownUniquelyReferenced(&buffer) { buffer = TextBuffer(copying: buffer) }
        // Fields read in place, the rare growth called: a method called on the buffer for every
        // line would retain and release it.
        if buffer.unsafelyUnwrapped.used + n > buffer.unsafelyUnwrapped.capacity
            || buffer.unsafelyUnwrapped.count == buffer.unsafelyUnwrapped.endsCapacity
        {
            buffer.unsafelyUnwrapped.reserve(n)
        }
    }

    /// Writes a line: `body`'s pieces, then "\n", straight into room reserved for the line (one
    /// uniqueness check of the storage a line). `room` is a guess; a line longer than it is
    /// written again with twice the room (`body` only writes: running it again changes nothing).
    @inline(__always)
    mutating func line(room: Int = 256, _ body: (inout LineWriter) -> Void) {
        var room = room
        while !write(room: room, newline: true, body) { room = max(2 * room, 64) }
    }

    /// `body`'s pieces, on the line being written (no "\n").
    @inline(__always)
    mutating func append(room: Int, _ body: (inout LineWriter) -> Void) {
        var room = room
        while !write(room: room, newline: false, body) { room = max(2 * room, 64) }
    }

    /// Writes `body`'s pieces (and "\n", ending the line) in `room` bytes; false, with nothing
    /// written, when they did not fit.
    @inline(__always)
    private mutating func write(room: Int, newline: Bool, _ body: (inout LineWriter) -> Void)
        -> Bool
    {
        reserve(room)
        // The buffer's pointers are read before `body` runs and its counts written after: no
        // reference to it is held across the call (that would retain and release it).
        let base = buffer.unsafelyUnwrapped.bytes
        var w = LineWriter(
            base + buffer.unsafelyUnwrapped.used, limit: base + buffer.unsafelyUnwrapped.capacity,
            ids: buffer.unsafelyUnwrapped.words)
        body(&w)
        if newline { w.put(byte: UInt8(ascii: "\n")) }
        guard w.fits else { return false }
        buffer.unsafelyUnwrapped.used = w.position - base
        if newline {
            let k = buffer.unsafelyUnwrapped.count
            buffer.unsafelyUnwrapped.ends[k] = (w.position - base, role)
            buffer.unsafelyUnwrapped.count = k + 1
            if role == .error { buffer.unsafelyUnwrapped.errors += 1 }
        }
        if w.odd { unchecked = true }
        return true
    }

    /// Appends `other`'s lines (their roles kept), `place` written before the first (an error
    /// worded before, printed where it is now): the place, then all the lines in one copy.
    mutating func append(_ other: TextOutput, place: (inout LineWriter) -> Void) {
        guard let from = other.buffer, from.count > 0 else { return }
        append(room: 128, place)
        reserve(from.used)
        let b = buffer.unsafelyUnwrapped
        let start = b.used
        (b.bytes + start).update(from: from.bytes, count: from.used)
        b.used += from.used
        for k in 0..<from.count {
            b.reserve(0)
            b.ends[b.count] = (start + from.ends[k].end, from.ends[k].role)
            b.count += 1
        }
        b.errors += from.errors
        if other.unchecked { unchecked = true }
    }
}

/// A `TextOutput`'s storage: its bytes and where each line ends, with room to grow in both.
/// A class so that one uniqueness check covers both (copy on write: `TextOutput.reserve`).
private final class TextBuffer: @unchecked Sendable {
    /// The bytes, in the first `used` of `capacity`.
    var bytes: UnsafeMutablePointer<UInt8>
    var capacity: Int
    var used = 0
    /// Where each line ends (past its "\n") and its role, the first `count` of `endsCapacity`.
    var ends: UnsafeMutablePointer<(end: Int, role: LineRole)>
    var endsCapacity: Int
    var count = 0
    /// How many lines are errors.
    var errors = 0
    /// The ids lent (`TextOutput.lend`; a copy starts with none), and their words.
    var spellings: Spellings?
    var words = UnsafeBufferPointer<Spelling?>(start: nil, count: 0)

    /// A copy of `other`'s lines (an empty buffer for nil).
    init(copying other: TextBuffer?) {
        (capacity, endsCapacity) = (other?.capacity ?? 1024, other?.endsCapacity ?? 16)
        bytes = .allocate(capacity: capacity)
        ends = .allocate(capacity: endsCapacity)
        guard let other else { return }
        bytes.initialize(from: other.bytes, count: other.used)
        ends.initialize(from: other.ends, count: other.count)
        (used, count, errors) = (other.used, other.count, other.errors)
    }

    deinit {
        bytes.deallocate()
        ends.deallocate()
    }

    func clear() { (used, count, errors) = (0, 0, 0) }

    func contains(_ role: LineRole) -> Bool { (0..<count).contains { ends[$0].role == role } }

    /// Room for `n` more bytes and one more line end.
    func reserve(_ n: Int) {
        if used + n > capacity {
            capacity = max(used + n, 2 * capacity, 1024)
            let more = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            more.initialize(from: bytes, count: used)
            bytes.deallocate()
            bytes = more
        }
        if count == endsCapacity {
            endsCapacity = max(2 * endsCapacity, 16)
            let more = UnsafeMutablePointer<(end: Int, role: LineRole)>.allocate(
                capacity: endsCapacity)
            more.moveInitialize(from: ends, count: count)
            ends.deallocate()
            ends = more
        }
    }
}

/// Writes the pieces of a line into room reserved in a `TextOutput`'s storage, through a
/// pointer (`TextOutput.line`). Each piece checks that it fits; one that does not writes nothing
/// and marks the line, which is then written again with more room.
struct LineWriter {
    /// Where the next byte goes.
    private(set) var position: UnsafeMutablePointer<UInt8>
    /// The end of the room.
    private let limit: UnsafeMutablePointer<UInt8>
    /// The ids lent to the output (`TextOutput.lend`), by node.
    let spellings: Words
    typealias Words = UnsafeBufferPointer<Spelling?>
    /// Whether every piece fit.
    private(set) var fits = true
    /// Whether a piece could need escaping (`TextOutput.escape`).
    private(set) var odd = false

    init(_ start: UnsafeMutablePointer<UInt8>, limit: UnsafeMutablePointer<UInt8>, ids: Words) {
        (position, self.limit, spellings) = (start, limit, ids)
    }

    /// Whether `n` more bytes fit (if not, the line is marked).
    @inline(__always)
    private mutating func room(_ n: Int) -> Bool {
        if limit - position >= n { return true }
        fits = false
        return false
    }

    /// Writes `p`; with `checking`, notes whether a byte is outside printable ASCII (or may
    /// be: the word test below can also flag a neighbour of such a byte).
    @inline(__always)
    private mutating func put(_ p: UnsafeBufferPointer<UInt8>, checking: Bool) {
        let n = p.count
        guard n > 0, let src = p.baseAddress, room(n) else { return }
        let d = UnsafeMutableRawPointer(position)
        let s = UnsafeRawPointer(src)
        position += n
        // Most pieces are a word, an id or a number: two overlapping loads and stores of a
        // machine word instead of a loop or a call to `memcpy`.
        if n >= 8 {
            guard n <= 16 else {
                d.copyMemory(from: s, byteCount: n)
                if checking, Escape.needsEscaping(p) { odd = true }
                return
            }
            let a = s.loadUnaligned(as: UInt64.self)
            let b = s.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            d.storeBytes(of: a, as: UInt64.self)
            d.storeBytes(of: b, toByteOffset: n - 8, as: UInt64.self)
            if checking, Bytes.mayBeUnprintable(a, b) { odd = true }
            return
        }
        if n >= 4 {
            let a = s.loadUnaligned(as: UInt32.self)
            let b = s.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
            d.storeBytes(of: a, as: UInt32.self)
            d.storeBytes(of: b, toByteOffset: n - 4, as: UInt32.self)
            if checking, Bytes.mayBeUnprintable(a, b) { odd = true }
            return
        }
        // One to three bytes (a separator, a short label): the first, the middle and the last,
        // with no loop (some of them the same byte).
        let (first, middle, last) = (src[0], src[n >> 1], src[n - 1])
        d.storeBytes(of: first, as: UInt8.self)
        d.storeBytes(of: middle, toByteOffset: n >> 1, as: UInt8.self)
        d.storeBytes(of: last, toByteOffset: n - 1, as: UInt8.self)
        if checking, first &- 0x20 > 0x5E || middle &- 0x20 > 0x5E || last &- 0x20 > 0x5E {
            odd = true
        }
    }

    /// Text that may come from a user (ids, paths, messages): noted for `escape` when a byte is
    /// outside printable ASCII.
    mutating func put(_ s: String) {
        let done: Void? = s.utf8.withContiguousStorageIfAvailable { put($0, checking: true) }
        guard done == nil else { return }
        for b in s.utf8 { put(byte: b) }
        odd = true
    }

    /// `body`'s pieces with their control characters shown as U+FFFD, one for one
    /// (`Diagnostic.visible`): written as they are, and looked at again only when a byte may be
    /// outside printable ASCII.
    mutating func visible(_ body: (inout LineWriter) -> Void) {
        let start = position
        let wasOdd = odd
        odd = false
        body(&self)
        defer { odd = odd || wasOdd }
        guard odd, fits else { return }
        // A control character is one byte in UTF-8, never part of another character's bytes.
        let written = UnsafeBufferPointer(start: start, count: position - start)
        guard written.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return }
        let text = Diagnostic.visible(String(decoding: written, as: UTF8.self))
        position = start
        put(text)
    }

    /// Text written in the source: labels and separators, printable, so `escape` never looks.
    /// Inlined: the length is a constant at each call, so the copy is a store or two.
    @inline(__always)
    mutating func put(_ s: StaticString) {
        put(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount), checking: false)
    }

    /// Text prepared in two words (an id: `Spellings`), two stores (bytes past its end are junk).
    @inline(__always)
    mutating func put(_ s: Spelling) {
        guard room(16) else { return }
        let d = UnsafeMutableRawPointer(position)
        d.storeBytes(of: s.low.littleEndian, as: UInt64.self)
        d.storeBytes(of: s.high.littleEndian, toByteOffset: 8, as: UInt64.self)
        position += s.count
        if s.odd { odd = true }
    }

    @inline(__always)
    mutating func put(byte: UInt8) {
        guard room(1) else { return }
        position.pointee = byte
        position += 1
    }

    /// A number as `NumberFormat` prints it.
    @inline(__always)
    mutating func put(_ d: Double) {
        guard room(NumberFormat.maxBytes) else { return }
        let end = NumberFormat.write(
            d, into: UnsafeMutableBufferPointer(start: position, count: NumberFormat.maxBytes),
            at: 0)
        position += end
    }

    /// An integer in decimal.
    mutating func put(_ i: Int) {
        guard i >= 0 else { return put(String(i)) }
        // Most are an item or a page: one digit or two.
        guard i >= 10 else { return put(byte: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: i)) }
        if i < 100, room(2) {
            let digits = UInt16(truncatingIfNeeded: NumberFormat.pair(UInt64(i)))
            UnsafeMutableRawPointer(position).storeBytes(of: digits.littleEndian, as: UInt16.self)
            position += 2
            return
        }
        guard room(20) else { return }
        position += NumberFormat.writeDigits(
            UInt64(i), into: UnsafeMutableBufferPointer(start: position, count: 20), at: 0)
    }

    /// `n` spaces. Up to 16 are two word stores (bytes past the position mean nothing), instead
    /// of a call to `memset`.
    @inline(__always)
    mutating func spaces(_ n: Int) {
        guard n > 0, room(max(n, 16)) else { return }
        if n <= 16 {
            let blanks = UInt64.max / 0xFF &* UInt64(UInt8(ascii: " "))
            let d = UnsafeMutableRawPointer(position)
            d.storeBytes(of: blanks, as: UInt64.self)
            d.storeBytes(of: blanks, toByteOffset: 8, as: UInt64.self)
        } else {
            Self.blanks(position, n)
        }
        position += n
    }

    /// More than 16 spaces: a function of its own, or the compiler merges the two cases of
    /// `spaces` into one call to `memset`.
    @inline(never)
    private static func blanks(_ p: UnsafeMutablePointer<UInt8>, _ n: Int) {
        p.initialize(repeating: UInt8(ascii: " "), count: n)
    }
}
