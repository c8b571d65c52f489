import HandoffCore

/// The debugger's commands (SPEC §10): breakpoints, watches, `continue`, `history`, `hazards`,
/// and the rewinds of `Session+Rewind.swift`.
extension Session {
    mutating func debugger(_ command: DebugCommand, fail: Fail) throws(Diagnostic) -> [Fact] {
        switch command {
        case .breakOn(let e):
            return [addBreakpoint(.event(e))]
        case .breakCode(let rule):
            return [addBreakpoint(.code(rule: rule))]
        case .breakWhen(let c):
            // Checked as `expect` checks it (unknown ids, words a path never takes).
            let fact = try expect(c.path, c.op, c.value, c.tolerance, fail: fail)
            guard case .expectation(let now, _) = fact else { return [] }
            return [addBreakpoint(.condition(c, holds: now))]
        case .list:
            return [
                .debugger(
                    .breakpoints(debug.breakpoints.map { ($0.number, $0.what, $0.hits) }))
            ]
        case .delete(let n):
            guard let n else {
                let all = debug.breakpoints.map(\.number)
                debug.breakpoints = []
                return [.debugger(.deleted(all))]
            }
            guard let k = debug.breakpoints.firstIndex(where: { $0.number == n }) else {
                let known = debug.breakpoints.map { String($0.number) }
                throw fail(
                    "no breakpoint \(n)"
                        + (known.isEmpty
                            ? " (there are none)" : " (\(known.joined(separator: ", ")))"),
                    .choice, nil)
            }
            debug.breakpoints.remove(at: k)
            return [.debugger(.deleted([n]))]
        case .watch(let path):
            _ = try actual(path, fail: fail)
            let value = reading(path)
            if !debug.watches.contains(where: { $0.path == path }) {
                debug.watches.append(Watch(path: path, shown: value))
            }
            return [.debugger(.watching(path: path.canonical, value: value))]
        case .watches:
            return [
                .debugger(.watches(debug.watches.map { ($0.path.canonical, reading($0.path)) }))
            ]
        case .unwatch(let path):
            guard let path else {
                let all = debug.watches.map(\.path.canonical)
                debug.watches = []
                return [.debugger(.unwatched(all))]
            }
            guard let k = debug.watches.firstIndex(where: { $0.path == path }) else {
                let watched = debug.watches.map(\.path.canonical)
                throw fail(
                    "not watching '\(path.canonical)'"
                        + (watched.isEmpty
                            ? "" : " (watching \(watched.joined(separator: ", ")))"),
                    .path,
                    Suggest.closest(to: path.canonical, in: watched))
            }
            debug.watches.remove(at: k)
            return [.debugger(.unwatched([path.canonical]))]
        case .resume:
            guard let run = debug.pending else {
                throw fail("nothing to continue: no command is stopped", nil, nil)
            }
            do throws(SimulatorError) {
                try resume(frames: nil)
            } catch {
                throw fail(error.message, nil, nil)
            }
            var facts = collect()
            if case .settle = run.kind, !isStopped, sim.isAnimating {
                facts.append(.settleCapped(seconds: Self.settleLimit))
            }
            return facts
        case .history:
            return [.debugger(.history(historyListing))]
        case .hazards:
            return [.debugger(.hazards(hazardRows))]
        case .back(let n):
            return try back(n, fail: fail)
        case .backBreak:
            return try backBreak(fail: fail)
        case .compare(let setting):
            return try compare(setting, fail: fail)
        }
    }

    private mutating func addBreakpoint(_ kind: Breakpoint.Kind) -> Fact {
        let b = Breakpoint(number: debug.nextNumber, kind: kind)
        debug.nextNumber += 1
        debug.breakpoints.append(b)
        return .debugger(.breakpointSet(number: b.number, what: b.what))
    }

    /// `history`: the commands since the last load, numbered.
    var historyListing: HistoryListing {
        HistoryListing(log: log, stoppedTotal: debug.pending?.total, lastIsStopped: isStopped)
    }

    /// `hazards`: every hazard of the history, then those of the stopped command so far.
    var hazardRows: [HazardRow] {
        var rows = log.hazards.map {
            HazardRow(number: $0.entry + 1, time: $0.time, hazard: $0.hazard, stopped: false)
        }
        if isStopped, !log.isEmpty {
            for o in sim.hazardTally.occurrences {
                guard case .hazard(let h) = o.event else { continue }
                rows.append(HazardRow(number: log.count, time: o.time, hazard: h, stopped: true))
            }
        }
        return rows
    }
}
