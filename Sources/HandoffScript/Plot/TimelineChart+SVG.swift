import HandoffCore

/// The SVG view of the timeline: a picture that stands alone (no script, no external font),
/// carrying the values it draws as data attributes so a test or a tool can read them back.
extension TimelineChart {
    /// Text as XML character data or an attribute value.
    static func xml(_ s: String) -> String {
        var r = ""
        for ch in s.unicodeScalars {
            switch ch {
            case "&": r += "&amp;"
            case "<": r += "&lt;"
            case ">": r += "&gt;"
            case "\"": r += "&quot;"
            default:
                // Control characters are not allowed in XML 1.0.
                if ch.value < 0x20 && ch != "\n" && ch != "\t" {
                    r += "?"
                } else {
                    r.unicodeScalars.append(ch)
                }
            }
        }
        return r
    }

    /// About how wide `text` is at a font size (wide enough for digits and lower case).
    static func textWidth(_ text: String, size: Double = 10) -> Double {
        Double(text.count) * 0.62 * size
    }

    /// `text`, cut short with `…` where it would be wider than `width` at font `size`.
    static func fitted(_ text: String, _ width: Double, size: Double) -> String {
        guard textWidth(text, size: size) > width else { return text }
        let keep = max(0, Int(width / (0.62 * size)) - 1)
        return String(text.prefix(keep)) + "…"
    }

    /// A pixel coordinate with two decimals at most.
    static func px(_ v: Double) -> String { NumberFormat.format(v) }

    var height: Double { legendTop + legendHeight + 12 }

    /// The legend's entries: what the lines, shades and bands mean, then each marker kind
    /// present in the window with its count.
    var legend: [(symbol: String, label: String)] {
        var out: [(String, String)] = [
            ("line", "offset / top / height"), ("range", "range"), ("over", "overscroll"),
        ]
        for p in [Phase.idle, .touching, .panning, .animating] {
            out.append(("phase:" + p.rawValue, p.rawValue))
        }
        var counts: [TimelineMark.Kind: Int] = [:]
        for m in timeline.marks where m.time >= from && m.time <= to {
            counts[m.kind, default: 0] += 1
        }
        for kind in TimelineMark.Kind.allCases {
            if let n = counts[kind] {
                out.append(("mark:" + kind.rawValue, "\(kind.rawValue) (\(n))"))
            }
        }
        return out
    }

    static let legendColumnWidth = 186.0
    static var legendPerRow: Int { Int((width - 40) / legendColumnWidth) }
    var legendHeight: Double {
        Double((legend.count + Self.legendPerRow - 1) / Self.legendPerRow) * 20 + 8
    }

    /// The whole SVG document.
    var svg: String {
        var o = ""
        o.reserveCapacity(64 * 1024)
        let f = Self.px
        let w = Self.width
        let h = height
        let fonts = "system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif"
        o += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        o +=
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(w))\" height=\"\(f(h))\" viewBox=\"0 0 \(f(w)) \(f(h))\" font-family=\"\(fonts)\" font-size=\"11\" data-from=\"\(JSONWriter.number(from))\" data-to=\"\(JSONWriter.number(to))\" data-x0=\"\(f(Self.left))\" data-x1=\"\(f(Self.left + Self.plotWidth))\">\n"
        o += "<title>\(Self.xml(title))</title>\n"
        o += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        o += defs
        o +=
            "<text x=\"16\" y=\"22\" font-size=\"15\" font-weight=\"600\" fill=\"#1f2933\">\(Self.xml(Self.fitted(title, w - 32, size: 15)))</text>\n"
        o +=
            "<text x=\"16\" y=\"37\" fill=\"#52606d\">\(Self.xml(Self.fitted(subtitle, w - 32, size: 11)))</text>\n"
        o += ownerBand
        o += markBand
        for k in timeline.lanes.entries.indices { o += lane(k) }
        o += axisSVG
        o += legendSVG
        o += "</svg>\n"
        return o
    }

    var title: String {
        "handoff timeline — scene \(timeline.graph.scene.name)"
    }

    var subtitle: String {
        let n = timeline.commands.filter { $0.time >= from && $0.time <= to }.count
        let simplified =
            window.count > Self.columns
            ? "; simplified to \(Self.columns) columns (first, min, max, last)" : ""
        let compressed =
            axis.compressed.first.map { "; quiet stretches \($0.factor)× faster (shaded)" } ?? ""
        return
            "t \(NumberFormat.format(from))–\(NumberFormat.format(to)) s · \(Plural.count(n, "command")) · \(Plural.count(window.count, "frame row"))\(simplified)\(compressed)"
    }

    /// Marker shapes, drawn centred on 0,0.
    var defs: String {
        var o = "<defs>\n"
        // A delayed delivery's glyph only where one is drawn: other pictures stay as they were.
        let delivered = timeline.marks.contains { $0.kind == .delivered }
        for kind in TimelineMark.Kind.allCases where kind != .delivered || delivered {
            o += "<g id=\"m-\(Self.markID(kind))\">\(Self.shape(kind))</g>\n"
        }
        o +=
            "<clipPath id=\"plot\"><rect x=\"\(Self.px(Self.left))\" y=\"0\" width=\"\(Self.px(Self.plotWidth))\" height=\"\(Self.px(height))\"/></clipPath>\n"
        o += "</defs>\n"
        return o
    }

    var legendSVG: String {
        let f = Self.px
        var o = "<g class=\"legend\">\n"
        for (i, item) in legend.enumerated() {
            let lx = 20 + Double(i % Self.legendPerRow) * Self.legendColumnWidth
            let ly = legendTop + Double(i / Self.legendPerRow) * 20 + 10
            let sym = item.symbol
            if sym == "line" {
                o +=
                    "<line x1=\"\(f(lx - 8))\" x2=\"\(f(lx + 8))\" y1=\"\(f(ly))\" y2=\"\(f(ly))\" stroke=\"\(Self.palette[0])\" stroke-width=\"2\"/>\n"
            } else if sym == "range" {
                o +=
                    "<rect x=\"\(f(lx - 8))\" y=\"\(f(ly - 5))\" width=\"16\" height=\"10\" fill=\"\(Self.palette[0])\" fill-opacity=\"0.15\"/>\n"
            } else if sym == "over" {
                o +=
                    "<line x1=\"\(f(lx - 8))\" x2=\"\(f(lx + 8))\" y1=\"\(f(ly))\" y2=\"\(f(ly))\" stroke=\"#e03131\" stroke-width=\"3\"/>\n"
            } else if sym.hasPrefix("phase:"), let p = Phase(rawValue: String(sym.dropFirst(6))) {
                o +=
                    "<rect x=\"\(f(lx - 8))\" y=\"\(f(ly - 4))\" width=\"16\" height=\"8\" fill=\"\(Self.colour(p))\"/>\n"
            } else if sym.hasPrefix("mark:"),
                let kind = TimelineMark.Kind(rawValue: String(sym.dropFirst(5)))
            {
                o += "<use href=\"#m-\(Self.markID(kind))\" x=\"\(f(lx))\" y=\"\(f(ly))\"/>\n"
            }
            o +=
                "<text x=\"\(f(lx + 14))\" y=\"\(f(ly + 4))\" fill=\"#343a40\">\(Self.xml(item.label))</text>\n"
        }
        o += "</g>\n"
        return o
    }
}
