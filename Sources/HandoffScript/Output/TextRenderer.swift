import HandoffCore

/// Renders facts as text: one fact per line, a fixed label column. The words come from
/// `FactDescriber`; this renderer keeps the lines and aligns consecutive state changes.
package struct TextRenderer: FactRenderer {
    static let labelWidth = 10

    /// The lines written so far.
    private var out = TextOutput()

    package init() {}

    package mutating func fact(
        _ d: FactDescription, text: (inout TextOutput) -> Void,
        fields: () -> [(String, FactValue)]
    ) {
        out.role = d.role
        text(&out)
        out.role = .plain
    }

    /// The lines of a command's facts; consecutive state changes are aligned together.
    package static func render(_ facts: [Fact], names: Names) -> [OutputLine] {
        var facts = facts
        var out = TextOutput()
        render(&facts, names: names, into: &out)
        return out.lines
    }

    /// `render`, written after the lines already in `out` (its buffers reused), with the
    /// scene's ids prepared in `spellings` when given (lent to the output meanwhile). A run of
    /// state changes is written straight from the facts. `facts` comes back as it was: each fact
    /// is moved out of its place while it is described and moved back (a fact read from an array
    /// is otherwise copied and destroyed, retains and releases included, because the describer
    /// could in principle change the array).
    package static func render(
        _ facts: inout [Fact], names: Names, spellings: Spellings? = nil,
        into out: inout TextOutput
    ) {
        var renderer = TextRenderer()
        swap(&renderer.out, &out)
        renderer.out.lend(spellings)
        defer { swap(&renderer.out, &out) }
        facts.withUnsafeMutableBufferPointer { facts in
            guard let first = facts.baseAddress else { return }
            var runStart = 0  // the first state change not written yet
            for i in facts.indices {
                if case .changed = facts[i] { continue }
                if runStart < i { renderer.changes(first, runStart..<i) }
                runStart = i + 1
                let fact = (first + i).move()
                FactDescriber.describe(fact, names, into: &renderer)
                (first + i).initialize(to: fact)
            }
            if runStart < facts.count { renderer.changes(first, runStart..<facts.count) }
        }
    }

    /// A run of state changes, aligned: `PATH  OLD → NEW` (`FactDescriber.text` of each value).
    /// A path's width is taken to be its bytes (paths are ids and ASCII words); a line that
    /// shows otherwise (a byte that is not printable ASCII) has the run written again, each
    /// path's characters counted.
    private mutating func changes(_ facts: UnsafeMutablePointer<Fact>, _ run: Range<Int>) {
        let lines = out.count
        if !changes(facts, run, counting: false) {
            out.removeLines(from: lines)
            _ = changes(facts, run, counting: true)
        }
    }

    /// `changes`, each path's width its bytes or (`counting`) its characters; false when a
    /// line had a byte that is not printable ASCII and the widths were bytes. Each change is
    /// taken out of its place once (its path, values and path width kept on the stack until
    /// the column is known) and put back as it was when its line is written.
    private mutating func changes(
        _ facts: UnsafeMutablePointer<Fact>, _ run: Range<Int>, counting: Bool
    ) -> Bool {
        if run.count == 1 {
            // A change alone (most runs): its column is known at once, nothing kept aside.
            guard case .changed(let path, let from, let to) = (facts + run.lowerBound).move()
            else { preconditionFailure("a run of changes holds only changes") }
            let width = counting ? Self.characters(path) : path.utf8.count
            let ascii = row(path, from, to, width, column: max(Self.labelWidth, width + 2))
            (facts + run.lowerBound).initialize(to: .changed(path: path, from: from, to: to))
            return ascii || counting
        }
        typealias Row = (path: String, from: StateValue, to: StateValue, width: Int)
        return withUnsafeTemporaryAllocation(of: Row.self, capacity: run.count) { rows in
            let rows = rows.baseAddress!
            var widest = 0
            for k in 0..<run.count {
                guard
                    case .changed(let path, let from, let to) = (facts + run.lowerBound + k).move()
                else { preconditionFailure("a run of changes holds only changes") }
                let width = counting ? Self.characters(path) : path.utf8.count
                widest = max(widest, width)
                (rows + k).initialize(to: (path, from, to, width))
            }
            let column = max(Self.labelWidth, widest + 2)
            var ascii = true
            for k in 0..<run.count {
                let (path, from, to, width) = (rows + k).move()
                if !row(path, from, to, width, column: column) { ascii = false }
                (facts + run.lowerBound + k).initialize(
                    to: .changed(path: path, from: from, to: to))
            }
            return ascii || counting
        }
    }

    /// One change's line, its values from `column`: whether every byte written was printable
    /// ASCII.
    private mutating func row(
        _ path: String, _ from: StateValue, _ to: StateValue, _ width: Int, column: Int
    ) -> Bool {
        var ascii = true
        out.line { w in
            w.put(path)
            w.spaces(column - width)
            Self.put(from, &w)
            w.put(" → " as StaticString)
            Self.put(to, &w)
            ascii = !w.odd
        }
        return ascii
    }

    /// A state value as `FactDescriber.text` spells it.
    @inline(__always)
    private static func put(_ v: borrowing StateValue, _ out: inout LineWriter) {
        switch v {
        case .number(let d): out.put(d)
        case .word(let w): out.put(w)
        }
    }

    package static func line(_ label: String, _ text: String) -> String {
        padded(label, to: labelWidth, atLeast: 1, then: text)
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
            guard let p = bytes.baseAddress.map(UnsafeRawPointer.init) else { return true }
            let n = bytes.count
            // Up to 16 bytes (ids and paths): two overlapping word loads, no loop.
            guard n >= 8, n <= 16 else { return bytes.allSatisfy { $0 < 0x80 } }
            let either =
                p.loadUnaligned(as: UInt64.self)
                | p.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            return either & 0x8080_8080_8080_8080 == 0
        }
        return ascii == true ? s.utf8.count : s.count
    }

    /// `d 250 = outer 200 pre + first 50 self + unconsumed 0` (every move and fling prints one).
    package static func ledger(_ l: Ledger, _ names: Names) -> String {
        var out = TextOutput()
        out.append(room: 256) { ledger(l, names, into: &$0) }
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// `ledger`, written into `out`.
    static func ledger(_ l: Ledger, _ names: Names, into out: inout LineWriter) {
        out.put("d " as StaticString)
        out.put(l.d)
        out.put(" = " as StaticString)
        for share in l.shares {
            out.put(id: share.node, names)
            out.put(" " as StaticString)
            out.put(share.amount)
            out.put(" " as StaticString)
            out.put(share.phase)
            out.put(" + " as StaticString)
        }
        out.put("unconsumed " as StaticString)
        out.put(l.unconsumed)
    }
}

extension LineWriter {
    /// A label and the spaces up to the label column (at least one). Labels are written in the
    /// source: ASCII, so their width is their length, with no scan.
    @inline(__always)
    mutating func label(_ label: StaticString) {
        guard label.isASCII else {
            put(label)
            return spaces(max(TextRenderer.labelWidth - TextRenderer.characters("\(label)"), 1))
        }
        put(label)
        spaces(max(TextRenderer.labelWidth - label.utf8CodeUnitCount, 1))
    }

    /// Node `i`'s id (`Names.id`), from its prepared bytes when the output has them.
    @inline(__always)
    mutating func put(id i: Int, _ n: Names) {
        if i < spellings.count, let s = spellings[i] { put(s) } else { put(n.id(i)) }
    }
}

/// A scene's ids as bytes, prepared once a load (`Session.spellings`) and lent to the text
/// output while a command's facts are written: an id of up to 16 bytes is then two word stores
/// (`LineWriter.put(id:_:)`), where its `String` is measured, copied out and checked each time.
/// A class, so that an output holds them and its line writers read them through a pointer (no
/// array retained a line).
package final class Spellings: @unchecked Sendable {
    /// Node `i`'s id, when it has at most 16 bytes. Never changed after `init`.
    let words: UnsafeMutableBufferPointer<Spelling?>

    package init(_ graph: SceneGraph) {
        words = .allocate(capacity: graph.nodes.count)
        _ = words.initialize(from: graph.nodes.lazy.map { Spelling($0.id) })
    }

    deinit { words.deallocate() }
}
