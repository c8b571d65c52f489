/// Where each part of a command was typed: the few (part, range) pairs of one command, searched
/// in order. A command has at most a handful of parts; a dictionary cost more to fill than the
/// rest of the parse.
package struct PartRanges: Equatable, Sendable, ExpressibleByDictionaryLiteral {
    private struct Entry: Equatable, Sendable {
        var part: ParsedCommand.Part
        var range: SourceRange
    }

    private var entries: [Entry] = []

    package init() {}

    package init(dictionaryLiteral elements: (ParsedCommand.Part, SourceRange)...) {
        for (part, range) in elements { self[part] = range }
    }

    /// Where `part` was typed, if it was.
    package subscript(part: ParsedCommand.Part) -> SourceRange? {
        get { entries.first { $0.part == part }?.range }
        set {
            let k = entries.firstIndex { $0.part == part }
            switch (k, newValue) {
            case (let k?, let r?): entries[k].range = r
            case (let k?, nil): entries.remove(at: k)
            case (nil, let r?): entries.append(Entry(part: part, range: r))
            case (nil, nil): break
            }
        }
    }

    /// The same parts at the same places, in whatever order they were typed.
    package static func == (a: PartRanges, b: PartRanges) -> Bool {
        a.entries.count == b.entries.count && a.entries.allSatisfy { b[$0.part] == $0.range }
    }
}
