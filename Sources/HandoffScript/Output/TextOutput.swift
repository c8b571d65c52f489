/// Text output as bytes: the lines of a command written one after the other into one buffer,
/// each ending in "\n", with where each ends and its role. A session reuses one from command to
/// command (its capacity kept), so the hot path builds no `String` per line: the console writes
/// the bytes as they are, a replay compares them in place and a recording appends them.
package struct TextOutput: Equatable, Sendable {
    /// The lines, each followed by "\n".
    package private(set) var bytes: [UInt8] = []
    /// The end of each line in `bytes`, past its "\n".
    package private(set) var ends: [Int] = []
    /// The role of each line.
    package private(set) var roles: [LineRole] = []
    /// The role of the lines being written.
    var role = LineRole.plain

    package init() {}

    /// The number of lines.
    package var count: Int { ends.count }

    package var isEmpty: Bool { ends.isEmpty }

    /// Forgets the lines, keeping the buffers' capacity.
    package mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        roles.removeAll(keepingCapacity: true)
        role = .plain
    }

    /// Line `k`'s bytes without its "\n", valid during the call.
    package func withLine<T>(_ k: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        let from = k == 0 ? 0 : ends[k - 1]
        return bytes.withUnsafeBufferPointer { all in
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

    // MARK: Writing

    mutating func put(_ s: String) { bytes.append(contentsOf: s.utf8) }

    mutating func put(_ s: StaticString) {
        bytes.append(
            contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    /// A number as `NumberFormat` prints it.
    mutating func put(_ d: Double) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: NumberFormat.maxBytes) { buffer in
            let end = NumberFormat.write(d, into: buffer, at: 0)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<end]))
        }
    }

    mutating func put(_ i: Int) { put(String(i)) }

    mutating func spaces(_ n: Int) {
        for _ in 0..<max(n, 0) { bytes.append(UInt8(ascii: " ")) }
    }

    /// A label and the spaces up to the label column (at least one).
    mutating func label(_ label: String) {
        put(label)
        spaces(max(TextRenderer.labelWidth - TextRenderer.characters(label), 1))
    }

    /// Ends the line being written.
    mutating func endLine() {
        bytes.append(UInt8(ascii: "\n"))
        ends.append(bytes.count)
        roles.append(role)
    }

    /// A whole line.
    mutating func line(_ s: String) {
        put(s)
        endLine()
    }

    /// Makes every line safe to print (`Escape.visible`); a line almost never needs it.
    mutating func escape() {
        var any = false
        for k in 0..<count where withLine(k, Escape.needsEscaping) {
            any = true
            break
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
