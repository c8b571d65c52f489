/// The one interface every output implements (text, `--json`, the timeline): it receives each
/// fact as a structured value from `FactDescriber`, which holds the only switch over the facts.
///
/// `text` and `fields` are built only when a renderer asks for them, so the text renderer never
/// builds JSON fields and the JSON renderer never formats text.
package protocol FactRenderer {
    /// One fact: its kind (the JSON `kind`), when it happened (simulator facts), its role, its text
    /// lines (written into a `TextOutput`, each ended with `endLine`) and its fields in order.
    mutating func fact(
        _ kind: String, at moment: Moment?, role: LineRole, text: (inout TextOutput) -> Void,
        fields: () -> [(String, FactValue)])
    /// The fact that follows makes these markers of the timeline (SPEC §12).
    mutating func mark(_ kinds: [TimelineMark.Kind])
    /// Whether `mark` does anything (the markers are not even listed for a renderer that ignores
    /// them: no array per fact).
    static var readsMarks: Bool { get }
}

extension FactRenderer {
    /// Text and `--json` draw no timeline: they ignore markers.
    package mutating func mark(_ kinds: [TimelineMark.Kind]) {}

    package static var readsMarks: Bool { false }
}
