import HandoffCore
import Yams

/// Typed readers of YAML nodes for `SceneLoader`: each returns the value or throws a
/// `SceneError` at the node's position, and YAML's own errors are placed where the mistake is.
extension SceneLoader {
    func fail(_ mark: Mark?, _ message: String) -> SceneError {
        SceneError(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, message: message)
    }

    func yamlError(_ e: YamlError) -> SceneError {
        switch e {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
            .composer(_, let problem, let mark, _):
            return fail(mark, "invalid YAML: \(problem)")
        case .duplicatedKeysInMapping(let dups, let context):
            // Yams marks the first occurrence; point at the second, which is the mistake.
            let key = dups.first ?? ""
            let message = "duplicate key '\(dups.joined(separator: "', '"))'"
            guard let at = Self.secondOccurrence(of: key, after: context.mark, in: text) else {
                return fail(context.mark, message)
            }
            return SceneError(file: file, line: at.line, column: at.column, message: message)
        default:
            return fail(nil, "invalid YAML: \(e)")
        }
    }

    /// Where `key` is written a second time in the mapping whose first key is at `first`: later
    /// on the same line (flow style), or on a later line at the same column (block style).
    static func secondOccurrence(of key: String, after first: Mark, in text: String) -> (
        line: Int, column: Int
    )? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            Array($0.unicodeScalars)
        }
        let column = first.column - 1
        guard !key.isEmpty, first.line >= 1, first.line <= lines.count, column >= 0 else {
            return nil
        }
        let word = Array(key.unicodeScalars)
        /// Whether `key` (maybe quoted) followed by `:` starts at `i` of `line`.
        func isKey(_ line: [Unicode.Scalar], at i: Int) -> Bool {
            var j = i
            let quote = j < line.count && (line[j] == "\"" || line[j] == "'") ? line[j] : nil
            if quote != nil { j += 1 }
            guard j + word.count <= line.count, Array(line[j..<(j + word.count)]) == word else {
                return false
            }
            j += word.count
            if let quote {
                guard j < line.count, line[j] == quote else { return false }
                j += 1
            }
            while j < line.count, line[j] == " " { j += 1 }
            return j < line.count && line[j] == ":"
        }
        let head = lines[first.line - 1]
        var i = column + word.count
        while i < head.count {
            if head[i] == "," || head[i] == "{" {
                var k = i + 1
                while k < head.count, head[k] == " " { k += 1 }
                if isKey(head, at: k) { return (first.line, k + 1) }
            }
            i += 1
        }
        for n in first.line..<lines.count {
            let line = lines[n]
            var indent = 0
            while indent < line.count, line[indent] == " " { indent += 1 }
            if indent == line.count || line[indent] == "#" { continue }
            if indent < column { return nil }
            if indent == column, isKey(line, at: indent) { return (n + 1, indent + 1) }
        }
        return nil
    }

    func mapping(_ node: Yams.Node, _ what: String) throws(SceneError) -> [(
        key: String, keyMark: Mark?, value: Yams.Node
    )] {
        guard case .mapping(let m) = node else {
            throw fail(node.mark, "\(what) must be a mapping")
        }
        var out: [(String, Mark?, Yams.Node)] = []
        for (k, v) in m {
            guard let key = k.string else { throw fail(k.mark, "keys must be words") }
            out.append((key, k.mark, v))
        }
        return out
    }

    func sequence(_ node: Yams.Node, _ what: String) throws(SceneError) -> [Yams.Node] {
        guard case .sequence(let s) = node else { throw fail(node.mark, "\(what) must be a list") }
        return Array(s)
    }

    func number(_ node: Yams.Node, _ what: String, min: Double? = nil, max: Double = 1e6)
        throws(SceneError)
        -> Double
    {
        guard case .scalar(let s) = node, let v = CommandParser.decimal(s.string) else {
            throw fail(node.mark, "\(what) must be a number")
        }
        guard v.isFinite, abs(v) <= max else {
            throw fail(node.mark, "\(what) is out of range (at most \(NumberFormat.format(max)))")
        }
        if let min, v < min {
            throw fail(
                node.mark,
                min == 0
                    ? "\(what) must not be negative"
                    : "\(what) must be at least \(NumberFormat.format(min))")
        }
        return v
    }

    func integer(_ node: Yams.Node, _ what: String, max: Int) throws(SceneError) -> Int {
        guard case .scalar(let s) = node, let v = Int(s.string) else {
            throw fail(node.mark, "\(what) must be a whole number")
        }
        guard v >= 0 else { throw fail(node.mark, "\(what) must not be negative") }
        guard v <= max else { throw fail(node.mark, "\(what) is too large (at most \(max))") }
        return v
    }

    func bool(_ node: Yams.Node, _ what: String) throws(SceneError) -> Bool {
        guard case .scalar(let s) = node else {
            throw fail(node.mark, "\(what) must be true or false")
        }
        switch s.string {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw fail(node.mark, "\(what) must be true or false, got '\(s.string)'")
        }
    }

    func word(_ node: Yams.Node, _ what: String) throws(SceneError) -> String {
        guard case .scalar(let s) = node, !s.string.isEmpty else {
            throw fail(node.mark, "\(what) must be a word")
        }
        return s.string
    }

    func choice<T: RawRepresentable>(_ node: Yams.Node, _ what: String, _ all: [T])
        throws(SceneError) -> T
    where T.RawValue == String {
        let w = try word(node, what)
        guard let v = T(rawValue: w) else {
            let names = all.map(\.rawValue)
            var message = "\(what) must be \(names.joined(separator: " or ")), got '\(w)'"
            if let s = Suggest.closest(to: w, in: names) { message += "; did you mean '\(s)'?" }
            throw fail(node.mark, message)
        }
        return v
    }

    func numbers(_ node: Yams.Node, _ what: String, count: Int) throws(SceneError) -> [Double] {
        let items = try sequence(node, what)
        guard items.count == count else {
            throw fail(node.mark, "\(what) must have \(count) numbers")
        }
        var out: [Double] = []
        for item in items { out.append(try number(item, what)) }
        return out
    }

    func unknownKey(_ key: String, _ mark: Mark?, allowed: some Collection<String>, in what: String)
        -> SceneError
    {
        var message = "unknown key '\(Escape.excerpt(key))' in \(what)"
        if let s = Suggest.closest(to: key, in: Array(allowed).sorted()) {
            message += "; did you mean '\(s)'?"
        }
        return fail(mark, message)
    }
}
