import Foundation
import HandoffScript

/// The one trace recorder. SPEC §7 asks that each command's block is handed to the kernel before
/// any of the command's output reaches standard output, so a crash or `kill -9` loses no command
/// whose output was seen. The recorder keeps the blocks of the commands not yet printed in memory
/// and writes them with one `write` just before standard output (or standard error) is written:
/// `Recorder.writePending()`, which `Console` and the shell call. A script's output is written in
/// batches, so a recording costs one system call a batch, not one a command.
///
/// Before each write, and at a new block every 100 ms, it checks that the path still names the
/// file being written (same device and inode, link count above 0) and that nobody else changed its
/// size (a `truncate`, or a second `handoff --record SAME --force`): either is reported, like a
/// full disk, with the next command (or at `close`), and nothing more is written. A write that fails (disk
/// full) cuts the file back to its last complete block. `close` syncs the file (`fsync`).
final class Recorder: TraceSink {
    let path: String
    private let fd: Int32
    /// Bytes of complete blocks in the file.
    private var length: off_t = 0
    /// Blocks not written yet: those of the commands whose output is not printed yet.
    private var pending = ByteBuffer()
    /// Why the recording failed, found at a write and not reported yet.
    private var problem: String?
    private var failed = false
    /// When the file was last checked (a monotonic clock, in nanoseconds).
    private var lastCheck: UInt64 = 0
    /// How often a new block checks the file: a command costs no system call, and a change is
    /// reported with the first command 100 ms after it at most.
    static let checkInterval: UInt64 = 100_000_000
    /// Pending blocks are written once they reach this size, even before any output.
    static let batchBytes = 1 << 16
    /// The recording in progress (a session records to one trace at a time).
    nonisolated(unsafe) private static weak var active: Recorder?

    private init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
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
                            ? LocalFiles.describe(EISDIR) : FileError.notRegular.message)
                }
                throw FileError.exists
            }
            throw FileError(LocalFiles.describe(errno))
        }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            Foundation.close(fd)
            throw FileError.notRegular
        }
        let recorder = Recorder(path: path, fd: fd)
        active = recorder
        return recorder
    }

    /// Writes the pending blocks of the recording in progress, if any: called just before
    /// anything is written to standard output or standard error.
    static func writePending() {
        active?.writePending()
    }

    func write(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { write(bytes: $0) }
    }

    func write(command: String, output: TextOutput) -> String? {
        if let problem = beforeBlock() { return problem }
        guard !failed else { return nil }
        pending.append(UInt8(ascii: ">"))
        pending.append(UInt8(ascii: " "))
        pending.append(command)
        pending.append(UInt8(ascii: "\n"))
        pending.append(output)
        return writeIfLarge()
    }

    func write(bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if let problem = beforeBlock() { return problem }
        guard !failed else { return nil }
        pending.append(bytes)
        return writeIfLarge()
    }

    private func writeIfLarge() -> String? {
        guard pending.count >= Self.batchBytes else { return nil }
        writePending()
        return takeProblem()
    }

    /// Before a block: the problem not reported yet, if any; else, every `checkInterval`, a
    /// look at the file.
    private func beforeBlock() -> String? {
        if let problem = takeProblem() { return problem }
        guard !failed else { return nil }
        let now = Self.now()
        guard now &- lastCheck >= Self.checkInterval else { return nil }
        lastCheck = now
        guard let changed = checkFile() else { return nil }
        fail(changed, cut: false)
        return takeProblem()
    }

    private func takeProblem() -> String? {
        defer { problem = nil }
        return problem
    }

    /// Writes the pending blocks at the end of the file, after checking that it is still ours.
    private func writePending() {
        guard !failed, !pending.isEmpty else { return }
        lastCheck = Self.now()
        if let changed = checkFile() { return fail(changed, cut: false) }
        let error = pending.withMutableBytes {
            writeAll(fd, UnsafeRawBufferPointer($0), at: length)
        }
        guard error == 0 else { return fail(LocalFiles.describe(error), cut: true) }
        length += off_t(pending.count)
        pending.removeAll()
    }

    func close() -> String? {
        writePending()
        var result = takeProblem()
        if !failed {
            if fsync(fd) != 0 {
                result = LocalFiles.describe(errno)
            } else {
                result = checkFile()
            }
        }
        Foundation.close(fd)
        if Self.active === self { Self.active = nil }
        failed = true
        return result
    }

    /// Why the file is no longer the one being written, if it is not: `path` renamed or removed,
    /// or its size changed by another process.
    private func checkFile() -> String? {
        var mine = stat()
        var named = stat()
        guard fstat(fd, &mine) == 0 else { return LocalFiles.describe(errno) }
        guard mine.st_nlink > 0, lstat(path, &named) == 0, named.st_dev == mine.st_dev,
            named.st_ino == mine.st_ino
        else {
            return "the file was renamed or removed while recording"
        }
        guard mine.st_size == length else {
            return "the file was truncated or written by another process while recording"
        }
        return nil
    }

    /// A monotonic clock: on Linux the coarse one (a few milliseconds' grain, plenty for a
    /// 100 ms interval, and cheaper to read).
    private static func now() -> UInt64 {
        var ts = timespec()
        #if os(Linux)
            clock_gettime(CLOCK_MONOTONIC_COARSE, &ts)
        #else
            clock_gettime(CLOCK_MONOTONIC, &ts)
        #endif
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    /// Stops writing (`cut`: the file is cut back to its last complete block); the problem is
    /// reported by the next `write` or by `close`.
    private func fail(_ problem: String, cut: Bool) {
        failed = true
        self.problem = problem
        pending.removeAll()
        if cut { _ = ftruncate(fd, length) }
    }
}
