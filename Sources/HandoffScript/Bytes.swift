/// Byte work shared by the readers and writers of lines: comparing two runs of bytes and hashing
/// one, for the trace runner's expected lines, the parse cache and the history's interned texts;
/// telling whether written bytes may need escaping, for the line writer.
package enum Bytes {
    /// Whether the `n` bytes at `a` and at `b` are the same: four machine words at a time, then
    /// one, then the last word again (overlapping) instead of byte by byte; a line of four to
    /// seven bytes as two overlapping halves.
    @inline(__always)
    package static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int)
        -> Bool
    {
        let pa = UnsafeRawPointer(a)
        let pb = UnsafeRawPointer(b)
        func word(_ p: UnsafeRawPointer, _ i: Int) -> UInt64 {
            p.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        }
        guard n >= 8 else {
            // Four bytes at the start and four at the end (overlapping) for four to seven.
            guard n >= 4 else {
                for i in 0..<n where a[i] != b[i] { return false }
                return true
            }
            func half(_ p: UnsafeRawPointer, _ i: Int) -> UInt32 {
                p.loadUnaligned(fromByteOffset: i, as: UInt32.self)
            }
            return half(pa, 0) == half(pb, 0) && half(pa, n &- 4) == half(pb, n &- 4)
        }
        var i = 0
        while i &+ 32 <= n {
            let d =
                (word(pa, i) ^ word(pb, i)) | (word(pa, i &+ 8) ^ word(pb, i &+ 8))
                | (word(pa, i &+ 16) ^ word(pb, i &+ 16)) | (word(pa, i &+ 24) ^ word(pb, i &+ 24))
            guard d == 0 else { return false }
            i &+= 32
        }
        while i &+ 8 <= n {
            guard word(pa, i) == word(pb, i) else { return false }
            i &+= 8
        }
        return i == n || word(pa, n &- 8) == word(pb, n &- 8)
    }

    /// The most bytes `packed` holds: a script's line is nearly always shorter.
    package static let packedLimit = 16

    /// A run of at most `packedLimit` bytes as two words: its first eight bytes and its last
    /// eight, overlapping under sixteen (four and four in the first word from four to seven, the
    /// bytes one by one under four; the rest zero). Two runs of the same length are the same
    /// exactly when their words are. (0, 0) for a longer run.
    @inline(__always)
    package static func packed(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        let n = bytes.count
        guard n <= packedLimit, let base = bytes.baseAddress else { return (0, 0) }
        let p = UnsafeRawPointer(base)
        if n >= 8 {
            return (
                p.loadUnaligned(as: UInt64.self),
                p.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
            )
        }
        if n >= 4 {
            let first = UInt64(p.loadUnaligned(as: UInt32.self))
            let last = UInt64(p.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self))
            return (first << 32 | last, 0)
        }
        var w: UInt64 = 0
        for i in 0..<n { w = w << 8 | UInt64(base[i]) }
        return (w, 0)
    }

    /// A hash of `bytes` read a machine word at a time (a line of a script is one or two words,
    /// where FNV-1a's multiply a byte cost about four instructions a byte), the last word read
    /// again where it overlaps, the length first: each word multiplied in, then the whole mixed
    /// (`finish`). A run of at most `packedLimit` bytes hashes as its `packed` words.
    @inline(__always)
    package static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let n = bytes.count
        guard n > packedLimit, let base = bytes.baseAddress else {
            return hash(packed: packed(bytes), count: n)
        }
        let p = UnsafeRawPointer(base)
        var h = UInt64(truncatingIfNeeded: n)
        var i = 0
        while i &+ 8 < n {
            h = (h ^ p.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* multiplier
            i &+= 8
        }
        h = (h ^ p.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)) &* multiplier
        return finish(h)
    }

    /// `hash` of a run of `count` bytes from its `packed` words.
    @inline(__always)
    package static func hash(packed words: (UInt64, UInt64), count: Int) -> UInt32 {
        var h = UInt64(truncatingIfNeeded: count)
        h = (h ^ words.0) &* multiplier
        h = (h ^ words.1) &* multiplier
        return finish(h)
    }

    /// The odd multiplier a word is mixed in with.
    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// MurmurHash3's finalizer: every bit of `h` reaches the low ones, which a table's slot is
    /// the remainder of.
    @inline(__always)
    private static func finish(_ h: UInt64) -> UInt32 {
        var h = h
        h ^= h >> 33
        h &*= 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        h &*= 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return UInt32(truncatingIfNeeded: h)
    }

    /// Whether a byte of two words may be outside printable ASCII (0x20…0x7E): its high bit is
    /// set (0x80 and up), it borrows below 0x20, or it carries at 0x7F. The lowest such byte of a
    /// word always shows; a carry or borrow out of it can also flag the byte above (no harm: the
    /// text is then checked exactly).
    @inline(__always)
    static func mayBeUnprintable<W: FixedWidthInteger & UnsignedInteger>(_ a: W, _ b: W) -> Bool {
        let ones = W.max / 0xFF
        let low = ones &* 0x20
        let marks = a | (a &+ ones) | (a &- low) | b | (b &+ ones) | (b &- low)
        return marks & (ones &* 0x80) != 0
    }
}
