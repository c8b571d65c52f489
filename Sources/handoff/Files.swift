import Foundation
import HandoffScript

/// The real file system for the script layer. Appends go straight to the file descriptor and are
/// synced, so a recording survives a crash of the process.
struct LocalFiles: FileAccess {
    func read(_ path: String) throws(FileError) -> String {
        guard FileManager.default.fileExists(atPath: path) else { throw FileError("no such file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FileError("cannot read it")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw FileError("it is not UTF-8 text")
        }
        return text
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    func create(_ path: String, _ text: String) throws(FileError) {
        try write(path, text, flags: O_WRONLY | O_CREAT | O_TRUNC)
    }

    func append(_ path: String, _ text: String) throws(FileError) {
        try write(path, text, flags: O_WRONLY | O_APPEND)
    }

    private func write(_ path: String, _ text: String, flags: Int32) throws(FileError) {
        let fd = open(path, flags, 0o644)
        guard fd >= 0 else { throw FileError(String(cString: strerror(errno))) }
        defer { close(fd) }
        var bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes {
                Foundation.write(fd, $0.baseAddress! + done, $0.count - done)
            }
            guard n > 0 else { throw FileError(String(cString: strerror(errno))) }
            done += n
        }
        fsync(fd)
    }
}

/// Reads a file line by line in chunks, so a trace of any length streams in flat memory.
struct LineReader {
    let handle: FileHandle

    init?(path: String) {
        guard let h = FileHandle(forReadingAtPath: path) else { return nil }
        handle = h
    }

    func forEachLine(_ body: (Substring) -> Void) {
        var carry = Data()
        while true {
            let chunk = handle.readData(ofLength: 1 << 20)
            if chunk.isEmpty { break }
            carry.append(chunk)
            guard let lastNewline = carry.lastIndex(of: UInt8(ascii: "\n")) else { continue }
            let text = carry[carry.startIndex..<lastNewline].withUnsafeBytes {
                String(decoding: $0.bindMemory(to: UInt8.self), as: UTF8.self)
            }
            TraceRunner.forEachLine(in: Substring(text), body)
            carry = Data(carry[(lastNewline + 1)...])
        }
        if !carry.isEmpty { body(Substring(String(decoding: carry, as: UTF8.self))) }
        try? handle.close()
    }
}

/// Buffered standard output and error, flushed after each command.
struct Console {
    private var out = ""
    private var err = ""

    mutating func print(_ line: String, error: Bool = false) {
        if error {
            flushOut()
            err += line + "\n"
            flushErr()
        } else {
            out += line + "\n"
        }
    }

    mutating func emit(_ lines: [OutputLine]) {
        for l in lines { print(l.text, error: l.isError) }
        flushOut()
    }

    mutating func flushOut() {
        guard !out.isEmpty else { return }
        FileHandle.standardOutput.write(Data(out.utf8))
        out = ""
    }

    mutating func flushErr() {
        guard !err.isEmpty else { return }
        FileHandle.standardError.write(Data(err.utf8))
        err = ""
    }
}
