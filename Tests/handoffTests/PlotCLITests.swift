import Foundation
import Testing

/// `handoff plot FILE` (SPEC §12) from the command line.
struct PlotCLITests {
    static let trace = Harness.root.appendingPathComponent(
        "Traces/sheet/continuous-into-list.trace"
    )
    .path

    @Test func aTraceToJSONLines() throws {
        let dir = try Harness.temporaryDirectory()
        let out = dir.appendingPathComponent("fling.jsonl").path
        let r = try Harness.run(["plot", Self.trace, "-o", out])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.hasPrefix("wrote \(out): 3 commands, "))
        let rows = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        // `pan 0 -450` (no frame), `end 0 -1000` (no frame), then `settle`'s frames; the
        // trace's own expectations hold at the end: the sheet at full, the list at 629.5 (to
        // 1e-6: 629.499833), after 207 frames = 3.45 s at 60 fps.
        #expect(
            rows.first?.hasPrefix(
                #"{"t":0,"frame":0,"command":1,"offsets":{"lists":0,"studios":130,"#) == true)
        #expect(
            rows.last
                == #"{"t":3.45,"frame":207,"command":3,"offsets":{"lists":0,"studios":629.499833,"classes":0},"sheets":{"sheet":100},"heights":{},"owner":null,"phase":"idle"}"#
        )
    }

    /// A command that runs no frame has one row, at the time and frame it ran: the row before's
    /// `t` and `frame`, so several rows share a `t` and only `command` tells them apart
    /// (docs/reference/output.md, "JSON Lines").
    @Test func framelessRowsRepeatTheTimeOfTheRowBefore() throws {
        let dir = try Harness.temporaryDirectory()
        let script = dir.appendingPathComponent("s.txt")
        try "pan 0 -100\nend 0 -1000\nstep 3\ntouch 195 500\nend\ntab next\n".write(
            to: script, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("s.jsonl").path
        let r = try Harness.run(["plot", script.path, "-o", out])
        #expect(r.status == 0, "\(r.err)")
        let heads = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").map {
            $0.components(separatedBy: #","offsets""#)[0]
        }
        // `pan` and `end` at t 0 (no frame), `step 3`'s three frames (50 ms at 60 fps), then
        // `touch`, `end` and `tab next` at that same time and frame.
        #expect(
            heads == [
                #"{"t":0,"frame":0,"command":1"#, #"{"t":0,"frame":0,"command":2"#,
                #"{"t":0.016667,"frame":1,"command":3"#, #"{"t":0.033333,"frame":2,"command":3"#,
                #"{"t":0.05,"frame":3,"command":3"#, #"{"t":0.05,"frame":3,"command":4"#,
                #"{"t":0.05,"frame":3,"command":5"#, #"{"t":0.05,"frame":3,"command":6"#,
            ])
    }

    @Test func withoutOutputTheSVGGoesToStandardOutput() throws {
        let r = try Harness.run(["plot", Self.trace])
        #expect(r.status == 0)
        #expect(r.out.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg"))
        #expect(r.out.contains(#"<g class="lane" data-id="studios" data-kind="offset""#))
        #expect(r.err.isEmpty)
    }

    /// The guide's picture is what the guide's command draws today.
    @Test func theGuidePictureIsUpToDate() throws {
        let guide = try String(
            contentsOf: Harness.root.appendingPathComponent("docs/guide/reading-the-timeline.md"),
            encoding: .utf8)
        let command = "handoff plot Traces/readme/sheet-fling-timeline.trace -o docs/timeline.svg"
        #expect(guide.contains(command))
        #expect(guide.contains("](../timeline.svg)"))
        let r = try Harness.run(["plot", "Traces/readme/sheet-fling-timeline.trace"])
        let committed = try String(
            contentsOf: Harness.root.appendingPathComponent("docs/timeline.svg"), encoding: .utf8)
        #expect(r.out == committed, "re-run the guide's command to update docs/timeline.svg")
    }

    @Test func aScriptRunsOnTheSceneGiven() throws {
        let dir = try Harness.temporaryDirectory()
        let script = dir.appendingPathComponent("s.txt")
        try "swipe 0 -500 over 250ms\nsettle\nexpect sheet.top == 200\nbogus\n".write(
            to: script, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("s.svg").path
        let r = try Harness.run(["plot", script.path, "--scene", "sheet", "-o", out])
        // The picture is written; the failed expect and the bad line say where they are.
        #expect(r.status == 1)
        #expect(r.err.contains("\(script.path):3:1: "))
        #expect(r.err.contains("\(script.path):4:1: error: "))
        #expect(FileManager.default.fileExists(atPath: out))
    }

    /// `wrote …` counts what the window holds: the rows of the `settle`'s frames 61 to 89 (one
    /// every 1/60 s from 0, its first at 1/60), in the file.
    @Test func aWindowCountsWhatItWrote() throws {
        let dir = try Harness.temporaryDirectory()
        let out = dir.appendingPathComponent("w.jsonl").path
        let r = try Harness.run(["plot", Self.trace, "-o", out, "--from", "1.01", "--to", "1.49"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err == "wrote \(out): 1 command, 29 rows, 0 markers\n")
        let rows = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        #expect(rows.count == 29)
    }

    /// A window with no frame is an unusable argument: nothing is written (the trace's frames
    /// run from its first command, at 0, to the end of its `settle`, at 3.45 s).
    @Test func anEmptyWindowExitsTwo() throws {
        let dir = try Harness.temporaryDirectory()
        let out = dir.appendingPathComponent("late.svg").path
        let r = try Harness.run(["plot", Self.trace, "-o", out, "--from", "5"])
        #expect(r.status == 2)
        #expect(
            r.err == "error: the window --from 5 holds no frame: the frames run from 0 to 3.45 s\n")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func aScriptsErrorsReadLikeEveryOther() throws {
        let dir = try Harness.temporaryDirectory()
        let script = dir.appendingPathComponent("r.txt")
        try "record x.trace\n".write(to: script, atomically: true, encoding: .utf8)
        let scene = try Harness.run(["plot", script.path, "--scene", "nosuch"])
        #expect(scene.status == 2)
        #expect(scene.err.hasPrefix("error: no built-in scene or file 'nosuch'"))
        let refused = try Harness.run([
            "plot", script.path, "-o", dir.appendingPathComponent("r.svg").path,
        ])
        #expect(
            refused.err.hasPrefix(
                "\(script.path):1:1: error: 'record' writes a file: running a file to plot it, or replaying or testing a trace, never writes files (SPEC §7)\n"
            ))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.trace").path))
    }

    @Test func unusableArgumentsExitTwo() throws {
        let bad = try Harness.run(["plot", Self.trace, "-o", "x.png"])
        #expect(bad.status == 2)
        #expect(
            bad.err == "error: 'x.png' names no picture format: end it in .svg, .html or .jsonl\n")
        let scene = try Harness.run(["plot", Self.trace, "--scene", "tabs"])
        #expect(scene.status == 2)
        #expect(scene.err.contains("is a trace: it names its own scene"))
        let window = try Harness.run(["plot", Self.trace, "--from", "2", "--to", "1s"])
        #expect(window.status == 2)
        let twice = try Harness.run(["plot", Self.trace, "--to", "2", "--to", "3"])
        #expect(twice.status == 2)
        #expect(twice.err == "error: --to is given twice: a window has one start and one end\n")
        #expect(twice.out.isEmpty)
        let missing = try Harness.run(["plot", "/nonexistent.trace"])
        #expect(missing.status == 2)
        #expect(missing.err.hasPrefix("error: cannot read '/nonexistent.trace'"))
    }
}

extension PlotCLITests {
    /// SPEC §4.4, §12: the timeline marks a delayed delivery at its time (0.15 s), with its glyph
    /// defined only in a picture that has one.
    @Test func aDelayedDeliveryIsMarked() throws {
        let dir = try Harness.temporaryDirectory()
        let out = dir.appendingPathComponent("deliver.svg").path
        let trace = Harness.root.appendingPathComponent(
            "Traces/touches/row-delivered-then-cancelled.trace"
        ).path
        let r = try Harness.run(["plot", trace, "-o", out])
        #expect(r.status == 0, "\(r.err)")
        let svg = try String(contentsOfFile: out, encoding: .utf8)
        #expect(svg.contains(#"touch delivered" data-t="0.15""#))
        #expect(svg.contains(#"<g id="m-touch-delivered">"#))
        let plain = dir.appendingPathComponent("plain.svg").path
        _ = try Harness.run(["plot", Self.trace, "-o", plain])
        #expect(!(try String(contentsOfFile: plain, encoding: .utf8)).contains("touch-delivered"))
    }
}
