import HandoffCore

/// A scroll view's configuration, made once its children are known: axis, content, insets.
extension UIKitImporter {
    /// Axis, content, insets, offset and bounce of a scroll view, once its children are known.
    func finishScroll(_ i: Int, _ drafts: inout [Draft]) {
        guard drafts[i].node.scroll != nil else { return }
        let v = drafts[i].view
        let f = v.fields
        let frame = drafts[i].node.frame
        let base = f["baseClass"]
        let table = Self.isTable(v.className, base: base)
        let collection = Self.isCollection(v.className, base: base)
        var guesses: [String] = []
        // Content: contentSize, or the extent of the children measured from 0.
        var size: (w: Double, h: Double)
        if let s = f["contentSize"].flatMap({ UIKitDump.numbers($0, count: 2) }) {
            size = (s[0], s[1])
        } else {
            var w = 0.0
            var h = 0.0
            for c in drafts[i].children {
                w = max(w, drafts[c].node.frame.x + drafts[c].node.frame.width)
                h = max(h, drafts[c].node.frame.y + drafts[c].node.frame.height)
            }
            size = (w, h)
            guesses.append(
                "content: no contentSize; the children reach \(format(w))×\(format(h))")
        }
        let offset = f["contentOffset"].flatMap { UIKitDump.numbers($0, count: 2) } ?? [0, 0]
        let adjusted = f["adjustedContentInset"].flatMap { UIKitDump.numbers($0, count: 4) }
        let inset = adjusted ?? [0, 0, 0, 0]
        let pager = v.className == "_UIQueuingScrollView" && !drafts[i].children.isEmpty
        let axis: Axis
        if pager {
            axis = .horizontal
        } else if table || size.h + inset[0] + inset[2] > frame.height {
            axis = .vertical
            if !table {
                guesses.append(
                    "axis vertical: content \(format(size.h)) is taller than the frame \(format(frame.height))"
                )
            }
        } else if size.w + inset[1] + inset[3] > frame.width {
            axis = .horizontal
            guesses.append(
                "axis horizontal: content \(format(size.w)) is wider than the frame \(format(frame.width))"
            )
        } else {
            axis = .vertical
            guesses.append("axis vertical: the content fits the frame both ways")
        }
        var c = drafts[i].node.scroll ?? ScrollConfig()
        c.axis = axis
        let vertical = axis == .vertical
        let at = vertical ? offset[1] : offset[0]
        c.content = max(0, vertical ? size.h : size.w)
        if let adjusted {
            let lead = vertical ? adjusted[0] : adjusted[1]
            let trail = vertical ? adjusted[2] : adjusted[3]
            c.insetLeading = max(0, lead)
            c.insetTrailing = max(0, trail)
            if lead < 0 || trail < 0 {
                guesses.append("inset: negative adjustedContentInset read as 0")
            }
        } else {
            c.insetLeading = max(0, -at)
            guesses.append(
                "inset: no adjustedContentInset (before iOS 11): leading \(format(c.insetLeading)) = max(0, -offset), trailing 0"
            )
        }
        let viewport = vertical ? frame.height : frame.width
        if table || collection || pager {
            c.bounces = true
        } else {
            c.bounces = c.content > viewport
            guesses.append(
                c.bounces
                    ? "bounces: the content exceeds the frame"
                    : "bounces false: a plain scroll view whose content fits its frame")
        }
        let lo = -c.insetLeading
        let hi = max(lo, c.content + c.insetTrailing - viewport)
        if at != lo { c.offset = at }
        if at < lo || at > hi {
            guesses.append(
                "offset \(format(at)) is outside \(format(lo))…\(format(hi)): imported as overscroll"
            )
            if !c.bounces {
                c.bounces = true
                guesses.append("bounces: it was overscrolled in the dump")
            }
        }
        drafts[i].node.kind = pager ? .pager(c) : .scroll(c)
        if pager {
            guesses.append("pager: _UIQueuingScrollView (UIPageViewController)")
            // UIPageViewController lists its page views in no particular order; a pager's pages
            // are laid out at i × width, so they are taken in the order of their x.
            let order = drafts[i].children
            let byX = order.enumerated().sorted {
                let (a, b) = (drafts[$0.element].node.frame.x, drafts[$1.element].node.frame.x)
                return a != b ? a < b : $0.offset < $1.offset
            }.map(\.element)
            if byX != order {
                drafts[i].children = byX
                guesses.append("pages: ordered by their x, not as the dump lists them")
            }
        }
        drafts[i].guesses += guesses
    }
}
