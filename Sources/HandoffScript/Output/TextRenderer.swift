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
        var out = TextOutput()
        render(facts, names: names, into: &out)
        return out.lines
    }

    /// `render`, written after the lines already in `out` (its buffers reused). A run of state
    /// changes is written straight from the facts.
    package static func render(_ facts: [Fact], names: Names, into out: inout TextOutput) {
        var renderer = TextRenderer()
        swap(&renderer.out, &out)
        defer { swap(&renderer.out, &out) }
        var runStart = 0  // the first state change not written yet
        for i in facts.indices {
            if case .changed = facts[i] { continue }
            if runStart < i { renderer.changes(facts[runStart..<i]) }
            runStart = i + 1
            FactDescriber.describe(facts[i], names, into: &renderer)
        }
        if runStart < facts.count { renderer.changes(facts[runStart...]) }
    }

    /// A run of state changes, aligned: `PATH  OLD → NEW` (`FactDescriber.text` of each value),
    /// the value column two past the widest path.
    private mutating func changes(_ run: ArraySlice<Fact>) {
        var widest = 0
        for fact in run {
            guard case .changed(let path, _, _) = fact else {
                preconditionFailure("a run of changes holds only changes")
            }
            widest = max(widest, Self.characters(path))
        }
        let column = max(Self.labelWidth, widest + 2)
        for fact in run {
            guard case .changed(let path, let from, let to) = fact else { continue }
            out.line { w in
                w.put(path)
                w.spaces(column - Self.characters(path))
                Self.put(from, &w)
                w.put(" → " as StaticString)
                Self.put(to, &w)
            }
        }
    }

    /// A state value as `FactDescriber.text` spells it.
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

    /// `s`, spaces up to `width` characters (at least `minimum` of them), then `text`.
    private static func padded(_ s: String, to width: Int, atLeast minimum: Int, then text: String)
        -> String
    {
        let spaces = max(width - characters(s), minimum)
        return TextOutput.string(room: s.utf8.count + spaces + text.utf8.count) { w in
            w.put(s)
            w.spaces(spaces)
            w.put(text)
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
        Bytes.isASCII(s) ? s.utf8.count : s.count
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
            out.put(names.id(share.node))
            out.put(" " as StaticString)
            out.put(share.amount)
            out.put(" " as StaticString)
            out.put(share.phase.rawValue)
            out.put(" + " as StaticString)
        }
        out.put("unconsumed " as StaticString)
        out.put(l.unconsumed)
    }
}
