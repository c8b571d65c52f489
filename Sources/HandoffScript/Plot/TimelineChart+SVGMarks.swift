import HandoffCore

/// The SVG markers: their glyphs and the marker band.
extension TimelineChart {
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
        case .delivered:
            return
                "<circle r=\"4.5\" fill=\"#fff\" stroke=\"#1f2933\" stroke-width=\"1.6\"/><path d=\"M0,-2.5 L0,0 L2,1.5\" stroke=\"#1f2933\" stroke-width=\"1.2\" fill=\"none\"/>"
        }
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
}
