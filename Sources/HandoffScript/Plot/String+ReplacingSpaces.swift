extension String {
    /// The string with spaces as hyphens (ids in SVG).
    var replacingSpaces: String { String(map { $0 == " " ? "-" : $0 }) }
}
