import Foundation
import HandoffScript
import Testing

/// docs/ against the tables the tool itself uses: the commands page is generated from the command
/// table `help` prints, and every rule number the tool cites, every scene key and every setting is
/// documented. `UPDATE_DOCS=1 swift test --filter Docs` (or `make docs`) rewrites the generated
/// parts of docs/reference/commands.md and scene-format.md and still fails once, so nothing
/// changes silently.
struct DocsReferenceTests {
    static let end = "<!-- end of the generated part -->"

    /// A part of a page generated from the tool's own tables, between its `begin` line and `end`.
    struct Generated: CustomStringConvertible, Sendable {
        var page: String
        var begin: String
        var lines: @Sendable () -> [String]
        var description: String { page }
    }

    static let generated: [Generated] = [
        Generated(
            page: "docs/reference/commands.md",
            begin:
                "<!-- generated from the command table: UPDATE_DOCS=1 swift test --filter Docs -->",
            lines: generatedCommands),
        Generated(
            page: "docs/reference/scene-format.md",
            begin:
                "<!-- generated from the scene loader's key table: UPDATE_DOCS=1 swift test --filter Docs -->",
            lines: { ["```text"] + HelpTopic.scene.lines + ["```"] }),
    ]

    /// The generated part of the commands page: one table of every command `help` lists, then one
    /// section per command with exactly what `help CMD` prints.
    @Sendable static func generatedCommands() -> [String] {
        var out = ["| command | what it does |", "|---|---|"]
        func cell(_ s: String) -> String { s.replacingOccurrences(of: "|", with: "\\|") }
        for spec in CommandTable.all {
            out.append("| [`\(cell(spec.usage))`](#\(spec.name)) | \(cell(spec.summary)) |")
        }
        for spec in CommandTable.all {
            out += ["", "### \(spec.name)", "", "```text"]
            out += HelpTopic.command(spec).lines
            out.append("```")
        }
        return out
    }

    /// The commands page and the scene keys are generated from the tables `help` prints;
    /// `UPDATE_DOCS=1` rewrites a part that differs (and the test still fails once).
    @Test(arguments: generated)
    func aGeneratedPartIsUpToDate(_ part: Generated) throws {
        let url = Harness.root.appendingPathComponent(part.page)
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        let from = try #require(lines.firstIndex(of: part.begin), "no '\(part.begin)' line")
        let to = try #require(
            lines[from...].firstIndex(of: Self.end), "no '\(Self.end)' line after it")
        let generated = [part.begin, ""] + part.lines() + ["", Self.end]
        if Array(lines[from...to]) != generated {
            if ProcessInfo.processInfo.environment["UPDATE_DOCS"] == "1" {
                lines.replaceSubrange(from...to, with: generated)
                try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
                Issue.record("rewrote \(part.page); review the diff and run again")
            } else {
                Issue.record(
                    "\(part.page) differs from the tool's tables: run `make docs` (UPDATE_DOCS=1 swift test --filter Docs)"
                )
            }
        }
    }

    /// The table `help` prints is the one the commands page is generated from.
    @Test func helpPrintsTheCommandTable() {
        let help = HelpTopic.all.lines.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(help.count == CommandTable.all.count)
        for (line, spec) in zip(help, CommandTable.all) {
            #expect(line.hasPrefix(spec.usage) && line.hasSuffix(spec.summary), "\(line)")
        }
    }

    /// Every heading of every page under docs/ (recursively, so the pages other branches add count).
    static func headings() throws -> [(page: String, text: String)] {
        try DocsTests.pages.filter { $0.hasPrefix("docs/") }.flatMap { page in
            try DocsTests.text(page).components(separatedBy: "\n").filter { $0.hasPrefix("#") }
                .map { (page, $0) }
        }
    }

    /// The rule numbers in `text`: `§5.3` in `§5.3 policy uikit`, `§5.5` in `§5.5 r1`.
    static func ruleNumbers(_ text: Substring) -> [String] {
        var out: [String] = []
        var rest = text
        while let mark = rest.firstIndex(of: "§") {
            rest = rest[rest.index(after: mark)...]
            let number = rest.prefix { $0.isNumber || $0 == "." }
            let trimmed = number.hasSuffix(".") ? number.dropLast() : number
            if !trimmed.isEmpty { out.append("§" + trimmed) }
            rest = rest.dropFirst(number.count)
        }
        return out
    }

    /// The string literals of a Swift source line (what it can print), or none for a comment.
    static func literals(_ line: Substring) -> [Substring] {
        let code = line.drop { $0 == " " }
        guard !code.hasPrefix("//") else { return [] }
        var out: [Substring] = []
        var start: Substring.Index?
        var escaped = false
        for i in code.indices {
            let c = code[i]
            if let s = start {
                if escaped {
                    escaped = false
                } else if c == "\\" {
                    escaped = true
                } else if c == "\"" {
                    out.append(code[code.index(after: s)..<i])
                    start = nil
                }
            } else if c == "\"" {
                start = i
            } else if c == "/", code[i...].hasPrefix("//") {
                break
            }
        }
        return out
    }

    /// Every rule number the tool prints, with where it was found: in a string literal of
    /// Sources/ (`why`, errors, `help`), in `help` and `help scene`, and in every trace.
    static func citedRules() throws -> [String: String] {
        var cited: [String: String] = [:]
        func note(_ text: Substring, _ place: String) {
            for n in ruleNumbers(text) where cited[n] == nil { cited[n] = place }
        }
        let fm = FileManager.default
        let sources = Harness.root.appendingPathComponent("Sources")
        for file in fm.enumerator(atPath: sources.path)?.compactMap({ $0 as? String }) ?? []
        where file.hasSuffix(".swift") {
            let text = try String(
                contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (k, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
                .enumerated()
            {
                for literal in literals(line) { note(literal, "Sources/\(file):\(k + 1)") }
            }
        }
        var topics: [HelpTopic] = [.all, .scene]
        topics += CommandTable.all.map(HelpTopic.command)
        for topic in topics {
            for line in topic.lines { note(line[...], "help") }
        }
        for name in TraceTests.traces {
            let text = try String(
                contentsOf: Harness.root.appendingPathComponent("Traces/" + name),
                encoding: .utf8)
            note(text[...], "Traces/" + name)
        }
        return cited
    }

    /// What `why`, `help`, errors and traces cite is a heading under docs/ that carries its
    /// number (`## §5.3 Policies uikit and outer`). Only the numbers this build prints are
    /// checked, so a branch that adds a rule adds its heading; a miss names the number and where
    /// it is cited.
    @Test func everyCitedRuleIsAHeading() throws {
        let cited = try Self.citedRules()
        #expect(cited["§5.3"] != nil && cited["§10"] != nil, "\(cited.keys.sorted())")
        var headed: Set<String> = []
        for (_, heading) in try Self.headings() {
            let words = heading.drop { $0 == "#" }.drop { $0 == " " }
            if words.hasPrefix("§"), let first = Self.ruleNumbers(words).first,
                words.dropFirst(first.count).first.map({ $0 == " " }) ?? true
            {
                headed.insert(first)
            }
        }
        let missing = cited.keys.filter { !headed.contains($0) }.sorted {
            $0.compare($1, options: .numeric) == .orderedAscending
        }
        #expect(
            missing.isEmpty,
            "cited but not a heading under docs/: \(missing.map { "\($0) (\(cited[$0]!))" }.joined(separator: ", "))"
        )
    }

    /// The words `help scene` lists as keys (top-level, node kinds and node keys).
    static func sceneKeys() -> [String] {
        HelpTopic.scene.lines.filter { $0.hasPrefix("  ") }.compactMap {
            $0.split(separator: " ").first.map(String.init)
        }
    }

    /// The text of every page under docs/reference/.
    static func referenceText() throws -> String {
        try DocsTests.pages.filter { $0.hasPrefix("docs/reference/") }.map(DocsTests.text)
            .joined(separator: "\n")
    }

    /// Every key of a scene file (the loader's key table, as `help scene` prints it) and every
    /// node kind is written as code somewhere under docs/reference/.
    @Test func everySceneKeyIsDocumented() throws {
        let keys = Self.sceneKeys()
        #expect(keys.contains("stretches") && keys.contains("sheet") && keys.contains("window"))
        let text = try Self.referenceText()
        let missing = keys.filter { key in
            !["`", ":", " ", "="].contains { text.contains("`" + key + $0) }
        }
        #expect(missing.isEmpty, "scene keys not documented under docs/reference/: \(missing)")
    }

    /// Every `set` key is written as code under docs/reference/, and the settings page has a
    /// heading for each key this branch's table had when it was written (a key another branch adds
    /// may be described on that branch's page).
    @Test func everySettingIsDocumented() throws {
        let text = try Self.referenceText()
        let missing = SettingKeys.keys.filter { key in
            !["`\(key) ", "`\(key)`", "`\(key):", "`\(key)|", "set \(key) "].contains(
                where: text.contains)
        }
        #expect(missing.isEmpty, "settings not documented under docs/reference/: \(missing)")
        let page = try DocsTests.text("docs/reference/settings.md")
        let headings = page.components(separatedBy: "\n").filter { $0.hasPrefix("#") }
        for key in ["slop", "slopmode", "policy", "fps", "output"] {
            #expect(headings.contains { $0.contains("`\(key) ") }, "no heading for '\(key)'")
        }
    }

    /// The README stays a README: short, with the two commands and links into docs/.
    @Test func theReadmeIsShort() throws {
        let text = try DocsTests.text("README.md")
        let lines = text.components(separatedBy: "\n")
        #expect(lines.count <= 300, "README.md has \(lines.count) lines")
        #expect(text.contains("make run") && text.contains("make test"))
        for page in ["docs/guide/", "docs/reference/", "docs/internals/"] {
            #expect(text.contains("](\(page)"), "README.md links no page of \(page)")
        }
    }

    /// The reference pages the app's-code, reactions and touch-pipeline branches add (SPEC §13,
    /// §4.4, §5.10): linked before they land.
    static let pagesLandingElsewhere: Set<String> = [
        "docs/reference/app-code.md", "docs/reference/reactions.md",
        "docs/reference/touch-pipeline.md",
    ]

    /// The anchors of a page: GitHub's slug of every heading (lowercased, punctuation but `-`
    /// and `_` dropped, spaces as `-`) and every `<a id="…">`.
    static func anchors(_ page: String) throws -> Set<String> {
        var out: Set<String> = []
        for line in try DocsTests.text(page).components(separatedBy: "\n") {
            if line.hasPrefix("#") {
                let title = line.drop { $0 == "#" }.drop { $0 == " " }.lowercased()
                out.insert(
                    String(
                        title.compactMap { c -> Character? in
                            if c == " " { return "-" }
                            return c.isLetter || c.isNumber || c == "-" || c == "_" ? c : nil
                        }))
            } else if let open = line.range(of: "<a id=\"") {
                out.insert(String(line[open.upperBound...].prefix { $0 != "\"" }))
            }
        }
        return out
    }

    /// Every relative link of every page names a file that exists, and its `#anchor`, if any, a
    /// heading of that page.
    @Test func everyLinkResolves() throws {
        for page in DocsTests.pages {
            let dir = page.split(separator: "/").dropLast().joined(separator: "/")
            var rest = try DocsTests.text(page)[...]
            while let open = rest.range(of: "](") {
                rest = rest[open.upperBound...]
                let link = rest.prefix { $0 != ")" && $0 != " " }
                let target = link.prefix { $0 != "#" }
                guard !link.contains(":") else { continue }
                if link.hasPrefix("#") {
                    #expect(
                        try Self.anchors(page).contains(String(link.dropFirst())),
                        "\(page): \(link)")
                    continue
                }
                let url = Harness.root.appendingPathComponent(dir)
                    .appendingPathComponent(String(target)).standardized
                let fromRoot = String(url.path.dropFirst(Harness.root.standardized.path.count + 1))
                #expect(
                    FileManager.default.fileExists(atPath: url.path)
                        || Self.pagesLandingElsewhere.contains(fromRoot),
                    "\(page): \(target)")
                if let hash = link.firstIndex(of: "#"), fromRoot.hasSuffix(".md"),
                    FileManager.default.fileExists(atPath: url.path)
                {
                    let anchor = String(link[link.index(after: hash)...])
                    #expect(try Self.anchors(fromRoot).contains(anchor), "\(page): \(link)")
                }
            }
        }
    }
}
