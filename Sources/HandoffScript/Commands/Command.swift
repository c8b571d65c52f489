import HandoffCore

/// Where a `touch` or `tap` lands: a point, a node's centre, or an item's centre.
package enum Place: Equatable, Sendable {
    case point(Double, Double)
    case node(String)
    case item(String, Int)

    var canonical: String {
        switch self {
        case .point(let x, let y): "\(NumberFormat.exact(x)) \(NumberFormat.exact(y))"
        case .node(let id): id
        case .item(let id, let i): "\(id)[\(i)]"
        }
    }
}

/// Which segment a `tab` selects.
package enum TabChoice: Equatable, Sendable {
    case next
    case prev
    case index(Int)
    case name(String)

    var canonical: String {
        switch self {
        case .next: "next"
        case .prev: "prev"
        case .index(let i): "\(i)"
        case .name(let n): n
        }
    }
}

/// Comparison operators of `expect`: the core's, shared with the app's conditions (SPEC §13.2).
package typealias ExpectOp = Comparison

/// The expected value of `expect`: a number or a word (an id, a phase, `none`).
package enum ExpectValue: Equatable, Sendable {
    case number(Double)
    case word(String)

    var canonical: String {
        switch self {
        case .number(let n): NumberFormat.exact(n)
        case .word(let w): w
        }
    }
}

/// One command of the language (SPEC §8). Every command prints back to its canonical text,
/// which parses to the same value: numbers keep every digit that changes them and durations
/// their unit (SPEC §1), so a recorded session replays exactly.
package enum Command: Equatable, Sendable {
    case load(String)
    case scenes
    case touch(Place)
    case move(dx: Double, dy: Double, over: TimeSpan?)
    case pan(dx: Double, dy: Double, over: TimeSpan?, at: Point?)
    case end(velocity: Point?)
    case swipe(dx: Double, dy: Double, over: TimeSpan?, at: Point?)
    case tap(TapPlace)
    case tab(TabChoice, of: String?)
    case wait(TimeSpan)
    case step(Int)
    case settle
    case state(json: Bool)
    case tree
    case why
    case show
    case expect(path: ExpectPath, op: ExpectOp, value: ExpectValue, tolerance: Double?)
    case set(Setting)
    /// `set` alone: every setting, its value and where it came from.
    case settings
    case record(file: String, force: Bool)
    case recordStop
    case replay(file: String, step: Bool)
    /// `plot FILE [--from T] [--to T]`: the timeline since the last load (SPEC §12); times in
    /// seconds.
    case plot(file: String, from: Double?, to: Double?)
    case help(String?)
    case quit
    /// A debugger command (SPEC §10).
    case debug(DebugCommand)

    /// `tap N` (a row of the list under the touch point) or a place.
    package enum TapPlace: Equatable, Sendable {
        case row(Int)
        case place(Place)
    }

    /// The canonical spelling: what traces store and `--json` reports.
    package var canonical: String {
        let f = NumberFormat.exact
        func over(_ d: TimeSpan?) -> String { d.map { " over " + $0.canonical } ?? "" }
        switch self {
        case .load(let s): return "load \(Token.quoted(s))"
        case .scenes: return "scenes"
        case .touch(let p): return "touch \(p.canonical)"
        case .move(let dx, let dy, let d): return "move \(f(dx)) \(f(dy))" + over(d)
        case .pan(let dx, let dy, let d, let at):
            return "pan \(f(dx)) \(f(dy))" + over(d)
                + (at.map { " at \(f($0.x)) \(f($0.y))" } ?? "")
        case .end(let v): return "end" + (v.map { " \(f($0.x)) \(f($0.y))" } ?? "")
        case .swipe(let dx, let dy, let d, let at):
            return "swipe \(f(dx)) \(f(dy))" + over(d)
                + (at.map { " at \(f($0.x)) \(f($0.y))" } ?? "")
        case .tap(.row(let n)): return "tap \(n)"
        case .tap(.place(let p)): return "tap \(p.canonical)"
        case .tab(let c, let of): return "tab \(c.canonical)" + (of.map { " of \($0)" } ?? "")
        case .wait(let d): return "wait " + d.canonical
        case .step(let n): return n == 1 ? "step" : "step \(n)"
        case .settle: return "settle"
        case .state(let json): return json ? "state --json" : "state"
        case .tree: return "tree"
        case .why: return "why"
        case .show: return "show"
        case .expect(let path, let op, let value, let tol):
            return "expect \(path.canonical) \(op.rawValue) \(value.canonical)"
                + (tol.map { " ± \(f($0))" } ?? "")
        case .set(let s): return "set \(s.key) \(s.value)"
        case .settings: return "set"
        case .record(let file, let force):
            return "record \(Token.quoted(file))" + (force ? " --force" : "")
        case .recordStop: return "record stop"
        case .replay(let file, let step):
            return "replay \(Token.quoted(file))" + (step ? " --step" : "")
        case .plot(let file, let from, let to):
            return "plot \(Token.quoted(file))" + (from.map { " --from \(f($0))" } ?? "")
                + (to.map { " --to \(f($0))" } ?? "")
        case .help(let c): return "help" + (c.map { " \($0)" } ?? "")
        case .quit: return "quit"
        case .debug(let d): return d.canonical
        }
    }

    /// The command's name, as typed first on its line.
    package var name: String { Self.name(ofCanonical: canonical) }

    /// The command's name: the first word of its canonical text.
    package static func name(ofCanonical canonical: String) -> String {
        String(canonical.prefix { $0 != " " })
    }

    /// Whether the command changes the simulation (traces and `record` keep those).
    package var isInspection: Bool {
        switch self {
        case .state, .tree, .help, .scenes, .expect, .why, .show, .settings: true
        case .debug(let d): d.isInspection
        default: false
        }
    }

    /// Whether the command belongs to the history since the last load (SPEC §10.1): what `back`
    /// undoes and `record`, `compare` and `plot` re-run. `step` is one unless it resumes a stop
    /// (the session decides that).
    package var isHistory: Bool {
        switch self {
        case .touch, .move, .pan, .end, .swipe, .tap, .tab, .wait, .step, .settle: true
        case .set(.output): false
        case .set: true
        case .load, .scenes, .state, .tree, .why, .show, .expect, .settings, .record, .recordStop,
            .plot,
            .replay, .help, .quit, .debug:
            false
        }
    }
}
