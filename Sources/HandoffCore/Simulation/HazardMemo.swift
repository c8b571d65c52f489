/// The hazards of the current command, one per (hazard, node) pair with its amount summed so far
/// (SPEC §10.1), and a scratch list of what this frame's animations moved. Both keep their
/// storage between commands, so the hot path allocates nothing.
struct HazardMemo: Equatable, Sendable {
    /// The pairs reported since `reset()`, in the order they first occurred.
    var tally = HazardTally()
    /// One node an animation moved this frame: whose animation, and the node's offset before.
    struct Moved: Equatable, Sendable {
        var mover: Int
        var animation: AnimationKind
        var node: Int
        var before: Double
    }
    /// What the animations of the frame being evaluated moved (filled and emptied every frame).
    var moved: [Moved] = []
    /// Two simultaneous recognizers' nodes that a move moved in its direction this step, with
    /// their offsets before it (checked after the step's rules: `double-scroll`).
    struct Double2: Equatable, Sendable {
        var node: Int
        var partner: Int
        var forward: Bool
        var before: (Double, Double)
        static func == (a: Double2, b: Double2) -> Bool {
            a.node == b.node && a.partner == b.partner && a.forward == b.forward
                && a.before == b.before
        }
    }
    var doubles: [Double2] = []

    /// Forgets the pairs reported so far: a new command starts.
    mutating func reset() {
        if !tally.entries.isEmpty { tally.entries.removeAll(keepingCapacity: true) }
    }

    /// Adds one frame's `hazard` at `time` and `frame`; `room` is the named node's room now
    /// (its cap when the pair is new). Returns whether the pair is new in this command.
    mutating func add(_ hazard: Hazard, room: Double, time: Double, frame: Int) -> Bool {
        let name = hazard.name
        let node = hazard.node
        for k in tally.entries.indices {
            guard case .hazard(let h) = tally.entries[k].occurrence.event, h.name == name,
                h.node == node
            else { continue }
            tally.entries[k].occurrence.event = .hazard(
                h.adding(hazard, cap: tally.entries[k].cap))
            return false
        }
        tally.entries.append(
            HazardTally.Entry(
                occurrence: Occurrence(time: time, frame: frame, event: .hazard(hazard)),
                cap: room))
        return true
    }
}

/// The hazards of one command (SPEC §10.1): each (hazard, node) pair once, at the time and frame
/// it first occurred, with its amount summed over the command's frames so far.
public struct HazardTally: Equatable, Sendable {
    struct Entry: Equatable, Sendable {
        /// A `hazard` event at the first frame, with the amount so far.
        var occurrence: Occurrence
        /// The room the node had when the hazard first occurred (infinite for `hidden-mover`).
        var cap: Double
    }
    var entries: [Entry] = []

    public init() {}

    public var isEmpty: Bool { entries.isEmpty }

    /// The `hazard` events, in the order they first occurred.
    public var occurrences: [Occurrence] { entries.map(\.occurrence) }
}
