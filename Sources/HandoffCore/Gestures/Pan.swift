/// A recognized pan: its axis, driver, chain and owner (SPEC §5.1).
struct Pan: Equatable, Sendable {
    var axis: Axis
    var driver: Int
    /// Driver first, then every ancestor on the same axis.
    var chain: [Int]
    /// The driver under `nested`; the chosen owner under `uikit` and `outer`; the sheet for a pan
    /// begun on an animating sheet.
    var owner: Int
    /// Under `uikit` and `outer`, the only node that consumes.
    var ownerOnly: Bool
    /// Page of a pager driver when the gesture began.
    var startPage: Int
    /// Top of the first sheet in the chain when the gesture began.
    var sheetStart: Double?
    var lastConsumer: Int?
    /// The first node inside the chain's sheet that took a non-zero share during this gesture
    /// (SPEC §5.5 rule 1: then a sheet resting on a detent takes nothing at release).
    var innerShare: Int? = nil
    /// Under `uikit` and `outer`, the nodes paired with the owner in `simultaneous` that began
    /// beside it (SPEC §13.2): each takes every move's whole delta on its own.
    var partners: [Int] = []
}
