/// Makes text safe to print: control characters (C0, DEL, C1) become visible escapes, so a name
/// from a scene file can neither start a new line (forging a `> ` command in a trace) nor send
/// escape codes to a terminal.
package enum Escape {
    /// `\n`, `\r`, `\t`, and `\xNN` for the other control characters; everything else unchanged.
    package static func visible(_ s: String) -> String {
        guard needsEscaping(s) else { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count + 8)
        for u in s.unicodeScalars {
            switch u.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0..<0x20, 0x7F, 0x80..<0xA0:
                let hex = String(u.value, radix: 16)
                out += "\\x" + (hex.count < 2 ? "0" : "") + hex
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// At most the first 24 characters of `s`, escaped (`visible`), with `…` where it was cut:
    /// how text read from a file that may not be a scene is quoted in a message.
    package static func excerpt(_ s: String) -> String {
        let limit = 24
        return visible(String(s.prefix(limit))) + (s.count > limit ? "…" : "")
    }

    /// Whether `s` holds a control character (a byte scan over the contiguous UTF-8: this runs on
    /// every output line).
    static func needsEscaping(_ s: String) -> Bool {
        if let answer = s.utf8.withContiguousStorageIfAvailable(needsEscaping) { return answer }
        return needsEscaping(precisely: s.utf8)
    }

    /// `needsEscaping` on UTF-8 bytes.
    static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !bytes.isEmpty else { return false }
        // Nothing below 0x20, no 0x7F and no 0xC2 (the lead byte of U+0080…U+00BF): clean.
        // Eight bytes at a time: a byte below N shows in (w - N·ones) & ~w & highs.
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func suspect(_ w: UInt64) -> Bool {
            let del = w ^ (0x7F &* ones)
            let c2 = w ^ (0xC2 &* ones)
            return ((w &- 0x20 &* ones) & ~w | (del &- ones) & ~del | (c2 &- ones) & ~c2)
                & highs != 0
        }
        let raw = UnsafeRawPointer(bytes.baseAddress!)
        var i = 0
        while i + 8 <= bytes.count {
            if suspect(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) {
                return needsEscaping(precisely: bytes)
            }
            i += 8
        }
        // The last few bytes as one word that overlaps the ones already checked.
        if i < bytes.count, bytes.count >= 8 {
            let last = raw.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)
            return suspect(last) ? needsEscaping(precisely: bytes) : false
        }
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x20 || b == 0x7F || b == 0xC2 { return needsEscaping(precisely: bytes) }
            i += 1
        }
        return false
    }

    /// The byte-by-byte check behind `needsEscaping`.
    private static func needsEscaping<C: Collection<UInt8>>(precisely bytes: C) -> Bool {
        var previous: UInt8 = 0
        for b in bytes {
            if b < 0x20 || b == 0x7F { return true }
            // C1 controls U+0080…U+009F are encoded C2 80…C2 9F.
            if previous == 0xC2, b >= 0x80, b < 0xA0 { return true }
            previous = b
        }
        return false
    }
}
