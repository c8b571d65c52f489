import HandoffCore

/// The writes of one rule to one path within one command, as one `code` line (SPEC §13.3): the
/// first write's `from`, the last one's `to`, how many and when.
package struct CodeSummary: Sendable {
    /// The first write (its rule, trigger, path and `from`).
    package var first: CodeWrite
    package var to: Double
    package var count: Int
    package var tFirst: Double
    package var tLast: Double
    /// The frame of the last write.
    package var frame: Int
    /// Every write left the same value (a pin): `held at`.
    package var held: Bool

    package init(_ w: CodeWrite, time: Double, frame: Int) {
        first = w
        to = w.to
        count = 1
        tFirst = time
        tLast = time
        self.frame = frame
        held = true
    }

    /// Whether `w` is a write of the same rule to the same path.
    package func matches(_ w: CodeWrite) -> Bool {
        w.rule == first.rule && w.node == first.node && w.key == first.key
            && w.ignored == first.ignored
    }

    /// Adds a later write of the same rule to the same path.
    package mutating func add(_ w: CodeWrite, time: Double, frame: Int) {
        if w.to != to { held = false }
        to = w.to
        count += 1
        tLast = time
        self.frame = frame
    }
}
