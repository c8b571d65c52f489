/// A command of a trace that ran, and its expected lines as they are read: each is compared in
/// place with the line the command printed while they are the same byte for byte; from the
/// first that is not, they are copied, one after the other, into `expectedBytes` (each ends at
/// its entry of `expectedEnds`) to be compared line by line once the command is done. Its
/// buffers are reused from one command to the next, so reading a trace allocates nothing per
/// line.
struct ExpectedOutput {
    /// The command's text, its line and its result.
    private(set) var command = ""
    private(set) var commandLine = 0
    private(set) var result = RunResult()
    /// The expected lines read so far, and how many of them up to the last that is not blank
    /// (trailing blank lines are ignored).
    private(set) var read = 0
    private(set) var count = 0
    /// Where the next line of `result.text` starts.
    private var textAt = 0
    private var copying = false
    private var expectedBytes: [UInt8] = []
    private var expectedEnds: [Int] = []

    /// The command `command` of line `line` ran and printed `result`: its expected lines follow.
    mutating func started(_ command: String, line: Int, result: RunResult) {
        self.result = result
        self.command = command
        commandLine = line
        read = 0
        count = 0
        textAt = 0
        copying = false
    }

    /// The command's output, if `following` (whole lines, each ending in "\n") begins with it:
    /// how many bytes and lines of `following` that is, or nil. No line of it may read as
    /// anything but an expected line (`#`, `> `) or lose trailing blanks to the trimming (those
    /// go line by line, as does output that differs).
    mutating func take(_ following: UnsafeBufferPointer<UInt8>) -> (bytes: Int, lines: Int)? {
        let lines = result.text.count
        guard read == 0, lines > 0, let base = following.baseAddress else { return nil }
        let (size, count) = result.text.withBytes { all -> (Int, Int) in
            let size = all.count
            guard size <= following.count, Bytes.equal(all.baseAddress!, base, size) else {
                return (0, 0)
            }
            var count = 0
            var from = 0
            for k in 0..<lines {
                let end = result.text.end(ofLine: k)
                if end - from > 1 {
                    let first = all[from]
                    let last = all[end - 2]
                    if first == UInt8(ascii: "#")
                        || (first == UInt8(ascii: ">") && all[from + 1] == UInt8(ascii: " "))
                        || last == 0x20 || last == 0x09 || last == 0x0D
                    {
                        return (0, 0)
                    }
                    count = k + 1
                }
                from = end
            }
            return (size, count)
        }
        guard size > 0 else { return nil }
        read = lines
        self.count = count
        textAt = size
        return (size, lines)
    }

    /// An expected line of the command (trailing blanks removed): compared in place with the
    /// next line the command printed while they are the same byte for byte, copied from the
    /// first that is not.
    mutating func expect(_ line: UnsafeBufferPointer<UInt8>) {
        let k = read
        read = k + 1
        if !line.isEmpty { count = k + 1 }
        if !copying {
            let at = textAt
            let n = line.count
            let same = result.text.withBytes { all in
                guard at + n < all.count, all[at + n] == UInt8(ascii: "\n") else { return false }
                return n == 0 || Bytes.equal(all.baseAddress! + at, line.baseAddress!, n)
            }
            if same {
                textAt = at + n + 1
                return
            }
            // The lines before this one are the command's own, byte for byte.
            copying = true
            expectedBytes.removeAll(keepingCapacity: true)
            expectedEnds.removeAll(keepingCapacity: true)
            for j in 0..<k {
                result.text.withLine(j) { expectedBytes.append(contentsOf: $0) }
                expectedEnds.append(expectedBytes.count)
            }
        }
        expectedBytes.append(contentsOf: line)
        expectedEnds.append(expectedBytes.count)
    }

    /// Whether the command printed its expected lines. A refused command (`record`, `replay`,
    /// `quit` in a trace) differs whatever was expected.
    var matched: Bool {
        let count = count
        guard !result.refused, result.text.count + result.lines.count == count else {
            return false
        }
        guard copying else { return true }
        return expectedBytes.withUnsafeBufferPointer { all in
            var from = 0
            for k in 0..<count {
                let end = expectedEnds[k]
                let expected = UnsafeBufferPointer(rebasing: all[from..<end])
                let same =
                    k < result.text.count
                    ? result.text.withLine(k) { Self.same($0, expected) }
                    : Self.same(result.lines[k - result.text.count].text, expected)
                guard same else { return false }
                from = end
            }
            return true
        }
    }

    /// The command's output as lines of text, without their trailing spaces.
    var actualLines: [String] {
        var actual: [String] = []
        actual.reserveCapacity(result.text.count + result.lines.count)
        for line in (0..<result.text.count).map(result.text.text) + result.lines.map(\.text) {
            var t = line
            while t.last == " " { t.removeLast() }
            actual.append(t)
        }
        return actual
    }

    /// The expected lines as text (for a diff), given the command's `actual` lines: until a line
    /// differed, they were the command's own (as the trace holds them: without trailing spaces).
    func expectedLines(actual: [String]) -> [String] {
        guard copying else { return Array(actual.prefix(count)) }
        return expectedBytes.withUnsafeBufferPointer { all in
            (0..<count).map { k in
                let from = k == 0 ? 0 : expectedEnds[k - 1]
                return String(
                    decoding: UnsafeBufferPointer(rebasing: all[from..<expectedEnds[k]]),
                    as: UTF8.self)
            }
        }
    }

    /// The command is done: its output is given up, so the session's text buffer is not shared
    /// when the next command writes it.
    mutating func finished() {
        result.text = TextOutput()
    }

    /// Whether an output line, without its trailing spaces, is the expected line: compared as
    /// bytes (the common case), else as strings, as `==` compares them.
    static func same(_ actual: String, _ expected: UnsafeBufferPointer<UInt8>) -> Bool {
        let bytesEqual = actual.utf8.withContiguousStorageIfAvailable { sameBytes($0, expected) }
        if bytesEqual == true { return true }
        var t = actual
        while t.last == " " { t.removeLast() }
        return t == String(decoding: expected, as: UTF8.self)
    }

    /// `same` for an output line given as bytes.
    static func same(_ actual: UnsafeBufferPointer<UInt8>, _ expected: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        sameBytes(actual, expected)
            || same(String(decoding: actual, as: UTF8.self), expected)
    }

    /// Whether `a` without its trailing spaces is `expected`, byte for byte.
    private static func sameBytes(
        _ a: UnsafeBufferPointer<UInt8>, _ expected: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        var n = a.count
        while n > 0, a[n - 1] == UInt8(ascii: " ") { n -= 1 }
        guard n == expected.count else { return false }
        guard n > 0 else { return true }
        return Bytes.equal(a.baseAddress!, expected.baseAddress!, n)
    }
}
