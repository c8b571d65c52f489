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
