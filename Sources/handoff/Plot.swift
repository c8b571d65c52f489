import ArgumentParser
import Foundation
import HandoffScript

/// `handoff plot FILE [-o OUT.svg|OUT.html|OUT.jsonl] [--scene S] [--from T] [--to T]` (SPEC §12)
struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw the timeline of a trace or a script: SVG, offline HTML or JSON Lines.",
        // Spelled out: `--from` and `--to` are arrays only to refuse a repeat (not `...`).
        usage:
            "handoff plot <file> [--output <output>] [--scene <scene>] [--from <from>] [--to <to>]",
        discussion:
            "Runs FILE frame by frame and draws every scroll offset, sheet top and stretch height over time, who owns the finger and which node the movement went to, and markers for touches, pan recognition, handoffs, tap fates, refusals, repairs, edge hits, breakpoint stops and hazards. Without --from and --to, the quiet stretches of a mostly quiet run are drawn faster (shaded). JSON Lines gives one row per frame with its frame number, t and values to 1e-6. The format follows -o's extension; without -o the SVG goes to standard output. An existing OUT is overwritten."
    )

    @Argument(help: "A trace (# handoff trace v1) or a script (one command per line).")
    var file: String

    @Option(name: .shortAndLong, help: "Write to OUT.svg, OUT.html or OUT.jsonl.")
    var output: String?

    @Option(help: "The scene a script runs on (default: tabs); a trace names its own.")
    var scene: String?

    // Arrays so that a repeated `--from` or `--to` is refused rather than last-wins.
    @Option(help: "Start of the time window drawn, in seconds (1.5, 1500ms).")
    var from: [String] = []

    @Option(help: "End of the time window drawn, in seconds.")
    var to: [String] = []

    func run() throws {
        var console = Console()
        func usage(_ message: String) -> ExitCode {
            console.print("error: " + message, error: true)
            return ExitCode(2)
        }
        let format: PlotFormat
        if let output {
            guard let f = PlotFormat(path: output) else {
                throw usage(
                    "'\(Escape.visible(output))' names no picture format: end it in .svg, .html or .jsonl"
                )
            }
            format = f
        } else {
            format = .svg
        }
        func seconds(_ given: [String], _ flag: String) throws -> Double? {
            guard let text = given.last else { return nil }
            if given.count > 1 {
                throw usage("\(flag) is given twice: a window has one start and one end")
            }
            guard let v = CommandParser.time(text) else {
                throw usage("\(flag) takes " + CommandParser.timeExpected(Escape.visible(text)))
            }
            return v
        }
        let start = try seconds(from, "--from")
        let end = try seconds(to, "--to")
        if let start, let end, end <= start { throw usage("--to must be later than --from") }
        let files = LocalFiles()
        let text: String
        do {
            text = try files.read(file)
        } catch {
            throw usage(ErrorMessage.text(error.unreadable(file)))
        }
        let run: (session: Session, failures: [String])
        do {
            run = try PlotInput.run(file: file, text: text, scene: scene, files: files)
        } catch {
            console.print(ErrorMessage.line(error), error: true)
            throw ExitCode(2)
        }
        for line in run.failures { console.print(Escape.visible(line), error: true) }
        let timeline = run.session.timeline()
        if let (message, _) = timeline.emptyWindow(from: start, to: end) { throw usage(message) }
        let written = timeline.counts(from: start, to: end)
        if let output {
            do {
                try files.create(output) { format.render(timeline, from: start, to: end, into: $0) }
            } catch {
                throw usage(ErrorMessage.text(.unwritable(.file(output), reason: error.message)))
            }
            console.print(
                "wrote \(Escape.visible(output)): "
                    + [
                        Plural.count(written.commands, "command"),
                        Plural.count(written.rows, "row"),
                        Plural.count(written.marks, "marker"),
                    ].joined(separator: ", "),
                error: true)
        } else {
            format.render(timeline, from: start, to: end) { StandardStream.out($0) }
        }
        if !run.failures.isEmpty { throw ExitCode(1) }
    }
}
