/// Where the timeline's markers go: each in its strip (`TimelineMark.Kind.row`) at its time's x,
/// on the first line of the strip where its box overlaps no other (a strip grows to
/// `maxLines` lines), a handoff with its `from → to` label beside it where the label fits.
/// Markers of one kind in one pixel column are one marker with a count; a marker that finds
/// no room even then joins the marker in its way (its tooltip counts it). So no two boxes
/// overlap, and no marker hides another without saying so.
struct MarkLayout {
    /// A marker as drawn.
    struct Placed {
        var mark: TimelineMark
        /// How many markers it stands for (itself included).
        var count: Int
        /// The kinds of those that joined it from other kinds (for its tooltip).
        var joined: [TimelineMark.Kind] = []
        var x: Double
        var strip: Int
        var line: Int
        /// The label drawn beside it, and on which side.
        var label: String?
        var labelLeft = false
    }

    /// Half the side of the box every glyph fits in (the lift's ring: radius 6.5, stroke 1.6).
    static let radius = 7.5
    /// The gap between a glyph and its label.
    static let labelGap = 3.0
    static let labelSize = 10.0
    /// Lines a strip may grow to.
    static let maxLines = 3

    private(set) var placed: [Placed] = []
    /// Lines used per strip (at least one).
    private(set) var lines: [Int]

    /// Lays out `marks` at `x(time)` (which grows with time), labels (`label(mark)`) only inside
    /// `minX...maxX`.
    init(
        _ marks: [(mark: TimelineMark, count: Int)], strips: Int, x: (Double) -> Double,
        minX: Double, maxX: Double, label: (TimelineMark) -> String?
    ) {
        lines = Array(repeating: 1, count: strips)
        // Per strip and line: the boxes taken (low, high x, the marker's x), in the order placed
        // (the markers' x never decreases).
        var taken = Array(
            repeating: Array(repeating: [(Double, Double, Double)](), count: Self.maxLines),
            count: strips)
        let r = Self.radius
        // In time order (a breakpoint's stop is collected after its command's facts), ties in
        // the order given.
        let ordered = marks.indices.sorted {
            (marks[$0].mark.time, $0) < (marks[$1].mark.time, $1)
        }.map { marks[$0] }
        for (mark, count) in ordered {
            let mx = x(mark.time)
            let strip = mark.kind.row
            var choices: [(low: Double, high: Double, label: String?, left: Bool)] = []
            if count == 1, let text = label(mark) {
                let w = TimelineChart.textWidth(text, size: Self.labelSize)
                if mx + r + Self.labelGap + w <= maxX {
                    choices.append((mx - r, mx + r + Self.labelGap + w, text, false))
                }
                if mx - r - Self.labelGap - w >= minX {
                    choices.append((mx - r - Self.labelGap - w, mx + r, text, true))
                }
            }
            choices.append((mx - r, mx + r, nil, false))
            func free(_ line: Int, _ low: Double, _ high: Double) -> Bool {
                // A box reaches right of its marker by less than the plot's width.
                for (a, b, m) in taken[strip][line].reversed() {
                    if m < low - (maxX - minX) - 2 * r { break }
                    if a < high && low < b { return false }
                }
                return true
            }
            var done = false
            search: for choice in choices {
                for line in 0..<Self.maxLines where free(line, choice.low, choice.high) {
                    taken[strip][line].append((choice.low, choice.high, mx))
                    lines[strip] = max(lines[strip], line + 1)
                    placed.append(
                        Placed(
                            mark: mark, count: count, x: mx, strip: strip, line: line,
                            label: choice.label, labelLeft: choice.left))
                    done = true
                    break search
                }
            }
            if !done {
                // No line has room: it joins the nearest marker of its strip, the last placed
                // there (their x never decreases).
                if let i = placed.lastIndex(where: { $0.strip == strip }) {
                    placed[i].count += count
                    if mark.kind != placed[i].mark.kind { placed[i].joined.append(mark.kind) }
                    placed[i].label = nil
                }
            }
        }
    }
}
