/// How the app wires its recognizers (SPEC §13.2): which pairs recognize together, which pan
/// waits for another to fail, and the `gestureRecognizerShouldBegin` conditions. Nodes are
/// indices of the scene's `SceneGraph` (tree order).
public struct Gestures: Equatable, Sendable {
    /// Two nodes whose pans recognize together (`shouldRecognizeSimultaneouslyWith` is true).
    public struct Pair: Equatable, Sendable {
        public var first: Int
        public var second: Int

        public init(_ first: Int, _ second: Int) {
            self.first = first
            self.second = second
        }
    }

    /// A node's `gestureRecognizerShouldBegin`, with its text as written (for `why` and `tree`).
    public struct ShouldBegin: Equatable, Sendable {
        public var node: Int
        public var condition: Condition
        public var text: String

        public init(node: Int, condition: Condition, text: String) {
            self.node = node
            self.condition = condition
            self.text = text
        }
    }

    public var simultaneous: [Pair]
    /// `[A, B]`: A's pan waits for B's pan to fail.
    public var requireToFail: [Pair]
    public var shouldBegin: [ShouldBegin]

    public init(
        simultaneous: [Pair] = [], requireToFail: [Pair] = [], shouldBegin: [ShouldBegin] = []
    ) {
        self.simultaneous = simultaneous
        self.requireToFail = requireToFail
        self.shouldBegin = shouldBegin
    }

    /// No wiring at all: a scene without `gestures`.
    public var isEmpty: Bool {
        simultaneous.isEmpty && requireToFail.isEmpty && shouldBegin.isEmpty
    }

    /// The nodes paired with `node` in `simultaneous`, in the order written.
    public func partners(of node: Int) -> [Int] {
        simultaneous.compactMap { p in
            p.first == node ? p.second : (p.second == node ? p.first : nil)
        }
    }

    /// The nodes `node` must wait for (`[node, B]` in `requireToFail`).
    public func awaited(by node: Int) -> [Int] {
        requireToFail.compactMap { $0.first == node ? $0.second : nil }
    }

    /// The `shouldBegin` of `node`, if any.
    public func shouldBegin(of node: Int) -> ShouldBegin? {
        shouldBegin.first { $0.node == node }
    }
}
