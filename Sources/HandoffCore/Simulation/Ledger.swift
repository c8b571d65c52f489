/// The phase in which a node took part of a scroll delta (SPEC §5.2).
public enum SharePhase: String, Sendable {
    case pre
    case `self`
    case post
    /// Raw pull past an edge (positive or negative; negative takes overscroll back).
    case overscroll
}

/// How one scroll delta was shared out: `d = Σ consumed + Σ overscroll + unconsumed`, exactly.
public struct Ledger: Equatable, Sendable {
    /// One node's part of the delta.
    public struct Share: Equatable, Sendable {
        public var node: Int
        public var amount: Double
        public var phase: SharePhase
        /// An overscroll share that took back pull left against the move (SPEC §5.9), rather
        /// than pulling further past the edge (§5.4).
        public var takesBack = false
    }

    /// A share smaller than this (pt) is no share, and an offset this close to an edge is at the
    /// edge (SPEC §5.2): float leftovers such as 3e-14 never make a handoff.
    public static let negligible = 1e-9

    public var d: Double
    /// Shares in the order they were taken.
    public var shares = Shares()
    public var unconsumed: Double = 0

    public init(d: Double) { self.d = d }

    mutating func add(_ node: Int, _ amount: Double, _ phase: SharePhase, takesBack: Bool = false) {
        guard amount != 0 else { return }
        shares.append(Share(node: node, amount: amount, phase: phase, takesBack: takesBack))
    }

    /// Nodes that consumed (pre, self, post), in the order they took their part.
    public var consumers: [Int] {
        var out: [Int] = []
        for s in shares where s.phase != .overscroll && out.last != s.node { out.append(s.node) }
        return out
    }

    /// Sums per node for `phases`, sorted by node index (tree order).
    public func totals(_ overscroll: Bool) -> [(node: Int, amount: Double)] {
        var sums: [Int: Double] = [:]
        for s in shares where (s.phase == .overscroll) == overscroll {
            sums[s.node, default: 0] += s.amount
        }
        return sums.keys.sorted().map { ($0, sums[$0]!) }
    }

    /// Adds another ledger's shares into this one (for summaries over many frames).
    public mutating func merge(_ other: Ledger) {
        d += other.d
        unconsumed += other.unconsumed
        for s in other.shares {
            if let i = shares.firstIndex(where: { $0.node == s.node && $0.phase == s.phase }) {
                shares[i].amount += s.amount
            } else {
                shares.append(s)
            }
        }
    }
}

extension Ledger {
    /// A ledger's shares in the order they were taken. Most ledgers have one (a steady fling's
    /// frames, most moves), so the first is held in place and only a second allocates: a frame
    /// that one node takes makes no allocation for its ledger.
    public struct Shares: RandomAccessCollection, MutableCollection, Equatable, Sendable {
        private var head: Share?
        /// The shares after the first.
        private var tail: [Share] = []

        public init() {}

        public var startIndex: Int { 0 }
        public var endIndex: Int { head == nil ? 0 : 1 + tail.count }
        public var count: Int { endIndex }
        public var isEmpty: Bool { head == nil }
        public func index(after i: Int) -> Int { i + 1 }
        public func index(before i: Int) -> Int { i - 1 }

        public subscript(i: Int) -> Share {
            get {
                if i == 0, let head { return head }
                return tail[i - 1]
            }
            set {
                if i == 0, head != nil { head = newValue } else { tail[i - 1] = newValue }
            }
        }

        public mutating func append(_ s: Share) {
            if head == nil { head = s } else { tail.append(s) }
        }

        public static func == (a: Shares, b: Shares) -> Bool {
            a.head == b.head && a.tail == b.tail
        }
    }
}
