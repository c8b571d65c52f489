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

    /// The file's text for a timeline over `window` (seconds; nil ends: the whole timeline).
    package func render(_ timeline: Timeline, from: Double?, to: Double?) -> String {
        switch self {
        case .jsonl: return timeline.jsonLines(from: from, to: to)
        case .svg: return TimelineChart(timeline, from: from, to: to).svg
        case .html: return TimelineChart(timeline, from: from, to: to).html
        }
    }
}
