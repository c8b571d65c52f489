import HandoffCore

/// The SVG time axis.
extension TimelineChart {
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
}
