import HandoffCore

/// One view's node: its frame, flags and origin, and whether its class scrolls or is tapped.
extension UIKitImporter {
    func configure(_ d: inout Draft, isRoot: Bool, _ scrolls: inout Int) {
        let v = d.view
        let f = v.fields
        if let fr = f["frame"].flatMap(UIKitDump.frame) {
            d.node.frame = Rect(fr[0], fr[1], fr[2], fr[3])
        } else {
            d.guesses.append("frame: the dump prints none")
        }
        if f["hidden"] == "YES" { d.node.hidden = true }
        if let a = f["alpha"].flatMap(Double.init) { d.node.alpha = min(1, max(0, a)) }
        if f["userInteractionEnabled"] == "NO" { d.node.interactive = false }
        d.node.origin = NodeOrigin(className: v.className, address: v.address)
        let base = f["baseClass"]
        let isScroll =
            f["contentOffset"] != nil || Self.isScrollClass(v.className)
            || base.map(Self.isScrollClass) == true
        if isScroll {
            scrolls += 1
            d.node.kind = .scroll(ScrollConfig())
        } else if Self.isTappable(v.className, base: base) {
            d.node.tappable = true
            d.guesses.append("tap: \(v.className) is a cell, button or control")
        }
    }

    static func isScrollClass(_ name: String) -> Bool {
        scrollClasses.contains(name) || name.hasSuffix("ScrollView") || isTable(name, base: nil)
            || isCollection(name, base: nil)
    }

    static func isTable(_ name: String, base: String?) -> Bool {
        name.hasSuffix("TableView") || base == "UITableView"
    }

    static func isCollection(_ name: String, base: String?) -> Bool {
        name.hasSuffix("CollectionView") || base == "UICollectionView"
    }

    static func isTappable(_ name: String, base: String?) -> Bool {
        for n in [name, base ?? ""] where !n.isEmpty {
            if n.hasSuffix("Cell") || n.hasSuffix("Button") || controls.contains(n) { return true }
        }
        return false
    }
}
