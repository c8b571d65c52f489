/// The file system as the script layer sees it; the executable provides the real one, so this
/// layer stays free of I/O.
package protocol FileAccess {
    func read(_ path: String) throws(FileError) -> String
    func exists(_ path: String) -> Bool
    /// Creates (or replaces) a file with `text`, flushed.
    func create(_ path: String, _ text: String) throws(FileError)
    /// `create`, with the text handed over in pieces by `body` (a long `plot` to JSON Lines).
    func create(_ path: String, pieces body: ((String) -> Void) -> Void) throws(FileError)
    /// Opens a new trace for recording (`force`: an existing file is overwritten; otherwise it is
    /// an error, decided atomically).
    func openTrace(_ path: String, force: Bool) throws(FileError) -> any TraceSink
    /// The directory relative paths are resolved against ("" when unknown).
    var currentDirectory: String { get }
}

/// A trace being recorded: each command's block is written before the command's output is
/// printed, so a crash or `kill -9` never loses a command whose output appeared.
package protocol TraceSink: AnyObject {
    /// The path the trace was opened at.
    var path: String { get }
    /// Writes whole blocks now; returns why the recording failed (disk full, the file renamed or
    /// removed), once, after which nothing more is written.
    func write(_ text: String) -> String?
    /// `write`, from UTF-8 bytes.
    func write(bytes: UnsafeBufferPointer<UInt8>) -> String?
    /// `write` of a command's block: `> COMMAND`, then its text output as it is (the hot path:
    /// one block per command).
    func write(command: String, output: TextOutput) -> String?
    /// Syncs and closes; returns why the recording failed, if it did at this last sync.
    func close() -> String?
}

extension TraceSink {
    package func write(bytes: UnsafeBufferPointer<UInt8>) -> String? {
        write(String(decoding: bytes, as: UTF8.self))
    }

    package func write(command: String, output: TextOutput) -> String? {
        var block = Array("> ".utf8) + Array(command.utf8) + [UInt8(ascii: "\n")]
        output.withBytes { block.append(contentsOf: $0) }
        return block.withUnsafeBufferPointer { write(bytes: $0) }
    }
}

extension FileAccess {
    /// The pieces joined, then `create`: enough for files in memory.
    package func create(_ path: String, pieces body: ((String) -> Void) -> Void) throws(FileError) {
        var text = ""
        body { text += $0 }
        try create(path, text)
    }

    /// Traces kept through `create` (whole-file rewrites): enough for files in memory.
    package func openTrace(_ path: String, force: Bool) throws(FileError) -> any TraceSink {
        if exists(path) && !force { throw FileError.exists }
        try create(path, "")
        return WholeFileTrace(path: path, files: self)
    }

    package var currentDirectory: String { "" }
}

/// A `TraceSink` that rewrites the whole file through `FileAccess.create` on every write.
final class WholeFileTrace: TraceSink {
    let path: String
    let files: any FileAccess
    private var text = ""

    init(path: String, files: any FileAccess) {
        self.path = path
        self.files = files
    }

    func write(_ more: String) -> String? {
        text += more
        do { try files.create(path, text) } catch { return error.message }
        return nil
    }

    func close() -> String? { nil }
}

/// A file that could not be read or written.
package struct FileError: Error, Equatable, Sendable {
    package var message: String
    package init(_ message: String) { self.message = message }

    /// File `path` could not be read for this reason (`ErrorMessage` words it).
    package func unreadable(_ path: String) -> UserError {
        .unreadable(.file(path), reason: message)
    }

    /// `openTrace` without `force` on a path that exists.
    package static let exists = FileError("it exists")
    /// A device, a FIFO, a socket: never read (it may never end) nor written.
    package static let notRegular = FileError("not a regular file")
}

/// Paths relative to a base directory (a trace's folder), as `# scene:` needs.
package enum Paths {
    package static func resolve(_ path: String, base: String?) -> String {
        guard let base, !base.isEmpty, !path.hasPrefix("/") else { return path }
        return base.hasSuffix("/") ? base + path : base + "/" + path
    }

    /// The file's name without its folder and extension (`/a/list.yaml` → `list`): how a scene
    /// file or dump with no `name` is named, the same whatever path it was loaded by, so a
    /// recording made through one path replays through another (nil for an empty name).
    package static func stem(of path: String) -> String? {
        var base = Substring(path.split(separator: "/").last ?? Substring(path))
        if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = base[..<dot] }
        return base.isEmpty ? nil : String(base)
    }

    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` written relative to `directory` (both relative to `cwd` unless absolute), lexically:
    /// `.` and `..` are folded, symbolic links are not followed.
    package static func relative(_ path: String, from directory: String, cwd: String) -> String {
        let target = components(path, cwd: cwd)
        let from = components(directory, cwd: cwd)
        var common = 0
        while common < min(target.count, from.count), target[common] == from[common],
            target[common] != ".."
        {
            common += 1
        }
        let ups = Array(repeating: "..", count: from.count - common)
        let rest = ups + target[common...]
        return rest.isEmpty ? "." : rest.joined(separator: "/")
    }

    /// The folded components of `path` made absolute against `cwd` (leading `..` kept when
    /// neither is absolute).
    static func components(_ path: String, cwd: String) -> [String] {
        let full = path.hasPrefix("/") || cwd.isEmpty ? path : cwd + "/" + path
        var out: [String] = []
        for part in full.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                if let last = out.last, last != ".." {
                    out.removeLast()
                } else if !full.hasPrefix("/") {
                    out.append("..")
                }
            default: out.append(String(part))
            }
        }
        return out
    }
}
