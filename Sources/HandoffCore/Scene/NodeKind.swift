/// The kinds of node a scene is built from (SPEC §2), each carrying its own configuration, so
/// a node cannot have a kind without what that kind needs, nor a setting its kind ignores.
public enum NodeKind: Equatable, Sendable {
    case view
    case scroll(ScrollConfig)
    /// A list's content length is derived from its rows when the scene is flattened.
    case list(ScrollConfig, Rows)
    /// A pager scrolls horizontally between its pages; its content is derived from them.
    case pager(ScrollConfig)
    /// Shows one page at a time; `transition` is the cross-dissolve length in seconds.
    case switcher(transition: Double)
    /// A segmented control selecting the page of the pager or switcher `controls` names.
    case tabs(segments: [String], controls: String?)
    case sheet(SheetConfig)
    /// The window-sized view `ID.backdrop` the scene adds just below each sheet.
    case backdrop

    /// The kind's name as a scene file writes it, without its configuration.
    public enum Name: String, Sendable, CaseIterable {
        case view
        case scroll
        case list
        case pager
        case switcher
        case tabs
        case sheet
        case backdrop

        /// Kinds a scene file may name (the backdrop is synthesised).
        public static let writable: [Name] = [
            .view, .scroll, .list, .pager, .switcher, .tabs, .sheet,
        ]
    }

    public var name: Name {
        switch self {
        case .view: .view
        case .scroll: .scroll
        case .list: .list
        case .pager: .pager
        case .switcher: .switcher
        case .tabs: .tabs
        case .sheet: .sheet
        case .backdrop: .backdrop
        }
    }

    /// The scroll behaviour of a scroll, list or pager.
    public var scroll: ScrollConfig? {
        switch self {
        case .scroll(let c), .list(let c, _), .pager(let c): c
        case .view, .switcher, .tabs, .sheet, .backdrop: nil
        }
    }
}

/// Convenience views of the configuration a node's kind carries; the stored truth is `kind`.
extension Node {
    /// The scroll behaviour of a scroll, list or pager; nil for other kinds. Setting it keeps
    /// the kind and replaces its configuration; a kind without one cannot be given one.
    public var scroll: ScrollConfig? {
        get { kind.scroll }
        set {
            guard let c = newValue else {
                preconditionFailure("a \(kind.name.rawValue)'s scroll settings cannot be removed")
            }
            switch kind {
            case .scroll: kind = .scroll(c)
            case .list(_, let rows): kind = .list(c, rows)
            case .pager: kind = .pager(c)
            case .view, .switcher, .tabs, .sheet, .backdrop:
                preconditionFailure("a \(kind.name.rawValue) has no scroll settings")
            }
        }
    }

    /// A list's rows; nil for other kinds.
    public var rows: Rows? {
        switch kind {
        case .list(_, let rows): rows
        case .view, .scroll, .pager, .switcher, .tabs, .sheet, .backdrop: nil
        }
    }

    /// A sheet's detents and settings; nil for other kinds. Setting it keeps the kind.
    public var sheet: SheetConfig? {
        get {
            switch kind {
            case .sheet(let s): s
            case .view, .scroll, .list, .pager, .switcher, .tabs, .backdrop: nil
            }
        }
        set {
            switch kind {
            case .sheet:
                guard let s = newValue else {
                    preconditionFailure("a sheet's settings cannot be removed")
                }
                kind = .sheet(s)
            case .view, .scroll, .list, .pager, .switcher, .tabs, .backdrop:
                preconditionFailure("a \(kind.name.rawValue) has no sheet settings")
            }
        }
    }

    /// A tabs control's segments; empty for other kinds.
    public var segments: [String] {
        switch kind {
        case .tabs(let segments, _): segments
        case .view, .scroll, .list, .pager, .switcher, .sheet, .backdrop: []
        }
    }

    /// The pager or switcher a tabs control selects pages of; nil for other kinds.
    public var controls: String? {
        switch kind {
        case .tabs(_, let controls): controls
        case .view, .scroll, .list, .pager, .switcher, .sheet, .backdrop: nil
        }
    }
}
