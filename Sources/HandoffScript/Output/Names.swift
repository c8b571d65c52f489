import HandoffCore

/// Turns the simulator's indices into the ids users see.
package struct Names {
    /// The graph behind one reference: a session makes its `Names` once a load and hands it to
    /// every command's renderer as one word (a `SceneGraph` by value, 216 bytes, was copied for
    /// each command).
    private let shared: Shared
    var graph: SceneGraph { shared.graph }

    package init(_ graph: SceneGraph) { shared = Shared(graph: graph) }

    private final class Shared: Sendable {
        let graph: SceneGraph
        init(graph: SceneGraph) { self.graph = graph }
    }

    package func id(_ i: Int) -> String { graph.nodes[i].id }

    /// `ID` or `ID[N]` (put together on the stack: this names most touches and taps).
    package func target(_ t: Target) -> String {
        guard let item = t.item, item >= 0 else {
            return t.item.map { "\(id(t.node))[\($0)]" } ?? id(t.node)
        }
        let name = id(t.node)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: name.utf8.count + 22) {
            buffer in
            var end = buffer[0...].initialize(from: name.utf8).1
            buffer[end] = UInt8(ascii: "[")
            end = NumberFormat.writeDigits(UInt64(item), into: buffer, at: end + 1)
            buffer[end] = UInt8(ascii: "]")
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[...end]), as: UTF8.self)
        }
    }

    /// The name of page `p` of a pager or switcher (its page node's id).
    package func page(_ c: Int, _ p: Int) -> String {
        let kids = graph.children[c]
        return p >= 0 && p < kids.count ? id(kids[p]) : String(p)
    }

    /// The name of segment `k` of a tabs control.
    package func segment(_ tabs: Int, _ k: Int) -> String {
        let segments = graph.nodes[tabs].segments
        return k >= 0 && k < segments.count ? segments[k] : String(k)
    }

    /// A sheet's detent name at a top, if it is one.
    package func detent(_ s: Int, top: Double) -> String? {
        // (The flat flag first: most springs are not a sheet's, and a node is costly to read.)
        guard graph.motion[s].isSheet else { return nil }
        return graph.nodes[s].sheet?.detents.first { abs($0.top - top) < 1e-9 }?.name
    }

    /// Spring targets are offsets; for sheets users think in tops.
    package func springTarget(_ n: Int, _ offset: Double) -> Double {
        if graph.motion[n].isSheet, let s = graph.nodes[n].sheet { return s.bottomMost - offset }
        return offset
    }
}

/// Up to 16 bytes of text in two words, the first byte in the lowest and the bytes past the text
/// zero (so that two spellings are equal when their texts are).
package struct Spelling: Equatable, Sendable {
    let low: UInt64
    let high: UInt64
    let count: Int
    /// Whether a byte is outside printable ASCII (`TextOutput.escape` then looks at the line).
    let odd: Bool
}

extension Spelling {
    /// `s`'s bytes; nil past 16.
    init?(_ s: String) {
        guard s.utf8.count <= 16 else { return nil }
        var words: (UInt64, UInt64) = (0, 0)
        for (k, b) in s.utf8.enumerated() {
            if k < 8 {
                words.0 |= UInt64(b) << (8 * k)
            } else {
                words.1 |= UInt64(b) << (8 * (k - 8))
            }
        }
        self.init(
            low: words.0, high: words.1, count: s.utf8.count,
            odd: s.utf8.contains { $0 < 0x20 || $0 > 0x7E })
    }
}
