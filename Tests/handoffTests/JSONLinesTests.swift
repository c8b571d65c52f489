import Foundation
import HandoffScript
import Testing

/// `--json` prints exactly one structured line per command on stdout, whatever the command
/// (SPEC §6): errors and failed `expect`s included, and no `{"kind":"text"}` fallback.
@Suite struct JSONLinesTests {
    @Test func everyCommandOfTheTablePrintsOneStructuredLine() throws {
        let dir = try Harness.temporaryDirectory()
        let trace = dir.appendingPathComponent("t.trace").path
        let script = [
            "scenes", "load tabs", "touch 195 400", "move 0 -30", "end", "pan 0 -250 over 100ms",
            "end 0 900", "wait 100ms", "step 3", "settle", "swipe 0 200", "tap first[2]",
            "tab second", "tab next", "state", "state --json", "tree", "show", "why",
            "expect outer.offset == 12345", "expect owner == none", "set slop 12", "set",
            "record \(trace)", "pan 0 -40", "end", "record stop", "replay \(trace)", "help",
            "help pan", "nonsense", "pan 0 -12O", "expect nosuch.offset == 1", "tap 195 -5",
            "break when outer.offset > 10", "break handoff", "watch outer.offset",
            "pan 0 -50 over 100ms", "continue", "break", "history", "hazards", "back", "back break",
            "compare policy uikit", "unwatch all", "delete all", "load",
            "record /nonexistent/x.trace", "plot \(dir.path)/t.svg", "quit",
        ]
        let r = try Harness.run(["--json"], stdin: script.joined(separator: "\n") + "\n")
        let lines = r.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == script.count, "\(r.out)")
        #expect(r.err.isEmpty, "\(r.err)")
        for (command, line) in zip(script, lines) {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object != nil, "\(command): \(line)")
            #expect(!line.contains(#""kind":"text""#), "\(command): \(line)")
        }
        // Every command of the table is in the script.
        let names = Set(script.map { String($0.prefix { $0 != " " }) })
        for spec in CommandTable.all {
            #expect(names.contains(spec.name), "\(spec.name)")
        }
        // Errors carry their line and column; failed expects are structured too.
        let error = try #require(lines.first { $0.contains(#""command":"nonsense""#) })
        #expect(error.contains(#""kind":"error""#))
        #expect(error.contains(#""line":31,"column":1"#))
        let bad = try #require(lines.first { $0.contains(#""command":"pan 0 -12O""#) })
        #expect(bad.contains(#""line":32,"column":7"#))
        let failed = try #require(lines.first { $0.contains(#""command":"expect outer.offset"#) })
        #expect(failed.contains(#""kind":"expect","passed":false"#))
    }
}
