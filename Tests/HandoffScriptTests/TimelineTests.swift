import Foundation
import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `plot` (SPEC §12): the rows are exactly what `state --json` reports at the same moments, and
/// the SVG carries those values lane by lane.
struct TimelineTests {
    static let stories: [(scene: String, lines: [String])] = [
        (
            "tabs",
            [
                "pan 0 -250", "end 0 -900", "wait 100ms", "tab next", "settle", "touch 195 500",
                "move 0 -30 over 50ms", "end", "tap 195 100", "state", "set fps 120",
                "swipe 0 300", "expect owner == none", "settle", "tab prev", "tab prev",
            ]
        ),
        ("sheet", ["swipe 0 -500 over 250ms", "settle", "pan 0 200 over 200ms", "end", "settle"]),
        ("stretchy", ["pan 0 100", "end", "wait 250ms", "settle"]),
    ]

    func session(_ scene: String, files: MemoryFiles = MemoryFiles()) -> Session {
        Session(scene: BuiltinScenes.named(scene)!, ref: scene, files: files)
    }

    static func object(_ line: Substring) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    static func rows(_ timeline: Timeline) throws -> [[String: Any]] {
        try timeline.jsonLines().split(separator: "\n").map(object)
    }

    /// The keys a row shares with `state --json`, from a `state --json` line.
    static func moment(_ state: [String: Any]) -> NSDictionary {
        let keys = ["t", "offsets", "sheets", "heights", "owner", "phase"]
        return NSDictionary(dictionary: state.filter { keys.contains($0.key) })
    }

    /// A row's times and values rounded as `state --json` rounds them (JSON Lines gives them to
    /// 1e-6): what the SVG draws.
    static func rounded(_ row: [String: Any]) -> [String: Any] {
        func rounded(_ v: Any) -> Any {
            // A row holds no booleans: every number is a time, a value or a count.
            if let n = v as? Double { return Double(NumberFormat.format(n))! }
            if let d = v as? [String: Any] { return d.mapValues(rounded) }
            return v
        }
        return row.mapValues(rounded)
    }

    /// The rows as `state --json` would round them.
    static func roundedRows(_ timeline: Timeline) throws -> [[String: Any]] {
        try rows(timeline).map(rounded)
    }

    /// A row without `command` and `frame`, rounded as `state --json` rounds.
    static func withoutCommand(_ row: [String: Any]) -> NSDictionary {
        NSDictionary(
            dictionary: rounded(row).filter { $0.key != "command" && $0.key != "frame" })
    }

    @Test(arguments: 0..<3)
    func eachCommandsLastRowIsItsStateJSON(story: Int) throws {
        let (scene, lines) = Self.stories[story]
        var whole = session(scene)
        for line in lines { _ = whole.run(line) }
        let rows = try Self.rows(whole.timeline())
        // Step by step, `state --json` after each history command.
        var stepwise = session(scene)
        var number = 0
        for line in lines {
            _ = stepwise.run(line)
            let command = try #require(try stepwise.parse(line))
            guard !command.isInspection else { continue }
            number += 1
            let state = try Self.object(Substring(stepwise.run("state --json").lines[0].text))
            let own = rows.filter { ($0["command"] as? Int) == number }
            let last = try #require(own.last, "no row for #\(number) \(line)")
            #expect(Self.withoutCommand(last) == Self.moment(state), "#\(number) \(line)")
        }
        #expect(rows.compactMap { $0["command"] as? Int }.max() == number)
        // Rows come in time order, and every key of SPEC §12 is there.
        let times = rows.map { $0["t"] as! Double }
        #expect(times == times.sorted())
        for row in rows {
            #expect(
                Set(row.keys) == [
                    "t", "frame", "command", "offsets", "sheets", "heights", "owner", "phase",
                ])
        }
    }

    /// At 240 fps two decimals would give several frames one `t`: JSON Lines gives `t` and the
    /// values to 1e-6 and the frame count since the load (SPEC §12).
    @Test func jsonLinesCarryTheFrameAndMicroseconds() throws {
        var s = session("tabs")
        for line in ["set fps 240", "wait 50ms", "pan 0 -1 over 25ms"] { _ = s.run(line) }
        let lines = s.timeline().jsonLines().split(separator: "\n")
        // `set`: no frame (frame 0); `wait 50ms`: 12 frames at 240 fps; the pan: 6 more.
        #expect(lines.count == 1 + 12 + 6)
        #expect(lines[0].hasPrefix(#"{"t":0,"frame":0,"command":1,"#))
        // 1/240 = 0.0041666…, 5/240 = 0.0208333…, 12/240 = 0.05.
        #expect(lines[1].hasPrefix(#"{"t":0.004167,"frame":1,"command":2,"#))
        #expect(lines[5].hasPrefix(#"{"t":0.020833,"frame":5,"command":2,"#))
        #expect(lines[12].hasPrefix(#"{"t":0.05,"frame":12,"command":2,"#))
        let rows = try lines.map(Self.object)
        #expect(rows.map { $0["frame"] as! Int } == [0] + Array(1...18))
        let times = rows.map { $0["t"] as! Double }
        #expect(Set(times).count == times.count, "no two rows share a t")
        // The pan moves 1 pt in 6 moves of 1/6 pt: no pan yet (slop 10), so nothing scrolls;
        // the rows still differ in t by 1/240 each.
        for k in 1..<times.count { #expect(abs(times[k] - times[k - 1] - 1.0 / 240) < 1.5e-6) }
    }

    /// Values to 1e-6: a drag of 100 pt over 6 frames moves 16.666667 pt a frame.
    @Test func jsonLinesValuesToAMillionth() throws {
        var s = session("tabs")
        for line in ["pan 0 -30", "move 0 -100 over 100ms"] { _ = s.run(line) }
        let rows = try Self.rows(s.timeline())
        let outer = rows.map { ($0["offsets"] as! [String: Any])["outer"] as! Double }
        // The pan (past the slop) scrolls the outer scroll 30 − … : read its first value, then
        // each frame adds 100/6 = 16.666667 (to 1e-6).
        #expect(rows.count == 7)
        for k in 2..<7 { #expect(abs(outer[k] - outer[k - 1] - 100.0 / 6) <= 1e-6, "\(k)") }
        let text = s.timeline().jsonLines()
        #expect(text.contains(".666667") || text.contains(".333333"))
    }

    @Test func aCommandHasOneRowPerFrameOrOneRow() throws {
        var s = session("tabs")
        for line in [
            "pan 0 -250", "end 0 -900", "wait 100ms", "state", "step 4", "tab next", "set fps 120",
            "wait 100ms",
        ] {
            _ = s.run(line)
        }
        let rows = try Self.rows(s.timeline())
        let counts = (1...7).map { n in rows.filter { ($0["command"] as? Int) == n }.count }
        // pan and end: no frame; wait 100ms: 6 frames at 60 fps; step 4; tab; set; 12 at 120 fps.
        #expect(counts == [1, 1, 6, 4, 1, 1, 12])
    }

    /// Frames inside a fling: the k-th row of `settle` is the state after `wait` of k frames.
    @Test(arguments: [1, 2, 3, 10, 47, 120, 227])
    func flingFramesEqualWait(frame k: Int) throws {
        var s = session("sheet")
        _ = s.run("swipe 0 -500 over 250ms")
        _ = s.run("settle")
        let rows = try Self.rows(s.timeline()).filter { ($0["command"] as? Int) == 2 }
        #expect(rows.count == 228)  // the momentum of 999 pt lasts 3.8 s: 228 frames
        var w = session("sheet")
        _ = w.run("swipe 0 -500 over 250ms")
        let ms = NumberFormat.exact((Double(k) * 1000 / 60 * 10_000).rounded() / 10_000)
        _ = w.run("wait \(ms)ms")
        let state = try Self.object(Substring(w.run("state --json").lines[0].text))
        #expect(Self.withoutCommand(rows[k - 1]) == Self.moment(state))
    }

    /// A `set` made before the last load is in force in the re-run, as `record` writes it.
    @Test func settingsInForceAtTheLoadApply() throws {
        var s = session("sheet")
        for line in ["set fps 120", "swipe 0 -100", "load sheet", "wait 100ms"] { _ = s.run(line) }
        let rows = try Self.rows(s.timeline())
        #expect(rows.count == 12)
        #expect(rows.allSatisfy { ($0["command"] as? Int) == 1 })
    }

    @Test func plottingLeavesTheSessionAsItWas() {
        var s = session("sheet")
        for line in ["swipe 0 -500 over 250ms", "wait 300ms", "touch 195 600"] { _ = s.run(line) }
        let before = s.run("state --json").lines.map(\.text)
        _ = s.timeline()
        #expect(s.run("state --json").lines.map(\.text) == before)
    }

    @Test func markersComeFromTheFacts() throws {
        var s = session("sheet")
        for line in ["swipe 0 -500 over 250ms", "settle", "tap 195 600", "tab classes"] {
            _ = s.run(line)
        }
        let timeline = s.timeline()
        let marks = timeline.marks
        let kinds = marks.map(\.kind)
        #expect(
            kinds == [
                .touchDown, .pan, .tapCancelled, .handoff, .lift, .touchDown, .lift,
                .tapDelivered, .tapDelivered,
            ])
        let handoff = try #require(marks.first { $0.kind == .handoff })
        #expect(timeline.describe(handoff).label == "sheet → studios")
        #expect(handoff.command == 1)
        // The sheet reaches full (100) on the 10th of 15 moves: the handoff is at frame 10.
        #expect(abs(handoff.time - 10.0 / 60) < 1e-9)
        #expect(
            marks.first { $0.kind == .touchDown }.map(timeline.describe)?.detail.hasPrefix(
                "touch studios[1] at (195, 640)") == true)
    }
}

/// The SVG view: well-formed XML, a lane per scroll node, sheet and stretching view, whose
/// values are the JSON Lines rows (all of them, or a faithful simplification of a long session).
struct TimelineSVGTests {
    /// What an SVG carries: each lane's id, kind and (t, v) points, and each marker.
    struct Carried {
        var lanes: [(id: String, kind: String, t: [Double], v: [Double])] = []
        var marks: [(kind: String, t: Double, command: Int)] = []
        /// The owner and consumer bands' runs.
        var bands: [(name: String, id: String, from: Double, to: Double)] = []
        var elements = 0
    }

    final class Reader: NSObject, XMLParserDelegate {
        var carried = Carried()
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
            qualifiedName: String?, attributes a: [String: String] = [:]
        ) {
            carried.elements += 1
            func numbers(_ key: String) -> [Double] {
                (a[key] ?? "").split(separator: " ").map { Double($0)! }
            }
            if name == "g", a["class"] == "lane" {
                carried.lanes.append(
                    (a["data-id"]!, a["data-kind"]!, numbers("data-t"), numbers("data-v")))
            }
            if name == "rect", let band = a["class"], ["owner", "consumer"].contains(band) {
                carried.bands.append(
                    (band, a["data-" + band]!, Double(a["data-from"]!)!, Double(a["data-to"]!)!))
            }
            if name == "use", a["class"] == "mark" {
                carried.marks.append(
                    (a["data-kind"]!, Double(a["data-t"]!)!, Int(a["data-command"]!)!))
            }
        }
    }

    static func read(_ svg: String) throws -> Carried {
        let parser = XMLParser(data: Data(svg.utf8))
        let reader = Reader()
        parser.delegate = reader
        let ok = parser.parse()
        #expect(ok, "\(String(describing: parser.parserError))")
        return reader.carried
    }

    func timeline(_ scene: String, _ lines: [String]) -> Timeline {
        var s = Session(scene: BuiltinScenes.named(scene)!, ref: scene, files: MemoryFiles())
        for line in lines { _ = s.run(line) }
        return s.timeline()
    }

    /// Whether the SVG's numbers (as `state --json` rounds them, to 2 decimals) are the JSON
    /// Lines numbers (to 1e-6), one for one.
    static func near(_ drawn: [Double], _ rows: [Double]) -> Bool {
        drawn.count == rows.count && zip(drawn, rows).allSatisfy { abs($0 - $1) <= 0.005 + 1e-6 }
    }

    /// The value of lane (id, kind) in a JSON Lines row.
    static func value(_ row: [String: Any], _ id: String, _ kind: String) -> Double? {
        let group = ["offset": "offsets", "top": "sheets", "height": "heights"][kind]!
        return (row[group] as? [String: Any])?[id] as? Double
    }

    @Test(arguments: 0..<3)
    func lanesCarryTheJSONLinesValues(story: Int) throws {
        let (scene, lines) = TimelineTests.stories[story]
        let t = timeline(scene, lines)
        let rows = try TimelineTests.rows(t)
        let carried = try Self.read(PlotFormat.svg.render(t, from: nil, to: nil))
        // A lane per scroll node, sheet and stretching view, in tree order.
        let expected: [String: [String]] = [
            "tabs": ["outer", "pager", "upcoming", "previous"],
            "sheet": ["sheet", "lists", "studios", "classes"],
            "stretchy": ["table", "photo"],
        ]
        #expect(carried.lanes.map(\.id) == expected[scene]!)
        for lane in carried.lanes {
            #expect(Self.near(lane.t, rows.map { $0["t"] as! Double }), "\(lane.id)")
            #expect(
                Self.near(lane.v, rows.map { Self.value($0, lane.id, lane.kind)! }), "\(lane.id)")
        }
        #expect(carried.lanes.map(\.kind).contains(scene == "sheet" ? "top" : "offset"))
        if scene == "stretchy" { #expect(carried.lanes[1].kind == "height") }
    }

    /// The owner band shows the driver (the list the finger is on) while the sheet moves: the
    /// consumer band under it shows the sheet until it reaches full on the 10th of the swipe's
    /// 15 moves of 33.33 (420 − 9 × 33.33 = 120, so 20 of the 10th move's 33.33 is the sheet's),
    /// then the list, through its fling.
    @Test func theConsumerBandShowsWhoMoved() throws {
        let t = timeline("sheet", ["swipe 0 -500 over 250ms", "settle"])
        let names = t.rows.map { $0.consumer.map(t.id) }
        #expect(
            names.prefix(15)
                == ArraySlice(
                    Array(repeating: "sheet", count: 10)
                        + Array(repeating: "studios", count: 5)))
        #expect(t.rows.dropFirst(15).allSatisfy { $0.consumer.map(t.id) == "studios" })
        #expect(t.rows.prefix(15).allSatisfy { $0.owner.map(t.id) != "sheet" })
        let svg = PlotFormat.svg.render(t, from: nil, to: nil)
        let bands = try Self.read(svg).bands
        #expect(bands.filter { $0.name == "owner" }.map(\.id) == ["studios"])
        let consumer = bands.filter { $0.name == "consumer" }
        #expect(consumer.map(\.id) == ["sheet", "studios"])
        // From the swipe's start to its 10th frame (0.17 s), then to the fling's end (243/60 s).
        #expect(consumer.map(\.from) == [0, 0.17])
        #expect(consumer.map(\.to) == [0.17, 4.05])
    }

    /// A long window (1012 rows at 240 fps, simplified to the pixel columns, its tail compressed):
    /// the bands leave no column out — the consumer band is the sheet, then the list, end to end.
    @Test func bandsOfALongWindowHaveNoGaps() throws {
        let t = timeline(
            "sheet", ["set fps 240", "pan 0 -450 over 300ms", "end 0 -2500", "settle"])
        #expect(t.rows.count > TimelineChart.columns)
        let bands = try Self.read(PlotFormat.svg.render(t, from: nil, to: nil)).bands
        let consumer = bands.filter { $0.name == "consumer" }
        #expect(consumer.map(\.id) == ["sheet", "studios"])
        #expect(consumer.first?.from == 0 && consumer.last?.to == 4.21)
        #expect(consumer[0].to == consumer[1].from)
        #expect(bands.filter { $0.name == "owner" }.map(\.id) == ["studios"])
    }

    @Test func markersSayWhenAndInWhichCommand() throws {
        let t = timeline("sheet", ["swipe 0 -500 over 250ms", "settle", "tap 195 600"])
        let carried = try Self.read(PlotFormat.svg.render(t, from: nil, to: nil))
        let handoff = try #require(carried.marks.first { $0.kind == "handoff" })
        #expect(handoff.t == 0.17 && handoff.command == 1)
        #expect(carried.marks.filter { $0.kind == "touch-down" }.map(\.command) == [1, 3])
        #expect(carried.marks.filter { $0.kind == "tap delivered" }.map(\.command) == [3])
        #expect(carried.marks.filter { $0.kind == "tap cancelled" }.map(\.command) == [1])
    }

    /// A long session is simplified to the pixel width: per column its first, lowest, highest
    /// and last sample, all of them real rows, every extreme kept.
    @Test func aLongSessionIsSimplifiedKeepingExtremes() throws {
        var lines: [String] = []
        for _ in 0..<40 { lines += ["swipe 0 -400", "settle", "swipe 0 400", "settle"] }
        let t = timeline("tabs", lines)
        let rows = try TimelineTests.rows(t)
        #expect(rows.count > 4 * TimelineChart.columns)
        let carried = try Self.read(PlotFormat.svg.render(t, from: nil, to: nil))
        for lane in carried.lanes {
            let all = rows.map { ($0["t"] as! Double, Self.value($0, lane.id, lane.kind)!) }
            #expect(lane.t.count <= 4 * TimelineChart.columns, "\(lane.id)")
            #expect(lane.t.count < rows.count)
            // Every point drawn is a row.
            var k = 0
            for (time, v) in zip(lane.t, lane.v) {
                while k < all.count, !Self.near([all[k].0, all[k].1], [time, v]) { k += 1 }
                #expect(k < all.count, "\(lane.id) (\(time), \(v)) is no row")
            }
            #expect(Self.near([lane.v.max()!], [all.map(\.1).max()!]), "\(lane.id)")
            #expect(Self.near([lane.v.min()!], [all.map(\.1).min()!]), "\(lane.id)")
        }
        #expect(carried.elements < 20_000)
    }

    @Test func aWindowDrawsOnlyItsRows() throws {
        let t = timeline("sheet", ["swipe 0 -500 over 250ms", "settle"])
        let carried = try Self.read(PlotFormat.svg.render(t, from: 0.5, to: 1))
        let rows = try TimelineTests.rows(t).filter {
            ($0["t"] as! Double) >= 0.5 && ($0["t"] as! Double) <= 1
        }
        for lane in carried.lanes {
            #expect(Self.near(lane.t, rows.map { $0["t"] as! Double }))
        }
        let jsonl = PlotFormat.jsonl.render(t, from: 0.5, to: 1).split(separator: "\n")
        #expect(jsonl.count == rows.count)
    }

    /// Past 20,000 rows the read-out keeps the last row of each pixel column.
    @Test func aLongHTMLEmbedsOneRowPerColumn() {
        let t = timeline("sheet", ["wait 400s"])
        #expect(t.rows.count == 24_000)
        let chart = TimelineChart(t, from: nil, to: nil)
        #expect(chart.readoutRows.count == TimelineChart.columns)
        #expect(chart.readoutRows.last == t.rows.count - 1)
        let short = TimelineChart(t, from: 10, to: 20)
        #expect(short.readoutRows.count == 601)
    }

    @Test func theHTMLIsOffline() {
        let t = timeline("sheet", ["swipe 0 -500 over 250ms", "settle"])
        let html = PlotFormat.html.render(t, from: nil, to: nil)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<svg"))
        #expect(html.contains("id=\"timeline-data\""))
        // No network: nothing is fetched (the only URL is the SVG namespace).
        for needle in ["http://", "https://", "@import", "url(http", "<link", "src="] {
            let hits = html.components(separatedBy: needle).count - 1
            let allowed = needle == "http://" ? 2 : 0  // xmlns, and the script's createElementNS
            #expect(hits == allowed, "\(needle)")
        }
    }
}

/// Markers for what the debugger flags (SPEC §10): every hazard the session printed.
struct TimelineHazardTests {
    @Test func everyHazardPrintedIsMarked() throws {
        var s = Session(scene: BuiltinScenes.tabs, ref: "tabs", files: MemoryFiles())
        var printed: [String] = []
        for line in [
            "set policy uikit", "pan 0 -1200", "move 0 -100", "end", "settle", "pan 0 300",
            "end 0 -1000", "settle",
        ] {
            printed += s.run(line).lines.map(\.text).filter { $0.hasPrefix("hazard ") }
        }
        #expect(printed.count == 3)
        let timeline = s.timeline()
        let hazards = timeline.marks.filter { $0.kind == .hazard }
        #expect(hazards.map { timeline.describe($0).detail } == printed.map(MarkWords.closingUp))
        #expect(hazards.map(\.command) == [2, 3, 8])
    }
}

/// The picture's geometry (issue 24): no marker hides another, every text stays inside the
/// picture, and a fling's first half second gets room. The boxes are estimated as a user's
/// browser would draw them: a glyph's box is the lift's ring (radius 6.5, stroke 1.6: 7.3 either
/// side), a text's width is its characters × its font size × 0.62 (an average sans-serif
/// character is narrower), its height its font size above the baseline and a quarter below.
struct TimelineGeometryTests {
    struct Box: CustomStringConvertible {
        var x0, y0, x1, y1: Double
        var what: String
        func overlaps(_ b: Box) -> Bool { x0 < b.x1 && b.x0 < x1 && y0 < b.y1 && b.y0 < y1 }
        var description: String { "\(what) [\(x0), \(x1)] × [\(y0), \(y1)]" }
    }

    struct Picture {
        var width = 0.0
        var height = 0.0
        /// Marker glyphs and the labels beside them.
        var marks: [Box] = []
        var texts: [Box] = []
        /// The x and the time of each point of each lane.
        var lanes: [String: (t: [Double], x: [Double])] = [:]
        var compressed: [(from: Double, to: Double, factor: Int)] = []
        var x0 = 0.0
        var x1 = 0.0
    }

    final class Reader: NSObject, XMLParserDelegate {
        var picture = Picture()
        private var stack: [[String: String]] = []
        private var text: (a: [String: String], size: Double, chars: String)?
        private var lane: (id: String, t: [Double])?

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
            qualifiedName: String?, attributes a: [String: String] = [:]
        ) {
            stack.append(a)
            let number = { (key: String) in Double(a[key] ?? "0")! }
            switch name {
            case "svg":
                picture.width = number("width")
                picture.height = number("height")
                picture.x0 = number("data-x0")
                picture.x1 = number("data-x1")
            case "use" where a["class"] == "mark":
                let (x, y) = (number("x"), number("y"))
                picture.marks.append(
                    Box(
                        x0: x - 7.3, y0: y - 7.3, x1: x + 7.3, y1: y + 7.3,
                        what: "\(a["data-kind"]!) at t \(a["data-t"]!)"))
            case "text":
                // The font size in force: its own, else the nearest ancestor's.
                let size = stack.reversed().compactMap { $0["font-size"] }.first.map { Double($0)! }
                text = (a, size ?? 16, "")
            case "g" where a["class"] == "lane":
                lane = (a["data-id"]!, a["data-t"]!.split(separator: " ").map { Double($0)! })
            case "polyline" where a["class"] == "values":
                if let lane {
                    let xs = a["points"]!.split(separator: " ").map {
                        Double($0.split(separator: ",")[0])!
                    }
                    picture.lanes[lane.id] = (lane.t, xs)
                }
            case "rect" where a["class"] == "compressed":
                picture.compressed.append(
                    (number("data-from"), number("data-to"), Int(a["data-factor"]!)!))
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text?.chars += string
        }

        func parser(
            _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
            qualifiedName: String?
        ) {
            stack.removeLast()
            guard name == "text", let (a, size, chars) = text else { return }
            text = nil
            let x = Double(a["x"]!)!
            let y = Double(a["y"]!)!
            let w = Double(chars.count) * size * 0.62
            let x0: Double =
                switch a["text-anchor"] {
                case "end": x - w
                case "middle": x - w / 2
                default: x
                }
            let box = Box(x0: x0, y0: y - size, x1: x0 + w, y1: y + size / 4, what: "'\(chars)'")
            picture.texts.append(box)
            if a["class"] == "mark-label" { picture.marks.append(box) }
        }
    }

    static func picture(_ scene: String, _ lines: [String]) throws -> Picture {
        var s = Session(scene: BuiltinScenes.named(scene)!, ref: scene, files: MemoryFiles())
        for line in lines { _ = s.run(line) }
        let svg = PlotFormat.svg.render(s.timeline(), from: nil, to: nil)
        let parser = XMLParser(data: Data(svg.utf8))
        let reader = Reader()
        parser.delegate = reader
        #expect(parser.parse())
        return reader.picture
    }

    /// No two marker boxes overlap, and every text is inside the picture.
    static func check(_ p: Picture, _ story: String) {
        for i in p.marks.indices {
            for j in p.marks.indices where j > i {
                #expect(
                    !p.marks[i].overlaps(p.marks[j]), "\(story): \(p.marks[i]) and \(p.marks[j])")
            }
        }
        for t in p.texts {
            #expect(
                t.x0 >= 0 && t.x1 <= p.width && t.y0 >= 0 && t.y1 <= p.height,
                "\(story): \(t) outside")
        }
    }

    /// A `break hazard` stops where the hazard is: a stop sign and a hazard at one frame.
    @Test func aHazardUnderABreakpointStaysVisible() throws {
        let p = try Self.picture(
            "tabs",
            ["set policy uikit", "break hazard", "pan 0 -1200", "move 0 -100", "end"])
        // `pan 0 -1200` leaves the outer scroll's travel unconsumed (owner-only), and the
        // breakpoint stops there: both at t 0, in the same strip.
        let flagged = p.marks.map(\.what).filter {
            $0.hasPrefix("hazard") || $0.hasPrefix("breakpoint")
        }
        #expect(flagged == ["hazard at t 0", "breakpoint at t 0"])
        Self.check(p, "hazards under stops")
    }

    /// A touch that stops a fling is swallowed, and `tab` at the same moment is delivered: two
    /// tap markers at one t, both drawn.
    @Test func twoTapsAtOneMomentAreTwoMarkers() throws {
        let p = try Self.picture(
            "sheet", ["swipe 0 -500 over 250ms", "wait 100ms", "tap 195 600", "tab classes"])
        let taps = p.marks.filter { $0.what.hasPrefix("tap ") }
        // The swipe's pan cancels its tap at its first frame (1/60 s); the touch at 0.25 + 0.1 s
        // stops the sheet's list and is swallowed, and `tab` is delivered at that moment.
        #expect(
            taps.map(\.what) == [
                "tap cancelled at t 0.02", "tap swallowed at t 0.35", "tap delivered at t 0.35",
            ])
        Self.check(p, "two taps at one t")
    }

    /// Commands with long texts at the right edge: their labels stay inside (or are left out).
    @Test func longCommandLabelsStayInside() throws {
        let p = try Self.picture(
            "tabs",
            [
                "pan 0 -100", "end", "wait 1s", "touch 195 500",
                "move 0 -0.123456789 over 16.6666ms", "move 0 -0.987654321 over 16.6666ms",
                "end 0 -0.000001", "set slop 10.123456789",
            ])
        Self.check(p, "long labels")
    }

    /// Many handoffs close together, with their labels, over a crowded sheet session; the
    /// breakpoints' stops (collected after their command's facts) among them.
    @Test func aCrowdedSessionKeepsItsMarkersApart() throws {
        var lines = ["break handoff", "break release"]
        for _ in 0..<6 {
            lines += ["swipe 0 -500 over 250ms", "tap 195 600", "tab classes", "swipe 0 400"]
        }
        Self.check(try Self.picture("sheet", lines + ["settle"]), "crowded")
    }

    /// The stories of `TimelineTests` (tabs with taps, tabs, a `set fps 120`; a sheet; a stretchy
    /// header) keep their markers apart and their texts inside too.
    @Test(arguments: 0..<3)
    func theStoriesKeepTheRules(story: Int) throws {
        let (scene, lines) = TimelineTests.stories[story]
        Self.check(try Self.picture(scene, lines), scene)
    }

    /// A session that only waits has nothing to widen (its one busy frame is 1/60 of it), and a
    /// window given with `--from`/`--to` is drawn as chosen: linear.
    @Test func waitingOrAWindowStaysLinear() throws {
        #expect(try Self.picture("tabs", ["wait 1s"]).compressed.isEmpty)
        var s = Session(scene: BuiltinScenes.sheet, ref: "sheet", files: MemoryFiles())
        for line in ["pan 0 -450 over 300ms", "end 0 -2500", "settle"] { _ = s.run(line) }
        let svg = PlotFormat.svg.render(s.timeline(), from: 0, to: 4)
        #expect(!svg.contains("class=\"compressed\""))
    }

    /// `pan 0 -450 over 300ms`, `end 0 -2500`, `settle` on sheet lasts 4.22 s: the first 0.5 s
    /// takes at least 30 % of the width (it would take 0.5 / 4.22 = 12 % on a linear axis), the
    /// fling's tail being drawn faster and shaded.
    @Test func aFlingsFirstHalfSecondGetsRoom() throws {
        let p = try Self.picture("sheet", ["pan 0 -450 over 300ms", "end 0 -2500", "settle"])
        let lane = try #require(p.lanes["studios"])
        #expect(abs(lane.t.last! - 4.22) < 0.005)
        let half = try #require(lane.t.firstIndex(of: 0.5))
        let share = (lane.x[half] - p.x0) / (p.x1 - p.x0)
        #expect(share >= 0.3, "\(share)")
        // Marked as such: a shaded stretch after the handoff's half second, drawn N× faster.
        let c = try #require(p.compressed.first)
        #expect(c.from > 0.5 && c.to == lane.t.last! && c.factor > 1)
        #expect(p.texts.contains { $0.what == "'quiet, \(c.factor)× faster'" })
        Self.check(p, "fling")
    }
}

/// `plot` to JSON Lines streams (issue 22): the rows are handed over in pieces of about 64 KB,
/// whole lines each, and together they are the file.
struct TimelineStreamingTests {
    @Test func jsonLinesComeInPiecesOfWholeRows() {
        var s = Session(scene: BuiltinScenes.sheet, ref: "sheet", files: MemoryFiles())
        for _ in 0..<40 {
            for c in [
                "pan 0 -450 over 300ms", "end 0 -2500", "settle", "pan 0 500", "end", "settle",
            ] {
                _ = s.run(c)
            }
        }
        let timeline = s.timeline()
        var pieces: [String] = []
        timeline.jsonLines { pieces.append($0) }
        #expect(pieces.count > 2)
        #expect(
            pieces.dropLast().allSatisfy {
                $0.utf8.count >= 1 << 16 && $0.utf8.count < (1 << 16) + 1024
            })
        #expect(pieces.allSatisfy { $0.hasSuffix("}\n") })
        #expect(pieces.joined() == timeline.jsonLines())
        #expect(pieces.joined().split(separator: "\n").count == timeline.rows.count)
    }
}
