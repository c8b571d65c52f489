/// What a touch lands on: a node, or one of its items (row `first[3]`, segment `menu[1]`).
public struct Target: Hashable, Sendable {
    public var node: Int
    public var item: Int?

    public init(_ node: Int, item: Int? = nil) {
        self.node = node
        self.item = item
    }
}
