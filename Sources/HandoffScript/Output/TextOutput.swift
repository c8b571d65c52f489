import HandoffCore

/// Text output as bytes: the lines of a command written one after the other into one buffer,
/// each ending in "\n", with where each ends and its role. A session reuses one from command to
/// command (its capacity kept), so the hot path builds no `String` per line: the console writes
/// the bytes as they are, a replay compares them in place and a recording appends them.
package struct TextOutput: Equatable, Sendable {
    /// The lines, each followed by "\n", in the first `used` bytes (the rest is room to grow).
    private var storage: [UInt8] = []
    private var used = 0
    /// The end of each line in `bytes`, past its "\n".
    package private(set) var ends: [Int] = []
    /// The role of each line.
    package private(set) var roles: [LineRole] = []
    /// The role of the lines being written.
    var role = LineRole.plain

    package init() {}

    package static func == (a: TextOutput, b: TextOutput) -> Bool {
        a.bytes == b.bytes && a.ends == b.ends && a.roles == b.roles
    }

    /// The lines, each followed by "\n".
    package var bytes: ArraySlice<UInt8> { storage[..<used] }

    /// The number of lines.
    package var count: Int { ends.count }

    package var isEmpty: Bool { ends.isEmpty }

    /// Forgets the lines, keeping the buffers' capacity.
    package mutating func removeAll() {
        used = 0
        ends.removeAll(keepingCapacity: true)
        roles.removeAll(keepingCapacity: true)
        role = .plain
    }

    /// Line `k`'s bytes without its "\n", valid during the call.
    package func withLine<T>(_ k: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        let from = k == 0 ? 0 : ends[k - 1]
        return storage.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[from..<(ends[k] - 1)]))
        }
    }

    /// Line `k` as text.
    package func text(_ k: Int) -> String {
        withLine(k) { String(decoding: $0, as: UTF8.self) }
    }

    /// The lines as `OutputLine`s.
    package var lines: [OutputLine] {
        (0..<count).map { OutputLine(text($0), role: roles[$0]) }
    }

    /// Whether any line has `role`.
    package func contains(_ role: LineRole) -> Bool { roles.contains(role) }

    // MARK: Writing (straight into the storage: no `Array.append` per piece)

    /// Room for `n` more bytes.
    @inline(__always)
    private mutating func reserve(_ n: Int) {
        if used + n > storage.count { grow(used + n) }
    }

    private mutating func grow(_ needed: Int) {
        storage += repeatElement(0, count: max(needed, 2 * storage.count, 1024) - storage.count)
    }

    mutating func put(_ p: UnsafeBufferPointer<UInt8>) {
        let n = p.count
        guard n > 0 else { return }
        reserve(n)
        let at = used
        storage.withUnsafeMutableBufferPointer { dst in
            let d = dst.baseAddress! + at
            // Most pieces are a word or a number: a loop beats a call to `memcpy` for them.
            if n <= 16 {
                for k in 0..<n { d[k] = p[k] }
            } else {
                d.update(from: p.baseAddress!, count: n)
            }
        }
        used = at + n
    }

    mutating func put(_ s: String) {
        if s.utf8.withContiguousStorageIfAvailable({ put($0) }) == nil {
            for b in s.utf8 { put(byte: b) }
        }
    }

    mutating func put(_ s: StaticString) {
        put(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    mutating func put(byte: UInt8) {
        reserve(1)
        let at = used
        storage.withUnsafeMutableBufferPointer { $0[at] = byte }
        used = at + 1
    }

    /// A number as `NumberFormat` prints it.
    mutating func put(_ d: Double) {
        reserve(NumberFormat.maxBytes)
        let at = used
        used = storage.withUnsafeMutableBufferPointer { NumberFormat.write(d, into: $0, at: at) }
    }

    /// An integer in decimal.
    mutating func put(_ i: Int) {
        guard i >= 0 else { return put(String(i)) }
        reserve(20)
        let at = used
        used = storage.withUnsafeMutableBufferPointer {
            NumberFormat.writeDigits(UInt64(i), into: $0, at: at)
        }
    }

    mutating func spaces(_ n: Int) {
        guard n > 0 else { return }
        reserve(n)
        let at = used
        storage.withUnsafeMutableBufferPointer { dst in
            (dst.baseAddress! + at).update(repeating: UInt8(ascii: " "), count: n)
        }
        used = at + n
    }

    /// A label and the spaces up to the label column (at least one). Labels are written in the
    /// source: ASCII, so their width is their length, with no scan.
    mutating func label(_ label: StaticString) {
        put(label)
        let width = label.isASCII ? label.utf8CodeUnitCount : TextRenderer.characters("\(label)")
        spaces(max(TextRenderer.labelWidth - width, 1))
    }

    /// Ends the line being written.
    mutating func endLine() {
        put(byte: UInt8(ascii: "\n"))
        ends.append(used)
        roles.append(role)
    }

    /// A whole line.
    mutating func line(_ s: String) {
        put(s)
        endLine()
    }

    /// Makes every line safe to print (`Escape.visible`); a line almost never needs it.
    mutating func escape() {
        let any = storage.withUnsafeBufferPointer { all in
            var from = 0
            for end in ends {
                if Escape.needsEscaping(UnsafeBufferPointer(rebasing: all[from..<(end - 1)])) {
                    return true
                }
                from = end
            }
            return false
        }
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

extension TextOutput {
    /// `Names.target`: `ID` or `ID[N]`.
    mutating func put(_ t: Target, _ n: Names) {
        put(n.id(t.node))
        guard let item = t.item else { return }
        put("[" as StaticString)
        put(item)
        put("]" as StaticString)
    }
}
