import HandoffCore

/// `expect`: checking a value the state prints.
extension Session {
    func expect(
        _ path: String, _ op: ExpectOp, _ value: ExpectValue, _ tol: Double?,
        fail: Fail
    ) throws(Diagnostic) -> Fact {
        enum Actual {
            case number(Double)
            case words([String])
        }
        let actual: Actual
        switch path {
        case "owner": actual = .words([sim.owner.map(names.id) ?? "none"])
        case "phase": actual = .words([sim.phase.rawValue])
        case "t": actual = .number(sim.time)
        case "touch": actual = .words([sim.touchInfo.map { names.target($0.target) } ?? "none"])
        case "tap":
            if let tap = sim.lastTap {
                var words = [names.target(tap.target)]
                words.append(tap.delivered ? "delivered" : "not-delivered")
                if let word = Self.tapWord(tap.outcome) { words.append(word) }
                actual = .words(
                    tap.delivered ? words : words.filter { $0 != names.target(tap.target) })
            } else {
                actual = .words(["none"])
            }
        case "ledger.unconsumed": actual = .number(sim.ledger?.unconsumed ?? 0)
        default:
            if path.hasPrefix("ledger.") {
                let id = String(path.dropFirst(7))
                let i = try node(id, at: .path, fail: fail)
                actual = .number(sim.ledger?.totals(false).first { $0.node == i }?.amount ?? 0)
            } else if path.hasSuffix(".alpha") {
                let id = String(path.dropLast(6))
                actual = .number(sim.alpha(try node(id, at: .path, fail: fail)))
            } else if let k = paths.entries.firstIndex(where: { $0.path == path }) {
                actual = .number(paths.value(k, sim))
            } else {
                let dot = path.lastIndex(of: ".")!
                let id = String(path[..<dot])
                let known = paths.entries.map(\.path)
                guard sim.graph.index(of: id) != nil else {
                    throw fail(
                        "no node '\(id)'", .path,
                        Suggest.closest(to: path, in: known)
                            ?? Suggest.closest(to: id, in: sim.graph.ids).map {
                                $0 + path[dot...]
                            })
                }
                let own = known.filter { $0.hasPrefix(id + ".") }
                throw fail(
                    "'\(id)' has no \(path[dot...].dropFirst())"
                        + (own.isEmpty ? "" : " (\(own.joined(separator: ", ")))"), .path,
                    own.count == 1 ? own[0] : nil)
            }
        }
        if case .words = actual { try checkWord(path, value, fail: fail) }
        let f = NumberFormat.format
        let exact = NumberFormat.exact
        switch (actual, value) {
        case (.number(let a), .number(let b)):
            let passed: Bool
            switch op {
            case .eq: passed = tol.map { abs(a - b) <= $0 } ?? (f(a) == f(b))
            case .ne: passed = tol.map { abs(a - b) > $0 } ?? (f(a) != f(b))
            case .lt: passed = a < b
            case .le: passed = a <= b || f(a) == f(b)
            case .gt: passed = a > b
            case .ge: passed = a >= b || f(a) == f(b)
            case .approx: passed = abs(a - b) <= (tol ?? 0.01)
            }
            // The expected value and tolerance are the command's own text (SPEC §1).
            let tolText = tol.map { " ± \(exact($0))" } ?? ""
            return .expectation(
                passed: passed,
                message: passed
                    ? "\(path) \(op.rawValue) \(exact(b))\(tolText)"
                    : "\(path) is \(f(a)), expected \(op.rawValue) \(exact(b))\(tolText)")
        case (.words(let words), _):
            let expected = value.canonical
            guard op == .eq || op == .ne else {
                throw fail("\(path) compares with == or !=", .op, nil)
            }
            let matches = words.contains(expected) || (expected == "null" && words == ["none"])
            let passed = op == .eq ? matches : !matches
            return .expectation(
                passed: passed,
                message: passed
                    ? "\(path) \(op.rawValue) \(expected)"
                    : "\(path) is \(words.joined(separator: " ")), expected \(op.rawValue) \(expected)"
            )
        case (.number, .word(let w)):
            throw fail("\(path) is a number; got '\(w)'", .value, nil)
        }
    }

    /// The word `expect tap` matches for why a tap was not delivered.
    static func tapWord(_ outcome: TapOutcome) -> String? {
        switch outcome {
        case .delivered: nil
        case .swallowed: "swallowed"
        case .cancelledByPan: "cancelled"
        case .moved: "moved"
        case .notTappable: "not-tappable"
        case .rejected: "rejected"
        }
    }

    /// The words `tap` matches besides a target id.
    static let tapWords = [
        "delivered", "not-delivered", "swallowed", "cancelled", "moved", "rejected", "not-tappable",
    ]

    /// A word VALUE must be one the path can take: an expectation that could never hold is a
    /// typo, so it is an error with a "did you mean", not a failed `expect`.
    func checkWord(_ path: String, _ value: ExpectValue, fail: Fail) throws(Diagnostic) {
        let word = value.canonical
        if word == "none" || word == "null" { return }
        let ids = sim.graph.ids
        switch path {
        case "owner":
            guard case .word = value, ids.contains(word) else {
                throw fail(
                    "owner is an id or none; no node '\(word)'", .value,
                    Suggest.closest(to: word, in: ids + ["none"]))
            }
        case "touch", "tap":
            let extra = path == "tap" ? Self.tapWords : []
            if extra.contains(word) { return }
            let id = word.firstIndex(of: "[").map { String(word[..<$0]) } ?? word
            guard case .word = value, ids.contains(id) else {
                let what = path == "tap" ? "a target, " + extra.joined(separator: ", ") : "a target"
                let item = word.dropFirst(id.count)
                throw fail(
                    "\(path) is \(what) or none; no node '\(id)'", .value,
                    Suggest.closest(to: id, in: ids).map { $0 + item }
                        ?? Suggest.closest(to: word, in: extra + ["none"]))
            }
        default:
            return
        }
    }
}
