import Foundation
import HandoffScript
import HandoffTestSupport
import Testing

/// Every file in Traces/ replays with no difference, one test case per file. With
/// RECORD_TRACES=1 a differing trace is rewritten and the test still fails, so nothing is accepted
/// silently.
struct TraceTests {
    static let traces: [String] = {
        let dir = Harness.root.appendingPathComponent("Traces")
        let found =
            FileManager.default.enumerator(atPath: dir.path)?.compactMap { $0 as? String } ?? []
        return found.filter { $0.hasSuffix(".trace") }.sorted()
    }()

    /// Every file in Traces/ is a trace replayed by `replays` or a file one uses: a scene a trace
    /// names, or a script a page of the docs runs. Every trace asserts what it shows with `expect`.
    @Test func everyFileIsReplayedAndEveryTraceExpects() throws {
        let dir = Harness.root.appendingPathComponent("Traces")
        let readme = try DocsTests.pages.map(DocsTests.text).joined(separator: "\n")
        var used: Set<String> = []
        for name in Self.traces {
            let text = try String(
                contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
            let lines = text.split(separator: "\n")
            if let scene = lines.first(where: { $0.hasPrefix("# scene: ") }) {
                let ref = String(scene.dropFirst("# scene: ".count))
                used.insert(Paths.resolve(ref, base: Paths.directory(of: name)))
            }
            #expect(
                lines.contains { $0.hasPrefix("> expect ") },
                "\(name): no '> expect' line")
        }
        let all = try FileManager.default.subpathsOfDirectory(atPath: dir.path).filter {
            var folder: ObjCBool = false
            let path = dir.appendingPathComponent($0).path
            return FileManager.default.fileExists(atPath: path, isDirectory: &folder)
                && !folder.boolValue
        }
        for file in all where !Self.traces.contains(file) {
            #expect(
                used.contains(file) || readme.contains("Traces/" + file)
                    || readme.contains("<!-- stderr: \(file) -->")
                    || readme.contains("<!-- file: \(file) -->"),
                "Traces/\(file) is neither replayed nor used by a trace or a page of the docs")
        }
        // Listed another way, the traces are exactly those `replays` runs.
        #expect(Set(all.filter { $0.hasSuffix(".trace") }) == Set(Self.traces))
        #expect(!Self.traces.isEmpty)
    }

    @Test(arguments: traces)
    func replays(_ name: String) throws {
        let path = "Traces/" + name
        let full = Harness.root.appendingPathComponent(path).path
        let text = try String(contentsOfFile: full, encoding: .utf8)
        let record = ProcessInfo.processInfo.environment["RECORD_TRACES"] == "1"
        var runner = TraceRunner.run(
            file: full, text: text, files: MemoryFiles(readingDisk: true), update: record)
        let outcome = runner.finish()
        #expect(
            outcome == .passed(commands: text.components(separatedBy: "\n> ").count - 1),
            "\(runner.diff.joined(separator: "\n"))")
        #expect(!text.contains("expect    FAILED"), "a recorded expect failed in \(name)")
        let lines = text.split(separator: "\n")
        #expect(
            lines.count > 2 && lines[2].hasPrefix("# ") && !lines[2].hasPrefix("# scene"),
            "\(name) needs a '#' line saying what it shows")
        if record, case .failed = outcome {
            try runner.updated.write(toFile: full, atomically: true, encoding: .utf8)
            Issue.record("rewrote \(path); review the diff and run again")
        }
    }

    /// What a trace loads lives inside `Traces/`: a user who copies the folder gets every
    /// scene file and dump its traces name (none reaches into `Tests/`).
    @Test(arguments: traces)
    func loadsOnlyFromInsideTraces(_ name: String) throws {
        let full = Harness.root.appendingPathComponent("Traces/" + name)
        let text = try String(contentsOf: full, encoding: .utf8)
        let scene = text.split(separator: "\n").first { $0.hasPrefix("# scene:") }
        let ref = try #require(scene).dropFirst("# scene:".count).trimmingCharacters(
            in: .whitespaces)
        guard ref.contains("/") || ref.contains(".") else { return }  // a built-in scene
        let target = full.deletingLastPathComponent().appendingPathComponent(ref).standardized
        let traces = Harness.root.appendingPathComponent("Traces").standardized.path + "/"
        #expect(target.path.hasPrefix(traces), "\(name) loads \(ref), outside Traces/")
        #expect(FileManager.default.fileExists(atPath: target.path), "\(name): no \(ref)")
    }

    /// `handoff test` reports a changed expected line as a failure and exits 1.
    @Test func changedLineFails() throws {
        let dir = try Harness.temporaryDirectory()
        let original = Harness.root.appendingPathComponent("Traces/tabs/continuous-handoff.trace")
        var text = try String(contentsOf: original, encoding: .utf8)
        try text.write(
            to: dir.appendingPathComponent("ok.trace"), atomically: true, encoding: .utf8)
        let ok = try Harness.run(["test", dir.path])
        #expect(ok.status == 0)
        #expect(ok.lines.contains("1 passed, 0 failed"))
        text = text.replacingOccurrences(of: "outer.offset  0 → 150", with: "outer.offset  0 → 149")
        try text.write(
            to: dir.appendingPathComponent("ok.trace"), atomically: true, encoding: .utf8)
        try "# handoff trace v1\n# scene: tabs\n> frobnicate\n".write(
            to: dir.appendingPathComponent("z.trace"), atomically: true, encoding: .utf8)
        let bad = try Harness.run(["test", dir.path])
        #expect(bad.status == 1)
        #expect(bad.lines.contains("0 passed, 2 failed"))
        #expect(bad.out.contains("-outer.offset  0 → 149"))
        #expect(bad.out.contains("CORRUPT \(dir.path)/z.trace:3: error:"))
        let replay = try Harness.run(["replay", dir.appendingPathComponent("ok.trace").path])
        #expect(replay.status == 1)
        #expect(replay.out.contains("@@ -"))
    }

    @Test func wholeSuiteThroughTheBinary() throws {
        let r = try Harness.run(["test", "Traces"])
        #expect(r.status == 0, "\(r.out)")
        #expect(r.lines.contains("\(Self.traces.count) passed, 0 failed"))
    }

    /// A recording made through the binary replays with no difference.
    @Test func recordingReplays() throws {
        let dir = try Harness.temporaryDirectory()
        let trace = dir.appendingPathComponent("rec.trace").path
        let r = try Harness.run(
            ["sheet", "--record", trace],
            stdin: "pan 0 -450\nend 0 -1000\nbad input\nwait 300ms\ntap 195 300\nsettle\n")
        #expect(r.status == 1)  // the bad line
        let replay = try Harness.run(["replay", trace])
        #expect(replay.status == 0, "\(replay.out)")
        let again = try Harness.run(["sheet", "--record", trace], stdin: "")
        #expect(again.status == 2)  // refuses to overwrite
    }
}
