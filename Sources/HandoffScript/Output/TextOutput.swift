import HandoffCore

/// Text output as bytes: the lines of a command written one after the other into one buffer,
/// each ending in "\n", with where each ends and its role. A session reuses one from command to
/// command (its capacity kept), so the hot path builds no `String` per line: the console writes
/// the bytes as they are, a replay compares them in place and a recording appends them.
package struct TextOutput: Equatable, Sendable {
    /// The lines, each followed by "\n", in the first `used` bytes (the rest is room to grow).
    private var storage: [UInt8] = []
    private var used = 0
    /// Where each line ends in `bytes` (past its "\n") and its role: one append a line.
    private var ends: [(end: Int, role: LineRole)] = []
    /// The role of the lines being written.
    var role = LineRole.plain
    /// Whether a piece written since `removeAll` could need escaping (a `String` with a byte
    /// outside printable ASCII): only then does `escape` look at the lines. Labels, separators
    /// (`StaticString`s written in the source) and numbers never need it.
    private var unchecked = false

    package init() {}

    package static func == (a: TextOutput, b: TextOutput) -> Bool {
        a.bytes == b.bytes
            && a.ends.elementsEqual(b.ends) { $0.end == $1.end && $0.role == $1.role }
    }

    /// The lines, each followed by "\n".
    package var bytes: ArraySlice<UInt8> { storage[..<used] }

    /// `bytes`, valid during the call (no slice to retain and release).
    @inline(__always)
    package func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<used])) }
    }

    /// `withBytes` for another module: not generic, so it is compiled here, specialized (a
    /// generic one would be called unspecialized from there).
    package func withBytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<used])) }
    }

    /// Where line `k` ends in `bytes`: past its "\n".
    @inline(__always)
    package func end(ofLine k: Int) -> Int { ends[k].end }

    /// The number of lines.
    package var count: Int { ends.count }

    /// The number of bytes, "\n"s included.
    package var byteCount: Int { used }

    package var isEmpty: Bool { ends.isEmpty }

    /// Forgets the lines, keeping the buffers' capacity.
    package mutating func removeAll() {
        used = 0
        ends.removeAll(keepingCapacity: true)
        role = .plain
        unchecked = false
    }

    /// Line `k`'s bytes without its "\n", valid during the call.
    package func withLine<T>(_ k: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        let from = k == 0 ? 0 : ends[k - 1].end
        return storage.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[from..<(ends[k].end - 1)]))
        }
    }

    /// Line `k` as text.
    package func text(_ k: Int) -> String {
        withLine(k) { String(decoding: $0, as: UTF8.self) }
    }

    /// The lines as `OutputLine`s.
    package var lines: [OutputLine] {
        (0..<count).map { OutputLine(text($0), role: ends[$0].role) }
    }

    /// Whether any line has `role`.
    package func contains(_ role: LineRole) -> Bool { ends.contains { $0.role == role } }

    // MARK: Writing (straight into the storage: no `Array.append` per piece)

    /// Room for `n` more bytes.
    @inline(__always)
    private mutating func reserve(_ n: Int) {
        if used + n > storage.count { grow(used + n) }
    }

    private mutating func grow(_ needed: Int) {
        storage += repeatElement(0, count: max(needed, 2 * storage.count, 1024) - storage.count)
    }

    /// Writes a line: `body`'s pieces, then "\n". The pieces go straight into room reserved for
    /// the line, through a pointer: one uniqueness check of the storage a line, not one a piece.
    /// `room` is a guess; a line longer than it is written again with twice the room (`body`
    /// only writes, so running it again changes nothing else).
    @inline(__always)
    mutating func line(room: Int = 256, _ body: (inout LineWriter) -> Void) {
        var room = room
        while !write(room: room, newline: true, body) { room = max(2 * room, 64) }
        ends.append((used, role))
    }

    /// `body`'s pieces, on the line being written (no "\n").
    @inline(__always)
    mutating func append(room: Int, _ body: (inout LineWriter) -> Void) {
        var room = room
        while !write(room: room, newline: false, body) { room = max(2 * room, 64) }
    }

    /// Writes `body`'s pieces (and "\n") in `room` bytes; false, with nothing written, when they
    /// did not fit.
    @inline(__always)
    private mutating func write(room: Int, newline: Bool, _ body: (inout LineWriter) -> Void)
        -> Bool
    {
        reserve(room)
        let at = used
        let (end, odd) = storage.withUnsafeMutableBufferPointer { all in
            let base = all.baseAddress!
            var w = LineWriter(base + at, limit: base + all.count)
            body(&w)
            if newline { w.put(byte: UInt8(ascii: "\n")) }
            return (w.fits ? w.position - base : nil, w.odd)
        }
        guard let end else { return false }
        used = end
        if odd { unchecked = true }
        return true
    }

    /// A whole line.
    mutating func line(_ s: String) {
        line(room: s.utf8.count + 1) { $0.put(s) }
    }

    /// Makes every line safe to print (`Escape.visible`); a line almost never needs it.
    mutating func escape() {
        guard unchecked else { return }
        let any = storage.withUnsafeBufferPointer { all in
            var from = 0
            for (end, _) in ends {
                if Escape.needsEscaping(UnsafeBufferPointer(rebasing: all[from..<(end - 1)])) {
                    return true
                }
                from = end
            }
            return false
        }
        guard any else { return }
        let old = lines
        removeAll()
        for l in old {
            role = l.role
            line(Escape.visible(l.text))
        }
        role = .plain
    }

    /// Appends `other`'s lines (their roles kept), `place` written before the first (an error
    /// worded before, printed where it is now): the place, then all the lines in one copy.
    mutating func append(_ other: TextOutput, place: (inout LineWriter) -> Void) {
        guard !other.isEmpty else { return }
        append(room: 128, place)
        let start = used
        reserve(other.used)
        storage.withUnsafeMutableBufferPointer { all in
            other.storage.withUnsafeBufferPointer { from in
                (all.baseAddress! + start).update(from: from.baseAddress!, count: other.used)
            }
        }
        used += other.used
        for (end, role) in other.ends { ends.append((start + end, role)) }
        if other.unchecked { unchecked = true }
    }

    /// Appends `lines` (their roles kept).
    mutating func append(_ lines: [OutputLine]) {
        for l in lines {
            role = l.role
            line(l.text)
        }
        role = .plain
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
    /// Whether every piece fit.
    private(set) var fits = true
    /// Whether a piece could need escaping (`TextOutput.escape`).
    private(set) var odd = false

    init(_ start: UnsafeMutablePointer<UInt8>, limit: UnsafeMutablePointer<UInt8>) {
        position = start
        self.limit = limit
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
            if checking, Self.odd(a, b) { odd = true }
            return
        }
        if n >= 4 {
            let a = s.loadUnaligned(as: UInt32.self)
            let b = s.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
            d.storeBytes(of: a, as: UInt32.self)
            d.storeBytes(of: b, toByteOffset: n - 4, as: UInt32.self)
            if checking, Self.odd(a, b) { odd = true }
            return
        }
        var any = false
        for k in 0..<n {
            let byte = src[k]
            d.storeBytes(of: byte, toByteOffset: k, as: UInt8.self)
            any = any || byte &- 0x20 > 0x5E
        }
        if checking, any { odd = true }
    }

    /// Whether a byte of two words may be outside printable ASCII (0x20…0x7E): its high bit is
    /// set (0x80 and up), it borrows below 0x20, or it carries at 0x7F. The lowest such byte of a
    /// word always shows; a carry or borrow out of it can also flag the byte above (no harm: the
    /// line is then checked exactly).
    @inline(__always)
    private static func odd<W: FixedWidthInteger & UnsignedInteger>(_ a: W, _ b: W) -> Bool {
        let ones = W.max / 0xFF
        let low = ones &* 0x20
        let marks = a | (a &+ ones) | (a &- low) | b | (b &+ ones) | (b &- low)
        return marks & (ones &* 0x80) != 0
    }

    /// Text that may come from a user (ids, paths, messages): noted for `escape` when a byte is
    /// outside printable ASCII.
    mutating func put(_ s: String) {
        let done: Void? = s.utf8.withContiguousStorageIfAvailable { put($0, checking: true) }
        guard done == nil else { return }
        for b in s.utf8 { put(byte: b) }
        odd = true
    }

    /// User text in single quotes: `'S'`.
    mutating func quoted(_ s: String) {
        put(byte: UInt8(ascii: "'"))
        put(s)
        put(byte: UInt8(ascii: "'"))
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

    /// A label and the spaces up to the label column (at least one). Labels are written in the
    /// source: ASCII, so their width is their length, with no scan.
    @inline(__always)
    mutating func label(_ label: StaticString) {
        guard label.isASCII else {
            put(label)
            return spaces(max(TextRenderer.labelWidth - TextRenderer.characters("\(label)"), 1))
        }
        put(label)
        spaces(max(TextRenderer.labelWidth - label.utf8CodeUnitCount, 1))
    }

    /// `Names.target`: `ID` or `ID[N]`.
    mutating func put(_ t: Target, _ n: Names) {
        put(n.id(t.node))
        guard let item = t.item else { return }
        put("[" as StaticString)
        put(item)
        put("]" as StaticString)
    }
}
