import HandoffCore

/// The YAML example of SPEC §2, built in code (the layout most tests use).
enum Fixtures {
    static var example: Scene {
        let outerConfig = ScrollConfig(
            axis: .vertical, content: 800, bounces: false,
            nested: NestedPolicy(pre: .forward, post: .backward, fling: .handoff))
        var outer = Node(id: "outer", kind: .scroll(outerConfig), frame: Rect(0, 0, 390, 600))
        var header = Node(id: "header", kind: .view, frame: Rect(0, 0, 390, 200))
        header.tappable = true
        let menu = Node(
            id: "menu", kind: .tabs(segments: ["first", "second"], controls: "pager"),
            frame: Rect(0, 200, 390, 44))
        var pager = Node(
            id: "pager", kind: .pager(ScrollConfig(axis: .horizontal)),
            frame: Rect(0, 244, 390, 556))
        let first = Node(
            id: "first", kind: .list(ScrollConfig(bounces: false), .uniform(count: 40, height: 50)),
            frame: .init(0, 0, 390, 556))
        let second = Node(
            id: "second", kind: .list(ScrollConfig(bounces: false), .uniform(count: 6, height: 50)),
            frame: .init(0, 0, 390, 556))
        pager.children = [first, second]
        outer.children = [header, menu, pager]
        return Scene(name: "tabs-example", window: Point(390, 600), root: [outer])
    }
}

extension Simulator {
    /// Offset of the node with this id.
    func offset(_ id: String) -> Double { offsets[graph.index(of: id)!] }
    func top(_ id: String) -> Double { sheetTop(graph.index(of: id)!) }

    /// `pan DX DY` as the command language does it: touch if no finger is down, then move.
    mutating func pan(_ dx: Double, _ dy: Double, at p: Point? = nil) throws {
        if !isFingerDown { try touchDown(at: p ?? graph.scene.touchPoint) }
        try move(by: Point(dx, dy))
    }

    mutating func wait(_ seconds: Double) { advance(frames: frames(in: seconds)) }
}

/// Asserting helper: equal within 0.005 (two printed decimals).
func close(_ a: Double, _ b: Double, _ tol: Double = 0.005) -> Bool { abs(a - b) <= tol }

/// The frame loops the session runs (`wait`, `step`, `settle`, `move … over`), over the core's
/// one-frame step, so the core's tests drive time as the command language does.
extension Simulator {
    mutating func advance(frames n: Int) {
        var clock = FrameClock(start: time, fps: settings.fps)
        for _ in stride(from: 1, through: n, by: 1) { advanceFrame(at: clock.next()) }
    }

    @discardableResult
    mutating func settle() -> Int {
        var clock = FrameClock(start: time, fps: settings.fps)
        let cap = frames(in: 10)
        while isAnimating && clock.taken < cap { advanceFrame(at: clock.next()) }
        return clock.taken
    }

    mutating func move(by delta: Point, frames n: Int) throws(SimulatorError) {
        guard n > 0 else { return try move(by: delta) }
        guard isFingerDown else { throw .noFinger }
        var clock = FrameClock(start: time, fps: settings.fps)
        var done = Point.zero
        for k in 1...n {
            advanceFrame(at: clock.next())
            let f = Double(k) / Double(n)
            let next = Point(delta.x * f, delta.y * f)
            try move(by: next - done)
            done = next
        }
    }
}
