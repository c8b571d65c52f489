/// Who owns a pan under the one-owner policies `uikit` and `outer` (SPEC §5.3), decided once, at
/// recognition, from small facts about the nodes on the hit path.
public enum Ownership {
    /// A node on the hit path that scrolls (on any axis) or is a sheet, as the rules see it.
    public struct Candidate: Equatable, Sendable {
        public var node: Int
        /// The axis it scrolls on (a sheet is vertical).
        public var axis: Axis
        /// A sheet is a custom pan, not a scroll view.
        public var isSheet: Bool
        /// Its content exceeds its viewport on its axis (range max > min).
        public var exceeds: Bool
        public var bounces: Bool
        /// Range left in the first movement's direction (0 at that edge or past it).
        public var room: Double
        /// Why it cannot begin this pan (SPEC §13.2); nil when it can.
        public var blocked: CannotBegin?
        /// How it hands a drag at its edge to its parent (SPEC §13.1).
        public var transfers: Transfers

        public init(
            node: Int, axis: Axis, isSheet: Bool = false, exceeds: Bool, bounces: Bool,
            room: Double, blocked: CannotBegin? = nil, transfers: Transfers = .auto
        ) {
            self.node = node
            self.axis = axis
            self.isSheet = isSheet
            self.exceeds = exceeds
            self.bounces = bounces
            self.room = room
            self.blocked = blocked
            self.transfers = transfers
        }

        /// Whether it is at the edge the movement pushes toward (within 1e-9, SPEC §5.2).
        public var atEdge: Bool { room <= 1e-9 }

        /// *Can scroll* on `axis` (§5.3): a scroll view on that axis whose content exceeds its
        /// viewport or that bounces. A sheet is not a scroll view.
        public func canScroll(on axis: Axis) -> Bool {
            !isSheet && self.axis == axis && (exceeds || bounces)
        }
    }

    /// One step of the walk that chose the owner, in order.
    public enum Step: Equatable, Sendable {
        /// uikit: the driver is a sheet; a custom pan owns the drags begun on it.
        case sheetDriver(Int)
        /// uikit: a sheet further out receives no transfer; the walk passes it.
        case sheetSkipped(Int)
        /// uikit, outer: it cannot begin (SPEC §13.2); the walk passes it.
        case cannotBegin(Int, CannotBegin)
        /// uikit: at that edge with `transfers: never`: it keeps the drag (SPEC §13.1).
        case neverTransfers(Int)
        /// uikit: at that edge with `transfers: always`: it declines to `parent`, the nearest
        /// ancestor scroll node on the pan's axis that can scroll (SPEC §13.1).
        case transfersAlways(Int, parent: Int)
        /// uikit: neither exceeds its viewport nor bounces on the axis; the walk goes on outward.
        case cannotScroll(Int)
        /// uikit: at the edge the first movement pushes toward, and its immediate parent scroll
        /// node can scroll on the axis: it declines, and the walk goes on at that parent.
        case declines(Int, parent: Int)
        /// uikit: at that edge, but its immediate parent scroll node (nil: none) cannot scroll on
        /// the axis: it keeps the drag and owns it.
        case keepsAtEdge(Int, parent: Int?)
        /// uikit: it can scroll and is not at that edge: it owns.
        case scrolls(Int)
        /// uikit: no node on the walk can scroll: the driver owns.
        case driverFallback(Int)
        /// outer: the outermost chain node with range left in the direction owns.
        case outermost(Int)
        /// outer: no chain node has range left in the direction: the driver owns.
        case noneCanMove(Int)
    }

    /// The owner, the policy and direction that chose it, and the walk's steps.
    public struct Decision: Equatable, Sendable {
        public var policy: Policy
        public var axis: Axis
        public var direction: ScrollDirection
        public var owner: Int
        public var steps: [Step]
    }

    /// Policy `uikit`: walk the hit path from the driver outward over the nodes on `axis`; the
    /// first that can scroll owns, unless it sits at the edge `direction` pushes toward and its
    /// immediate parent scroll node (any axis; sheets are not scroll views) can scroll on `axis`:
    /// then it declines and the walk goes on at that parent. A sheet owns only as the driver.
    /// `path` lists every scroll node and sheet on the hit path, innermost first; at least one is
    /// on `axis`.
    public static func uikit(path: [Candidate], axis: Axis, direction: ScrollDirection) -> Decision
    {
        guard let first = path.firstIndex(where: { $0.axis == axis }) else {
            preconditionFailure("a pan has a driver on its axis")
        }
        let driver = path[first]
        // Without a node that can begin there is no pan (the simulator checks first); the
        // fallback owner is the first that can.
        let fallback = path[first...].first { $0.axis == axis && $0.blocked == nil } ?? driver
        var decision = Decision(
            policy: .uikit, axis: axis, direction: direction, owner: fallback.node, steps: [])
        if driver.isSheet, driver.blocked == nil {
            decision.steps = [.sheetDriver(driver.node)]
            return decision
        }
        var k = first
        while k < path.count {
            let c = path[k]
            guard c.axis == axis else {
                k += 1
                continue
            }
            if let why = c.blocked {
                decision.steps.append(.cannotBegin(c.node, why))
                k += 1
                continue
            }
            guard !c.isSheet else {
                decision.steps.append(.sheetSkipped(c.node))
                k += 1
                continue
            }
            guard c.canScroll(on: axis) else {
                decision.steps.append(.cannotScroll(c.node))
                k += 1
                continue
            }
            guard c.atEdge else {
                decision.steps.append(.scrolls(c.node))
                decision.owner = c.node
                return decision
            }
            switch c.transfers {
            case .auto:
                break
            case .never:
                decision.steps.append(.neverTransfers(c.node))
                decision.owner = c.node
                return decision
            case .always:
                // The nearest ancestor scroll node on the pan's axis that can scroll.
                if let p = path[(k + 1)...].firstIndex(where: { $0.canScroll(on: axis) }) {
                    decision.steps.append(.transfersAlways(c.node, parent: path[p].node))
                    k = p
                    continue
                }
            }
            let parent = path[(k + 1)...].firstIndex { !$0.isSheet }
            if let p = parent, path[p].canScroll(on: axis) {
                decision.steps.append(.declines(c.node, parent: path[p].node))
                k = p
                continue
            }
            decision.steps.append(.keepsAtEdge(c.node, parent: parent.map { path[$0].node }))
            decision.owner = c.node
            return decision
        }
        decision.steps.append(.driverFallback(fallback.node))
        return decision
    }

    /// Policy `outer`: the outermost node of `chain` (driver first, the pan's axis) with range left
    /// in `direction` owns; the driver if none has. A sheet is a candidate like any other node.
    public static func outer(chain: [Candidate], axis: Axis, direction: ScrollDirection)
        -> Decision
    {
        guard let driver = chain.first(where: { $0.blocked == nil }) ?? chain.first else {
            preconditionFailure("a pan has a driver")
        }
        let skipped: [Step] = chain.compactMap { c in c.blocked.map { .cannotBegin(c.node, $0) } }
        if let movable = chain.last(where: { !$0.atEdge && $0.blocked == nil }) {
            return Decision(
                policy: .outer, axis: axis, direction: direction, owner: movable.node,
                steps: skipped + [.outermost(movable.node)])
        }
        return Decision(
            policy: .outer, axis: axis, direction: direction, owner: driver.node,
            steps: skipped + [.noneCanMove(driver.node)])
    }
}
