/// Byte work shared by the readers of lines: comparing two runs of bytes and hashing one, for
/// the trace runner's expected lines, the parse cache and the history's interned texts.
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

    /// FNV-1a over `bytes`, its high half folded into the low one (`h ^ h >> 16`), so that its
    /// remainder by a table's size spreads well.
    @inline(__always)
    package static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var h: UInt32 = 2_166_136_261
        for b in bytes { h = (h ^ UInt32(b)) &* 16_777_619 }
        return h ^ (h >> 16)
    }
}
