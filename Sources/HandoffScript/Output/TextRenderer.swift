import HandoffCore

/// Renders facts as text: one fact per line, a fixed label column. The words come from
/// `FactDescriber`; this renderer keeps the lines and aligns consecutive state changes.
package struct TextRenderer: FactRenderer {
    static let labelWidth = 10

    package private(set) var lines: [OutputLine] = []

    package init() {}

    package mutating func fact(
        _ kind: String, at moment: Moment?, role: LineRole, text: () -> [String],
        fields: () -> [(String, FactValue)]
    ) {
        for line in text() { lines.append(OutputLine(line, role: role)) }
    }

    /// The lines of a command's facts; consecutive state changes are aligned together. A run of
    /// state changes is written straight from the facts (no intermediate strings or arrays).
    package static func render(_ facts: [Fact], names: Names) -> [OutputLine] {
        var renderer = TextRenderer()
        renderer.lines.reserveCapacity(facts.count + 2)
        var runStart = 0  // the first state change not written yet
        for i in facts.indices {
            if case .changed = facts[i] { continue }
            renderer.changes(facts[runStart..<i])
            runStart = i + 1
            FactDescriber.describe(facts[i], names, into: &renderer)
        }
        renderer.changes(facts[runStart...])
        return renderer.lines
    }

    /// A run of state changes, aligned: `PATH  OLD → NEW` (`FactDescriber.text` of each value),
    /// each line put together on the stack.
    private mutating func changes(_ run: ArraySlice<Fact>) {
        guard !run.isEmpty else { return }
        var widest = 0
        for i in run.indices {
            if case .changed(let path, _, _) = run[i] {
                widest = max(widest, Self.characters(path))
            }
        }
        let width = max(Self.labelWidth, widest + 2)
        for i in run.indices {
            guard case .changed(let path, let from, let to) = run[i] else { continue }
            lines.append(OutputLine(Self.change(path, width, from, to)))
        }
    }

    /// `PATH`, spaces up to `width` characters, then `OLD → NEW`.
    private static func change(_ path: String, _ width: Int, _ from: StateValue, _ to: StateValue)
        -> String
    {
        func size(_ v: StateValue) -> Int {
            switch v {
            case .number: NumberFormat.maxBytes
            case .word(let w): w.utf8.count
            }
        }
        let arrow = " → "
        let spaces = max(width - characters(path), 0)
        let capacity = path.utf8.count + spaces + size(from) + arrow.utf8.count + size(to)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            func write(_ v: StateValue, at start: Int) -> Int {
                switch v {
                case .number(let d): NumberFormat.write(d, into: buffer, at: start)
                case .word(let w): buffer[start...].initialize(from: w.utf8).1
                }
            }
            var end = buffer[0...].initialize(from: path.utf8).1
            buffer[end..<(end + spaces)].initialize(repeating: UInt8(ascii: " "))
            end += spaces
            end = write(from, at: end)
            end = buffer[end...].initialize(from: arrow.utf8).1
            end = write(to, at: end)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<end]), as: UTF8.self)
        }
    }

    package static func line(_ label: String, _ text: String) -> String {
        padded(label, to: labelWidth, atLeast: 1, then: text)
    }

    /// `line(label, parts.joined())`, put together on the stack as one string (each `String`
    /// append of an interpolation costs far more): the hot simulator facts are spelled this way.
    package static func row(_ label: String, _ parts: [String]) -> String {
        let spaces = max(labelWidth - characters(label), 1)
        var total = label.utf8.count + spaces
        for part in parts { total += part.utf8.count }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: total) { buffer in
            var end = buffer[0...].initialize(from: label.utf8).1
            buffer[end..<(end + spaces)].initialize(repeating: UInt8(ascii: " "))
            end += spaces
            for part in parts { end = buffer[end...].initialize(from: part.utf8).1 }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<end]), as: UTF8.self)
        }
    }

    /// `line(label, items.joined(separator: separator))`, put together on the stack.
    package static func joinedRow(_ label: String, joining items: [String], by separator: String)
        -> String
    {
        let spaces = max(labelWidth - characters(label), 1)
        var total = label.utf8.count + spaces + max(items.count - 1, 0) * separator.utf8.count
        for item in items { total += item.utf8.count }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: total) { buffer in
            var end = buffer[0...].initialize(from: label.utf8).1
            buffer[end..<(end + spaces)].initialize(repeating: UInt8(ascii: " "))
            end += spaces
            for (i, item) in items.enumerated() {
                if i > 0 { end = buffer[end...].initialize(from: separator.utf8).1 }
                end = buffer[end...].initialize(from: item.utf8).1
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<end]), as: UTF8.self)
        }
    }

    /// `s` followed by spaces up to `width` characters (no Foundation: this is on the hot path).
    package static func pad(_ s: String, _ width: Int) -> String {
        padded(s, to: width, atLeast: 0, then: "")
    }

    /// `s`, spaces up to `width` characters (at least `minimum` of them), then `text`: the bytes
    /// are put together on the stack and become one string (`String` appends cost far more).
    private static func padded(_ s: String, to width: Int, atLeast minimum: Int, then text: String)
        -> String
    {
        let spaces = max(width - characters(s), minimum)
        let head = s.utf8.count
        let total = head + spaces + text.utf8.count
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: total) { buffer in
            var end = buffer[0...].initialize(from: s.utf8).1
            buffer[end..<(end + spaces)].initialize(repeating: UInt8(ascii: " "))
            end += spaces
            end = buffer[end...].initialize(from: text.utf8).1
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<end]), as: UTF8.self)
        }
    }

    /// Rows of `label value`, with the values aligned.
    package static func aligned(_ rows: [(String, String)]) -> [String] {
        guard !rows.isEmpty else { return [] }
        let width = alignedWidth(rows)
        return rows.map { padded($0.0, to: width, atLeast: 0, then: $0.1) }
    }

    /// The value column of `aligned`: two past the widest label, at least the label width.
    private static func alignedWidth(_ rows: [(String, String)]) -> Int {
        var widest = 0
        for row in rows { widest = max(widest, characters(row.0)) }
        return max(labelWidth, widest + 2)
    }

    /// The characters of `s`: its bytes when it is ASCII (labels, ids: no grapheme walk).
    static func characters(_ s: String) -> Int {
        let ascii = s.utf8.withContiguousStorageIfAvailable { bytes in
            var all: UInt8 = 0
            for b in bytes { all |= b }
            return all < 0x80
        }
        return ascii == true ? s.utf8.count : s.count
    }

    /// `d 250 = outer 200 pre + first 50 self + unconsumed 0` (written on the stack, numbers
    /// digit by digit: every move and fling prints one).
    package static func ledger(_ l: Ledger, _ names: Names) -> String {
        var capacity = 2 * NumberFormat.maxBytes + 20
        for share in l.shares {
            capacity +=
                names.id(share.node).utf8.count + NumberFormat.maxBytes
                + share.phase.rawValue.utf8.count + 5
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var end = 0
            func put(_ text: String) { end = buffer[end...].initialize(from: text.utf8).1 }
            func number(_ value: Double) { end = NumberFormat.write(value, into: buffer, at: end) }
            put("d ")
            number(l.d)
            put(" = ")
            for share in l.shares {
                put(names.id(share.node))
                put(" ")
                number(share.amount)
                put(" ")
                put(share.phase.rawValue)
                put(" + ")
            }
            put("unconsumed ")
            number(l.unconsumed)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<end]), as: UTF8.self)
        }
    }
}
