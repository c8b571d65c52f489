/// The one interface every output implements (text, `--json`, the timeline): it receives each
/// fact as a `FactDescription` from `FactDescriber`, which holds the only switch over the facts.
///
/// `text` and `fields` are built only when a renderer asks for them, so the text renderer never
/// builds JSON fields and the JSON renderer never formats text.
package protocol FactRenderer {
    /// One fact: its description, its text lines (written into a `TextOutput`, each ended with
    /// `endLine`) and its fields in order.
    mutating func fact(
        _ d: FactDescription, text: (inout TextOutput) -> Void,
        fields: () -> [(String, FactValue)])
    /// Whether the renderer reads a description's markers (they are not even listed for one
    /// that ignores them).
    static var readsMarks: Bool { get }
}

extension FactRenderer {
    /// Text and `--json` draw no timeline: they ignore markers.
    package static var readsMarks: Bool { false }

    /// The describer's one way to hand a fact over: its markers are listed only when `readsMarks`.
    mutating func describe(
        _ kind: String, at moment: Moment?, role: LineRole = .plain,
        marks: @autoclosure () -> TimelineMark.Kinds = [],
        _ text: (inout TextOutput) -> Void,
        _ fields: @autoclosure () -> [(String, FactValue)]
    ) {
        fact(
            FactDescription(
                kind: kind, moment: moment, role: role,
                marks: Self.readsMarks ? marks() : TimelineMark.Kinds()),
            text: text, fields: fields)
    }

    /// `describe` for a fact whose text is put together as whole lines.
    mutating func describe(
        _ kind: String, at moment: Moment?, role: LineRole = .plain,
        marks: @autoclosure () -> TimelineMark.Kinds = [],
        lines: @autoclosure () -> [String],
        _ fields: @autoclosure () -> [(String, FactValue)]
    ) {
        describe(
            kind, at: moment, role: role, marks: marks(),
            { out in for s in lines() { out.line(s) } }, fields())
    }
}
