/// The kinds of animation the clock advances.
public enum AnimationKind: String, Sendable {
    /// Exponential deceleration after a fling, shared through a chain.
    case momentum
    /// Spring back from overscroll (stiffness 100).
    case bounce
    /// Pager spring to a page.
    case page
    /// Sheet spring to a detent.
    case detent
    /// Spring to an end of a `snap: edges` scroll.
    case snap
    /// A switcher's fixed-duration cross-dissolve.
    case transition
}

/// Momentum running through a chain of nodes.
struct Momentum: Equatable, Sendable {
    /// Participating nodes, innermost first; the driver is first.
    var chain: [Int]
    var decel: Deceleration
    var start: Double
    /// Travel applied so far.
    var applied: Double = 0
    /// Under `uikit`, the owner alone takes the momentum.
    var ownerOnly: Bool
    var lastConsumer: Int?
    /// The chain of the gesture that started it (SPEC §5.1), which the `owner-only` hazard
    /// looks at; `chain` when every node of it takes part.
    var gestureChain: [Int] = []
    /// Where the driver lands exactly: a target the app's code wrote (SPEC §13.3).
    var landing: Double?
    /// The phase in which `lastConsumer` took the last share of the last frame's travel, when
    /// nothing was left over and no pull was taken back (every earlier share used up its
    /// node's room); nil otherwise. The frames after it are then `lastConsumer`'s alone until
    /// its room or the momentum runs out, which `skipSteadyMomentum` finds in closed form.
    /// Before the first frame: the phase in which the node that takes its first share alone
    /// takes it (`Simulator.firstTaker`), with `lastConsumer` that node.
    var steadyPhase: SharePhase?
    /// While steady: `lastConsumer`'s offset and the applied travel when it became steady. Its
    /// offset is `anchorOffset + applied − anchorApplied` from then on, stepped or not, so a
    /// frame taken in closed form lands where stepping lands, to the last bit.
    var anchorOffset = 0.0
    var anchorApplied = 0.0
}

extension Momentum {
    /// What a steady momentum's frames are computed from (`steadyPhase`, its `lastConsumer`
    /// and their anchor), without the momentum's arrays: read with no copy of the momentum.
    struct Steady {
        var decel: Deceleration
        var start: Double
        var applied: Double
        var anchorOffset: Double
        var anchorApplied: Double
        var phase: SharePhase
        /// The node taking the frames alone (`lastConsumer`).
        var consumer: Int
        /// The chain's driver.
        var driver: Int

        /// Before a momentum frame's share: the room `consumer` has left in the momentum's
        /// direction; nil when something else moved it since it took the last frame alone (the
        /// app's code, SPEC §13.3). Read from the simulator's `offsets` and the graph's `motion`.
        func room(_ offsets: [Double], _ motion: [Motion]) -> Double? {
            guard offsets[consumer] == anchorOffset + (applied - anchorApplied) else { return nil }
            return motion[consumer].room(
                from: offsets[consumer], ScrollDirection(of: decel.velocity))
        }
    }

    /// The momentum's steady figures, while it is steady.
    var steady: Steady? {
        guard let phase = steadyPhase, let c = lastConsumer else { return nil }
        return Steady(
            decel: decel, start: start, applied: applied, anchorOffset: anchorOffset,
            anchorApplied: anchorApplied, phase: phase, consumer: c, driver: chain[0])
    }
}

/// A spring on one node's offset, in closed form from its start.
struct SpringAnimation: Equatable, Sendable {
    var node: Int
    var kind: AnimationKind
    var target: Double
    var displacement: Double
    var velocity: Double
    var start: Double
    var spring: Spring

    /// Displacement from the target and velocity at time `t` (from the spring's start).
    func state(at t: Double) -> (x: Double, v: Double) {
        spring.state(displacement: displacement, velocity: velocity, at: t - start)
    }

    /// Displacement and velocity at frame `k` of a command's `clock`.
    func state(atFrame k: Int, _ clock: FrameClock) -> (x: Double, v: Double) {
        state(at: clock.time(ofFrame: k))
    }
}

/// A switcher cross-dissolve.
struct Transition: Equatable, Sendable {
    var node: Int
    var from: Int
    var to: Int
    var start: Double
    var duration: Double
}

/// One running animation.
enum Animation: Equatable, Sendable {
    case momentum(Momentum)
    case spring(SpringAnimation)
    case transition(Transition)

    /// Runs `body` on a momentum in place (no copy of it); true for another animation.
    mutating func withMomentum(_ body: (inout Momentum) -> Bool) -> Bool {
        switch consume self {
        case .momentum(var m):
            let result = body(&m)
            self = .momentum(m)
            return result
        case let other:
            self = other
            return true
        }
    }

    /// A momentum's steady figures (`Momentum.steady`), nil for another animation.
    var steadyMomentum: Momentum.Steady? {
        guard case .momentum(let m) = self else { return nil }
        return m.steady
    }

    var kind: AnimationKind {
        switch self {
        case .momentum: .momentum
        case .spring(let s): s.kind
        case .transition: .transition
        }
    }

    /// Nodes the animation moves.
    var nodes: [Int] {
        switch self {
        case .momentum(let m): m.chain
        case .spring(let s): [s.node]
        case .transition(let t): [t.node]
        }
    }

    /// Whether the animation moves `node` (`nodes.contains(node)`, without building them).
    func moves(_ node: Int) -> Bool {
        switch self {
        case .momentum(let m): m.chain.contains(node)
        case .spring(let s): s.node == node
        case .transition(let t): t.node == node
        }
    }

    /// The node the animation is reported on (a momentum's driver).
    var node: Int {
        switch self {
        case .momentum(let m): m.chain[0]
        case .spring(let s): s.node
        case .transition(let t): t.node
        }
    }
}

/// A summary of a running animation, for `state`.
public struct AnimationInfo: Equatable, Sendable {
    public var node: Int
    public var kind: AnimationKind
    /// Where it ends: a spring's target (a sheet's top for detents) or a switcher's page; for
    /// momentum, the travel still to come (shared through the chain).
    public var target: Double
}
