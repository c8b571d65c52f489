import HandoffCore
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
        #expect(
            rows.last
                == #"{"t":4.05,"command":2,"offsets":{"lists":0,"studios":1179,"classes":0},"sheets":{"sheet":100},"heights":{},"owner":null,"phase":"idle"}"#
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
