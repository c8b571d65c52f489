import Foundation
import HandoffScript

/// The real file system for the script layer. Every read goes through `LineReader`'s file
/// descriptor checks, so a directory, a device or an unreadable file is an error message, never
/// a crash; recordings go through `Recorder`.
struct LocalFiles: FileAccess {
    func read(_ path: String) throws(FileError) -> String {
        let reader = try LineReader.open(path)
        var text = ""
        var bad: Int?
        var number = 0
        try reader.forEachLine { line in
            number += 1
            guard let line else {
                bad = bad ?? number
                return false
            }
            if number > 1 { text += "\n" }
            text += line
            return true
        }
        if let bad { throw FileError("line \(bad) is not UTF-8 text") }
        return text
    }

    func exists(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }

    /// Writes a whole file atomically: a temporary file beside it, synced, then renamed over
    /// it, so a failure (a full disk) leaves the old file byte for byte. A symbolic link is never
    /// written through, and a device or a FIFO is never replaced.
    func create(_ path: String, _ text: String) throws(FileError) {
        try create(path) { write in write(text) }
    }

    /// `create`, the text written piece by piece as `body` hands it over.
    func create(_ path: String, pieces body: ((String) -> Void) -> Void) throws(FileError) {
        var st = stat()
        var mode: mode_t = 0o644
        if lstat(path, &st) == 0 {
            switch st.st_mode & S_IFMT {
            case S_IFREG: mode = st.st_mode & 0o7777  // a rewritten trace keeps its permissions
            case S_IFLNK: throw FileError("it is a symbolic link (not written through)")
            case S_IFDIR: throw FileError(Self.describe(EISDIR))
            default: throw FileError.notRegular
            }
        }
        // `.NAME.PID.tmp` in the same folder (a rename does not cross file systems).
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let temporary = "\(path[..<slash]).\(path[slash...]).\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard fd >= 0 else { throw FileError(Self.describe(errno)) }
        var error: Int32 = 0
        body { piece in
            guard error == 0 else { return }
            var piece = piece
            error = piece.withUTF8 { writeAll(fd, UnsafeRawBufferPointer($0)) }
        }
        if error == 0, fchmod(fd, mode) != 0 || fsync(fd) != 0 { error = errno }
        close(fd)
        if error == 0, rename(temporary, path) != 0 { error = errno }
        if error != 0 {
            unlink(temporary)
            throw FileError(Self.describe(error))
        }
    }

    func openTrace(_ path: String, force: Bool) throws(FileError) -> any TraceSink {
        try Recorder.open(path, force: force)
    }

    var currentDirectory: String { FileManager.default.currentDirectoryPath }

    /// `strerror`, lowercased as the project's messages are ("is a directory").
    static func describe(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}

/// Reads a file line by line through a file descriptor, in 1 MiB chunks, so a trace or script of
/// any length streams in flat memory and a line of any length costs linear time. Lines are split
/// at "\n"; a line that is not UTF-8 is passed as nil.
struct LineReader {
    let fd: Int32
    let path: String

    /// Opens `path` for reading; a directory or anything unreadable is a `FileError`.
    static func open(_ path: String) throws(FileError) -> LineReader {
        // Opened without waiting (a FIFO with no writer would block here), then refused unless
        // it is a regular file: a device or a FIFO may never end.
        let fd = Foundation.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw FileError(LocalFiles.describe(errno)) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let e = errno
            close(fd)
            throw FileError(LocalFiles.describe(e))
        }
        switch st.st_mode & S_IFMT {
        case S_IFREG:
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            return LineReader(fd: fd, path: path)
        case S_IFDIR:
            close(fd)
            throw FileError(LocalFiles.describe(EISDIR))
        default:
            close(fd)
            throw FileError.notRegular
        }
    }

    /// Standard input.
    static var standardInput: LineReader { LineReader(fd: STDIN_FILENO, path: "-") }

    /// Calls `body` with each line until it returns false; closes the file. A read error after
    /// some lines (an I/O error) is thrown. `beforeRead` runs before each read, which may wait
    /// for input (a script flushes its output there, so a program driving it through a pipe
    /// sees each answer before it sends the next command).
    func forEachLine(beforeRead: () -> Void = {}, _ body: (Substring?) -> Bool) throws(FileError) {
        try forEachLineBytes(beforeRead: beforeRead) { bytes in
            body(bytes.map { Substring(String(decoding: $0, as: UTF8.self)) })
        }
    }

    /// Whether `bytes` are UTF-8 text (Unicode's table 3-7 of well-formed sequences: no overlong
    /// form, no surrogate, nothing past U+10FFFF), ASCII a word or four at a time: the standard
    /// library's check costs several times more on a long trace.
    static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let n = bytes.count
        let high: UInt64 = 0x8080_8080_8080_8080
        func word(_ i: Int) -> UInt64 {
            UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
        }
        var i = 0
        while i < n {
            // ASCII runs: four words at a time, then one; a word with a high bit goes straight
            // to its first such byte (the lowest, read little-endian).
            while i &+ 32 <= n, (word(i) | word(i &+ 8) | word(i &+ 16) | word(i &+ 24)) & high == 0
            {
                i &+= 32
            }
            while i &+ 8 <= n {
                let marks = word(i) & high
                if marks != 0 {
                    i &+= marks.trailingZeroBitCount >> 3
                    break
                }
                i &+= 8
            }
            guard i < n else { break }
            let lead = base[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            // The sequence's length and the range of its second byte.
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return false
            }
            guard i + length <= n, base[i + 1] >= low, base[i + 1] <= high else { return false }
            for k in 2..<length where base[i + k] & 0xC0 != 0x80 { return false }
            i += length
        }
        return true
    }

    /// `forEachLine` on the bytes of each line (valid UTF-8, without its "\n"; nil for a line
    /// that is not UTF-8), valid only during the call: nothing is allocated per line.
    func forEachLineBytes(
        beforeRead: () -> Void = {}, _ body: (UnsafeBufferPointer<UInt8>?) -> Bool
    ) throws(FileError) {
        try forEachLineBytes(beforeRead: beforeRead, takesOnlyUTF8: false) { line, _ in
            body(line) ? 0 : nil
        }
    }

    /// `forEachLineBytes`, also given the whole lines read after each line (each ending in
    /// "\n"; UTF-8 or not): `body` returns how many of their bytes it took, whole lines, which
    /// are then skipped, or nil to stop. `takesOnlyUTF8`: `body` takes only bytes it knows are
    /// UTF-8 (a replay takes only bytes equal to its own output), so the lines are checked one by
    /// one as they are given, and the ones taken never (most of a trace's bytes); otherwise all
    /// the lines read are checked at once, each chunk.
    func forEachLineBytes(
        beforeRead: () -> Void = {}, takesOnlyUTF8: Bool,
        _ body: (UnsafeBufferPointer<UInt8>?, _ following: UnsafeBufferPointer<UInt8>) -> Int?
    ) throws(FileError) {
        defer { if fd != STDIN_FILENO { close(fd) } }
        // Read straight into one region (no copy of each chunk): the bytes in `start..<end`,
        // a partial last line moved to the front when room runs short, the region doubled when
        // one line fills it.
        var capacity = 1 << 20
        var region = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { region.deallocate() }
        var start = 0  // first byte of the current line
        var end = 0  // end of the bytes read
        var scanned = 0  // bytes already searched for "\n"
        while true {
            if capacity - end < capacity / 2 {
                if start > 0 {
                    memmove(region, region + start, end - start)
                    end -= start
                    scanned -= start
                    start = 0
                }
                if capacity - end < capacity / 2 {
                    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * capacity)
                    larger.update(from: region, count: end)
                    region.deallocate()
                    region = larger
                    capacity *= 2
                }
            }
            beforeRead()
            let n = read(fd, region + end, capacity - end)
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError(LocalFiles.describe(errno))
            }
            if n == 0 { break }
            end += n
            let unscanned = UnsafeBufferPointer(start: region + scanned, count: end - scanned)
            guard let found = unscanned.lastIndex(of: UInt8(ascii: "\n")) else {
                scanned = end
                continue
            }
            let last = scanned + found
            // The complete lines read, validated as one block (the common case), else one by
            // one to find the bad ones. Pointers, not slices: every line lies within the region.
            let valid =
                !takesOnlyUTF8
                && Self.isUTF8(UnsafeBufferPointer(start: region + start, count: last - start))
            var from = start
            while from <= last {
                let nl = UnsafeRawPointer(region).distance(
                    to: memchr(region + from, 0x0A, last + 1 - from)!)
                let line = UnsafeBufferPointer(start: region + from, count: nl - from)
                let ok = valid || Self.isUTF8(line)
                let following = UnsafeBufferPointer(start: region + nl + 1, count: last - nl)
                guard let taken = body(ok ? line : nil, following) else { return }
                from = nl + 1 + taken
            }
            start = last + 1
            scanned = end
        }
        if start < end {
            let line = UnsafeBufferPointer(start: region + start, count: end - start)
            _ = body(
                Self.isUTF8(line) ? line : nil, UnsafeBufferPointer(start: region + end, count: 0))
        }
    }
}

/// Buffered standard output and error. Standard output is written after each command, or, for
/// a script, in batches: when the buffer fills, before an error line, before reading more input
/// and at the end (one write for many commands instead of one each).
struct Console {
    /// Room for a batch and the command that fills it, from the start: it never grows.
    private var out = ByteBuffer(capacity: 2 * batchSize)
    private var err = ByteBuffer()
    /// A batch is written once it holds this many bytes.
    static let batchSize = 1 << 16

    mutating func print(_ line: String, error: Bool = false) {
        if error {
            flushOut()
            err.append(line)
            err.append(UInt8(ascii: "\n"))
            flushErr()
        } else {
            out.append(line)
            out.append(UInt8(ascii: "\n"))
        }
    }

    /// Prints a command's lines; with `batch`, standard output is written only once the buffer
    /// is full (the caller flushes before it waits for input and at the end).
    mutating func emit(_ lines: [OutputLine], batch: Bool = false) {
        // An error's lines (the caret and usage under it) reach standard error in one write;
        // standard output before them is written first, and they are written before the next
        // line of standard output: the order of the two streams is a line's order.
        for l in lines {
            if l.isError {
                flushOut()
                err.append(l.text)
                err.append(UInt8(ascii: "\n"))
            } else {
                flushErr()
                out.append(l.text)
                out.append(UInt8(ascii: "\n"))
            }
        }
        flushErr()
        if !batch || out.count >= Self.batchSize { flushOut() }
    }

    /// Prints a command's result: its text bytes as they are (no error line among them, unless
    /// it is a failed command's error), then its lines.
    mutating func emit(_ r: RunResult, batch: Bool = false) {
        if r.failed, r.text.contains(.error) {
            // A failed command's error (only error lines): to standard error, as bytes.
            flushOut()
            err.append(r.text)
            flushErr()
        } else if r.text.byteCount >= Self.batchSize {
            // A large output (`history` of a long session) is written from where it is, not
            // copied into the batch first.
            flushOut()
            Recorder.writePending()
            r.text.withBytes { StandardStream.out(UnsafeRawBufferPointer($0)) }
        } else {
            out.append(r.text)
        }
        if !r.lines.isEmpty {
            emit(r.lines, batch: batch)
        } else if !batch || out.count >= Self.batchSize {
            flushOut()
        }
    }

    mutating func flushOut() {
        guard !out.isEmpty else { return }
        // A recording's blocks reach the file before the output they precede (SPEC §7).
        Recorder.writePending()
        // Written from the buffer itself (no `Data` copy of it).
        out.withMutableBytes { StandardStream.out(UnsafeRawBufferPointer($0)) }
        out.removeAll()
    }

    mutating func flushErr() {
        guard !err.isEmpty else { return }
        Recorder.writePending()
        err.withBytes { _ = writeAll(STDERR_FILENO, UnsafeRawBufferPointer($0)) }
        err.removeAll()
    }
}

/// Standard output and error, written with `write(2)` until every byte is out. Foundation's
/// `FileHandle.write` traps when the system refuses (a full disk, a closed pipe); here standard
/// output that cannot be written is an error the user reads on standard error, with exit status
/// 2, and standard error that cannot be written is dropped (there is nowhere left to say it).
enum StandardStream {
    static func out(_ bytes: UnsafeRawBufferPointer) {
        let error = writeAll(STDOUT_FILENO, bytes)
        guard error != 0 else { return }
        err("error: cannot write to standard output: \(String(cString: strerror(error)))\n")
        exit(2)
    }

    static func out(_ text: String) {
        var text = text
        text.withUTF8 { out(UnsafeRawBufferPointer($0)) }
    }

    static func err(_ text: String) {
        var text = text
        text.withUTF8 { _ = writeAll(STDERR_FILENO, UnsafeRawBufferPointer($0)) }
    }
}

/// Writes all of `bytes` to `fd` (at file offset `offset` with `pwrite`, which leaves the file's
/// position alone; else at its position), again after an interrupted or partial write: 0, or the
/// error number of the write the system refused (`EIO` for one that wrote nothing). The one write
/// loop of standard output and error, file creation and the recorder.
func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: off_t? = nil) -> Int32 {
    var done = 0
    while done < bytes.count {
        let from = bytes.baseAddress! + done
        let n =
            offset.map { pwrite(fd, from, bytes.count - done, $0 + off_t(done)) }
            ?? write(fd, from, bytes.count - done)
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { return n == 0 ? EIO : errno }
        done += n
    }
    return 0
}
