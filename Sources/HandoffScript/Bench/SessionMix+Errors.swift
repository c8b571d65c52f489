/// The mistakes of the mix: what a person exploring a scene types wrong. Each is rejected by the
/// session whatever the state, except where it says when it applies (a finger down or not).
extension SessionMix {
    /// The kinds of mistake, each as likely as its weight among those that apply.
    enum Mistake: CaseIterable {
        /// `pna 0 -120`, `setle`: a letter swapped, dropped, doubled or a neighbouring key.
        case misspeltCommand
        /// `pan 0`, `wait`, `tab`, `end 0`.
        case missingArgument
        /// `settle 1`, `pan 0 -120 40`, `end 0 -900 0`.
        case extraArgument
        /// `wait 500`, `wait 2sec`, `pan 0 -200 over 100`, `end 0 -9OO`.
        case badNumberOrUnit
        /// `tap 45` on a list of 30 rows, `tap upcoming[45]`.
        case missingRow
        /// `move 0 -50` or `end 0 -900` with no finger down.
        case noFinger
        /// `tap 3` or `touch 195 400` with a finger down.
        case fingerAlreadyDown
        /// `tab next` on a scene without tabs; `tab 5` or `tab nxet` on one with.
        case badTab
        /// `tap lsit[3]`, `touch headr`.
        case unknownNode
        /// `touch 400 900`: outside the window.
        case outsideWindow

        var weight: Int {
            switch self {
            case .misspeltCommand: 4
            case .missingArgument: 3
            case .extraArgument: 1
            case .badNumberOrUnit: 3
            case .missingRow: 2
            case .noFinger: 3
            case .fingerAlreadyDown: 1
            case .badTab: 1
            case .unknownNode: 1
            case .outsideWindow: 1
            }
        }
    }

    /// The commands whose names a mistake misspells, with plausible arguments.
    static let misspelt: [(name: String, args: [String])] = [
        ("pan", ["0 -120", "0 300", "0 -45"]), ("move", ["0 -60", "0 40"]),
        ("end", ["", "0 -1200"]), ("swipe", ["0 -300", "0 200"]), ("settle", [""]),
        ("wait", ["200ms", "1s"]), ("tap", ["3", "1"]), ("tab", ["next", "prev"]),
    ]

    /// A line the session rejects.
    mutating func error() -> Line {
        let down = shadow.sim.isFingerDown
        let kinds = Mistake.allCases.filter { m in
            switch m {
            case .noFinger, .badTab: !down
            case .fingerAlreadyDown: down
            case .missingRow: !scene.lists.isEmpty
            case .misspeltCommand, .missingArgument, .extraArgument, .badNumberOrUnit, .unknownNode,
                .outsideWindow:
                true
            }
        }
        let text: String
        switch random.pick(weighted: kinds.map { ($0, $0.weight) }) {
        case .misspeltCommand: text = misspelling()
        case .missingArgument:
            text = random.pick(["pan 0", "pan", "move 0", "swipe 0", "wait", "tap", "tab", "end 0"])
        case .extraArgument:
            text = random.pick(["settle 1", "pan 0 -120 40", "end 0 -900 0", "wait 200ms 2"])
        case .badNumberOrUnit:
            text = random.pick([
                "wait 500", "wait 2sec", "wait 1,5s", "pan 0 -200 over 100", "end 0 -9OO",
                "pan 0 -12O",
            ])
        case .missingRow: text = missingRow()
        case .noFinger:
            text = random.pick(["move " + scene.vector(-50), "end " + scene.vector(-900), "end"])
        case .fingerAlreadyDown:
            let p = scene.touchPoint
            text = random.pick(["tap 3", "touch \(Int(p.x)) \(Int(p.y))"])
        case .badTab:
            text =
                scene.segments.isEmpty
                ? random.pick(["tab next", "tab 1"])
                : random.pick(["tab \(scene.segments.count + 3)", "tab nxet"])
        case .unknownNode: text = unknownNode()
        case .outsideWindow:
            text = "touch \(Int(scene.window.x) + 10) \(Int(scene.window.y) + 56)"
        }
        return Line(text: text, kind: .error)
    }

    /// A command name with a typo that names no command, and its arguments.
    mutating func misspelling() -> String {
        let (name, args) = random.pick(Self.misspelt)
        var letters = Array(name)
        while true {
            var typo = letters
            let i = random.int(typo.count)
            switch random.int(3) {
            case 0 where i + 1 < typo.count: typo.swapAt(i, i + 1)
            case 1 where typo.count > 2: typo.remove(at: i)
            default: typo.insert(typo[i], at: i)
            }
            let word = String(typo)
            if word != name, CommandTable.spec(word) == nil {
                let a = random.pick(args)
                return a.isEmpty ? word : word + " " + a
            }
            letters = Array(name)
        }
    }

    /// `tap N` past the rows of the list under the touch point, or `tap ID[N]` past a list's.
    mutating func missingRow() -> String {
        if let list = scene.listUnderTouchPoint(shadow.sim), random.percent(60),
            let rows = shadow.sim.graph.nodes[list].rows
        {
            return "tap \(rows.count + random.int(in: 0...20))"
        }
        let (id, rows) = random.pick(scene.lists)
        return "tap \(id)[\(rows + random.int(in: 0...20))]"
    }

    /// A node id with its last two letters swapped, as `tap ID[N]` or `touch ID`.
    mutating func unknownNode() -> String {
        if let (id, _) = scene.lists.isEmpty ? nil : random.pick(scene.lists), random.percent(60) {
            return "tap \(Self.swapLastTwo(id))[\(random.int(5))]"
        }
        let ids = scene.tappable + scene.lists.map(\.id)
        guard !ids.isEmpty else { return "touch headr" }
        return "touch " + Self.swapLastTwo(random.pick(ids))
    }

    static func swapLastTwo(_ id: String) -> String {
        var c = Array(id)
        guard c.count >= 2 else { return id + "x" }
        c.swapAt(c.count - 1, c.count - 2)
        return String(c)
    }
}
