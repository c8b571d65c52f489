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
    /// A momentum frame left travel unconsumed while a chain node that takes no fling travel
    /// had room (the inertia that stops at the list's top).
    case flingDropped = "fling-dropped"
    /// The finger moved past the slop on an axis with no scroll node or sheet on its hit path
    /// while an on-screen scroll node on that axis could have moved (a drag on a header that
    /// scrolls nothing).
    case noScrollHere = "no-scroll-here"
    /// A rule's trigger fired again after it ran in a frame, and running it again would write
    /// something else: the app's code fights itself (SPEC §13.3).
    case reactionLoop = "reaction-loop"
    /// A touch-down was swallowed by a momentum or spring whose node's printed offset had not
    /// changed for 100 ms while a rule wrote it: code held it, invisibly moving (SPEC §13.3).
    case hiddenMomentum = "hidden-momentum"
    /// The finger's movement moved two simultaneous recognizers' nodes in its direction and
    /// both kept the change after the frame's rules: the double-speed scroll (SPEC §13.3).
    case doubleScroll = "double-scroll"
}

/// Why a chain node takes no fling travel (SPEC §5.5 rule 3, §5.9), for `fling-dropped` and
/// `why`.
public enum FlingRule: Equatable, Sendable {
    /// A parent with `nested.fling: none`.
    case flingNone
    /// A sheet with `momentum: false`.
    case sheetWithoutMomentum
    /// A node inside `sheet`, which is below its top-most detent: the sheet rule pins it.
    case sheetRule(sheet: Int)
}

/// A node of a momentum's gesture chain that took none of its travel, why, and the room it had
/// (SPEC §5.5 rule 3, §5.9).
public struct FlingBlock: Equatable, Sendable {
    public var node: Int
    public var rule: FlingRule
    public var room: Double
}

/// One hazard (SPEC §10, §10.1): its name, the node it names and the amount, with the node that
/// caused it. The simulator reports each (name, node) pair once per command: at the first frame
/// or move where it occurs (for `break hazard`, with the amount so far), then with its amount
/// summed over the command's frames (`HazardTally`).
public enum Hazard: Equatable, Sendable {
    /// `node`, another node of the gesture's chain, could have taken `amount` = min(`leftover`,
    /// its room in that direction) of the travel that `owner`, alone consuming, left unconsumed
    /// or as overscroll.
    case ownerOnly(node: Int, amount: Double, leftover: Double, owner: Int)
    /// `node`, an on-screen interactive scroll node on the pan's axis outside the chain of
    /// `driver` (and not a parallax follower), could have taken `amount` = min(`leftover`, its
    /// room in that direction) of the travel the move left unconsumed.
    case outOfChain(node: Int, amount: Double, leftover: Double, driver: Int)
    /// `node`, on screen, moved by `amount` (its offset's change) under the `animation` of
    /// `mover`, which is not on screen.
    case hiddenMover(node: Int, amount: Double, mover: Int, animation: AnimationKind)
    /// `node`, a node of the momentum's chain that takes no fling travel (`rule`), had room for
    /// `amount` = min(`leftover`, its room) of the travel the momentum of `driver` left
    /// unconsumed.
    case flingDropped(node: Int, amount: Double, leftover: Double, driver: Int, rule: FlingRule)
    /// `node`, an on-screen, interactive, enabled scroll node on `axis`, could have taken
    /// `amount` = min(`excess`, its room) where `excess` is the finger's net displacement on
    /// `axis` minus the slop, with no scroll node or sheet on `axis` on the hit path of `target`.
    case noScrollHere(node: Int, amount: Double, excess: Double, axis: Axis, target: Target)
    /// Rule `rule` (from 1), set off on `node`, would write `path` `to` instead of the `held`
    /// value it wrote this frame.
    case reactionLoop(node: Int, rule: Int, write: CodeWrite)
    /// The touch-down was swallowed by the `animation` of `node`, whose printed offset a rule
    /// held; `amount` is the travel (or distance to its target) it still had, unseen.
    case hiddenMomentum(node: Int, amount: Double, animation: AnimationKind)
    /// `node` (the owner) and `partner` both moved in the finger's direction in a frame;
    /// `amount` is the smaller of their moves, summed over the command's frames.
    case doubleScroll(node: Int, partner: Int, amount: Double)

    public var name: HazardName {
        switch self {
        case .ownerOnly: .ownerOnly
        case .outOfChain: .outOfChain
        case .hiddenMover: .hiddenMover
        case .flingDropped: .flingDropped
        case .noScrollHere: .noScrollHere
        case .reactionLoop: .reactionLoop
        case .hiddenMomentum: .hiddenMomentum
        case .doubleScroll: .doubleScroll
        }
    }

    /// The node the hazard names.
    public var node: Int {
        switch self {
        case .ownerOnly(let node, _, _, _), .outOfChain(let node, _, _, _),
            .hiddenMover(let node, _, _, _), .flingDropped(let node, _, _, _, _),
            .noScrollHere(let node, _, _, _, _), .reactionLoop(let node, _, _),
            .hiddenMomentum(let node, _, _), .doubleScroll(let node, _, _):
            node
        }
    }

    /// How much the named node could have taken (or, for `hidden-mover`, how far it moved,
    /// signed like its offset).
    public var amount: Double {
        switch self {
        case .ownerOnly(_, let amount, _, _), .outOfChain(_, let amount, _, _),
            .hiddenMover(_, let amount, _, _), .flingDropped(_, let amount, _, _, _),
            .noScrollHere(_, let amount, _, _, _), .hiddenMomentum(_, let amount, _),
            .doubleScroll(_, _, let amount):
            amount
        case .reactionLoop(_, let rule, _): Double(rule)
        }
    }

    /// This hazard with a later frame's `next` of the same (name, node) pair added (SPEC §10.1):
    /// leftovers and moves sum over the command's frames, the finger's excess is the latest, and
    /// the amount is capped by `cap`, the room the node had when the hazard first occurred.
    func adding(_ next: Hazard, cap: Double) -> Hazard {
        switch (self, next) {
        case (.ownerOnly(let node, _, let a, let owner), .ownerOnly(_, _, let b, _)):
            return .ownerOnly(
                node: node, amount: Swift.min(a + b, cap), leftover: a + b, owner: owner)
        case (.outOfChain(let node, _, let a, let driver), .outOfChain(_, _, let b, _)):
            return .outOfChain(
                node: node, amount: Swift.min(a + b, cap), leftover: a + b, driver: driver)
        case (.hiddenMover(let node, let a, let mover, let kind), .hiddenMover(_, let b, _, _)):
            return .hiddenMover(node: node, amount: a + b, mover: mover, animation: kind)
        case (
            .flingDropped(let node, _, let a, let driver, let rule),
            .flingDropped(_, _, let b, _, _)
        ):
            return .flingDropped(
                node: node, amount: Swift.min(a + b, cap), leftover: a + b, driver: driver,
                rule: rule)
        case (
            .noScrollHere(let node, _, _, let axis, let target),
            .noScrollHere(_, _, let excess, _, _)
        ):
            return .noScrollHere(
                node: node, amount: Swift.min(excess, cap), excess: excess, axis: axis,
                target: target)
        case (.doubleScroll(let node, let partner, let a), .doubleScroll(_, _, let b)):
            return .doubleScroll(node: node, partner: partner, amount: a + b)
        case (.reactionLoop, .reactionLoop), (.hiddenMomentum, .hiddenMomentum):
            // The first occurrence of the command says it.
            return self
        default:
            preconditionFailure("a (name, node) pair adds only its own kind")
        }
    }
}
