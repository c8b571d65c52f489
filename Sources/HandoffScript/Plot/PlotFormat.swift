/// What `plot` writes, chosen by the output file's extension (SPEC §12).
package enum PlotFormat: String, CaseIterable, Sendable {
    /// A picture that stands alone.
    case svg
    /// The picture with hover read-outs, fully offline.
    case html
    /// One JSON object per sampled moment.
    case jsonl

    /// The format a path's extension names, or nil.
    package init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// `render`, handed to `write` in pieces as it is made (JSON Lines: about 64 KB at a time,
    /// so a long session's rows are never one string).
    package func render(
        _ timeline: Timeline, from: Double?, to: Double?, into write: (String) -> Void
    ) {
        switch self {
        case .jsonl: timeline.jsonLines(from: from, to: to, into: write)
        case .svg, .html: write(render(timeline, from: from, to: to))
        }
    }

    /// The file's text for a timeline over `window` (seconds; nil ends: the whole timeline).
    package func render(_ timeline: Timeline, from: Double?, to: Double?) -> String {
        switch self {
        case .jsonl: return timeline.jsonLines(from: from, to: to)
        case .svg: return TimelineChart(timeline, from: from, to: to).svg
        case .html: return TimelineChart(timeline, from: from, to: to).html
        }
    }
}
