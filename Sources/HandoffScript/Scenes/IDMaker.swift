/// Ids from class names (SPEC §11): last dotted component, no leading `_`, no uppercase prefix,
/// first letter lowercased; the first of a name unnumbered, later ones `2`, `3`, … in tree order.
struct IDMaker {
    private var counts: [String: Int] = [:]
    private var taken: Set<String> = []

    static func base(for className: String) -> String {
        var name = Substring(className.split(separator: ".").last ?? Substring(className))
        while name.first == "_" { name.removeFirst() }
        var scalars = Array(name.unicodeScalars.filter { $0.isASCII })
        // `UITableView` → `TableView`: drop every leading capital but the last before lowercase.
        var caps = 0
        while caps < scalars.count, scalars[caps].properties.isUppercase { caps += 1 }
        if caps >= 2, caps < scalars.count { scalars.removeFirst(caps - 1) }
        var id = String(String.UnicodeScalarView(scalars)).filter {
            $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-"
        }
        if id.isEmpty { return "view" }
        id = id.prefix(1).lowercased() + id.dropFirst()
        return id
    }

    private var bases: [String: String] = [:]

    mutating func next(for className: String) -> String {
        let base: String
        if let b = bases[className] {
            base = b
        } else {
            base = Self.base(for: className)
            bases[className] = base
        }
        var n = counts[base, default: 0] + 1
        var id = n == 1 ? base : "\(base)\(n)"
        while taken.contains(id) {
            n += 1
            id = "\(base)\(n)"
        }
        counts[base] = n
        taken.insert(id)
        return id
    }
}
