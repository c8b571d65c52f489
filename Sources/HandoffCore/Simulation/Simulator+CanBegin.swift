/// Why a node cannot begin a pan for a touch (SPEC §13.1–13.2).
public enum CannotBegin: Equatable, Sendable {
    /// `scrollEnabled` is false.
    case disabled
    /// Its `shouldBegin` (written as `condition`) is false at the recognition event.
    case shouldBegin(condition: String)
    /// It must wait for `node` (`requireToFail`), which can begin.
    case waitsFor(node: Int)
}

/// A node of the pan's axis on the hit path that cannot begin, and why.
public struct BeginBlock: Equatable, Sendable {
    public var node: Int
    public var reason: CannotBegin

    public init(node: Int, reason: CannotBegin) {
        self.node = node
        self.reason = reason
    }
}

/// "Can begin" (SPEC §13.2): a node on the touch's hit path that scrolls on the pan's axis can
/// begin when it is enabled, its `shouldBegin` holds now, and no node it must wait for can.
extension Simulator {
    /// Whether node `n` is scroll-enabled (a sheet always is).
    public func isEnabled(_ n: Int) -> Bool { scrollEnabled[n] }

    /// Why `n`, a node of `chain` (the pan's axis, on the hit path), cannot begin; nil when it
    /// can. A wait that comes back to a node already being decided counts that node as unable to
    /// begin, so a cycle of `requireToFail` decides (the first node of the cycle waits for none).
    func cannotBegin(_ n: Int, chain: [Int], deciding: [Int] = []) -> CannotBegin? {
        if !scrollEnabled[n] { return .disabled }
        if let s = gestures.shouldBegin(of: n), !holds(s.condition) {
            return .shouldBegin(condition: s.text)
        }
        for b in gestures.awaited(by: n)
        where chain.contains(b) && !deciding.contains(b) && b != n
            && cannotBegin(b, chain: chain, deciding: deciding + [n]) == nil
        {
            return .waitsFor(node: b)
        }
        return nil
    }

    /// The nodes of `chain` that cannot begin, in chain order (none without wiring or disabled
    /// nodes: a scene without them pays one check).
    func beginBlocks(_ chain: [Int]) -> [BeginBlock] {
        guard hasBeginRules else { return [] }
        return chain.compactMap { n in
            cannotBegin(n, chain: chain).map { BeginBlock(node: n, reason: $0) }
        }
    }

    /// Whether anything can stop a node from beginning: wiring or a disabled node.
    var hasBeginRules: Bool {
        !gestures.requireToFail.isEmpty || !gestures.shouldBegin.isEmpty || disabledCount > 0
    }
}
