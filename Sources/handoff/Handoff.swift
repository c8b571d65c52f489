import ArgumentParser
import Foundation
import HandoffCore
import HandoffScript

@main
struct Handoff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "handoff",
        abstract: "A REPL and debugger for nested-scroll gesture handoff.",
        discussion:
            "With no subcommand, loads SCENE (default: tabs) and reads commands: a line-editing shell on a terminal, one command per line from a pipe or --script. 'handoff help CMD' explains a command of the session, 'handoff help scene' the keys of a scene file.",
        version: "0.1.0",
        subcommands: [Run.self, Scenes.self, Import.self, Replay.self, TestTraces.self, Plot.self],
        defaultSubcommand: Run.self)

    /// Unusable arguments exit 2 (SPEC §8), not ArgumentParser's 64.
    static func main() {
        QuitSignal.install()
        // `handoff help pan`, `handoff help scene`: the session's help topic, as `help pan`
        // prints it in a session. A subcommand's name keeps ArgumentParser's help for it.
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.count == 2, arguments.first == "help", let name = arguments.last,
            !configuration.subcommands.contains(where: { $0._commandName == name })
        {
            guard let topic = HelpTopic.named(name) else {
                let hint = Suggest.command(name).map { "; did you mean '\($0)'?" } ?? ""
                StandardStream.err("error: no command '\(Escape.visible(name))'\(hint)\n")
                Foundation.exit(2)
            }
            for line in topic.lines { print(line) }
            return
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                StandardStream.err(fullMessage(for: error) + "\n")
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}

/// `handoff [SCENE] [--script FILE] [--json] [--bail] [--record FILE]`
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Load a scene and run commands (the default).")

    @Argument(help: "A built-in scene name or a scene file (YAML or JSON).")
    var scene: String = "tabs"

    @Option(help: "Run the commands in FILE instead of reading standard input.")
    var script: String?

    @Flag(help: "Print one JSON line per command.")
    var json = false

    @Flag(help: "Stop at the first failed command or expect.")
    var bail = false

    @Option(help: "Record the session to a trace FILE (written before each command's output).")
    var record: String?

    @Flag(help: "With --record: overwrite FILE if it exists.")
    var force = false

    func run() throws {
        var console = Console()
        let files = LocalFiles()
        var session: Session
        do {
            let (loaded, imported) = try Session.openScene(scene, files: files, base: nil)
            session = Session(scene: loaded, ref: scene, files: files)
            // A UIKit dump says what was imported, on stderr so the output stays the scene's;
            // under --json as the `load` event, one JSON line.
            if let imported {
                console.print(
                    json
                        ? session.loadedEventJSON(imported: imported)
                        : "\(Escape.visible(scene)): UIKit dump: \(imported.text)",
                    error: true)
            }
            for line in session.startWarnings(scene: scene, json: json) {
                console.print(Escape.visible(line), error: true)
            }
        } catch {
            console.print(Escape.visible(error.rendered), error: true)
            throw ExitCode(2)
        }
        if json { session.json = true }
        if let record {
            // The path is a value, never pasted into a command line (spaces work).
            let r = session.startRecording(to: record, force: force)
            console.emit(r.lines)
            if r.failed { throw ExitCode(2) }
        }
        var ok = true
        if let script {
            let reader: LineReader
            do {
                reader = try LineReader.open(script)
            } catch {
                console.print(
                    ErrorMessage.line(error.unreadable(script)), error: true)
                throw ExitCode(2)
            }
            ok = try runLines(reader, &session, &console)
        } else if isatty(STDIN_FILENO) != 0 {
            let shell = Shell(session: session)
            let status = shell.run()
            throw ExitCode(status)
        } else {
            ok = try runLines(.standardInput, &session, &console)
        }
        console.flushOut()
        if let problem = session.finishRecording() { console.emit([problem]) }
        throw ExitCode(ok && !session.recordingFailed ? 0 : 1)
    }

    /// Runs a script's lines (a CRLF file behaves like the same file with LF: the "\r" is
    /// dropped); false if any command failed. A file that cannot be read exits 2, like any
    /// unusable argument.
    private func runLines(_ reader: LineReader, _ session: inout Session, _ console: inout Console)
        throws -> Bool
    {
        var ok = true
        var number = 0
        session.textInBuffer = true  // the console writes the text bytes as they are
        // Read once: each read of an option's property wrapper costs hundreds of instructions.
        let (script, bail) = (script, bail)
        // One result for every line: each command's text is written into the last one's buffer.
        var kept = RunResult()
        do {
            // Output is written in batches, and always before waiting for more input.
            try reader.forEachLineBytes(beforeRead: { console.flushOut() }, takesOnlyUTF8: false) {
                bytes, _ in
                number += 1
                guard let bytes else {
                    console.print(
                        "\(number):1: error: the line is not UTF-8 text", error: true)
                    ok = false
                    return bail ? nil : 0
                }
                let cr = bytes.last == UInt8(ascii: "\r") ? 1 : 0
                let line = UnsafeBufferPointer(start: bytes.baseAddress, count: bytes.count - cr)
                // Taken out of the closure's capture for the line (read there, it is copied).
                var r = RunResult()
                swap(&r, &kept)
                defer { swap(&r, &kept) }
                // Errors and failed `expect`s say `FILE:LINE:COL` with `--script`, `LINE:COL` on
                // standard input; `quit`, or a failure with `--bail`, stops.
                session.run(bytes: line, lineNumber: number, file: script, into: &r)
                console.emit(r, batch: true)
                if r.failed {
                    ok = false
                    if bail { return nil }
                }
                return r.quit ? nil : 0
            }
        } catch {
            console.print(
                ErrorMessage.line(error.unreadable(reader.path)), error: true
            )
            if let problem = session.finishRecording() { console.emit([problem]) }
            throw ExitCode(2)
        }
        return ok
    }
}

/// `handoff import DUMP [-o SCENE.yaml] [--force]` (SPEC §11)
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Turn a UIKit recursiveDescription dump into a scene file.",
        discussion:
            "Prints the scene as YAML (or writes it with -o), every guess a comment beside its node. The file loads to the same state as loading the dump itself."
    )

    @Argument(help: "A text file holding the output of `po view.recursiveDescription()`.")
    var dump: String

    @Option(name: .shortAndLong, help: "Write the scene to FILE instead of standard output.")
    var output: String?

    @Flag(help: "Overwrite the -o file if it exists.")
    var force = false

    func run() throws {
        var console = Console()
        let files = LocalFiles()
        let text: String
        do {
            text = try files.read(dump)
        } catch {
            console.print(
                ErrorMessage.line(error.unreadable(dump)), error: true)
            throw ExitCode(2)
        }
        let result: UIKitImporter.Result
        do {
            result = try UIKitImporter(
                file: dump, name: UIKitImporter.sceneName(for: dump), text: text
            ).run()
        } catch {
            console.print(error.rendered, error: true)
            throw ExitCode(2)
        }
        let yaml = UIKitImporter.yaml(result, from: dump)
        guard let output else {
            console.print(String(yaml.dropLast()), error: false)
            console.flushOut()
            console.print("\(Escape.visible(dump)): \(result.summary)", error: true)
            return
        }
        if files.exists(output), !force {
            console.print(
                "error: '\(Escape.visible(output))' exists; add --force to overwrite it",
                error: true)
            throw ExitCode(2)
        }
        do {
            try files.create(output, yaml)
        } catch {
            console.print(
                ErrorMessage.line(.unwritable(.file(output), reason: error.message)), error: true)
            throw ExitCode(2)
        }
        console.print(
            "\(Escape.visible(dump)): \(result.summary); wrote \(Escape.visible(output))",
            error: true)
    }
}

/// `handoff scenes`
struct Scenes: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the built-in scenes.")

    func run() {
        for name in BuiltinScenes.names {
            print(
                name.padding(toLength: 11, withPad: " ", startingAt: 0)
                    + (BuiltinScenes.descriptions[name] ?? ""))
        }
    }
}
