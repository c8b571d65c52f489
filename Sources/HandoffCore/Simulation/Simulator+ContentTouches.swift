/// How touches reach the content inside scroll views under `touches uikit` (SPEC §4.4): the
/// 0.15 s delay, controls and their touch gutter, and the touch that catches a moving view.
extension Simulator {
    /// UIKit's touch delay for scroll detection (`_touchDelayForScrollDetection`).
    static let contentTouchDelay = 0.15
    /// UIKit's touch gutter around a control: a lift this far outside its frame still fires it.
    static let touchGutter = 70.0

    /// How long the content's touch is held back: 0.15 s when a scroll node on the path (the
    /// target itself only through one of its rows) delays content touches; nil otherwise.
    func contentDelay(_ target: Target, path: [Int]) -> Double? {
        for n in path where n != target.node || target.item != nil {
            if let c = graph.nodes[n].scroll, c.delaysContentTouches {
                return Self.contentTouchDelay
            }
        }
        return nil
    }

    /// Whether the node that would own a pan lets it cancel the content's touch (a sheet, not a
    /// scroll view, always does).
    func canCancelContentTouches(_ owner: Int) -> Bool {
        graph.nodes[owner].scroll?.canCancelContentTouches ?? true
    }

    /// The innermost of `nodes` on the path, against the one found so far (a sheet excluded: a
    /// sheet a touch catches has its own rule, §4.2).
    func innermost(
        _ found: (node: Int, kind: AnimationKind)?, _ nodes: [Int], _ kind: AnimationKind,
        on path: [Int]
    ) -> (node: Int, kind: AnimationKind)? {
        guard
            let k = path.lastIndex(where: { nodes.contains($0) && !graph.motion[$0].isSheet })
        else { return found }
        if let found, let f = path.lastIndex(of: found.node), f >= k { return found }
        return (path[k], kind)
    }

    /// Delivers a delayed content touch whose 0.15 s have passed (or at once at a lift), and
    /// prints it.
    mutating func deliverContentTouch(atLift: Bool = false) {
        guard settings.touches == .uikit,
            let (target, held) = gesture.deliver(at: time, now: atLift)
        else { return }
        emit(.delivered(target, held: held, atLift: atLift && held < Self.contentTouchDelay - 1e-9))
    }

    /// Whether a tap on `target` may fire with the finger at `finger`: anywhere, except for a
    /// control under `touches uikit`, which fires only inside its frame grown by 70 pt on every
    /// side (its touch gutter).
    mutating func withinTouchGutter(_ target: Target, _ finger: Point) -> Bool {
        guard settings.touches == .uikit, target.item == nil, graph.nodes[target.node].control
        else { return true }
        let r = layout.frame(target.node)
        let g = Self.touchGutter
        let inside =
            finger.x >= r.x - g && finger.x <= r.x + r.width + g && finger.y >= r.y - g
            && finger.y <= r.y + r.height + g
        emit(.decided(.touchGutter(target: target, inside: inside)))
        return inside
    }

    /// What a touch-down under `touches uikit` learns about the content: the moving scroll node
    /// it caught (its pan begins at once), else when a delaying scroll view lets the content have
    /// the touch; and whether the target is a control.
    func prepareContentTouch(_ contact: inout GestureCoordinator.Contact, caught: Int?) {
        let target = contact.target
        if let caught, let axis = graph.axis(caught) {
            contact.caughtScroll = (caught, axis)
        } else {
            contact.deliverAt = contentDelay(target, path: contact.path).map { time + $0 }
        }
        contact.control = target.item == nil && graph.nodes[target.node].control
    }

    /// The content keeps its touch: the pan being recognized fails, and the tap fails now as
    /// `moved` if the finger is past the slop and the target is no control.
    mutating func failPan(_ axis: Axis, keptBy target: Target, owner: Int, control: Bool) {
        emit(.recognizer(.pan(axis), .failed))
        emit(.decided(.contentKeepsTouch(target: target, owner: owner, control: control)))
        if case .tapFailed(let target, let distance) = gesture.panFailed() {
            emit(.tapMoved(target, distance: distance, slop: settings.slop))
        }
    }

    /// A control lifted outside its touch gutter: its tap fails as `moved`.
    mutating func failOutsideGutter(_ target: Target) {
        emit(.recognizer(.tap(target), .failed))
        emit(.tap(target, .moved))
        lastTap = TapRecord(target: target, outcome: .moved)
    }
}

/// UIKit's own sheet (SPEC §5.10): `style: system` coordinates with its scroll views.
extension Simulator {
    /// The pan of a drag begun on a scroll node inside a system sheet, under every policy: shared
    /// with the sheet as under `nested` (the chain up to the sheet) when that node is at its top,
    /// else the node's alone. Nil when the chain has no system sheet, or the drag is the sheet's
    /// own (its grabber).
    func systemSheetPan(_ chain: [Int]) -> (chain: [Int], shared: Bool)? {
        guard let k = chain.firstIndex(where: { graph.motion[$0].isSheet }), k > 0,
            graph.motion[chain[k]].systemSheet
        else { return nil }
        let driver = chain[0]
        let atTop = offsets[driver] <= range(driver).lowerBound + 1e-9
        return atTop ? (Array(chain[...k]), true) : (chain, false)
    }

    /// Explains a system sheet's pan for `why`.
    mutating func explainSystemSheet(_ chain: [Int], shared: Bool) {
        guard let s = chain.first(where: { graph.motion[$0].isSheet }), s != chain[0],
            graph.motion[s].systemSheet
        else { return }
        emit(
            .decided(
                .systemSheet(
                    sheet: s, driver: chain[0], shared: shared,
                    expands: graph.motion[s].sheetExpands)))
    }
}
