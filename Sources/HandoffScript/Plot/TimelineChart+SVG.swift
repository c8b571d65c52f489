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
        for kind in TimelineMark.Kind.allCases {
            o += "<g id=\"m-\(Self.markID(kind))\">\(Self.shape(kind))</g>\n"
        }
        o +=
            "<clipPath id=\"plot\"><rect x=\"\(Self.px(Self.left))\" y=\"0\" width=\"\(Self.px(Self.plotWidth))\" height=\"\(Self.px(height))\"/></clipPath>\n"
        o += "</defs>\n"
        return o
    }

    static func markID(_ kind: TimelineMark.Kind) -> String {
        kind.rawValue.replacingSpaces
    }

    /// The glyph of a marker kind (paths, so no font is needed).
    static func shape(_ kind: TimelineMark.Kind) -> String {
        switch kind {
        case .touchDown: return "<circle r=\"4.5\" fill=\"#1f2933\"/>"
        case .lift:
            return "<circle r=\"6.5\" fill=\"none\" stroke=\"#1f2933\" stroke-width=\"1.6\"/>"
        case .pan: return "<path d=\"M0,-5 L5,4 L-5,4 Z\" fill=\"#2f6fb0\"/>"
        case .handoff:
            return
                "<path d=\"M0,-6 L6,0 L0,6 L-6,0 Z\" fill=\"#e8590c\" stroke=\"#fff\" stroke-width=\"0.8\"/>"
        case .tapDelivered:
            return
                "<rect x=\"-4.5\" y=\"-4.5\" width=\"9\" height=\"9\" rx=\"1.5\" fill=\"#2b8a3e\"/>"
        case .tapCancelled:
            return "<path d=\"M-4,-4 L4,4 M4,-4 L-4,4\" stroke=\"#868e96\" stroke-width=\"2.2\"/>"
        case .tapSwallowed:
            return
                "<rect x=\"-4\" y=\"-4\" width=\"8\" height=\"8\" fill=\"#fff\" stroke=\"#7048e8\" stroke-width=\"2\"/>"
        case .tapMoved:
            return
                "<path d=\"M-5,0 L5,0 M-5,0 L-2,-3 M-5,0 L-2,3 M5,0 L2,-3 M5,0 L2,3\" stroke=\"#f08c00\" stroke-width=\"1.8\" fill=\"none\"/>"
        case .tapRejected:
            return "<path d=\"M-4,-4 L4,4 M4,-4 L-4,4\" stroke=\"#c92a2a\" stroke-width=\"2.4\"/>"
        case .notTappable:
            return
                "<rect x=\"-4\" y=\"-4\" width=\"8\" height=\"8\" fill=\"#fff\" stroke=\"#adb5bd\" stroke-width=\"1.6\"/>"
        case .refusal:
            return
                "<circle r=\"4.5\" fill=\"#fff\" stroke=\"#c92a2a\" stroke-width=\"1.8\"/><path d=\"M-3,3 L3,-3\" stroke=\"#c92a2a\" stroke-width=\"1.8\"/>"
        case .repair:
            return "<path d=\"M-5,0 L5,0 M0,-5 L0,5\" stroke=\"#0c8599\" stroke-width=\"2.6\"/>"
        case .hazard:
            return
                "<path d=\"M0,-6 L6,5 L-6,5 Z\" fill=\"#f59f00\" stroke=\"#c92a2a\" stroke-width=\"1\"/><path d=\"M0,-2 L0,2 M0,3.2 L0,3.9\" stroke=\"#1f2933\" stroke-width=\"1.4\"/>"
        case .stop:
            return
                "<path d=\"M-2.5,-6 L2.5,-6 L6,-2.5 L6,2.5 L2.5,6 L-2.5,6 L-6,2.5 L-6,-2.5 Z\" fill=\"#c92a2a\" stroke=\"#fff\" stroke-width=\"0.8\"/><path d=\"M-3,0 L3,0\" stroke=\"#fff\" stroke-width=\"1.8\"/>"
        case .edgeHit:
            return "<rect x=\"-1.5\" y=\"-6\" width=\"3\" height=\"12\" fill=\"#343a40\"/>"
        }
    }

    /// The owner band (who owns the finger, coloured by node and labelled with its id), under it
    /// the consumer band (which node took the most of each frame's movement: the sheet while a
    /// list's pan carries it) and the phase strip.
    var ownerBand: String {
        let f = Self.px
        var o = "<g class=\"band owner\">\n"
        o += band("owner", top: bandTop, runs({ $0.owner }))
        o += "</g>\n<g class=\"band consumer\">\n"
        o += band("consumer", top: consumerTop, runs({ $0.consumer }))
        o += "</g>\n<g class=\"band phase\">\n"
        let ptop = phaseTop
        o +=
            "<text x=\"\(f(Self.left - 8))\" y=\"\(f(ptop + 7))\" text-anchor=\"end\" font-size=\"9\" fill=\"#52606d\">phase</text>\n"
        for run in runs({ $0.phase }) {
            o +=
                "<rect class=\"phase\" data-phase=\"\(run.value.rawValue)\" x=\"\(f(x(run.from)))\" y=\"\(f(ptop))\" width=\"\(f(max(0.5, x(run.to) - x(run.from))))\" height=\"\(f(Self.phaseHeight))\" fill=\"\(Self.colour(run.value))\"/>\n"
        }
        o += "</g>\n"
        return o
    }

    /// A band of nodes over time (`owner`, `consumer`): a rect per run in the node's colour,
    /// `data-NAME` its id, labelled where the id fits.
    func band(_ name: String, top: Double, _ runs: [(from: Double, to: Double, value: Int?)])
        -> String
    {
        let f = Self.px
        var o =
            "<text x=\"\(f(Self.left - 8))\" y=\"\(f(top + 13))\" text-anchor=\"end\" font-weight=\"600\" fill=\"#1f2933\">\(name)</text>\n"
        o +=
            "<rect x=\"\(f(Self.left))\" y=\"\(f(top))\" width=\"\(f(Self.plotWidth))\" height=\"\(f(Self.bandHeight))\" fill=\"#f8f9fa\" stroke=\"#dee2e6\"/>\n"
        for run in runs {
            guard let node = run.value else { continue }
            let x0 = x(run.from)
            let x1 = x(run.to)
            let id = timeline.id(node)
            o +=
                "<rect class=\"\(name)\" data-\(name)=\"\(Self.xml(id))\" data-from=\"\(JSONWriter.number(run.from))\" data-to=\"\(JSONWriter.number(run.to))\" x=\"\(f(x0))\" y=\"\(f(top))\" width=\"\(f(max(0.5, x1 - x0)))\" height=\"\(f(Self.bandHeight))\" fill=\"\(colour(node: node))\" fill-opacity=\"0.85\"><title>\(name) \(Self.xml(id))</title></rect>\n"
            if x1 - x0 > Self.textWidth(id, size: 11) + 8 {
                o +=
                    "<text x=\"\(f(x0 + 5))\" y=\"\(f(top + 13))\" fill=\"#fff\" font-weight=\"600\">\(Self.xml(id))</text>\n"
            }
        }
        return o
    }

    /// The marker band: four strips (the finger, taps and refusals, handoffs and edges, stops and
    /// hazards), each as many lines high as `layout` needs, a glyph per marker with a tooltip;
    /// handoffs also draw a guide down through the lanes.
    var markBand: String {
        let f = Self.px
        var o = "<g class=\"marks\">\n"
        let names = ["finger", "taps", "handoffs", "stops, hazards"]
        for strip in 0..<Self.markRows {
            let y = stripTop(strip)
            o +=
                "<text x=\"\(f(Self.left - 8))\" y=\"\(f(y + 11))\" text-anchor=\"end\" font-size=\"10\" fill=\"#52606d\">\(names[strip])</text>\n"
            for line in 0..<layout.lines[strip] {
                let ly = y + Double(line) * Self.markRowHeight + 8
                o +=
                    "<line x1=\"\(f(Self.left))\" x2=\"\(f(Self.left + Self.plotWidth))\" y1=\"\(f(ly))\" y2=\"\(f(ly))\" stroke=\"#f1f3f5\"/>\n"
            }
        }
        let placed = layout.placed
        let guides = placed.count { $0.mark.kind == .handoff } <= 80
        for p in placed {
            let mx = p.x
            let my = stripTop(p.strip) + Double(p.line) * Self.markRowHeight + 8
            if guides && p.mark.kind == .handoff {
                o +=
                    "<line class=\"guide\" x1=\"\(f(mx))\" x2=\"\(f(mx))\" y1=\"\(f(my + 6))\" y2=\"\(f(lanesBottom))\" stroke=\"#e8590c\" stroke-width=\"1\" stroke-dasharray=\"3 3\" opacity=\"0.7\"/>\n"
            }
            if let label = p.label {
                let gap = MarkLayout.radius + MarkLayout.labelGap
                let tx = p.labelLeft ? mx - gap : mx + gap
                let anchor = p.labelLeft ? " text-anchor=\"end\"" : ""
                o +=
                    "<text class=\"mark-label\" x=\"\(f(tx))\" y=\"\(f(my + 4))\"\(anchor) font-size=\"\(f(MarkLayout.labelSize))\" fill=\"#e8590c\">\(Self.xml(label))</text>\n"
            }
            let detail = timeline.describe(p.mark).detail
            var more = ""
            if p.count > 1 {
                let kinds = p.joined.isEmpty ? "" : ": " + Self.kindList(p.joined)
                more = " (and \(p.count - 1) more here\(kinds))"
            }
            o +=
                "<use class=\"mark\" href=\"#m-\(Self.markID(p.mark.kind))\" x=\"\(f(mx))\" y=\"\(f(my))\" data-kind=\"\(p.mark.kind.rawValue)\" data-t=\"\(JSONWriter.number(p.mark.time))\" data-command=\"\(p.mark.command)\" data-count=\"\(p.count)\"><title>#\(p.mark.command) t \(NumberFormat.format(p.mark.time)) s: \(Self.xml(detail))\(more)</title></use>\n"
        }
        o += "</g>\n"
        return o
    }

    /// Kinds in words, each once, in the legend's order (`hazard, breakpoint`).
    static func kindList(_ kinds: [TimelineMark.Kind]) -> String {
        TimelineMark.Kind.allCases.filter(kinds.contains).map(\.rawValue).joined(separator: ", ")
    }

    /// One lane: caption, range shaded, guides, the line, its overscroll in red, and the values
    /// (`data-t`, `data-v`: the rows drawn, formatted as `state --json` formats them).
    func lane(_ k: Int) -> String {
        let f = Self.px
        let e = timeline.lanes.entries[k]
        let s = scale(k)
        let top = laneTop(k)
        let bottom = top + laneHeight(k)
        let (id, what) = caption(k)
        let colour = colour(lane: k)
        var o =
            "<g class=\"lane\" data-id=\"\(Self.xml(id))\" data-kind=\"\(e.kind.rawValue)\""
        let kept = simplified(k)
        var ts = ""
        var vs = ""
        var points = ""
        ts.reserveCapacity(kept.count * 6)
        vs.reserveCapacity(kept.count * 6)
        points.reserveCapacity(kept.count * 14)
        for r in kept {
            let v = timeline.value(row: r, lane: k)
            let t = timeline.rows[r].time
            if !ts.isEmpty {
                ts += " "
                vs += " "
                points += " "
            }
            ts += JSONWriter.number(t)
            vs += JSONWriter.number(v)
            points += f(x(t)) + "," + f(y(v, lane: k, s))
        }
        o += " data-t=\"\(ts)\" data-v=\"\(vs)\">\n"
        o += "<title>\(Self.xml(id)): \(Self.xml(what))</title>\n"
        // The caption stays inside the picture (a long id from a scene file is cut short).
        let room = Self.width - Self.left - 4
        let shownID = Self.fitted(id, room / 2, size: 12)
        let shownWhat = Self.fitted(what, room - Self.textWidth(shownID + "  ", size: 12), size: 12)
        o +=
            "<text x=\"\(f(Self.left))\" y=\"\(f(top - 8))\" font-size=\"12\" font-weight=\"600\" fill=\"\(colour)\">\(Self.xml(shownID))<tspan font-weight=\"400\" fill=\"#52606d\" font-size=\"11\">  \(Self.xml(shownWhat))</tspan></text>\n"
        o +=
            "<rect x=\"\(f(Self.left))\" y=\"\(f(top))\" width=\"\(f(Self.plotWidth))\" height=\"\(f(laneHeight(k)))\" fill=\"#fcfcfd\" stroke=\"#e9ecef\"/>\n"
        if let r = s.range {
            let y0 = min(max(y(r.lowerBound, lane: k, s), top), bottom)
            let y1 = min(max(y(r.upperBound, lane: k, s), top), bottom)
            o +=
                "<rect class=\"range\" x=\"\(f(Self.left))\" y=\"\(f(min(y0, y1)))\" width=\"\(f(Self.plotWidth))\" height=\"\(f(max(1, abs(y1 - y0))))\" fill=\"\(colour)\" fill-opacity=\"0.12\"/>\n"
            // The range's ends, where they are on the lane, one label per value ("0 min", not
            // "0 min" over "0 max").
            var labels: [(Double, String)] = []
            for (v, label) in [(r.lowerBound, "min"), (r.upperBound, "max")]
            where v >= s.low && v <= s.high {
                let tag = e.kind == .top ? "" : " \(label)"
                if !labels.contains(where: { $0.0 == v }) { labels.append((v, tag)) }
            }
            // The lowest and highest value reached (a peak of overscroll, where a list got to),
            // unless a label is already there; a sheet's detents say enough.
            let reached = e.kind == .top ? [] : [extremes[k].low, extremes[k].high]
            for v in reached
            where v.isFinite
                && !labels.contains(where: { abs(y($0.0, lane: k, s) - y(v, lane: k, s)) < 10 })
            {
                labels.append((v, ""))
            }
            for (v, tag) in labels {
                o +=
                    "<text x=\"\(f(Self.left - 8))\" y=\"\(f(y(v, lane: k, s) + 4))\" text-anchor=\"end\" font-size=\"10\" fill=\"#52606d\">\(NumberFormat.format(v))\(tag)</text>\n"
            }
        }
        for (v, label) in s.guides where v >= min(s.low, s.high) && v <= max(s.low, s.high) {
            let gy = y(v, lane: k, s)
            o +=
                "<line x1=\"\(f(Self.left))\" x2=\"\(f(Self.left + Self.plotWidth))\" y1=\"\(f(gy))\" y2=\"\(f(gy))\" stroke=\"#adb5bd\" stroke-dasharray=\"2 3\"/>\n"
            guard laneHeight(k) == Self.laneHeight else { continue }  // a flat lane: no room
            o +=
                "<text x=\"\(f(Self.left + Self.plotWidth - 4))\" y=\"\(f(gy - 3))\" text-anchor=\"end\" font-size=\"9\" fill=\"#868e96\">\(Self.xml(label)) \(NumberFormat.format(v))</text>\n"
        }
        // Overscroll: the part of the line past the range, drawn again in red through a clip.
        var clips: [(Double, Double)] = []
        // The clip starts 2 px past the edge, so a line resting on the edge stays its colour.
        if let above = s.overscrollAbove {
            let edge = y(above, lane: k, s)
            clips.append(s.upward ? (top - 20, edge - 2) : (edge + 2, bottom + 20))
        }
        if let below = s.overscrollBelow {
            let edge = y(below, lane: k, s)
            clips.append(s.upward ? (edge + 2, bottom + 20) : (top - 20, edge - 2))
        }
        if !clips.isEmpty {
            o += "<clipPath id=\"over-\(k)\">"
            for (a, b) in clips where b > a {
                o +=
                    "<rect x=\"\(f(Self.left))\" y=\"\(f(a))\" width=\"\(f(Self.plotWidth))\" height=\"\(f(b - a))\"/>"
            }
            o += "</clipPath>\n"
        }
        o +=
            "<polyline class=\"values\" points=\"\(points)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\" stroke-linejoin=\"round\" clip-path=\"url(#plot)\"/>\n"
        if !clips.isEmpty {
            o +=
                "<g clip-path=\"url(#over-\(k))\"><polyline class=\"overscroll\" points=\"\(points)\" fill=\"none\" stroke=\"#e03131\" stroke-width=\"3\" stroke-linejoin=\"round\"/></g>\n"
        }
        o += "</g>\n"
        return o
    }

    /// The time axis: command numbers where each command starts, then seconds; a compressed
    /// stretch is shaded from the bands down to the axis and says how much faster it is drawn.
    var axisSVG: String {
        let f = Self.px
        var o = "<g class=\"axis\">\n"
        let top = axisTop
        o +=
            "<line x1=\"\(f(Self.left))\" x2=\"\(f(Self.left + Self.plotWidth))\" y1=\"\(f(top))\" y2=\"\(f(top))\" stroke=\"#495057\"/>\n"
        o +=
            "<text x=\"\(f(Self.left - 10))\" y=\"\(f(top + 16))\" text-anchor=\"end\" font-size=\"10\" fill=\"#52606d\">command</text>\n"
        // Labels start at their tick; one says the command's text too when it fits before the
        // next label (`#2 wait 400ms`), else its number (`#2`, or `#3–4` for commands that start
        // in the same pixel).
        let ticks = commandTicks
        let texts = Dictionary(
            timeline.commands.map { ($0.number, $0.text) }, uniquingKeysWith: { a, _ in a })
        var labelEnd = -Double.infinity
        var lastTick = -Double.infinity
        for (i, tick) in ticks.enumerated() {
            let tx = x(tick.time)
            if tx - lastTick >= 3 {
                o +=
                    "<line class=\"command\" data-command=\"\(tick.first)\" data-t=\"\(JSONWriter.number(tick.time))\" x1=\"\(f(tx))\" x2=\"\(f(tx))\" y1=\"\(f(top))\" y2=\"\(f(top + 6))\" stroke=\"#495057\"/>\n"
                lastTick = tx
            }
            let number = tick.first == tick.last ? "#\(tick.first)" : "#\(tick.first)–\(tick.last)"
            guard tx >= labelEnd else { continue }
            let next = i + 1 < ticks.count ? x(ticks[i + 1].time) : Self.width - 4
            var label = number
            if tick.first == tick.last, let text = texts[tick.first] {
                let full = number + " " + text
                if Self.textWidth(full) + 10 <= next - tx { label = full }
            }
            let end = tx + 2 + Self.textWidth(label)
            guard end <= Self.width - 2 else { continue }
            o +=
                "<text x=\"\(f(tx + 2))\" y=\"\(f(top + 16))\" font-size=\"10\" fill=\"#343a40\">\(Self.xml(label))</text>\n"
            labelEnd = end + 6
        }
        let ty = top + 24
        for s in axis.compressed {
            o +=
                "<rect class=\"compressed\" data-from=\"\(JSONWriter.number(s.from))\" data-to=\"\(JSONWriter.number(s.to))\" data-factor=\"\(s.factor)\" x=\"\(f(s.x0))\" y=\"\(f(bandTop))\" width=\"\(f(s.x1 - s.x0))\" height=\"\(f(ty - bandTop))\" fill=\"#868e96\" fill-opacity=\"0.1\"><title>t \(NumberFormat.format(s.from))–\(NumberFormat.format(s.to)) s: nothing marked and every lane nearly still, drawn \(s.factor)× faster</title></rect>\n"
            let words = ["quiet, \(s.factor)× faster", "\(s.factor)× faster", "\(s.factor)×"]
            if let label = words.first(where: { Self.textWidth($0, size: 9) + 4 <= s.x1 - s.x0 }) {
                o +=
                    "<text x=\"\(f((s.x0 + s.x1) / 2))\" y=\"\(f(ty + 29))\" text-anchor=\"middle\" font-size=\"9\" fill=\"#52606d\">\(label)</text>\n"
            }
        }
        o +=
            "<line x1=\"\(f(Self.left))\" x2=\"\(f(Self.left + Self.plotWidth))\" y1=\"\(f(ty))\" y2=\"\(f(ty))\" stroke=\"#adb5bd\"/>\n"
        o +=
            "<text x=\"\(f(Self.left - 8))\" y=\"\(f(ty + 14))\" text-anchor=\"end\" font-size=\"10\" fill=\"#52606d\">time (s)</text>\n"
        for t in timeTicks {
            let tx = x(t)
            o +=
                "<line x1=\"\(f(tx))\" x2=\"\(f(tx))\" y1=\"\(f(ty))\" y2=\"\(f(ty + 4))\" stroke=\"#495057\"/>\n"
            o +=
                "<text x=\"\(f(tx))\" y=\"\(f(ty + 15))\" text-anchor=\"middle\" font-size=\"10\" fill=\"#343a40\">\(NumberFormat.format(t))</text>\n"
            o +=
                "<line x1=\"\(f(tx))\" x2=\"\(f(tx))\" y1=\"\(f(lanesTop))\" y2=\"\(f(lanesBottom))\" stroke=\"#000\" stroke-opacity=\"0.05\"/>\n"
        }
        o += "</g>\n"
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

extension String {
    /// The string with spaces as hyphens (ids in SVG).
    var replacingSpaces: String { String(map { $0 == " " ? "-" : $0 }) }
}
