import HandoffCore

/// `expect`: checking a value the state prints.
extension Session {
    /// What a PATH reads now: a number, or the words it matches.
    enum Actual: Equatable {
        case number(Double)
        case words([String])

        /// As printed (2 decimals): what `watch` compares.
        var printed: String {
            switch self {
            case .number(let n): NumberFormat.format(n)
            case .words(let w): w.joined(separator: " ")
            }
        }
    }

    func expect(
        _ expectPath: ExpectPath, _ op: ExpectOp, _ value: ExpectValue, _ tol: Double?,
        fail: Fail
    ) throws(Diagnostic) -> Fact {
        let path = expectPath.canonical
        let actual = try self.actual(expectPath, fail: fail)
        if case .words = actual { try checkWord(expectPath, value, fail: fail) }
        let f = NumberFormat.format
        let exact = NumberFormat.exact
        let passed = Self.holds(actual, op, value, tol)
        switch (actual, value) {
        case (.number(let a), .number(let b)):
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

    /// Whether `actual OP value [± tol]` holds, as `expect` decides it (a number against a word
    /// never holds).
    static func holds(_ actual: Actual, _ op: ExpectOp, _ value: ExpectValue, _ tol: Double?)
        -> Bool
    {
        switch (actual, value) {
        case (.number(let a), .number(let b)):
            return op.holds(a, b, tolerance: tol)
        case (.words(let words), _):
            let expected = value.canonical
            let matches = words.contains(expected) || (expected == "null" && words == ["none"])
            switch op {
            case .eq: return matches
            case .ne: return !matches
            case .lt, .le, .gt, .ge, .approx: return false
            }
        case (.number, .word):
            return false
        }
    }

    /// The value PATH reads now; errors name an unknown node or field.
    func actual(_ expectPath: ExpectPath, fail: Fail) throws(Diagnostic) -> Actual {
        let path = expectPath.canonical
        let actual: Actual
        switch expectPath {
        case .stopped: actual = .words([isStopped ? "yes" : "no"])
        case .owner: actual = .words([sim.owner.map(names.id) ?? "none"])
        case .phase: actual = .words([sim.phase.rawValue])
        case .time: actual = .number(sim.time)
        case .touch: actual = .words([sim.touchInfo.map { names.target($0.target) } ?? "none"])
        case .touchState:
            actual = .words([sim.touchInfo.map { Self.touchWord($0.state) } ?? "none"])
        case .tap:
            if let tap = sim.lastTap {
                var words = [names.target(tap.target)]
                words.append(tap.delivered ? "delivered" : "not-delivered")
                if let word = Self.tapWord(tap.outcome) { words.append(word) }
                actual = .words(
                    tap.delivered ? words : words.filter { $0 != names.target(tap.target) })
            } else {
                actual = .words(["none"])
            }
        case .unconsumed: actual = .number(sim.ledger?.unconsumed ?? 0)
        case .ledger(let id):
            let i = try node(id, at: .path, fail: fail)
            actual = .number(sim.ledger?.totals(false).first { $0.node == i }?.amount ?? 0)
        case .value(let id, .alpha):
            actual = .number(sim.alpha(try node(id, at: .path, fail: fail)))
        case .value(let id, let field):
            if let k = paths.entries.firstIndex(where: { $0.path == path }) {
                actual = .number(paths.value(k, sim))
            } else {
                let known = paths.entries.map(\.path)
                guard sim.graph.index(of: id) != nil else {
                    throw fail(
                        "no node '\(id)'", .path,
                        Suggest.closest(to: path, in: known)
                            ?? Suggest.closest(to: id, in: sim.graph.ids).map {
                                $0 + "." + field.rawValue
                            })
                }
                let own = paths.entries.filter { sim.graph.nodes[$0.node].id == id }.map(\.path)
                throw fail(
                    "'\(id)' has no \(field.rawValue)"
                        + (own.isEmpty ? "" : " (\(own.joined(separator: ", ")))"), .path,
                    own.count == 1 ? own[0] : nil)
            }
        }
        return actual
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

    /// The word `expect touch.state` matches (a pan's axis left out).
    static func touchWord(_ state: TouchState) -> String {
        switch state {
        case .possible: "possible"
        case .delayed: "delayed"
        case .swallowed: "swallowed"
        case .panning: "panning"
        }
    }

    /// The words `touch.state` matches.
    static let touchWords = ["possible", "delayed", "swallowed", "panning", "none"]

    /// The words `tap` matches besides a target id.
    static let tapWords = [
        "delivered", "not-delivered", "swallowed", "cancelled", "moved", "rejected", "not-tappable",
    ]

    /// A word VALUE must be one the path can take: an expectation that could never hold is a
    /// typo, so it is an error with a "did you mean", not a failed `expect`.
    func checkWord(_ expectPath: ExpectPath, _ value: ExpectValue, fail: Fail)
        throws(Diagnostic)
    {
        let path = expectPath.canonical
        let word = value.canonical
        if word == "none" || word == "null" { return }
        let ids = sim.graph.ids
        switch expectPath {
        case .owner:
            guard case .word = value, ids.contains(word) else {
                throw fail(
                    "owner is an id or none; no node '\(word)'", .value,
                    Suggest.closest(to: word, in: ids + ["none"]))
            }
        case .touch, .tap:
            let extra = expectPath == .tap ? Self.tapWords : []
            if extra.contains(word) { return }
            let id = word.firstIndex(of: "[").map { String(word[..<$0]) } ?? word
            guard case .word = value, ids.contains(id) else {
                let what =
                    expectPath == .tap ? "a target, " + extra.joined(separator: ", ") : "a target"
                let item = word.dropFirst(id.count)
                throw fail(
                    "\(path) is \(what) or none; no node '\(id)'", .value,
                    Suggest.closest(to: id, in: ids).map { $0 + item }
                        ?? Suggest.closest(to: word, in: extra + ["none"]))
            }
        case .touchState:
            guard Self.touchWords.contains(word) else {
                throw fail(
                    "touch.state is \(Self.touchWords.joined(separator: ", ")), got '\(word)'",
                    .value, Suggest.closest(to: word, in: Self.touchWords))
            }
        case .stopped:
            guard word == "yes" || word == "no" else {
                throw fail(
                    "stopped is yes or no, got '\(word)'", .value,
                    Suggest.closest(to: word, in: ["yes", "no"]))
            }
        case .phase, .time, .unconsumed, .ledger, .value:
            return
        }
    }
}
