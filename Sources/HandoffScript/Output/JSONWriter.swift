/// A tiny JSON writer with fixed key order and the project's number format.
package struct JSONWriter {
    package private(set) var out = ""

    package init() {}

    package static func string(_ s: String) -> String {
        var r = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": r += "\\\""
            case "\\": r += "\\\\"
            case "\n": r += "\\n"
            case "\r": r += "\\r"
            case "\t": r += "\\t"
            default:
                if u.value < 0x20 || u.value == 0x7F || (0x80..<0xA0).contains(u.value) {
                    let hex = String(u.value, radix: 16)
                    r += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    r.unicodeScalars.append(u)
                }
            }
        }
        return r + "\""
    }

    package static func number(_ d: Double) -> String { NumberFormat.format(d) }

    /// `{"k":v,...}` from already-encoded values, in the given order.
    package static func object(_ pairs: [(String, String)]) -> String {
        "{" + pairs.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    package static func array(_ items: [String]) -> String {
        "[" + items.joined(separator: ",") + "]"
    }

    package static func optional(_ s: String?) -> String { s.map(string) ?? "null" }
}
