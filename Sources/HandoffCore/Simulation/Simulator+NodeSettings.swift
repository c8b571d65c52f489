/// A node key the session (or the app's code) changes from that moment (SPEC §13.4).
public enum NodeSetting: Equatable, Sendable {
    case bounces(Bool)
    case scrollEnabled(Bool)
    case transfers(Transfers)
    case nestedPre(DirectionSet)
    case nestedPost(DirectionSet)
    case nestedFling(FlingMode)
    /// Deceleration rate per millisecond.
    case deceleration(Double)
    /// A sheet's `momentum`.
    case momentum(Bool)
    /// `delaysContentTouches` and `canCancelContentTouches` of a scroll node (SPEC §4.4).
    case delaysContentTouches(Bool)
    case canCancelContentTouches(Bool)
    /// A sheet's `style` and, on a system sheet, `scrollingExpands` (SPEC §5.10).
    case style(SheetStyle)
    case scrollingExpands(Bool)
}

extension Simulator {
    /// Whether `setting` applies to node `i`: the scroll keys to scroll, list and pager nodes,
    /// `momentum` to sheets.
    public func accepts(_ setting: NodeSetting, node i: Int) -> Bool {
        switch setting {
        case .bounces, .scrollEnabled, .transfers, .nestedPre, .nestedPost, .nestedFling,
            .deceleration, .delaysContentTouches, .canCancelContentTouches:
            graph.nodes[i].scroll != nil
        case .momentum, .style:
            graph.nodes[i].sheet != nil
        case .scrollingExpands:
            graph.nodes[i].sheet?.style == .system
        }
    }

    /// Applies a node key from now on. Disabling the node that owns or drives the active pan
    /// cancels the pan as a release (SPEC §13.1).
    public mutating func apply(_ setting: NodeSetting, to i: Int) {
        precondition(accepts(setting, node: i), "the caller checks the node takes the key")
        switch setting {
        case .scrollEnabled(let on):
            guard scrollEnabled[i] != on else { return }
            scrollEnabled[i] = on
            disabledCount += on ? -1 : 1
            if !on, let pan = gesture.pan, pan.owner == i || pan.driver == i {
                cancelPan(disabled: i)
            }
        case .transfers(let t):
            transfers[i] = t
        case .bounces(let b):
            updateNode(i) { $0.scroll!.bounces = b }
        case .nestedPre(let d):
            updateNode(i) { $0.scroll!.nested.pre = d }
        case .nestedPost(let d):
            updateNode(i) { $0.scroll!.nested.post = d }
        case .nestedFling(let f):
            updateNode(i) { $0.scroll!.nested.fling = f }
        case .deceleration(let r):
            updateNode(i) { $0.scroll!.rate = r }
        case .momentum(let m):
            updateNode(i) { $0.sheet!.momentum = m }
        case .delaysContentTouches(let d):
            updateNode(i) { $0.scroll!.delaysContentTouches = d }
        case .canCancelContentTouches(let c):
            updateNode(i) { $0.scroll!.canCancelContentTouches = c }
        case .style(let style):
            // A custom sheet has no `scrollingExpands` (SPEC §5.10): it goes with the style.
            updateNode(i) {
                $0.sheet!.style = style
                if style == .custom { $0.sheet!.scrollingExpands = nil }
            }
        case .scrollingExpands(let e):
            updateNode(i) { $0.sheet!.scrollingExpands = e }
        }
    }

    /// Changes a node's configuration in the graph (and the layout's copy of it).
    private mutating func updateNode(_ i: Int, _ change: (inout Node) -> Void) {
        graph.update(node: i, change)
        sharedGraph = SharedGraph(graph)
    }

    /// The node of the active pan was disabled: the pan is cancelled and released with the
    /// finger's velocity at this moment (§5.5); the rest of the touch moves nothing.
    private mutating func cancelPan(disabled node: Int) {
        guard let (pan, v, source) = gesture.panCancelled(time: time) else { return }
        emit(.recognizer(.pan(pan.axis), .cancelled))
        emit(.decided(.disabledDuringPan(node: node)))
        emit(.decided(.velocity(v, source: source)))
        release(pan, velocity: v, stopped: [])
    }
}
