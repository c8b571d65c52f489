import HandoffCore

/// Collects a timeline while a session re-runs its history (SPEC §12): a row after every frame
/// and one at the end of every command, and a marker for every fact worth marking. A session
/// carries one only while plotting (`Session.sampler`); otherwise the hook is one nil check per
/// frame and per command.
package final class TimelineSampler {
    let graph: SceneGraph
    let lanes: Lanes
    let names: Names
    private(set) var rows: [TimelineRow] = []
    /// `lanes.entries.count` values per row, row after row.
    private(set) var values: [Double] = []
    private var collector = MarkCollector()
    var marks: [TimelineMark] { collector.marks }
    private(set) var commands: [TimelineCommand] = []
    /// The history number of the running command (0 before the first).
    private var current = 0
    /// What each frame of the running command moved, by frame: each node's part of the travel of
    /// its moves and momentum frames (their ledgers), overscroll included.
    private var moved: [Int: [Int: Double]] = [:]

    init(_ graph: SceneGraph) {
        self.graph = graph
        lanes = Lanes(graph)
        names = Names(graph)
    }

    /// A history command starts at `time`.
    func begin(_ text: String, at time: Double) {
        current = commands.count + 1
        collector.command = current
        commands.append(TimelineCommand(number: current, text: text, time: time))
    }

    /// A frame ended: one row.
    func frame(_ sim: borrowing Simulator) {
        guard current > 0 else { return }
        append(sim)
    }

    /// The facts a command logged (as the session drains them).
    func observe(_ log: [Occurrence]) {
        guard current > 0 else { return }
        for o in log {
            switch o.event {
            case .moved(let ledger), .flingFrame(let ledger):
                for share in ledger.shares {
                    moved[o.frame, default: [:]][share.node, default: 0] += abs(share.amount)
                }
            default: break
            }
            collector.fact = .event(o)
            FactDescriber.event(
                o.event, names, at: Moment(time: o.time, frame: o.frame), into: &collector)
        }
    }

    /// A breakpoint of the session would stop here (found by the re-run, which never stops).
    func stopped(_ stop: BreakStop) {
        guard current > 0 else { return }
        collector.appendStop(stop)
    }

    /// The command ended: its last row is its end state (a `swipe`'s lift happens at its last
    /// frame's time), or its only row when it ran no frame.
    func end(_ sim: borrowing Simulator, ranFrames: Bool) {
        if ranFrames, let last = rows.last, last.command == current {
            rows.removeLast()
            values.removeLast(lanes.entries.count)
        }
        append(sim)
        // Each of the command's rows: the node that took the most of its frame's travel.
        var r = rows.count - 1
        while r >= 0, rows[r].command == current {
            rows[r].consumer = moved[rows[r].frame].flatMap(Self.largest)
            r -= 1
        }
        moved = [:]
    }

    /// The node with the largest part (the first in tree order of equal ones).
    static func largest(_ parts: [Int: Double]) -> Int? {
        parts.keys.sorted().max { parts[$0]! < parts[$1]! }
    }

    private func append(_ sim: borrowing Simulator) {
        rows.append(
            TimelineRow(
                time: sim.time, frame: sim.frame, command: current, phase: sim.phase,
                owner: sim.owner))
        for k in lanes.entries.indices { values.append(lanes.value(k, sim)) }
    }

    /// The timeline collected so far.
    var timeline: Timeline {
        Timeline(
            graph: graph, lanes: lanes, rows: rows, values: values, marks: marks,
            commands: commands)
    }
}

/// One sampled moment (its lane values live in `Timeline.values`).
package struct TimelineRow: Equatable, Sendable {
    package var time: Double
    /// Frames advanced since the load (a command that runs no frame shares its frame with the
    /// row before it).
    package var frame: Int
    /// The history number of the command it belongs to.
    package var command: Int
    package var phase: Phase
    /// The node that owns the finger, if a pan is active.
    package var owner: Int?
    /// The node that took the most of this frame's movement (a move's or a momentum frame's
    /// travel, overscroll included), if anything moved by finger or fling in it: under the owner
    /// band, which node actually moved (SPEC §12).
    package var consumer: Int? = nil
}

/// A history command: its number, canonical text and start time.
package struct TimelineCommand: Equatable, Sendable {
    package var number: Int
    package var text: String
    package var time: Double
}
