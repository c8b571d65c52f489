import HandoffCore

/// Reads the app's conditions and expressions (SPEC §13.2) from text, with the `expect` grammar:
/// `PATH OP VALUE [± TOL]` (`ExpectPath`, `ExpectOp`), `touch.on ID`, `touch.on ID.grabber`,
/// joined by `and`/`or` (`and` binds tighter); a VALUE is a word as `expect` takes it or numbers
/// and PATHs joined by `+ - *` (each its own word). Paths are resolved against the scene's
/// graph; an error carries the 1-based column of the bad word within the text.
package struct ConditionParser {
    let graph: SceneGraph
    /// Whether `ID.target` may be read (a release rule, §13.3).
    let allowsTarget: Bool
    private var tokens: [Token]
    private var i = 0
    private let end: Int

    package init(_ text: String, graph: SceneGraph, allowsTarget: Bool = false) {
        self.graph = graph
        self.allowsTarget = allowsTarget
        tokens = Token.split(text)
        end = text.count + 1
    }

    /// A whole condition.
    package static func condition(
        _ text: String, graph: SceneGraph, allowsTarget: Bool = false
    ) throws(Diagnostic) -> Condition {
        var p = ConditionParser(text, graph: graph, allowsTarget: allowsTarget)
        let c = try p.disjunction()
        try p.finish()
        return c
    }

    /// A whole expression (a `set` VALUE of §13.3).
    package static func expression(
        _ text: String, graph: SceneGraph, allowsTarget: Bool = false
    ) throws(Diagnostic) -> Expression {
        var p = ConditionParser(text, graph: graph, allowsTarget: allowsTarget)
        let e = try p.expression()
        try p.finish()
        return e
    }

    /// The suffixes a condition reads beyond `expect`'s fields.
    static let extraFields = ["delta", "start", "target"]

    // MARK: Grammar

    private var peek: Token? { i < tokens.count ? tokens[i] : nil }

    private func error(_ message: String, at token: Token?, suggestion: String? = nil)
        -> Diagnostic
    {
        guard let token else { return Diagnostic(message, column: end, suggestion: suggestion) }
        return Diagnostic(message, at: token, suggestion: suggestion)
    }

    private mutating func next(_ what: String) throws(Diagnostic) -> Token {
        guard let t = peek else { throw error("missing \(what)", at: nil) }
        i += 1
        return t
    }

    private func finish() throws(Diagnostic) {
        if let t = peek {
            throw error(
                "unexpected '\(t.text)'", at: t,
                suggestion: Suggest.closest(to: t.text, in: ["and", "or"]))
        }
    }

    private mutating func disjunction() throws(Diagnostic) -> Condition {
        var parts = [try conjunction()]
        while peek?.text == "or" {
            i += 1
            parts.append(try conjunction())
        }
        return parts.count == 1 ? parts[0] : .any(parts)
    }

    private mutating func conjunction() throws(Diagnostic) -> Condition {
        var parts = [try atom()]
        while peek?.text == "and" {
            i += 1
            parts.append(try atom())
        }
        return parts.count == 1 ? parts[0] : .all(parts)
    }

    private mutating func atom() throws(Diagnostic) -> Condition {
        let first = try next("a condition")
        if first.text == "touch.on" {
            let t = try next("an ID after touch.on")
            let grabber = ".grabber"
            if t.text.hasSuffix(grabber), t.text.count > grabber.count {
                let id = String(t.text.dropLast(grabber.count))
                let n = try node(id, at: t)
                guard graph.nodes[n].kind.isSheet else {
                    throw error("'\(id)' is not a sheet: only a sheet has a grabber", at: t)
                }
                return .touchOnGrabber(n)
            }
            return .touchOn(try node(t.text, at: t))
        }
        let path = try self.path(first)
        let opToken = try next("an operator")
        guard let op = ExpectOp(rawValue: opToken.text) else {
            throw error(
                "unknown operator '\(opToken.text)'", at: opToken,
                suggestion: Suggest.closest(
                    to: opToken.text, in: ExpectOp.allCases.map(\.rawValue)))
        }
        let value: ConditionValue
        if path.readsWords {
            guard op == .eq || op == .ne else {
                throw error("\(first.text) compares with == or !=", at: opToken)
            }
            value = .word(try word(for: path, first.text))
        } else {
            value = .expression(try expression())
        }
        var tolerance: Double?
        if peek?.text == "±" || peek?.text == "+-" {
            i += 1
            let t = try next("a TOL")
            guard let n = CommandParser.decimal(t.text), n.isFinite, n >= 0 else {
                throw error("TOL is a number not below 0, got '\(t.text)'", at: t)
            }
            tolerance = n
        }
        return .compare(path, op, value, tolerance: tolerance)
    }

    private mutating func expression() throws(Diagnostic) -> Expression {
        var e = Expression(try operand())
        while let t = peek, let op = Arithmetic(rawValue: t.text) {
            i += 1
            e.rest.append(Expression.Term(op, try operand()))
        }
        return e
    }

    private mutating func operand() throws(Diagnostic) -> Expression.Operand {
        let t = try next("a VALUE")
        if let n = CommandParser.decimal(t.text) {
            guard n.isFinite, abs(n) <= CommandParser.maxMagnitude else {
                throw error("VALUE is out of range", at: t)
            }
            return .number(n)
        }
        let p = try path(t)
        guard !p.readsWords else { throw error("\(t.text) is not a number", at: t) }
        return .path(p)
    }

    // MARK: Paths and words

    /// A PATH: one of `expect`'s, or `ID.delta`, `ID.start`, `ID.target`.
    private func path(_ t: Token) throws(Diagnostic) -> ConditionPath {
        let text = t.text
        if let dot = text.lastIndex(of: "."), dot != text.startIndex {
            let id = String(text[..<dot])
            let field = String(text[text.index(after: dot)...])
            if Self.extraFields.contains(field) {
                let n = try node(id, at: t)
                guard graph.motion[n].axis != nil else {
                    throw error("'\(id)' does not scroll: it has no \(field)", at: t)
                }
                switch field {
                case "delta": return .delta(n)
                case "start": return .start(n)
                default:
                    guard allowsTarget else {
                        throw error("\(text) is read only in a release rule", at: t)
                    }
                    return .target(n)
                }
            }
        }
        guard let p = ExpectPath(text) else {
            throw error(
                "unknown PATH '\(text)'", at: t, suggestion: CommandParser.pathSuggestion(text))
        }
        switch p {
        case .owner: return .owner
        case .phase: return .phase
        case .time: return .time
        case .touch: return .touch
        case .tap: return .tap
        case .unconsumed: return .unconsumed
        case .stopped:
            throw error(
                "stopped is the debugger's, not the app's: a condition cannot read it", at: t)
        case .touchState:
            throw error("a condition cannot read touch.state; use touch.on ID", at: t)
        case .ledger(let id): return .ledger(try node(id, at: t))
        case .value(let id, let field):
            let n = try node(id, at: t)
            let node = graph.nodes[n]
            switch field {
            case .alpha: return .alpha(n)
            case .offset where node.scroll != nil: return .offset(n)
            case .page where node.kind.pages != nil: return .page(n)
            case .top where node.kind.isSheet: return .top(n)
            case .height where node.stretches: return .height(n)
            case .offset, .page, .top, .height:
                throw error("'\(id)' has no \(field.rawValue)", at: t)
            }
        }
    }

    /// A node by id, or an error with the closest id.
    private func node(_ id: String, at t: Token) throws(Diagnostic) -> Int {
        guard let n = graph.index(of: id) else {
            // The word as typed with the id replaced (`studio.offset` → `studios.offset`).
            let word = t.text
            let rest = word.starts(with: id) ? String(word.dropFirst(id.count)) : ""
            let suggestion = Suggest.closest(to: id, in: graph.ids).map { $0 + rest }
            throw error("no node '\(id)'", at: t, suggestion: suggestion)
        }
        return n
    }

    /// The word a word path is compared with.
    private mutating func word(for path: ConditionPath, _ pathText: String) throws(Diagnostic)
        -> ConditionWord
    {
        let t = try next("a VALUE")
        let w = t.text
        if w == "none" || w == "null" { return .none }
        switch path {
        case .phase:
            guard let phase = Phase(rawValue: w) else {
                throw error(
                    "unknown phase '\(w)' (\(CommandParser.phases.joined(separator: ", ")))", at: t,
                    suggestion: Suggest.closest(to: w, in: CommandParser.phases))
            }
            return .phase(phase)
        case .owner:
            guard let n = graph.index(of: w) else {
                throw error(
                    "owner is an id or none; no node '\(w)'", at: t,
                    suggestion: Suggest.closest(to: w, in: graph.ids + ["none"]))
            }
            return .node(n)
        default:
            if path == .tap, let tap = ConditionWord.TapWord(rawValue: w) { return .tap(tap) }
            return .target(try target(t))
        }
    }

    /// `ID` or `ID[N]`.
    private func target(_ t: Token) throws(Diagnostic) -> Target {
        let w = t.text
        guard let open = w.firstIndex(of: "[") else { return Target(try node(w, at: t)) }
        let id = String(w[..<open])
        guard w.hasSuffix("]"),
            let item = Int(w[w.index(after: open)..<w.index(before: w.endIndex)]),
            item >= 0
        else { throw error("expected ID or ID[N], got '\(w)'", at: t) }
        return Target(try node(id, at: t), item: item)
    }
}
