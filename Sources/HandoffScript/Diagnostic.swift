/// A user error in a command line: what is wrong, where, and how to write it instead.
package struct Diagnostic: Error, Equatable, Sendable {
    package var message: String
    /// 1-based column of the bad token (in characters), and its length.
    package var column: Int
    package var length: Int
    package var usage: String?
    package var suggestion: String?

    package init(
        _ message: String, column: Int = 1, length: Int = 1, usage: String? = nil,
        suggestion: String? = nil
    ) {
        self.message = message
        self.column = column
        self.length = length
        self.usage = usage
        self.suggestion = suggestion
    }

    package init(
        _ message: String, at token: Token, usage: String? = nil, suggestion: String? = nil
    ) {
        self.init(
            message, column: token.column, length: max(1, token.text.count), usage: usage,
            suggestion: suggestion)
    }

    /// The rendered error: `[LINE:COL: ]error: …`, the line with a caret under the bad token,
    /// the command's usage and a "did you mean".
    package func render(line raw: String, lineNumber: Int?) -> [String] {
        let source = Self.visible(raw)
        var head = "error: " + Self.visible(message)
        if let suggestion { head += "; did you mean '\(suggestion)'?" }
        if let lineNumber { head = "\(lineNumber):\(column): " + head }
        var out = [head, "  " + source]
        out.append(
            "  " + String(repeating: " ", count: max(0, column - 1)) + "^"
                + String(repeating: "~", count: max(0, length - 1)))
        if let usage { out.append("usage: " + usage) }
        return out
    }
}

extension Diagnostic {
    /// Control characters shown as U+FFFD, one for one, so the caret stays under its token.
    static func visible(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            return s
        }
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars {
            out.append(u.value < 0x20 || u.value == 0x7F ? "\u{FFFD}" : u)
        }
        return String(out)
    }
}

/// Edit distance, for "did you mean".
package enum Suggest {
    package static func closest(to word: String, in candidates: [String]) -> String? {
        let w = Array(word.lowercased())
        var best: (String, Int)?
        for c in candidates {
            let d = distance(w, Array(c.lowercased()))
            let limit = max(1, min(3, c.count / 3 + 1))
            if d <= limit, best == nil || d < best!.1 { best = (c, d) }
        }
        if best == nil,
            let prefixed = candidates.first(where: { $0.hasPrefix(word) && !word.isEmpty })
        {
            return prefixed
        }
        return best?.0
    }

    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev = Array(0...b.count)
        for i in 1...a.count {
            var cur = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                cur[j] = min(
                    prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            prev = cur
        }
        return prev[b.count]
    }
}
