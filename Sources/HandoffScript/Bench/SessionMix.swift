import HandoffCore

/// Script lines of a realistic session on a scene, for measuring (issue 28, SPEC §9): what a
/// person exploring the scene types. Of the lines that work, about equal parts drags (`pan` of
/// 15–900 pt in the scene's scroll direction, `move`), releases (`end VX VY` of 300–2500 pt/s,
/// `end`, `swipe`), `settle`, `wait`, `tap` and `tab` (where the scene has a tabs control); a line
/// after a release that left something animating is mostly a `settle` or a long `wait`, so most
/// flings run out (through handoffs and edge bounces) rather than being caught. One line in
/// three (`errorOneIn`) is a mistake: a misspelt command, a missing or extra argument, a row that
/// does not exist, `move` or `end` with no finger down, `tab` without tabs, a duration without
/// its unit, … (`SessionMix+Errors.swift`).
///
/// The generator runs each line on a session of its own, so it knows what is on screen (a valid
/// `tap N` names a row that is visible) and whether a finger is down; a line never loads,
/// records, replays, plots or quits. The same scene, seed and count give the same lines.
package struct SessionMix {
    /// What a line of the mix is meant to do.
    package enum Kind: String, CaseIterable, Sendable {
        /// `pan`, `move`.
        case drag
        /// `end VX VY`, `end`, `swipe`.
        case release
        case settle
        case wait
        /// `tap N`, `tap ID`.
        case tap
        case tab
        /// A line the session rejects.
        case error
    }

    /// One line of the script and what it is meant to do.
    package struct Line: Equatable, Sendable {
        package var text: String
        package var kind: Kind
    }

    /// The seed `handoff-bench`, `make bench` and `make instructions` use.
    package static let defaultSeed: UInt64 = 28
    /// One line in this many is an error.
    package static let errorOneIn = 3

    var random: MixRandom
    /// The session the lines run on as they are made.
    var shadow: Session
    let scene: MixScene
    /// The sign of the last drag along the scroll axis (a release flings the same way).
    var lastSign = -1
    /// The lines made so far, by kind.
    var made: [Kind: Int] = [:]

    package init(scene: Scene, seed: UInt64 = defaultSeed) {
        random = MixRandom(seed: seed)
        shadow = Session(scene: scene, ref: scene.name, files: NoFiles())
        shadow.keepsHistory = false
        self.scene = MixScene(scene)
    }

    /// `count` lines of the mix on `scene`.
    package static func lines(scene: Scene, seed: UInt64 = defaultSeed, count: Int) -> [Line] {
        var mix = SessionMix(scene: scene, seed: seed)
        return (0..<count).map { _ in mix.next() }
    }

    /// The next line, run on the generator's session.
    package mutating func next() -> Line {
        let line = random.int(Self.errorOneIn) == 0 ? error() : valid()
        _ = shadow.run(line.text)
        made[line.kind, default: 0] += 1
        return line
    }

    /// A line that works in the session's present state.
    mutating func valid() -> Line {
        let sim = shadow.sim
        if sim.isFingerDown {
            return random.pick(weighted: [(Kind.drag, 30), (.release, 70)]) == .drag
                ? move() : release()
        }
        // Something animates (a fling, a bounce, a page): mostly waited out.
        if sim.isAnimating, random.percent(88) {
            return random.percent(55) ? Line(text: "settle", kind: .settle) : wait(long: true)
        }
        // `settle` and `wait` also follow releases and tabs: chosen here only while they lag
        // behind the drags (scenes animate after different lines: flings, detents, pages).
        let waits = made[.settle, default: 0] + made[.wait, default: 0]
        let w = waits < 2 * made[.drag, default: 0] ? 10 : 2
        var kinds: [(Kind, Int)] = [(.drag, 10), (.release, 4), (.settle, w), (.wait, w)]
        kinds += scene.segments.isEmpty ? [(.tap, 16)] : [(.tap, 14), (.tab, 14)]
        switch random.pick(weighted: kinds) {
        case .drag: return pan()
        case .release: return swipe()
        case .settle: return Line(text: "settle", kind: .settle)
        case .wait: return wait(long: false)
        case .tap: return tap()
        case .tab, .error: return tab()
        }
    }

    /// `pan DX DY [over D]`: 15–900 pt along the scroll axis, down the content more often.
    mutating func pan() -> Line {
        lastSign = random.percent(60) ? -1 : 1
        let d = lastSign * random.int(in: 15...900)
        let over = random.percent(20) ? " over \(random.int(in: 1...4) * 50)ms" : ""
        return Line(text: "pan " + scene.vector(d) + over + scene.at(shadow.sim), kind: .drag)
    }

    /// `move DX DY [over D]` with a finger down: 15–300 pt, mostly the way the drag went.
    mutating func move() -> Line {
        if random.percent(25) { lastSign = -lastSign }
        let d = lastSign * random.int(in: 15...300)
        let over = random.percent(20) ? " over \(random.int(in: 1...4) * 50)ms" : ""
        return Line(text: "move " + scene.vector(d) + over, kind: .drag)
    }

    /// A lift: with a velocity of 300–2500 pt/s the way the drag went (mostly), without one, or
    /// a swipe.
    mutating func release() -> Line {
        switch random.int(20) {
        case 0..<11:
            let sign = random.percent(85) ? lastSign : -lastSign
            let v = sign * random.int(in: 3...25) * 100
            return Line(text: "end " + scene.vector(v), kind: .release)
        case 11..<17: return Line(text: "end", kind: .release)
        default: return swipe()
        }
    }

    /// `swipe DX DY [over D]`: 40–400 pt along the scroll axis.
    mutating func swipe() -> Line {
        lastSign = random.percent(60) ? -1 : 1
        let d = lastSign * random.int(in: 40...400)
        let over = random.percent(30) ? " over \(random.int(in: 1...3) * 50)ms" : ""
        let at = shadow.sim.isFingerDown ? "" : scene.at(shadow.sim)
        return Line(text: "swipe " + scene.vector(d) + over + at, kind: .release)
    }

    /// `wait D`: 16 ms to 1 s, or (`long`, after a release) 0.5–3 s.
    mutating func wait(long: Bool) -> Line {
        let ms = long ? random.int(in: 10...60) * 50 : random.pick([16, 50, 100, 250, 500, 1000])
        let text = ms >= 1000 && ms % 100 == 0 ? "\(Double(ms) / 1000)s" : "\(ms)ms"
        return Line(text: "wait " + text, kind: .wait)
    }

    /// `tap N` of a row on screen under the touch point; else a tappable view on screen; else
    /// the touch point.
    mutating func tap() -> Line {
        let rows = scene.visibleRows(shadow.sim)
        if !rows.isEmpty, random.percent(85) {
            return Line(text: "tap \(random.pick(rows))", kind: .tap)
        }
        let layout = shadow.sim.layout
        let views = scene.tappable.filter { id in
            shadow.sim.graph.index(of: id).map { !layout.windowFrame($0).visible.isEmpty }
                ?? false
        }
        if !views.isEmpty, random.percent(80) || rows.isEmpty {
            return Line(text: "tap " + random.pick(views), kind: .tap)
        }
        if !rows.isEmpty { return Line(text: "tap \(random.pick(rows))", kind: .tap) }
        let p = scene.touchPoint
        return Line(text: "tap \(Int(p.x)) \(Int(p.y))", kind: .tap)
    }

    /// `tab next|prev|N|NAME` of the scene's first tabs control.
    mutating func tab() -> Line {
        let choice: String
        switch random.int(10) {
        case 0..<4: choice = "next"
        case 4..<6: choice = "prev"
        case 6..<8: choice = "\(random.int(scene.segments.count))"
        default: choice = random.pick(scene.segments)
        }
        return Line(text: "tab " + choice, kind: .tab)
    }

    /// A fling-heavy script on `scene` (default `tabs`): drag 100–400 pt, fling at 1500–2500
    /// pt/s the same way, `settle`; the next drag goes the other way, so the flings run through
    /// handoffs and edge bounces. `count` lines, no errors.
    package static func flingHeavy(
        scene: Scene = BuiltinScenes.tabs, seed: UInt64 = defaultSeed, count: Int
    ) -> [String] {
        var random = MixRandom(seed: seed)
        let mix = MixScene(scene)
        var lines: [String] = []
        lines.reserveCapacity(count)
        var sign = -1
        while lines.count < count {
            let d = sign * random.int(in: 100...400)
            let v = sign * random.int(in: 15...25) * 100
            lines += ["pan " + mix.vector(d), "end " + mix.vector(v), "settle"]
            sign = -sign
        }
        return Array(lines.prefix(count))
    }
}

/// What the generator reads from a scene once: the axis a drag at the touch point scrolls, the
/// first tabs control's segments, the lists and the tappable views.
struct MixScene {
    var axis: Axis
    var segments: [String]
    var lists: [(id: String, rows: Int)]
    var tappable: [String]
    var touchPoint: Point
    var window: Point

    init(_ scene: Scene) {
        let graph = SceneGraph(scene)
        let sim = Simulator(scene: scene)
        touchPoint = scene.touchPoint
        window = scene.windowSize
        let path = sim.layout.hitTest(touchPoint).map { sim.layout.path(to: $0.node) } ?? []
        let scrolls = path.reversed().compactMap { i -> Axis? in
            graph.motion[i].follower ? nil : graph.motion[i].axis
        }
        axis = scrolls.first ?? .vertical
        segments = graph.tabs.first.map { graph.nodes[$0].segments } ?? []
        lists = graph.nodes.compactMap { n in n.rows.map { (n.id, $0.count) } }
        tappable = graph.nodes.filter(\.tappable).map(\.id)
    }

    /// `d` along the scroll axis, as a command's `DX DY`.
    func vector(_ d: Int) -> String { axis == .vertical ? "0 \(d)" : "\(d) 0" }

    /// Where a new drag starts: nothing (the scene's touch point) when a node there pans along
    /// the axis; else ` at X Y`, the centre of what is visible of the topmost node that does (a
    /// sheet dragged down to its lowest detent, off the touch point); nothing when none does
    /// (a switcher's page without a scroll).
    func at(_ sim: Simulator) -> String {
        let layout = sim.layout
        let graph = sim.graph
        func pans(_ i: Int) -> Bool {
            graph.motion[i].axis == axis && !graph.motion[i].follower && graph.nodes[i].interactive
        }
        if let hit = layout.hitTest(touchPoint), layout.path(to: hit.node).contains(where: pans) {
            return ""
        }
        for i in graph.nodes.indices.reversed() where pans(i) {
            let visible = layout.windowFrame(i).visible
            let p = Point(visible.center.x.rounded(.down), visible.center.y.rounded(.down))
            guard !visible.isEmpty, let hit = layout.hitTest(p),
                layout.path(to: hit.node).contains(i)
            else { continue }
            return " at \(Int(p.x)) \(Int(p.y))"
        }
        return ""
    }

    /// The list under the touch point (what `tap N` taps a row of), if any.
    func listUnderTouchPoint(_ sim: Simulator) -> Int? {
        let layout = sim.layout
        guard let hit = layout.hitTest(touchPoint) else { return nil }
        return layout.path(to: hit.node).last { sim.graph.nodes[$0].rows != nil }
    }

    /// The rows of that list with a visible part: what a valid `tap N` names.
    func visibleRows(_ sim: Simulator) -> [Int] {
        guard let list = listUnderTouchPoint(sim), let rows = sim.graph.nodes[list].rows else {
            return []
        }
        let layout = sim.layout
        return (0..<rows.count).filter { !layout.itemFrame(list, item: $0).visible.isEmpty }
    }
}

/// No files: a generated script never reads or writes one.
struct NoFiles: FileAccess {
    func read(_ path: String) throws(FileError) -> String { throw FileError("no such file") }
    func exists(_ path: String) -> Bool { false }
    func create(_ path: String, _ text: String) throws(FileError) {
        throw FileError("a generated script writes no file")
    }
    var currentDirectory: String { "" }
}
