import HandoffCore

/// The SVG owner, consumer and phase bands.
extension TimelineChart {
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
}
