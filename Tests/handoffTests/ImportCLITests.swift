import Foundation
import Testing

/// `handoff import`, `handoff DUMP` and `load DUMP` end to end (SPEC §11).
@Suite(.serialized) struct ImportCLITests {
    static let dump = "Tests/HandoffScriptTests/Resources/uikit/table-ios12-snapshot-testing.txt"

    @Test func importPrintsYAMLThatLoadsToTheSameState() throws {
        let r = try Harness.run(["import", Self.dump])
        #expect(r.status == 0)
        #expect(r.out.contains("settings: {policy: uikit, slopmode: subtract, touches: uikit}"))
        #expect(r.out.contains("  - scroll: tableView\n    class: UITableView\n"))
        #expect(r.err == Self.dump + ": 53 views, 1 scroll view, 0 lines skipped\n")
        let dir = try Harness.temporaryDirectory()
        let yaml = dir.appendingPathComponent("screen.yaml").path
        let w = try Harness.run(["import", Self.dump, "-o", yaml])
        #expect(w.status == 0)
        #expect(try String(contentsOfFile: yaml, encoding: .utf8) == r.out)
        let again = try Harness.run(["import", Self.dump, "-o", yaml])
        #expect(again.status == 2)
        #expect(again.err.contains("exists; add --force"))
        let script = "pan 0 -120\nstate --json\nend\nsettle\nstate --json\n"
        let fromDump = try Harness.run([Self.dump], stdin: script)
        let fromYAML = try Harness.run([yaml], stdin: script)
        #expect(fromDump.status == 0 && fromYAML.status == 0)
        #expect(fromDump.out == fromYAML.out)
        // The snapshot's table (568 tall, 20 inset at the top, content 440) shows up to 548;
        // the separators of its empty rows at 571.5 and below are past it: the load warns.
        #expect(
            fromDump.err == Self.dump + ": UIKit dump: 53 views, 1 scroll view, 0 lines skipped\n"
                + Self.dump
                + ": warning: tableViewCellSeparatorView13 reaches past tableView's content: it ends at 572, scrolling shows up to 548 (and 7 more children)\n"
        )
    }

    /// Under `--json` the import summary is a JSON line on stderr, the `load` event of the dump
    /// (what `load DUMP` prints as its event), with the counts as numbers.
    @Test func theSummaryUnderJSONIsTheLoadEvent() throws {
        let r = try Harness.run([Self.dump, "--json"], stdin: "load \(Self.dump)\n")
        #expect(r.status == 0)
        let event =
            #"{"kind":"loaded","scene":"table-ios12-snapshot-testing","nodes":53,"window":[320,568],"imported":{"views":53,"scrollViews":1,"skipped":0,"dropped":0}}"#
        let warning =
            #"{"kind":"warning","warning":"pastContent","node":"tableViewCellSeparatorView13","others":7,"scroll":"tableView","end":572,"reach":548}"#
        #expect(r.err == event + "\n" + warning + "\n")
        #expect(r.out.contains(#"{"command":"load "#))
        #expect(r.out.contains(#""events":["# + event + "," + warning))
    }

    @Test func loadADumpPrintsASummary() throws {
        let r = try Harness.run([], stdin: "load \(Self.dump)\ntree\n")
        #expect(r.status == 0)
        #expect(
            r.lines.contains(
                "load      table-ios12-snapshot-testing: 53 nodes, window 320×568; UIKit dump: 53 views, 1 scroll view, 0 lines skipped"
            ))
        #expect(
            r.lines.contains(
                "  tableView  scroll [0, 0, 320, 568] vertical offset -20 (-20…-20)  (UITableView)")
        )
    }

    @Test func aFileWithNoViewLineExitsTwoNamingIt() throws {
        let dir = try Harness.temporaryDirectory()
        let path = dir.appendingPathComponent("notes.txt").path
        try "(lldb) po self.view\nnothing here\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        let r = try Harness.run(["import", path])
        #expect(r.status == 2)
        #expect(r.out.isEmpty)
        #expect(r.err.hasPrefix(path + ":1:1: error: no view line"))
        let missing = try Harness.run(["import", dir.appendingPathComponent("none.txt").path])
        #expect(missing.status == 2)
        #expect(missing.err.contains("none.txt"))
    }
}
