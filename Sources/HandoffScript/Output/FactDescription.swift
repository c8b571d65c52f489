/// What a fact is, as every output reads it: its kind (the JSON `kind`), when it happened
/// (simulator facts), its role (how a terminal colours its lines) and the timeline markers it
/// makes. `FactDescriber` hands each fact to a renderer as one description, with its text pieces
/// and its fields beside it (made only when a renderer asks for them).
package struct FactDescription: Equatable, Sendable {
    package var kind: String
    package var moment: Moment?
    package var role: LineRole
    /// Listed only for a renderer that reads them (`FactRenderer.readsMarks`): empty otherwise.
    package var marks: TimelineMark.Kinds

    package init(kind: String, moment: Moment?, role: LineRole, marks: TimelineMark.Kinds) {
        self.kind = kind
        self.moment = moment
        self.role = role
        self.marks = marks
    }
}
