/// The (hazard, node) pairs already reported in the current command (SPEC §10.1: each prints at
/// most once per command), and a scratch list of what this frame's animations moved. Both keep
/// their storage between commands, so the hot path allocates nothing.
struct HazardMemo: Equatable, Sendable {
    /// `name index × node count + node` for each pair reported since `reset()`; a few at most.
    private var fired: [Int] = []
    /// One node an animation moved this frame: whose animation, and the node's offset before.
    struct Moved: Equatable, Sendable {
        var mover: Int
        var animation: AnimationKind
        var node: Int
        var before: Double
    }
    /// What the animations of the frame being evaluated moved (filled and emptied every frame).
    var moved: [Moved] = []

    /// Forgets the pairs reported so far: a new command starts.
    mutating func reset() {
        if !fired.isEmpty { fired.removeAll(keepingCapacity: true) }
    }

    /// Whether `(name, node)` is new in this command; remembers it.
    mutating func isFirst(_ name: HazardName, _ node: Int, nodes: Int) -> Bool {
        let key = Self.index(name) * nodes + node
        if fired.contains(key) { return false }
        fired.append(key)
        return true
    }

    private static func index(_ name: HazardName) -> Int {
        switch name {
        case .ownerOnly: 0
        case .outOfChain: 1
        case .hiddenMover: 2
        }
    }
}
