import HandoffCore

/// The words of the core's named states, written as the text they are in the source: a
/// `StaticString` is a store or two, where the `rawValue` is a `String` to measure and check
/// (these are on most lines: a share's phase, a recognizer's state, an animation's kind). Each
/// word is its case's `rawValue` (`TextOutputTests` compares them).
extension LineWriter {
    /// `pre`, `self`, `post`, `overscroll`.
    mutating func put(_ phase: SharePhase) {
        switch phase {
        case .pre: put("pre" as StaticString)
        case .self: put("self" as StaticString)
        case .post: put("post" as StaticString)
        case .overscroll: put("overscroll" as StaticString)
        }
    }

    /// `possible`, `began`, … `recognized`.
    mutating func put(_ state: RecognizerState) {
        switch state {
        case .possible: put("possible" as StaticString)
        case .began: put("began" as StaticString)
        case .changed: put("changed" as StaticString)
        case .ended: put("ended" as StaticString)
        case .cancelled: put("cancelled" as StaticString)
        case .failed: put("failed" as StaticString)
        case .recognized: put("recognized" as StaticString)
        }
    }

    /// `vertical`, `horizontal`.
    mutating func put(_ axis: Axis) {
        switch axis {
        case .vertical: put("vertical" as StaticString)
        case .horizontal: put("horizontal" as StaticString)
        }
    }

    /// `momentum`, `bounce`, `page`, `detent`, `snap`, `transition`.
    mutating func put(_ kind: AnimationKind) {
        switch kind {
        case .momentum: put("momentum" as StaticString)
        case .bounce: put("bounce" as StaticString)
        case .page: put("page" as StaticString)
        case .detent: put("detent" as StaticString)
        case .snap: put("snap" as StaticString)
        case .transition: put("transition" as StaticString)
        }
    }

    /// User text in single quotes: `'S'`.
    mutating func quoted(_ s: String) {
        put(byte: UInt8(ascii: "'"))
        put(s)
        put(byte: UInt8(ascii: "'"))
    }

    /// `Names.page`: the id of page `p` of `c` (its number when it has no such page).
    mutating func put(page p: Int, of c: Int, _ n: Names) {
        let kids = n.graph.children[c]
        if p >= 0 && p < kids.count { put(id: kids[p], n) } else { put(p) }
    }

    /// `Names.target`: `ID` or `ID[N]`.
    mutating func put(_ t: Target, _ n: Names) {
        put(id: t.node, n)
        guard let item = t.item else { return }
        put("[" as StaticString)
        put(item)
        put("]" as StaticString)
    }
}
