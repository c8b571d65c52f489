/// Byte tests for reading the dump: name and hex bytes, prefixes and needles in byte runs.
extension UIKitDump {
    static func isNameByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z"))
            || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_")
            || b == UInt8(ascii: ".") || b == UInt8(ascii: "$")
    }

    static func isHexByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
            || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "f"))
            || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "F"))
    }

    static func starts(_ s: some Collection<UInt8>, _ prefix: String) -> Bool {
        s.starts(with: prefix.utf8)
    }

    static func contains(_ s: ArraySlice<UInt8>, _ needle: String) -> Bool {
        let n = Array(needle.utf8)
        guard s.count >= n.count, let first = n.first else { return false }
        var k = s.startIndex
        while k + n.count <= s.endIndex {
            if s[k] == first, s[k..<(k + n.count)].elementsEqual(n) { return true }
            k += 1
        }
        return false
    }
}
