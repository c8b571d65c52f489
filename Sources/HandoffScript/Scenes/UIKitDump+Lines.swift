/// The dump's text as lines: a quoted dump unescaped, the prefixes before a view, a view's `<…>`.
extension UIKitDump {
    /// The text's lines as bytes; a Cycript answer (`@"<UIWindow…>\n   | <…>"`) is unescaped.
    static func lines(of text: String) -> [[UInt8]] {
        var bytes = Array(text.utf8)
        if !bytes.contains(UInt8(ascii: "\n")) || isEscapedString(bytes) {
            bytes = unescape(bytes)
        }
        var out: [[UInt8]] = []
        var start = 0
        for (k, b) in bytes.enumerated() where b == UInt8(ascii: "\n") {
            out.append(trimCR(bytes[start..<k]))
            start = k + 1
        }
        if start < bytes.count { out.append(trimCR(bytes[start...])) }
        return out
    }

    private static func trimCR(_ s: ArraySlice<UInt8>) -> [UInt8] {
        var s = s
        if s.last == UInt8(ascii: "\r") { s.removeLast() }
        if s.count > maxLine { s = s.prefix(maxLine) }
        return Array(s)
    }

    /// `@"…\n…"` or `"…\n…"`: a dump printed as one quoted string.
    private static func isEscapedString(_ b: [UInt8]) -> Bool {
        var k = 0
        while k < b.count, b[k] == UInt8(ascii: " ") { k += 1 }
        if k < b.count, b[k] == UInt8(ascii: "@") { k += 1 }
        return k < b.count && b[k] == UInt8(ascii: "\"") && contains(b[k...].prefix(4096), "\\n")
    }

    private static func unescape(_ b: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var k = 0
        while k < b.count {
            if b[k] == UInt8(ascii: "\\"), k + 1 < b.count {
                switch b[k + 1] {
                case UInt8(ascii: "n"): out.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "t"): out.append(UInt8(ascii: "\t"))
                case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
                default: out.append(b[k + 1])
                }
                k += 2
            } else {
                out.append(b[k])
                k += 1
            }
        }
        return out
    }

    /// Drops what comes before a dump's text on a line: indentation, `// ` comment prefixes,
    /// backticks and a `@"` or `"` opening a quoted dump.
    static func stripPrefixes(_ line: [UInt8]) -> [UInt8] {
        var s = stripLeading(line)[...]
        while let last = s.last,
            last == UInt8(ascii: " ") || last == UInt8(ascii: "`") || last == UInt8(ascii: "\t")
        {
            s.removeLast()
        }
        return Array(s)
    }

    /// `stripPrefixes` at the start of the line only: the end of a line a wrap cut is kept as
    /// it is (a space there may be the one between two numbers).
    static func stripLeading(_ line: [UInt8]) -> [UInt8] {
        var s = line[...]
        while let first = s.first {
            if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t")
                || first == UInt8(ascii: "`") || first == UInt8(ascii: "\"")
                || first == UInt8(ascii: "@")
            {
                s.removeFirst()
            } else if first == UInt8(ascii: "/"), s.dropFirst().first == UInt8(ascii: "/") {
                s.removeFirst(2)
            } else {
                break
            }
        }
        return Array(s)
    }

    /// The index of the `<` that opens the line's view, if the line has one: after the bars and
    /// any text before them, a `<` followed by a class name and `:`, `;` or `>`. Command lines
    /// (`(lldb) po …`, `cy# …`) have none.
    static func viewStart(in line: [UInt8]) -> Int? {
        if starts(line, "(lldb)") || starts(line, "cy#") || starts(line, "po ") {
            return nil
        }
        var k = 0
        while k < line.count {
            if line[k] == UInt8(ascii: "<") {
                var j = k + 1
                while j < line.count, isNameByte(line[j]) { j += 1 }
                if j > k + 1, j < line.count,
                    line[j] == UInt8(ascii: ":") || line[j] == UInt8(ascii: ";")
                        || line[j] == UInt8(ascii: ">")
                {
                    return k
                }
            }
            k += 1
        }
        return nil
    }

    /// The index of the `>` that closes the `<` at `open`, skipping nested `<…>`, `(…)`, `{…}`
    /// and quoted text (`text = '…'`, which may hold any character but `';`/`'>`).
    static func closing(_ line: [UInt8], from open: Int) -> Int? {
        var depth = 0
        var k = open
        var quoted = false
        while k < line.count {
            let b = line[k]
            if quoted {
                if b == UInt8(ascii: "'"),
                    k + 1 == line.count || line[k + 1] == UInt8(ascii: ";")
                        || line[k + 1] == UInt8(ascii: ">")
                {
                    quoted = false
                }
            } else if b == UInt8(ascii: "'"), k >= 2, line[k - 1] == UInt8(ascii: " "),
                line[k - 2] == UInt8(ascii: "=")
            {
                quoted = true
            } else if b == UInt8(ascii: "<") {
                depth += 1
            } else if b == UInt8(ascii: ">") {
                depth -= 1
                if depth == 0 { return k }
            }
            k += 1
        }
        return nil
    }
}
