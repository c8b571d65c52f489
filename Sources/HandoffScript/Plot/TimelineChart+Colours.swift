import HandoffCore

/// The colours of lanes, nodes and phases, and each lane's caption.
extension TimelineChart {
    static let palette = [
        "#4e79a7", "#f28e2b", "#59a14f", "#b07aa1", "#76b7b2", "#edc948", "#9c755f", "#ff9da7",
        "#bab0ac", "#e15759",
    ]

    /// The colour of lane `k` (and of its node in the owner band).
    func colour(lane k: Int) -> String { Self.palette[k % Self.palette.count] }

    /// The colour of a node in the owner band: its lane's, or grey.
    func colour(node: Int) -> String {
        guard let k = timeline.lanes.entries.firstIndex(where: { $0.node == node }) else {
            return "#888888"
        }
        return colour(lane: k)
    }

    static func colour(_ phase: Phase) -> String {
        switch phase {
        case .idle: "#eceff1"
        case .touching: "#ffe9a8"
        case .panning: "#9cc3e6"
        case .animating: "#b9dfb0"
        }
    }

    /// What a lane shows, in words.
    func caption(_ k: Int) -> (id: String, what: String) {
        let e = timeline.lanes.entries[k]
        let n = timeline.graph.nodes[e.node]
        switch e.kind {
        case .offset:
            let axis = n.scroll.map { $0.axis.rawValue } ?? ""
            let follows = n.scroll?.parallax.map { ", follows \($0.follows)" } ?? ""
            return (n.id, "\(n.kind.name.rawValue) offset, \(axis)\(follows)")
        case .top: return (n.id, "sheet top y")
        case .height: return (n.id, "stretching height")
        }
    }
}
