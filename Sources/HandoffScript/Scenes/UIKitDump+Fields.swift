/// Reading a view's `<…>`: its class, address and wanted fields, and the numbers in a field.
extension UIKitDump {
    /// Reads the inside of a view's `<…>`: the class and address, then `;`-separated fields
    /// split at the top level (nested `<…>`, `(…)`, `{…}` keep their `;`).
    static func parse(_ body: ArraySlice<UInt8>, line: Int) -> View? {
        let parts = split(body)
        guard let head = parts.first else { return nil }
        let words = head.split { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: ":") }
        guard let name = words.first, !name.isEmpty else { return nil }
        let address = words.dropFirst().first {
            $0.count > 2 && starts($0, "0x") && $0.dropFirst(2).allSatisfy(isHexByte)
        }
        var fields: [String: String] = [:]
        for part in parts.dropFirst() {
            guard let (key, value) = field(part) else { continue }
            if fields[key] == nil { fields[key] = value }
        }
        return View(
            line: line, depth: 0, className: String(decoding: name, as: UTF8.self),
            address: address.map { String(decoding: $0, as: UTF8.self) }, fields: fields)
    }

    /// Splits at `;` outside brackets and quotes.
    static func split(_ body: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var out: [ArraySlice<UInt8>] = []
        var depth = 0
        var quoted = false
        var start = body.startIndex
        var k = body.startIndex
        while k < body.endIndex {
            let b = body[k]
            if quoted {
                if b == UInt8(ascii: "'"),
                    k + 1 == body.endIndex || body[k + 1] == UInt8(ascii: ";")
                {
                    quoted = false
                }
            } else {
                switch b {
                case UInt8(ascii: "<"), UInt8(ascii: "("), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: ">"), UInt8(ascii: ")"), UInt8(ascii: "}"):
                    depth = max(0, depth - 1)
                case UInt8(ascii: "'"):
                    if k >= body.startIndex + 2, body[k - 1] == UInt8(ascii: " "),
                        body[k - 2] == UInt8(ascii: "=")
                    {
                        quoted = true
                    }
                case UInt8(ascii: ";") where depth == 0:
                    out.append(body[start..<k])
                    start = k + 1
                default: break
                }
            }
            k += 1
        }
        out.append(body[start..<body.endIndex])
        return out
    }

    /// The fields the importer reads (SPEC §11); others are skipped unread.
    static let wanted = [
        "frame", "contentOffset", "contentSize", "adjustedContentInset", "hidden", "alpha",
        "userInteractionEnabled", "baseClass", "text",
    ]

    /// `key = value` or `key: value`, for the wanted keys.
    static func field(_ part: ArraySlice<UInt8>) -> (String, String)? {
        var k = part.startIndex
        while k < part.endIndex, part[k] == UInt8(ascii: " ") { k += 1 }
        let keyStart = k
        while k < part.endIndex, isNameByte(part[k]) { k += 1 }
        guard k > keyStart else { return nil }
        let keyBytes = part[keyStart..<k]
        guard let key = wanted.first(where: { keyBytes.elementsEqual($0.utf8) }) else {
            return nil
        }
        while k < part.endIndex, part[k] == UInt8(ascii: " ") { k += 1 }
        guard k < part.endIndex, part[k] == UInt8(ascii: "=") || part[k] == UInt8(ascii: ":")
        else { return nil }
        k += 1
        var value = part[k...]
        while value.first == UInt8(ascii: " ") { value.removeFirst() }
        while value.last == UInt8(ascii: " ") { value.removeLast() }
        return (key, String(decoding: value, as: UTF8.self))
    }

    /// `(x y; w h)` → x, y, w, h.
    static func frame(_ value: String) -> [Double]? {
        numbers(value, count: 4)
    }

    /// The first `count` numbers of a `{…}` or `(…)` value (`{0, -64}`, `{74, 0, 34, 0} topEdge=…`).
    static func numbers(_ value: String, count: Int) -> [Double]? {
        var out: [Double] = []
        var word = ""
        func flush() {
            if !word.isEmpty, let d = Double(word) { out.append(d) }
            word = ""
        }
        for ch in value.unicodeScalars {
            if out.count == count { break }
            switch ch {
            case "0"..."9", ".", "-", "+", "e", "E", "n", "a", "i", "f", "N", "I", "F":
                word.unicodeScalars.append(ch)
            case ")", "}":
                flush()
                return out.count >= count ? Array(out.prefix(count)) : nil
            default: flush()
            }
        }
        flush()
        return out.count >= count ? Array(out.prefix(count)) : nil
    }
}
