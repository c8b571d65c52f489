/// One line of a trace as its source gives it: the one way a `TraceRunner` is fed, whether the
/// trace streams from a file (`replay`, `test`) or is held in memory (`replay` and
/// `replay --step` in a session, `TraceRunner.run`).
package struct TraceLine {
    /// The line's bytes without its "\n" (valid UTF-8), or nil when they are not UTF-8 text.
    package var bytes: UnsafeBufferPointer<UInt8>?
    /// The whole lines after it that the source holds (each ending in "\n", UTF-8 or not): the
    /// runner may take a command's expected lines from them at once.
    package var following: UnsafeBufferPointer<UInt8>

    package init(
        _ bytes: UnsafeBufferPointer<UInt8>?,
        following: UnsafeBufferPointer<UInt8> = UnsafeBufferPointer(start: nil, count: 0)
    ) {
        self.bytes = bytes
        self.following = following
    }

    /// Each line of `text` (UTF-8), split at "\n" as a file is read: no line after a final "\n",
    /// but the empty text is one empty line (not a trace, rather than an empty one). `body`
    /// returns how many bytes of the line's `following` it took; reading goes on after them.
    package static func forEach(in text: UnsafeBufferPointer<UInt8>, _ body: (TraceLine) -> Int) {
        let whole = (text.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
        var from = 0
        while let newline = text[from...].firstIndex(of: UInt8(ascii: "\n")) {
            let line = TraceLine(
                UnsafeBufferPointer(rebasing: text[from..<newline]),
                following: UnsafeBufferPointer(rebasing: text[(newline + 1)..<whole]))
            from = newline + 1 + body(line)
        }
        if from < text.count || text.isEmpty {
            _ = body(TraceLine(UnsafeBufferPointer(rebasing: text[from...])))
        }
    }
}
