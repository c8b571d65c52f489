import Foundation
import Testing

/// The transcripts of README.md and of every page under docs/ are traces in `Traces/readme/` and
/// `Traces/guide/` (replayed with the rest of `Traces/`); this checks that each block of a page
/// equals its trace's output, so the pages cannot drift from the binary.
///
/// In a page a block is marked on the line above its fence (a trace's `expect` commands and
/// their output are left out: they assert what the trace shows, the page shows it):
/// - `<!-- trace: readme/F.trace -->`: the block is the output of every command of the trace;
/// - `<!-- trace: readme/F.trace (last command) -->`: the output of its last command;
/// - `… (last command, excerpt) -->`: consecutive lines of that output;
/// - `<!-- stderr: readme/F.handoff -->`: what the binary prints on standard error for that script
///   on standard input (errors cannot be traces: a trace with a bad command is corrupt).
/// - `<!-- trace: readme/F.trace (transcript) -->`: from its first `> ` line on, the block is the
///   trace's commands and output (`#` lines left out); a line `…` stands for any lines;
/// - `<!-- run in DIR -->`: the block's first line is `$ handoff ARGS`; the rest is what that
///   prints in DIR, with `…` standing for any lines.
/// - `<!-- file: guide/F.yaml -->`: the block is that file of `Traces/`, byte for byte (a scene
///   a page shows and its traces load).
struct DocsTests {
    struct Block: CustomStringConvertible {
        var page: String
        var marker: String
        var line: Int
        var lines: [String]
        var description: String { "\(page):\(line) \(marker)" }
    }

    /// README.md and every Markdown page under docs/, as paths from the package's root, sorted.
    static let pages: [String] = {
        let dir = Harness.root.appendingPathComponent("docs")
        let found =
            FileManager.default.enumerator(atPath: dir.path)?.compactMap { $0 as? String } ?? []
        return ["README.md"] + found.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    /// The text of a page (a path from the package's root).
    static func text(_ page: String) throws -> String {
        try String(contentsOf: Harness.root.appendingPathComponent(page), encoding: .utf8)
    }

    /// Every fenced block of every page with the marker above it (empty when unmarked) and the
    /// fence's language.
    static func blocks() throws -> [(block: Block, language: String)] {
        try pages.flatMap { try blocks(of: $0) }
    }

    /// Every fenced block of one page.
    static func blocks(of page: String) throws -> [(block: Block, language: String)] {
        let text = try text(page)
        let lines = text.components(separatedBy: "\n")
        var out: [(Block, String)] = []
        var k = 0
        while k < lines.count {
            guard lines[k].hasPrefix("```") else {
                k += 1
                continue
            }
            let language = String(lines[k].dropFirst(3))
            let marker = k > 0 && lines[k - 1].hasPrefix("<!-- ") ? lines[k - 1] : ""
            var body: [String] = []
            var end = k + 1
            while end < lines.count, !lines[end].hasPrefix("```") {
                body.append(lines[end])
                end += 1
            }
            out.append((Block(page: page, marker: marker, line: k + 1, lines: body), language))
            k = end + 1
        }
        return out
    }

    static let marked: [Block] = (try? blocks().map(\.block).filter { !$0.marker.isEmpty }) ?? []

    /// The trace's lines without its `#` comments, its `expect` commands and their output, or
    /// trailing blank lines.
    static func body(ofTrace path: String) throws -> [String] {
        let text = try String(
            contentsOf: Harness.root.appendingPathComponent("Traces/" + path), encoding: .utf8)
        var lines: [String] = []
        var inExpect = false
        for line in text.components(separatedBy: "\n") where !line.hasPrefix("#") {
            if line.hasPrefix("> ") { inExpect = line.hasPrefix("> expect ") }
            if !inExpect { lines.append(line) }
        }
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Whether `pattern` matches `lines`, a pattern line `…` matching any number of lines.
    static func matches(_ pattern: ArraySlice<String>, _ lines: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return lines.isEmpty }
        if first == "…" {
            return (0...lines.count).contains {
                matches(pattern.dropFirst(), lines.dropFirst($0))
            }
        }
        return lines.first == first && matches(pattern.dropFirst(), lines.dropFirst())
    }

    /// The expected output of each command of a trace but its `expect`s, in order.
    static func outputs(ofTrace path: String) throws -> [[String]] {
        var out: [[String]] = []
        for line in try body(ofTrace: path) {
            if line.hasPrefix("> ") {
                out.append([])
            } else if !out.isEmpty {
                out[out.count - 1].append(line)
            }
        }
        if var last = out.popLast() {
            while last.last == "" { last.removeLast() }
            out.append(last)
        }
        return out
    }

    /// A plain fence holds a transcript: every one of them is marked.
    @Test func everyTranscriptIsMarked() throws {
        let blocks = try Self.blocks()
        #expect(blocks.count >= 5)
        #expect(Self.pages.count > 10, "\(Self.pages)")
        for (block, language) in blocks where language.isEmpty {
            #expect(!block.marker.isEmpty, "\(block): a transcript without a trace")
        }
        #expect(Self.marked.count >= 3)
    }

    @Test(arguments: marked)
    func blockEqualsItsTrace(_ block: Block) throws {
        let words = block.marker.dropFirst(5).dropLast(4).split(separator: " ").map(String.init)
        let kind = words[0]
        let path = words[1]
        switch kind {
        case "trace:" where block.marker.contains("(transcript)"):
            let pattern = block.lines.drop { !$0.hasPrefix("> ") }
            let body = try Self.body(ofTrace: path)
            #expect(Self.matches(pattern, body[...]), "\(block): not \(body)")
        case "run":
            let dir = Harness.root.appendingPathComponent(words[2])
            let command = try #require(block.lines.first)
            #expect(command.hasPrefix("$ handoff "), "\(block)")
            let args = command.dropFirst("$ handoff ".count).split(separator: " ").map(String.init)
            let r = try Harness.run(args, cwd: dir)
            var out = r.lines
            while out.last == "" { out.removeLast() }
            #expect(Self.matches(block.lines.dropFirst(), out[...]), "\(block): not \(out)")
        case "trace:":
            let outputs = try Self.outputs(ofTrace: path)
            let expected = words.count > 2 ? outputs.last ?? [] : outputs.flatMap { $0 }
            if block.marker.contains("excerpt") {
                // A run of consecutive lines of the output.
                let n = block.lines.count
                let found =
                    n > 0
                    && (0...max(0, expected.count - n)).contains {
                        $0 + n <= expected.count && Array(expected[$0..<($0 + n)]) == block.lines
                    }
                #expect(found, "\(block): not in \(expected)")
            } else {
                #expect(block.lines == expected, "\(block)")
            }
        case "file:":
            let file = try String(
                contentsOf: Harness.root.appendingPathComponent("Traces/" + path),
                encoding: .utf8)
            #expect(block.lines.joined(separator: "\n") + "\n" == file, "\(block)")
        case "stderr:":
            let script = try String(
                contentsOf: Harness.root.appendingPathComponent("Traces/" + path),
                encoding: .utf8)
            let r = try Harness.run([], stdin: script)
            #expect(block.lines.joined(separator: "\n") + "\n" == r.err, "\(block)")
        default:
            Issue.record("\(block): unknown marker")
        }
    }

    /// The scripted example runs and every `expect` in it holds.
    @Test func scriptedExamplePasses() throws {
        let blocks = try Self.blocks()
        let sh = try #require(
            blocks.first { $0.language == "sh" && $0.block.lines[0].hasPrefix("handoff sheet <<") })
        let script = sh.block.lines.dropFirst().prefix { $0 != "EOF" }.joined(separator: "\n")
        let r = try Harness.run(["sheet"], stdin: script + "\n")
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.components(separatedBy: "expect    ok").count - 1 == 4)
    }
}
