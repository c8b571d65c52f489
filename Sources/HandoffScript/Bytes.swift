/// Byte work shared by the readers and writers of lines: comparing two runs of bytes and hashing
/// one, for the trace runner's expected lines, the parse cache and the history's interned texts;
/// telling whether written bytes may need escaping, for the line writer.
package enum Bytes {
    /// Whether the `n` bytes at `a` and at `b` are the same: four machine words at a time, then
    /// one, then the last word again (overlapping) instead of byte by byte.
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
            for i in 0..<n where a[i] != b[i] { return false }
            return true
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

    /// FNV-1a over `bytes`, its high half folded into the low one (`h ^ h >> 16`), so that its
    /// remainder by a table's size spreads well.
    @inline(__always)
    package static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var h: UInt32 = 2_166_136_261
        for b in bytes { h = (h ^ UInt32(b)) &* 16_777_619 }
        return h ^ (h >> 16)
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
