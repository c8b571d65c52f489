import Foundation

/// Runs the built `handoff` binary.
enum Harness {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static var binary: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("handoff")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return root.appendingPathComponent(".build/debug/handoff")
    }

    struct Result {
        var out: String
        var err: String
        var status: Int32
        var lines: [String] {
            out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// Runs the binary with `stdin` (or the file `stdinFile`), extra environment variables and a
    /// working directory. Standard error goes to a file, so a long error cannot fill a pipe
    /// nobody reads yet.
    static func run(
        _ args: [String], stdin: String = "", stdinFile: String? = nil,
        env: [String: String] = [:], cwd: URL? = nil, configure: (Process) -> Void = { _ in }
    ) throws -> Result {
        let p = Process()
        p.executableURL = binary
        p.arguments = args
        configure(p)
        p.currentDirectoryURL = cwd ?? root
        if !env.isEmpty {
            p.environment = ProcessInfo.processInfo.environment.merging(env) { $1 }
        }
        let inPipe = Pipe()
        let outPipe = Pipe()
        let errFile = try temporaryDirectory().appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)
        p.standardInput =
            try stdinFile.map { try FileHandle(forReadingFrom: URL(fileURLWithPath: $0)) } ?? inPipe
        p.standardOutput = outPipe
        p.standardError = try FileHandle(forWritingTo: errFile)
        try p.run()
        if stdinFile == nil {
            inPipe.fileHandleForWriting.write(Data(stdin.utf8))
            try inPipe.fileHandleForWriting.close()
        }
        let out = outPipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let err = try Data(contentsOf: errFile)
        try? FileManager.default.removeItem(at: errFile.deletingLastPathComponent())
        return Result(
            out: String(decoding: out, as: UTF8.self), err: String(decoding: err, as: UTF8.self),
            status: p.terminationStatus)
    }

    /// The binary started with `args`, its standard streams pipes the test drives.
    struct Running {
        let process: Process
        let input: FileHandle
        let output: FileHandle
        let error: FileHandle
    }

    static func start(_ args: [String]) throws -> Running {
        let p = Process()
        p.executableURL = binary
        p.arguments = args
        let (inPipe, outPipe, errPipe) = (Pipe(), Pipe(), Pipe())
        p.standardInput = inPipe
        p.standardOutput = outPipe
        p.standardError = errPipe
        try p.run()
        return Running(
            process: p, input: inPipe.fileHandleForWriting,
            output: outPipe.fileHandleForReading, error: errPipe.fileHandleForReading)
    }

    /// A fresh folder for one test, inside one folder per test process that is removed when the
    /// process exits (so test runs leave nothing in the temporary directory).
    static func temporaryDirectory() throws -> URL {
        _ = removeScratchAtExit
        let dir = URL(fileURLWithPath: scratch).appendingPathComponent(
            String(UUID().uuidString.prefix(12)))
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// `handoff-PID` in the temporary directory.
    static var scratch: String {
        FileManager.default.temporaryDirectory.appendingPathComponent("handoff-\(getpid())")
            .path
    }

    private static let removeScratchAtExit: Void = {
        atexit { try? FileManager.default.removeItem(atPath: Harness.scratch) }
    }()
}
