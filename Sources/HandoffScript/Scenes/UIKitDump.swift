/// The text of a UIKit `recursiveDescription` dump, read tolerantly (SPEC §11): one entry per
/// view line, nested by its count of `|` bars, with the fields the importer needs. Pure text in,
/// values out; nothing in the text makes it fail — what it cannot read it skips and counts.
package struct UIKitDump: Sendable {
    /// One view line: `<Class: 0xADDR; key = value; …>`.
    package struct View: Equatable, Sendable {
        /// 1-based line of the dump (the first line, when a wrapped view was joined).
        package var line: Int
        /// Nesting: the count of `|` bars before the view, less the fewest any view has.
        package var depth: Int
        package var className: String
        package var address: String?
        /// `key = value` and `key: value` fields, keys as printed, values trimmed.
        package var fields: [String: String]
    }

    package var views: [View] = []
    /// Non-blank lines that were not views: commands, `(layer)` lines, text around the dump.
    package var skipped = 0
    /// Lines dropped because they could not be read whole (a truncated last line).
    package var warnings: [(line: Int, message: String)] = []

    /// Lines longer than this are cut: no real view line comes near it.
    static let maxLine = 100_000
    /// How many following lines a view wrapped over several lines may take.
    static let maxJoin = 32

    package init(text: String) {
        self.init(lines: Self.lines(of: text))
    }

    /// Reads the dump's lines: each view line, with the lines a wrap cut it into joined back
    /// (`viewLines`), becomes a view; what is not one is skipped and counted.
    init(lines: [[UInt8]]) {
        var bars: [Int] = []
        for entry in Self.viewLines(lines) {
            switch entry {
            case .other:
                skipped += 1
            case .unclosed(let number, let last):
                warnings.append(
                    (
                        number,
                        last
                            ? "the last line is cut off; it was dropped"
                            : "line \(number) never closes its '<'; it was dropped"
                    ))
            case .view(let number, let line, let open, let end):
                let prefix = line[..<open]
                if Self.contains(prefix, "(layer)") || Self.contains(line[(end + 1)...], "(layer)")
                {
                    skipped += 1
                    continue
                }
                let barCount = prefix.reduce(0) { $0 + ($1 == UInt8(ascii: "|") ? 1 : 0) }
                guard var view = Self.parse(line[(open + 1)..<end], line: number) else {
                    skipped += 1
                    continue
                }
                view.depth = barCount
                bars.append(barCount)
                views.append(view)
            }
        }
        let least = bars.min() ?? 0
        for k in views.indices { views[k].depth -= least }
    }

    /// Whether the text has a view line with a frame, however it was wrapped (how `load` tells
    /// a dump from YAML).
    package static func looksLikeDump(_ text: String) -> Bool {
        for entry in viewLines(Array(lines(of: text).prefix(10_000))) {
            guard case .view(_, let line, let open, let end) = entry else { continue }
            if contains(line[open..<end], "frame = (") { return true }
        }
        return false
    }

    /// A line of the dump as read: a view line (joined when it was wrapped), a view line that
    /// never closes, or any other non-blank line.
    enum Entry {
        /// A view line: its first line's number, its text and the `<` and `>` around the view.
        case view(number: Int, line: [UInt8], open: Int, end: Int)
        /// A view line that never closes (`last`: it runs to the end of the text).
        case unclosed(number: Int, last: Bool)
        /// A non-blank line that is not part of a view line.
        case other
    }

    /// The dump's view lines, each joined from the lines a wrap cut it into. A view line starts
    /// with its bars (none for the top-level views before the first view with bars) and `<` and
    /// a class name (a line of bars alone, or of bars, `<` and part of
    /// a name, is its start cut short); the lines after it continue it until its `<` closes,
    /// unless one starts with a bar (a new view line). A dump cut at a fixed column (`fold -w`,
    /// terminals; see `wrapWidth`) is joined as it is, inside keys and numbers; a dump wrapped
    /// at words (books, chat tools) is joined with a space where its words were.
    static func viewLines(_ lines: [[UInt8]]) -> [Entry] {
        let cut = wrapWidth(lines)
        let hard = cut != nil
        var sawBars = false
        var out: [Entry] = []
        var i = 0
        while i < lines.count {
            let number = i + 1
            var line = stripLeading(lines[i])
            i += 1
            if stripPrefixes(line).isEmpty { continue }
            // The start of a view line cut before its class name ends: the next line goes on it.
            var starts = 0
            while starts < maxJoin, isCutStart(line), i < lines.count, lines[i].first != nil {
                line += lines[i]
                i += 1
                starts += 1
            }
            guard let open = viewStart(in: line) else {
                out.append(.other)
                continue
            }
            // Once views with bars have come, a line without bars is no view line: it is the
            // text after a view's `>` wrapped onto a line of its own (`textContainer = <NSText…`),
            // or text after the dump. (Top-level views come before: the root, `po` of an array.)
            let barred = line[..<open].contains(UInt8(ascii: "|"))
            if sawBars, !barred {
                out.append(.other)
                continue
            }
            if barred { sawBars = true }
            var end = closing(line, from: open)
            var joined = 0
            // Until it closes; cut at a fixed column, also the text after its `>` (a `(layer)`)
            // while each piece fills the column.
            while end == nil || (cut != nil && width(lines[i - 1]) == cut), joined < maxJoin,
                i < lines.count
            {
                let next = stripPrefixes(lines[i])
                if next.first == UInt8(ascii: "|") || (end != nil && next.isEmpty) { break }
                line += hard ? lines[i] : [UInt8(ascii: " ")] + next
                i += 1
                joined += 1
                if end == nil { end = closing(line, from: open) }
            }
            guard let end else {
                out.append(.unclosed(number: number, last: i >= lines.count))
                continue
            }
            // A `(layer)` wrapped onto a line of its own still marks its view's line.
            if i < lines.count, stripPrefixes(lines[i]).elementsEqual("(layer)".utf8) {
                line += [UInt8(ascii: " ")] + stripPrefixes(lines[i])
                i += 1
            }
            out.append(.view(number: number, line: line, open: open, end: end))
        }
        return out
    }

    /// The column the text was cut at, if it was cut at a fixed one: most of its lines that end
    /// inside an open `<` are exactly as wide as its widest line. Word wrapping leaves such
    /// lines of every width.
    static func wrapWidth(_ lines: [[UInt8]]) -> Int? {
        let widest = lines.reduce(0) { max($0, width($1)) }
        var atWidest = 0
        var cut = 0
        for l in lines {
            let s = stripLeading(l)
            guard let open = viewStart(in: s) ?? (isCutStart(s) ? 0 : nil),
                closing(s, from: open) == nil
            else { continue }
            cut += 1
            if width(l) == widest { atWidest += 1 }
        }
        return cut > 0 && atWidest * 2 > cut ? widest : nil
    }

    /// A line's width in columns as `fold` counts them: a tab to the next multiple of 8, any
    /// other byte one.
    static func width(_ line: [UInt8]) -> Int {
        line.reduce(0) { column, b in b == UInt8(ascii: "\t") ? (column / 8 + 1) * 8 : column + 1 }
    }

    /// A line that ends before its view line's class name does: bars alone (at least one), or
    /// no view yet and a last `<` followed only by part of a name (`| <UITableVi`, `(id) $1 =
    /// 0x0881 <UITabl`, `| <<_UITextC`).
    static func isCutStart(_ line: [UInt8]) -> Bool {
        var k = 0
        var bars = 0
        while k < line.count,
            line[k] == UInt8(ascii: "|") || line[k] == UInt8(ascii: " ")
                || line[k] == UInt8(ascii: "\t")
        {
            if line[k] == UInt8(ascii: "|") { bars += 1 }
            k += 1
        }
        if k == line.count { return bars > 0 }
        guard let last = line.lastIndex(of: UInt8(ascii: "<")), viewStart(in: line) == nil else {
            return false
        }
        return line[(last + 1)...].allSatisfy(isNameByte)
    }

    // MARK: Lines

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

    // MARK: Fields

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

    // MARK: Bytes

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

extension UIKitDump {
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
