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
}
