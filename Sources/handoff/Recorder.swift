import Foundation
import HandoffScript

/// The one trace recorder: keeps the file open, writes each command's block with one `write`
/// before the command's output is printed (so `kill -9` loses no printed command), and syncs at
/// most every 100 ms, at `record stop` and at exit. At each sync it checks that the path still
/// names the file being written (same device and inode, link count above 0), so a rename or
/// removal is reported instead of written into the void. A failed write (disk full) truncates
/// the file back to its last complete block and is reported once.
final class Recorder: TraceSink {
    let path: String
    private let fd: Int32
    /// Bytes of complete blocks written.
    private var length: off_t = 0
    private var lastSync: UInt64
    private var failed = false
    /// The buffer each command's block is built in (only this recorder touches it, one access
    /// at a time: not checked at run time).
    @exclusivity(unchecked) private var block = ByteBuffer()
    /// How often the trace is synced while commands keep coming.
    static let syncInterval: UInt64 = 100_000_000

    private init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
        lastSync = Self.now()
    }

    /// Opens `path` for a new trace: created (never through a symbolic link), or with `force`
    /// truncated; anything but a regular file is refused.
    static func open(_ path: String, force: Bool) throws(FileError) -> Recorder {
        let flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | (force ? O_TRUNC : O_EXCL)
        let fd = Foundation.open(path, flags, 0o644)
        guard fd >= 0 else {
            if errno == EEXIST {
                // Only a regular file can be overwritten: say so for anything else, rather than
                // suggesting a --force that would fail too.
                var st = stat()
                if lstat(path, &st) == 0, st.st_mode & S_IFMT != S_IFREG {
                    throw FileError(
                        st.st_mode & S_IFMT == S_IFDIR
                            ? LocalFiles.describe(EISDIR) : "not a regular file")
                }
                throw FileError.exists
            }
            throw FileError(LocalFiles.describe(errno))
        }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            Foundation.close(fd)
            throw FileError("not a regular file")
        }
        return Recorder(path: path, fd: fd)
    }

    func write(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { write(bytes: $0) }
    }

    func write(command: String, output: TextOutput) -> String? {
        // `> COMMAND`, "\n" and the output copied into the block at once.
        var command = command
        command.withUTF8 { c in
            output.withBytes { o in
                block.removeAll()
                block.append(count: c.count + 3 + o.count) { p in
                    p[0] = UInt8(ascii: ">")
                    p[1] = UInt8(ascii: " ")
                    if let from = c.baseAddress { (p + 2).update(from: from, count: c.count) }
                    p[c.count + 2] = UInt8(ascii: "\n")
                    if let from = o.baseAddress {
                        (p + c.count + 3).update(from: from, count: o.count)
                    }
                }
            }
        }
        return block.withBytes { write(bytes: $0) }
    }

    func write(bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard !failed else { return nil }
        let error = writeAll(fd, UnsafeRawBufferPointer(bytes))
        guard error == 0 else { return fail(LocalFiles.describe(error)) }
        length += off_t(bytes.count)
        if Self.now() &- lastSync >= Self.syncInterval { return sync() }
        return nil
    }

    func close() -> String? {
        let problem = failed ? nil : sync()
        Foundation.close(fd)
        return problem
    }

    /// `fsync`, then the check that `path` is still this file.
    private func sync() -> String? {
        lastSync = Self.now()
        guard fsync(fd) == 0 else { return fail(LocalFiles.describe(errno)) }
        var mine = stat()
        var named = stat()
        guard fstat(fd, &mine) == 0 else { return fail(LocalFiles.describe(errno)) }
        guard mine.st_nlink > 0, lstat(path, &named) == 0, named.st_dev == mine.st_dev,
            named.st_ino == mine.st_ino
        else {
            return fail("the file was renamed or removed while recording")
        }
        return nil
    }

    /// Stops writing; a torn last block is cut back to the last complete command.
    private func fail(_ problem: String) -> String {
        failed = true
        _ = ftruncate(fd, length)
        return problem
    }

    private static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }
}
