import HandoffCore

/// The SVG view of one lane.
extension TimelineChart {
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
}
