/// What each kind of node is, decided once per kind with exhaustive switches: a new kind is a
/// compile error here and at every `switch` over kinds, never a silent `false` (STYLE habit 17).
extension NodeKind.Name {
    /// Whether nodes of this kind scroll (have an offset along an axis).
    public var scrolls: Bool {
        switch self {
        case .scroll, .list, .pager: true
        case .view, .switcher, .tabs, .sheet, .backdrop: false
        }
    }

    /// Whether and how the node shows pages.
    public var pages: NodeKind.Pages? {
        switch self {
        case .pager: .scrolled
        case .switcher: .switched
        case .view, .scroll, .list, .tabs, .sheet, .backdrop: nil
        }
    }
}

extension NodeKind {
    /// How a node shows pages: a pager scrolls between them, a switcher selects one; nil for
    /// kinds without pages.
    public enum Pages: Sendable {
        case scrolled
        case switched
    }

    /// Whether nodes of this kind scroll (have an offset along an axis).
    public var scrolls: Bool {
        switch self {
        case .scroll, .list, .pager: true
        case .view, .switcher, .tabs, .sheet, .backdrop: false
        }
    }

    /// Whether and how the node shows pages.
    public var pages: Pages? {
        switch self {
        case .pager: .scrolled
        case .switcher: .switched
        case .view, .scroll, .list, .tabs, .sheet, .backdrop: nil
        }
    }

    /// A bottom sheet: a custom pan with detents, not a scroll view.
    public var isSheet: Bool {
        switch self {
        case .sheet: true
        case .view, .scroll, .list, .pager, .switcher, .tabs, .backdrop: false
        }
    }

    /// A segmented control that selects a pager's or switcher's page.
    public var isTabs: Bool {
        switch self {
        case .tabs: true
        case .view, .scroll, .list, .pager, .switcher, .sheet, .backdrop: false
        }
    }

    /// The dimming view the scene adds under a sheet: never tappable, its alpha follows the sheet.
    public var isBackdrop: Bool {
        switch self {
        case .backdrop: true
        case .view, .scroll, .list, .pager, .switcher, .tabs, .sheet: false
        }
    }
}
