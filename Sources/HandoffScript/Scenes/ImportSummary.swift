/// What importing a UIKit dump gave, as `load` reports it (SPEC §11): a fact's value, printed as
/// `53 views, 1 scroll view, 0 lines skipped` and in JSON as numbers.
package struct ImportSummary: Equatable, Sendable {
    package var views: Int
    package var scrollViews: Int
    /// Non-blank lines that were not views.
    package var skipped: Int
    /// Cut-off view lines dropped with a warning.
    package var dropped: Int

    /// `12 views, 2 scroll views, 3 lines skipped` (and what was dropped).
    package var text: String {
        var s =
            "\(Plural.count(views, "view")), \(Plural.count(scrollViews, "scroll view")), \(Plural.count(skipped, "line")) skipped"
        if dropped > 0 { s += ", \(Plural.count(dropped, "cut-off line")) dropped" }
        return s
    }
}
