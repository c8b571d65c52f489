/// The names of the hazards of SPEC §10: the handoff bugs iOS teams hit.
public enum HazardName: String, Sendable, CaseIterable {
    /// Under `uikit` or `outer`, travel left unconsumed or as overscroll while another node of
    /// the chain could have moved: the continuous-scroll bug.
    case ownerOnly = "owner-only"
    /// A move left travel unconsumed while an on-screen scroll node outside the chain could have
    /// moved (a drag on a header that does not reach the list below it).
    case outOfChain = "out-of-chain"
    /// A momentum or spring of a node that is not on screen moved a node that is.
    case hiddenMover = "hidden-mover"
}

/// One hazard at one frame (SPEC §10, §10.1): its name, the node it names and the amount, with
/// the node that caused it. The simulator emits each (name, node) pair at most once per command,
/// at the first frame or move where it occurs.
public enum Hazard: Equatable, Sendable {
    /// `node`, another node of the gesture's chain, could have taken `amount` = min(`leftover`,
    /// its room in that direction) of the travel that `owner`, alone consuming, left unconsumed
    /// or as overscroll.
    case ownerOnly(node: Int, amount: Double, leftover: Double, owner: Int)
    /// `node`, an on-screen interactive scroll node on the pan's axis outside the chain of
    /// `driver` (and not a parallax follower), could have taken `amount` = min(`leftover`, its
    /// room in that direction) of the travel the move left unconsumed.
    case outOfChain(node: Int, amount: Double, leftover: Double, driver: Int)
    /// `node`, on screen, moved by `amount` (its offset's change at that frame) under the
    /// `animation` of `mover`, which is not on screen.
    case hiddenMover(node: Int, amount: Double, mover: Int, animation: AnimationKind)

    public var name: HazardName {
        switch self {
        case .ownerOnly: .ownerOnly
        case .outOfChain: .outOfChain
        case .hiddenMover: .hiddenMover
        }
    }

    /// The node the hazard names.
    public var node: Int {
        switch self {
        case .ownerOnly(let node, _, _, _), .outOfChain(let node, _, _, _),
            .hiddenMover(let node, _, _, _):
            node
        }
    }

    /// How much the named node could have taken (owner-only, out-of-chain), or how far it moved
    /// (hidden-mover, signed like its offset).
    public var amount: Double {
        switch self {
        case .ownerOnly(_, let amount, _, _), .outOfChain(_, let amount, _, _),
            .hiddenMover(_, let amount, _, _):
            amount
        }
    }
}
