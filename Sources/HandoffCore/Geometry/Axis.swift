/// The axis a scroll node moves on.
public enum Axis: String, Sendable, CaseIterable {
    case vertical
    case horizontal
}

/// The direction of a scroll delta: forward (offsets grow) or backward.
public enum ScrollDirection: String, Sendable {
    case forward
    case backward

    public init(of delta: Double) { self = delta >= 0 ? .forward : .backward }
}

/// A set of directions, as written in `nested: {pre: …, post: …}`.
public enum DirectionSet: String, Sendable, CaseIterable {
    case none
    case forward
    case backward
    case both

    public func contains(_ d: ScrollDirection) -> Bool {
        switch self {
        case .none: false
        case .both: true
        case .forward: d == .forward
        case .backward: d == .backward
        }
    }
}
