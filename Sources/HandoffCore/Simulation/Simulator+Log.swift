/// Reading the log without draining it: the session's debugger looks at the facts of each frame
/// as it happens (breakpoints on a handoff, an owner, an edge …), and the command's output drains
/// them all at its end.
extension Simulator {
    /// How many facts are in the log now (a mark to read from later).
    public var logCount: Int { log.count }

    /// Calls `body` with each fact logged since `mark` (a `logCount` read earlier, before the last
    /// drain), in place.
    public func forEachOccurrence(from mark: Int, _ body: (Occurrence) -> Void) {
        log.forEach(from: mark, body)
    }
}
