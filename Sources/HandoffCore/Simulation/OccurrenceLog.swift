/// The simulator's log: occurrences appended in order, read in place, and drained all at once by
/// handing its entries over. A value, as an array is: a copied simulator (a checkpoint, a
/// re-simulation) logs into its own entries.
public struct OccurrenceLog: Sendable {
    private var entries: [Occurrence] = []

    public init() {}

    /// How many entries the log has room for before it grows.
    var capacity: Int { entries.capacity }

    /// How many entries are in the log.
    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }

    /// Appends an entry.
    mutating func append(_ o: consuming Occurrence) {
        entries.append(o)
    }

    /// The entries from `mark` on, copied (for a debugger's scan and tests).
    public func entries(from mark: Int) -> [Occurrence] {
        guard mark < entries.count else { return [] }
        return Array(entries[Swift.max(mark, 0)...])
    }

    /// Calls `body` with each entry from `mark` on, in place.
    func forEach(from mark: Int, _ body: (Occurrence) -> Void) {
        for k in Swift.max(mark, 0)..<Swift.max(entries.count, mark) { body(entries[k]) }
    }

    /// Hands the entries over in `buffer` (whatever it held is dropped) and keeps `buffer`'s
    /// storage, emptied, for the next entries: a caller that gives the same buffer back at each
    /// drain lets the log and itself trade two buffers, and neither allocates once both are large
    /// enough.
    public mutating func drain(into buffer: inout [Occurrence]) {
        if !buffer.isEmpty { buffer.removeAll(keepingCapacity: true) }
        swap(&entries, &buffer)
    }

    /// The entries, in a new array; the log is left empty with the room it had.
    public mutating func drainAll() -> [Occurrence] {
        var drained: [Occurrence] = []
        drained.reserveCapacity(entries.capacity)
        drain(into: &drained)
        return drained
    }
}
