/// Where each part of a command was typed: the few (part, range) pairs of one command. A command
/// has at most four parts but for `expect` and `plot`; those four are kept in place (no
/// allocation: a dictionary, and then a list, cost more to fill than the rest of the parse),
/// more go to a list.
package struct PartRanges: Equatable, Sendable, ExpressibleByDictionaryLiteral {
    private struct Entry: Equatable, Sendable {
        var part: ParsedCommand.Part
        var range: SourceRange
    }

    private var first: Entry?
    private var second: Entry?
    private var third: Entry?
    private var fourth: Entry?
    private var more: [Entry] = []

    package init() {}

    package init(dictionaryLiteral elements: (ParsedCommand.Part, SourceRange)...) {
        for (part, range) in elements { self[part] = range }
    }

    /// Every (part, range) kept, in the order first set.
    private var entries: [Entry] { [first, second, third, fourth].compactMap { $0 } + more }

    /// Where `part` was typed, if it was.
    package subscript(part: ParsedCommand.Part) -> SourceRange? {
        get {
            if first?.part == part { return first?.range }
            if second?.part == part { return second?.range }
            if third?.part == part { return third?.range }
            if fourth?.part == part { return fourth?.range }
            return more.first { $0.part == part }?.range
        }
        set {
            if first?.part == part {
                first = newValue.map { Entry(part: part, range: $0) }
            } else if second?.part == part {
                second = newValue.map { Entry(part: part, range: $0) }
            } else if third?.part == part {
                third = newValue.map { Entry(part: part, range: $0) }
            } else if fourth?.part == part {
                fourth = newValue.map { Entry(part: part, range: $0) }
            } else if let k = more.firstIndex(where: { $0.part == part }) {
                if let r = newValue { more[k].range = r } else { more.remove(at: k) }
            } else if let r = newValue {
                let e = Entry(part: part, range: r)
                if first == nil {
                    first = e
                } else if second == nil {
                    second = e
                } else if third == nil {
                    third = e
                } else if fourth == nil {
                    fourth = e
                } else {
                    more.append(e)
                }
            }
        }
    }

    /// The same parts at the same places, in whatever order they were typed.
    package static func == (a: PartRanges, b: PartRanges) -> Bool {
        let x = a.entries
        let y = b.entries
        return x.count == y.count && x.allSatisfy { b[$0.part] == $0.range }
    }
}
