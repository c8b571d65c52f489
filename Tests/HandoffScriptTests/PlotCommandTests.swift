import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// `plot OUT` inside a session (SPEC §12), and `plot` in traces (§7).
struct PlotCommandTests {
    func session(_ files: MemoryFiles) -> Session {
        Session(scene: BuiltinScenes.sheet, ref: "sheet", files: files)
    }

    @Test func plotWritesTheTimelineSinceTheLastLoad() throws {
        let files = MemoryFiles()
        var s = session(files)
        _ = s.run("pan 0 -100")
        _ = s.run("end")
        _ = s.run("load sheet")
        _ = s.run("swipe 0 -500 over 250ms")
        _ = s.run("settle")
        let out = s.run("plot fling.jsonl").lines.map(\.text)
        #expect(out == ["plot      wrote fling.jsonl: 2 commands, 243 rows, 5 markers"])
        let rows = try #require(files.files["fling.jsonl"]).split(separator: "\n")
        #expect(rows.count == 243)
        // Frame 243 (15 of the swipe, 228 of the settle) at 243/60 s; the list rests a third of
        // a thousandth short of its 1179 (state --json rounds it to 1179).
        #expect(
            rows.last
                == #"{"t":4.05,"frame":243,"command":2,"offsets":{"lists":0,"studios":1178.999666,"classes":0},"sheets":{"sheet":100},"heights":{},"owner":null,"phase":"idle"}"#
        )
        _ = s.run("plot fling.svg")
        _ = s.run("plot fling.html --from 0.1 --to 1.5")
        #expect(files.files["fling.svg"]?.hasPrefix("<?xml") == true)
        #expect(files.files["fling.html"]?.contains(#"data-from="0.1""#) == true)
    }

    /// The session's breakpoints are marked where they stop (SPEC §12 "stops"), found by the
    /// re-run, which stops, counts and prints nothing (§10.1).
    @Test func breakpointsAreMarkedWhereTheyStop() throws {
        let files = MemoryFiles()
        var s = Session(scene: BuiltinScenes.tabs, ref: "tabs", files: files)
        _ = s.run("break when outer.offset > 90")
        _ = s.run("break handoff")
        // Stops at frame 6 (outer 100 at t 0.1), then at the handoff (frame 13, t 0.22).
        _ = s.run("pan 0 -300 over 300ms")
        _ = s.run("continue")
        _ = s.run("end")
        _ = s.run("plot stops.svg")
        let svg = try #require(files.files["stops.svg"])
        let stops = svg.components(separatedBy: #"data-kind="breakpoint""#).dropFirst().map {
            String($0.prefix(40))
        }
        #expect(stops.count == 2)
        #expect(stops[0].hasPrefix(#" data-t="0.1" data-command="1""#))
        #expect(stops[1].hasPrefix(#" data-t="0.22" data-command="1""#))
        // The re-run counted no hits: `break` lists the two hits of the live session only.
        #expect(
            s.run("break").lines.map(\.text).filter { $0.hasSuffix("1 hit") }.count == 2)
    }

    /// A handoff's `from → to` label near the right edge is drawn left of its marker, inside the
    /// picture (it was clipped: "oute").
    @Test func aHandoffLabelAtTheRightEdgeStaysInside() throws {
        let files = MemoryFiles()
        var s = Session(scene: BuiltinScenes.tabs, ref: "tabs", files: files)
        for c in ["pan 0 -100", "end 0 -900", "settle"] { _ = s.run(c) }
        _ = s.run("plot wide.svg")
        _ = s.run("plot edge.svg --from 0 --to 0.14")
        let label = ##"fill="#e8590c">outer → upcoming</text>"##
        let wide = try #require(files.files["wide.svg"])
        let edge = try #require(files.files["edge.svg"])
        #expect(
            wide.contains(label)
                && !wide.contains(##"text-anchor="end" font-size="10" fill="#e8590c""##))
        #expect(edge.contains(##"text-anchor="end" font-size="10" "## + label))
    }

    @Test func plotNamesItsMistakes() {
        var s = session(MemoryFiles())
        let bad = s.run("plot fling.png")
        #expect(bad.failed)
        #expect(
            bad.lines.first?.text
                == "error: 'fling.png' names no picture format: end it in .svg, .html or .jsonl")
        let window = s.run("plot a.svg --from 2 --to 1")
        #expect(window.lines.first?.text == "error: --to must be later than --from")
        let time = s.run("plot a.svg --from soon")
        #expect(time.lines.first?.text.hasPrefix("error: expected a time in seconds") == true)
    }

    /// A window's line counts what was written: frames run every 1/60 s, so 0.2...0.25 holds
    /// the rows of frames 12 to 15 of the one `pan`, and the handoff of frame 13 (t 0.22).
    @Test func aWindowCountsWhatItWrote() throws {
        let files = MemoryFiles()
        var s = Session(scene: BuiltinScenes.tabs, ref: "tabs", files: files)
        _ = s.run("pan 0 -300 over 300ms")
        let out = s.run("plot w.jsonl --from 0.2 --to 0.25").lines.map(\.text)
        #expect(out == ["plot      wrote w.jsonl: 1 command, 4 rows, 1 marker"])
        #expect(try #require(files.files["w.jsonl"]).split(separator: "\n").count == 4)
        s.json = true
        let json = try #require(s.run("plot w.svg --from 0.2 --to 0.25").lines.first?.text)
        #expect(json.contains(#""commands":1"#) && json.contains(#""rows":4"#))
        #expect(json.contains(#""marks":1"#))
    }

    /// A window with no row writes nothing and says where the frames are, the caret under the
    /// end that misses them (the `pan`'s 18 frames run from t 1/60 to 0.3).
    @Test func anEmptyWindowIsAnError() {
        let files = MemoryFiles()
        var s = Session(scene: BuiltinScenes.tabs, ref: "tabs", files: files)
        _ = s.run("pan 0 -300 over 300ms")
        let early = s.run("plot u.jsonl --to 0")
        #expect(early.failed)
        #expect(
            early.lines.map(\.text).prefix(3) == [
                "error: the window --to 0 holds no frame: the frames run from 0.02 to 0.3 s",
                "  plot u.jsonl --to 0",
                "               ^~~~~~",
            ])
        let late = s.run("plot u.svg --from 5")
        #expect(
            late.lines.map(\.text).prefix(3) == [
                "error: the window --from 5 holds no frame: the frames run from 0.02 to 0.3 s",
                "  plot u.svg --from 5",
                "             ^~~~~~~~",
            ])
        // Between two frames (0.2 and 0.2167): the ends print to the millisecond.
        let gap = s.run("plot u.html --from 0.201 --to 0.202")
        #expect(
            gap.lines.first?.text
                == "error: the window --from 0.201 --to 0.202 holds no frame: the frames run from 0.02 to 0.3 s"
        )
        #expect(gap.lines.dropFirst(2).first?.text == "                           ^~~~~~~~~~")
        #expect(files.files.isEmpty)
    }

    @Test func aRepeatedWindowEndIsAnError() {
        let files = MemoryFiles()
        var s = Session(scene: BuiltinScenes.tabs, ref: "tabs", files: files)
        _ = s.run("pan 0 -300 over 300ms")
        let twice = s.run("plot a.svg --from 0.1 --to 0.2 --from 0.15")
        #expect(
            twice.lines.map(\.text).prefix(3) == [
                "error: --from is given twice: a window has one start and one end",
                "  plot a.svg --from 0.1 --to 0.2 --from 0.15",
                "                                 ^~~~~~",
            ])
        #expect(
            s.run("plot a.svg --to 0.2 --to 0.3").lines.first?.text.hasPrefix(
                "error: --to is given twice") == true)
        #expect(files.files.isEmpty)
    }

    @Test func plotIsACommentInARecordingAndRefusedInAReplay() throws {
        let files = MemoryFiles()
        var s = session(files)
        _ = s.run("record t.trace")
        _ = s.run("swipe 0 -300")
        _ = s.run("plot t.svg")
        _ = s.run("record stop")
        let trace = try #require(files.files["t.trace"])
        #expect(trace.contains("\n# plot t.svg\n"))
        #expect(!trace.contains("> plot"))
        // Hand-written into a trace, it is refused and writes nothing.
        var replay = session(files)
        let text = try #require(files.files["t.trace"]).replacingOccurrences(
            of: "# plot t.svg", with: "> plot out.svg")
        files.files["hand.trace"] = text
        let r = replay.run("replay hand.trace")
        #expect(r.failed)
        #expect(files.files["out.svg"] == nil)
        #expect(
            r.lines.contains {
                $0.text.contains(
                    "'plot' writes a file: running a file to plot it, or replaying or testing a trace, never writes files (SPEC §7)"
                )
            })
    }

    @Test func completionOffersPictureFiles() {
        let s = session(MemoryFiles())
        let files = { (_: String) in ["a.svg", "b.trace", "c.html", "d.jsonl", "dir/"] }
        #expect(
            Completion.candidates(for: "plot ", session: s, files: files).candidates
                == ["a.svg", "c.html", "d.jsonl", "dir/"])
        #expect(
            Completion.candidates(for: "plot a.svg ", session: s, files: files).candidates
                == ["--from", "--to"])
    }

    @Test func helpExplainsPlot() {
        var s = session(MemoryFiles())
        let lines = s.run("help plot").lines.map(\.text)
        #expect(lines.first == "usage: plot OUT.svg|OUT.html|OUT.jsonl [--from T] [--to T]")
    }
}
