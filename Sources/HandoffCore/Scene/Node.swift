/// How a scroll node shows movement past its edges (SPEC §5.4).
public enum OverscrollStyle: String, Sendable {
    case rubber
    case linear
}

/// Whether ancestors take fling travel from a descendant's momentum.
public enum FlingMode: String, Sendable {
    case handoff
    case none
}

/// The nested-scroll policy of a scroll node as a parent (SPEC §5.2).
public struct NestedPolicy: Equatable, Sendable {
    public var pre: DirectionSet
    public var post: DirectionSet
    public var fling: FlingMode

    public init(pre: DirectionSet = .none, post: DirectionSet = .none, fling: FlingMode = .handoff)
    {
        self.pre = pre
        self.post = post
        self.fling = fling
    }
}

/// A scroll that follows another one (SPEC §5.7).
public struct Parallax: Equatable, Sendable {
    public enum Mode: Equatable, Sendable {
        case proportional
        case factor(Double)
    }
    public var follows: String
    public var mode: Mode

    public init(follows: String, mode: Mode) {
        self.follows = follows
        self.mode = mode
    }
}

/// Whether a scroll view hands a drag at its edge to its parent under `uikit` (SPEC §13.1, iOS
/// 17.4 `transfersVerticalScrollingToParent` / `…Horizontal…`).
public enum Transfers: String, Equatable, Sendable, CaseIterable {
    /// §5.3's decline rule.
    case auto
    /// Never declines: it keeps the drag at its edge.
    case never
    /// Declines at the edge to the nearest ancestor scroll node on the pan's axis that can scroll.
    case always
}

/// Scroll behaviour shared by `scroll`, `list` and `pager` nodes.
public struct ScrollConfig: Equatable, Sendable {
    public var axis: Axis
    /// Content length along the axis (derived from rows for lists, pages for pagers).
    public var content: Double
    public var insetLeading: Double
    public var insetTrailing: Double
    public var bounces: Bool
    public var overscroll: OverscrollStyle
    /// Deceleration rate per millisecond (0.998 normal, 0.99 fast).
    public var rate: Double
    public var nested: NestedPolicy
    public var snapEdges: Bool
    public var parallax: Parallax?
    /// The offset the scroll starts at (SPEC §2 `offset`); nil starts at the range's minimum. An
    /// offset outside the range starts as overscroll (a visual offset past the edge).
    public var offset: Double?
    /// UIKit `delaysContentTouches`: under `touches uikit` the content receives a touch only
    /// 0.15 s after touch-down (SPEC §4.4).
    public var delaysContentTouches = true
    /// UIKit `canCancelContentTouches`: false makes a pan fail once the content has the touch.
    public var canCancelContentTouches = true
    /// UIKit `isScrollEnabled` (SPEC §13.1): a disabled node takes no part in a gesture that
    /// begins while it is disabled.
    public var scrollEnabled = true
    /// How it hands a drag at its edge to its parent under `uikit` (SPEC §13.1).
    public var transfers = Transfers.auto

    public init(
        axis: Axis = .vertical, content: Double = 0, insetLeading: Double = 0,
        insetTrailing: Double = 0, bounces: Bool = true, overscroll: OverscrollStyle = .rubber,
        rate: Double = Deceleration.normal, nested: NestedPolicy = NestedPolicy(),
        snapEdges: Bool = false, parallax: Parallax? = nil, offset: Double? = nil
    ) {
        self.axis = axis
        self.content = content
        self.insetLeading = insetLeading
        self.insetTrailing = insetTrailing
        self.bounces = bounces
        self.overscroll = overscroll
        self.rate = rate
        self.nested = nested
        self.snapEdges = snapEdges
        self.parallax = parallax
        self.offset = offset
    }
}

/// The rows of a list: uniform (no storage per row) or explicit heights (prefix sums).
public enum Rows: Equatable, Sendable {
    case uniform(count: Int, height: Double)
    case explicit(prefix: [Double])

    public init(heights: [Double]) {
        var prefix = [0.0]
        prefix.reserveCapacity(heights.count + 1)
        for h in heights { prefix.append(prefix[prefix.count - 1] + h) }
        self = .explicit(prefix: prefix)
    }

    public var count: Int {
        switch self {
        case .uniform(let count, _): count
        case .explicit(let prefix): prefix.count - 1
        }
    }

    public var totalHeight: Double {
        switch self {
        case .uniform(let count, let height): Double(count) * height
        case .explicit(let prefix): prefix[prefix.count - 1]
        }
    }

    /// The row containing content position `y`, in O(1) or O(log rows).
    public func row(at y: Double) -> Int? {
        guard y >= 0, y < totalHeight else { return nil }
        switch self {
        case .uniform(let count, let height):
            return Swift.min(count - 1, Int(y / height))
        case .explicit(let prefix):
            var lo = 0
            var hi = prefix.count - 1  // invariant: prefix[lo] <= y < prefix[hi]
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if prefix[mid] <= y { lo = mid } else { hi = mid }
            }
            return lo
        }
    }

    /// The top and height of row `i` in content coordinates.
    public func span(_ i: Int) -> (top: Double, height: Double) {
        switch self {
        case .uniform(_, let height): (Double(i) * height, height)
        case .explicit(let prefix): (prefix[i], prefix[i + 1] - prefix[i])
        }
    }
}

/// A detent of a sheet: a name and the sheet's top y there.
public struct Detent: Equatable, Sendable {
    public var name: String
    public var top: Double

    public init(_ name: String, _ top: Double) {
        self.name = name
        self.top = top
    }
}

/// What a sheet is (SPEC §5.10).
public enum SheetStyle: String, Sendable, CaseIterable {
    /// A plain pan recognizer moving a view (FloatingPanel, hand-made sheets).
    case custom
    /// UIKit's own sheet (UISheetPresentationController), which coordinates with its scroll views.
    case system
}

/// Bottom-sheet configuration (SPEC §2 `sheet`).
public struct SheetConfig: Equatable, Sendable {
    /// Sorted by top, top-most first.
    public var detents: [Detent]
    public var initial: String
    public var grabber: Double
    public var backdrop: Double
    public var momentum: Bool
    public var style: SheetStyle = .custom
    /// `prefersScrollingExpandsWhenScrolledToEdge` of a system sheet; nil when not written
    /// (true for a system sheet; a custom sheet must not have it).
    public var scrollingExpands: Bool?

    /// Whether a forward drag begun on content at its top expands the sheet (SPEC §5.10).
    public var expands: Bool { scrollingExpands ?? true }

    public init(
        detents: [Detent], initial: String, grabber: Double = 36, backdrop: Double = 0,
        momentum: Bool = false
    ) {
        self.detents = detents.sorted { $0.top < $1.top }
        self.initial = initial
        self.grabber = grabber
        self.backdrop = backdrop
        self.momentum = momentum
    }

    public var topMost: Double { detents[0].top }
    public var bottomMost: Double { detents[detents.count - 1].top }
}

/// Where an imported node came from: its UIKit class and address, as the dump printed them.
public struct NodeOrigin: Equatable, Sendable {
    public var className: String
    /// `0x…`, or nil when the dump had its addresses stripped.
    public var address: String?

    public init(className: String, address: String?) {
        self.className = className
        self.address = address
    }
}

/// One node of a scene as written: a view, scroll view, list, pager, switcher, tabs or sheet.
/// What the node is and its kind's configuration are one value, `kind` (STYLE habit 17).
public struct Node: Equatable, Sendable {
    public var id: String
    public var kind: NodeKind
    public var frame: Rect
    public var tappable: Bool = false
    public var alpha: Double = 1
    public var interactive: Bool = true
    public var hidden: Bool = false
    public var stretches: Bool = false
    /// A UIControl (button, switch): under `touches uikit` it keeps its touch (SPEC §4.4).
    public var control: Bool = false
    /// Children; for pagers and switchers, the pages.
    public var children: [Node] = []
    /// The UIKit view this node was imported from (SPEC §11), shown by `tree`.
    public var origin: NodeOrigin?

    public init(id: String, kind: NodeKind, frame: Rect) {
        self.id = id
        self.kind = kind
        self.frame = frame
    }
}
