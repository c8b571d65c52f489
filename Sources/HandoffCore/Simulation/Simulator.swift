/// The deterministic model of one scene: touches in, offsets, ownership and deliveries out.
/// It never reads a clock: time is an argument of `advanceFrame(at:)`, which the caller calls once
/// per frame (the session loops over frames, so a debugger can stop at any of them). Every call
/// appends typed facts to one log, each with its time and frame, which the caller drains with
/// `drainLog()`.
public struct Simulator: Sendable {
    /// The scene as flattened, with the node keys the session changed (SPEC §13.4).
    public internal(set) var graph: SceneGraph
    /// The same graph behind one reference, for `layout`.
    var sharedGraph: SharedGraph
    public var settings: Settings
    public internal(set) var time: Double = 0
    /// Frames advanced since the scene was loaded.
    public internal(set) var frame = 0
    /// Visual offsets (overscroll included); sheets: distance above their bottom-most detent.
    public internal(set) var offsets: [Double]
    /// The raw pull past an edge where a drag set it (SPEC §5.4: the raw pull is state); nil where
    /// the offset was set otherwise (a spring), and the pull is derived from the visual offset.
    var pulls: [Double?]
    /// Selected page of each pager and switcher.
    public internal(set) var selected: [Int]
    var animations: [Animation] = []
    /// An empty buffer with capacity that `step(to:)` swaps with `animations`: a frame allocates
    /// nothing.
    var spareAnimations: [Animation] = []
    /// The springs' rest frames that `runSpringsAlone` fills, kept with its capacity.
    var spareRestFrames: [Int] = []
    /// The finger's gesture, from touch-down to lift.
    var gesture = GestureCoordinator()
    public internal(set) var lastTap: TapRecord?
    /// The last move's (or momentum frame's) sharing.
    public internal(set) var ledger: Ledger?
    /// Every fact since the last drain, in order, with its time and frame.
    var log = OccurrenceLog()
    /// The hazards already reported in this command, and what this frame's animations moved.
    var hazards = HazardMemo()
    /// The scene's rules and what they remember within a frame (empty: no rule work at all).
    /// One element for a scene with rules, none otherwise: the simulator stays as small as
    /// without rules (it is copied often), and a copy shares it until either side writes.
    var reactionBook: [ReactionBook] = []
    /// Whether the scene has rules (a caller skips the rule work of a frame when it has none):
    /// stored, so that reading it from another module is a load, not a call on a copy.
    public let hasRules: Bool
    /// The app's recognizer wiring in force (SPEC §13.2): the scene's, until the session changes
    /// it (§13.4).
    public var gestures: Gestures
    /// Offsets (as `offsets` stores them) at the touch-down that began the current gesture, what
    /// `ID.start` reads (SPEC §13.2); nil when no gesture began since the last touch-down, or when
    /// the scene has no conditions to read it.
    var gestureStarts: [Double]?
    /// Per node, `scrollEnabled` in force (SPEC §13.1; sheets and views: true).
    public internal(set) var scrollEnabled: [Bool]
    /// How many nodes are disabled: none, the common case, skips every "can begin" check.
    var disabledCount = 0
    /// Per node, `transfers` in force (SPEC §13.1; `auto` for nodes that are not scroll views).
    public internal(set) var transfers: [Transfers]

    public init(scene: Scene, settings: Settings = Settings()) {
        graph = SceneGraph(scene)
        sharedGraph = SharedGraph(graph)
        hasRules = !scene.reactions.isEmpty
        self.settings = settings
        gestures = scene.gestures
        scrollEnabled = graph.nodes.map { $0.scroll?.scrollEnabled ?? true }
        disabledCount = scrollEnabled.filter { !$0 }.count
        transfers = graph.nodes.map { $0.scroll?.transfers ?? .auto }
        offsets = Array(repeating: 0, count: graph.count)
        pulls = Array(repeating: nil, count: graph.count)
        selected = Array(repeating: 0, count: graph.count)
        for i in graph.nodes.indices {
            if let s = graph.nodes[i].sheet {
                let top = s.detents.first { $0.name == s.initial }?.top ?? s.bottomMost
                offsets[i] = s.bottomMost - top
            } else if let c = graph.nodes[i].scroll {
                offsets[i] = c.offset ?? graph.range(i).lowerBound
            }
        }
        // A pager starts on its offset's page (SPEC §5.8), so a release from there counts from it.
        for i in graph.nodes.indices where graph.motion[i].pages == .scrolled {
            selected[i] = page(i)
        }
        updateParallax()
        if !scene.reactions.isEmpty {
            reactionBook = [ReactionBook(scene.reactions, offsets: offsets)]
        }
    }

    /// Appends a fact at the current time and frame (the fact is moved into the log, not copied).
    mutating func emit(_ event: consuming Event) {
        log.append(Occurrence(time: time, frame: frame, event: event))
    }

    /// Returns and clears the facts logged since the last call.
    public mutating func drainLog() -> [Occurrence] { log.drainAll() }

    /// Hands the facts logged since the last drain over in `buffer` (whatever it held is dropped);
    /// the log keeps `buffer`'s storage, emptied, for the next facts (`OccurrenceLog.drain`).
    public mutating func drainLog(into buffer: inout [Occurrence]) {
        log.drain(into: &buffer)
    }

    /// Returns and clears the facts logged since the last call, without their time and frame, and
    /// without the decisions that only `why` prints.
    public mutating func drainEvents() -> [Event] {
        drainLog().compactMap { o in
            if case .decided = o.event { return nil }
            return o.event
        }
    }

    // MARK: Inspection

    public var layout: Layout { Layout(shared: sharedGraph, offsets: offsets, selected: selected) }

    public var phase: Phase { Self.phase(gesture.stage, animating: !animations.isEmpty) }

    /// The phase of a gesture at `stage`, with or without animations running.
    static func phase(_ stage: GestureCoordinator.Stage, animating: Bool) -> Phase {
        switch stage {
        case .touching: .touching
        case .panning: .panning
        // After a pan cancelled by disabling its node (SPEC §13.5).
        case .cancelled: animating ? .animating : .touching
        case .idle: animating ? .animating : .idle
        }
    }

    /// The node that owns the active pan.
    public var owner: Int? { gesture.owner }

    public var isFingerDown: Bool {
        switch gesture.stage {
        case .touching, .panning, .cancelled: true
        case .idle: false
        }
    }

    /// The touch's target and its recognizer state, while a finger is down.
    public var touchInfo: (target: Target, state: TouchState)? {
        switch gesture.state {
        case .idle, .modifying: nil
        case .touching(let t):
            (
                t.value.contact.target,
                t.value.contact.swallowed
                    ? .swallowed : t.value.delivery == .delivered ? .possible : .delayed
            )
        case .panning(let t, let pan): (t.value.contact.target, .panning(pan.value.axis))
        }
    }

    public var fingerPosition: Point? { gesture.position }

    /// The page of a pager (`round(offset / width)`) or switcher (its selected page).
    public func page(_ i: Int) -> Int {
        Self.page(
            graph.motion[i].pages, selected: selected[i], offset: offsets[i],
            width: graph.nodes[i].frame.width, count: graph.children[i].count)
    }

    /// `page(_:)`, `mutating` though it changes nothing: a mutating caller hands the simulator
    /// over by address, where a call of `page(_:)` from there copies all of it first.
    mutating func pageInPlace(_ i: Int) -> Int {
        Self.page(
            graph.motion[i].pages, selected: selected[i], offset: offsets[i],
            width: graph.nodes[i].frame.width, count: graph.children[i].count)
    }

    /// The page of a switcher (`selected`) or a pager at `offset`: `round(offset / width)`,
    /// within its `count` pages.
    static func page(
        _ pages: NodeKind.Pages?, selected: Int, offset: Double, width w: Double, count: Int
    ) -> Int {
        if pages == .switched { return selected }
        guard w > 0 else { return 0 }
        let p = Int(Targets.roundHalfAway(offset / w))
        return Swift.min(Swift.max(p, 0), Swift.max(0, count - 1))
    }

    public func sheetTop(_ i: Int) -> Double { graph.motion[i].sheetBottom - offsets[i] }

    public var animationInfo: [AnimationInfo] {
        animations.map { a in
            switch a {
            case .momentum(let m):
                AnimationInfo(node: m.chain[0], kind: .momentum, target: m.decel.total - m.applied)
            case .spring(let s):
                AnimationInfo(
                    node: s.node, kind: s.kind,
                    target: graph.motion[s.node].isSheet
                        ? graph.motion[s.node].sheetBottom - s.target : s.target)
            case .transition(let t):
                AnimationInfo(node: t.node, kind: .transition, target: Double(t.to))
            }
        }
    }

    /// Whether a pager or switcher is still moving to a page.
    public func isTransitioning(_ i: Int) -> Bool { Self.isTransitioning(i, animations) }

    /// Whether `animations` move node `i` (a transition or a spring).
    static func isTransitioning(_ i: Int, _ animations: [Animation]) -> Bool {
        animations.contains { a in
            switch a {
            case .transition(let t): t.node == i
            case .spring(let s): s.node == i
            case .momentum: false
            }
        }
    }

    // MARK: Offsets and overscroll

    func range(_ i: Int) -> ClosedRange<Double> { graph.range(i) }

    /// Signed visual overscroll: positive past max, negative before min.
    func visualOverscroll(_ i: Int) -> Double { graph.motion[i].overscroll(at: offsets[i]) }

    func isOverscrolled(_ i: Int) -> Bool { graph.motion[i].isOverscrolled(at: offsets[i]) }

    func dimension(_ i: Int) -> Double { graph.viewport(i) }

    /// The raw pull behind the visual overscroll (the rubber band inverted).
    func rawOverscroll(_ i: Int) -> Double {
        pulls[i] ?? graph.motion[i].rawOverscroll(at: offsets[i])
    }

    /// Sets the raw pull past the nearest edge (`raw > 0` past max, `< 0` before min, 0 to clamp).
    mutating func applyRaw(_ i: Int, _ raw: Double) {
        let r = range(i)
        let rubber = graph.motion[i].rubber
        let visual = rubber ? RubberBand.visual(raw: abs(raw), dimension: dimension(i)) : abs(raw)
        pulls[i] = raw == 0 ? nil : raw
        if raw > 0 {
            offsets[i] = r.upperBound + visual
        } else if raw < 0 {
            offsets[i] = r.lowerBound - visual
        } else {
            offsets[i] = Swift.min(Swift.max(offsets[i], r.lowerBound), r.upperBound)
        }
    }

    /// Sets an offset from outside a drag (springs, repairs); the raw pull is derived from it.
    mutating func setOffset(_ i: Int, _ value: Double) {
        offsets[i] = value
        pulls[i] = nil
    }

    /// How far node `i` can move in direction `dir` within its range (0 at the edge).
    func room(_ i: Int, _ dir: ScrollDirection) -> Double {
        graph.motion[i].room(from: offsets[i], dir)
    }

    func bounces(_ i: Int) -> Bool {
        graph.motion[i].bounces
    }

    /// Recomputes every parallax scroll from the node it follows.
    mutating func updateParallax() {
        for k in graph.parallaxOrder.indices {
            let i = graph.parallaxOrder[k]
            let f = graph.parallaxFollowed[k]
            offsets[i] = parallaxOffset(i, following: f, at: offsets[f])
        }
    }

    /// The offset of parallax scroll `i` when the node it follows, `f`, is at `value`.
    func parallaxOffset(_ i: Int, following f: Int, at value: Double) -> Double {
        switch graph.motion[i].parallax! {
        case .proportional:
            let followed = range(f)
            let own = range(i)
            let span = followed.upperBound - followed.lowerBound
            return span == 0 ? 0 : value * (own.upperBound - own.lowerBound) / span
        case .factor(let factor):
            return value * factor
        }
    }

    // MARK: Clock

    /// Advances exactly one frame, to time `t` (time is the caller's argument: the session's
    /// `FrameClock` gives `start + k / fps` for the k-th frame of a command), evaluating every
    /// animation there. Returns the facts of that frame (they stay in the log for `drainLog()`).
    @discardableResult
    public mutating func advanceFrame(at t: Double) -> [Occurrence] {
        let mark = log.count
        stepFrame(at: t)
        return log.entries(from: mark)
    }

    /// `advanceFrame(at:)` for a caller that reads the frame's facts later, from the log: returns
    /// whether anything still animates after the frame (what `settle` asks next).
    @discardableResult
    public mutating func stepFrame(at t: Double) -> Bool {
        frame += 1
        beginStep()
        step(to: t)
        if settings.touches == .uikit { deliverContentTouch() }
        endStep()
        return !animations.isEmpty
    }

    /// The number of whole frames in `seconds` (half away from zero).
    public func frames(in seconds: Double) -> Int {
        Int(Targets.roundHalfAway(seconds * settings.fps))
    }

    /// Whether anything still animates (`settle` advances frames until it does not).
    public var isAnimating: Bool { !animations.isEmpty }

    /// `isAnimating`, asked in place: `mutating` though it changes nothing, so that a session
    /// holding the simulator hands it over by address (reading `isAnimating` from another module
    /// copies all of it first).
    public mutating func animatesNow() -> Bool { !animations.isEmpty }

    /// `isFingerDown`, asked in place (`animatesNow()` says why).
    public mutating func fingerIsDownNow() -> Bool { isFingerDown }
}
