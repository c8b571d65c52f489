import HandoffCore

/// A `TextOutput` read and written as whole lines (`String`s): comparisons, the lines of a
/// command that is not written as bytes, and escaping.
extension TextOutput {
    package static func == (a: TextOutput, b: TextOutput) -> Bool {
        guard a.count == b.count, a.withBytes({ x in b.withBytes { x.elementsEqual($0) } })
        else { return false }
        return (0..<a.count).allSatisfy {
            a.end(ofLine: $0) == b.end(ofLine: $0) && a.role(ofLine: $0) == b.role(ofLine: $0)
        }
    }

    /// The lines, each followed by "\n".
    package var bytes: ArraySlice<UInt8> { withBytes { Array($0)[...] } }

    /// Line `k` as text.
    package func text(_ k: Int) -> String {
        withLine(k) { String(decoding: $0, as: UTF8.self) }
    }

    /// The lines as `OutputLine`s.
    package var lines: [OutputLine] {
        (0..<count).map { OutputLine(text($0), role: role(ofLine: $0)) }
    }

    /// A whole line.
    mutating func line(_ s: String) {
        line(room: s.utf8.count + 1) { $0.put(s) }
    }

    /// Makes every line safe to print (`Escape.visible`); a line almost never needs it (the
    /// lines are looked at only when a piece may need it).
    mutating func escape() {
        if unchecked { escapeLines() }
    }

    /// `escape`, once a piece may need it.
    private mutating func escapeLines() {
        let any = (0..<count).contains { k in withLine(k) { Escape.needsEscaping($0) } }
        guard any else { return }
        let old = lines
        removeAll()
        for l in old {
            role = l.role
            line(Escape.visible(l.text))
        }
        role = .plain
    }

    /// Appends `lines` (their roles kept).
    mutating func append(_ lines: [OutputLine]) {
        for l in lines {
            role = l.role
            line(l.text)
        }
        role = .plain
    }
}
