import Foundation
import HandoffScript

/// The one trace recorder. Each command's block is in the file before the command's output is
/// printed (so `kill -9` loses no printed command), without a system call per command: blocks are
/// copied into a shared memory mapping of the file, whose pages are the kernel's page cache, so
/// they outlive the process however it ends. The file is grown ahead of the blocks by
/// `growth` bytes at a time, with `write` (which reports a full disk, where a store into a
/// mapping would take a `SIGBUS`), and the room not yet used is filled with comment lines (`#`,
/// spaces, newline): whenever the process stops, the file is a whole trace (SPEC §7). A normal
/// end, `record stop` and a crash the process can still catch (a trap, a bad access, `SIGTERM`,
/// `SIGHUP`) cut that room off; only `kill -9` leaves it, as one comment line at the end.
///
/// At most every 100 ms it starts an `fsync` in the background (a command never waits for the
/// disk), and at `record stop` and at exit it syncs and waits. At each sync it checks that the
/// path still names the file being written (same device and inode, link count above 0), so a
/// rename or removal is reported instead of written into the void. A failed write (disk full)
/// cuts the file back to its last complete block and is reported once. Where the file cannot be
/// mapped, each block is written with one `write` instead.
final class Recorder: TraceSink {
    let path: String
    private let fd: Int32
    /// Bytes of complete blocks.
    private var length: off_t = 0
    /// The file's size: `length`, then the room not used yet (comment lines).
    private var size: off_t = 0
    /// The mapped window of the file (nil: not mapped, or blocks written with `write`).
    private var window: UnsafeMutableRawPointer?
    /// The file offset of the window's first byte (a multiple of the page size), and its size.
    private var windowStart: off_t = 0
    private var windowSize = 0
    /// Where the file cannot be mapped: each block written with one `write`.
    private var direct = false
    private var lastSync: UInt64
    private var failed = false
    private let background = BackgroundSync()
    /// The buffer a block is built in when written with `write` (only this recorder touches it,
    /// one access at a time: not checked at run time).
    @exclusivity(unchecked) private var block = ByteBuffer()
    /// How often the trace is synced while commands keep coming.
    static let syncInterval: UInt64 = 100_000_000
    /// How far the file grows at a time, and the size of a mapped window (moved on when the
    /// blocks reach its end: the pages mapped, which count in the process's resident memory, stay
    /// few).
    static let growth = 16_384
    static let windowBytes = 1 << 20

    private init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
        lastSync = Self.now()
        CrashCut.begin(fd: fd)
    }

    /// Opens `path` for a new trace: created (never through a symbolic link), or with `force`
    /// truncated; anything but a regular file is refused.
    static func open(_ path: String, force: Bool) throws(FileError) -> Recorder {
        // Read and write, for the mapping; a file that may only be written gets `write`s.
        let flags = O_CREAT | O_NOFOLLOW | O_CLOEXEC | (force ? O_TRUNC : O_EXCL)
        var fd = Foundation.open(path, flags | O_RDWR, 0o644)
        var direct = false
        if fd < 0, errno == EACCES {
            fd = Foundation.open(path, flags | O_WRONLY, 0o644)
            direct = true
        }
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
        let recorder = Recorder(path: path, fd: fd)
        recorder.direct = direct
        return recorder
    }

    func write(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { write(bytes: $0) }
    }

    func write(command: String, output: TextOutput) -> String? {
        var command = command
        return command.withUTF8 { c in
            output.withBytes { o in
                // `> COMMAND`, "\n" and the output, copied in at once.
                write(count: c.count + 3 + o.count) { p in
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
    }

    func write(bytes: UnsafeBufferPointer<UInt8>) -> String? {
        write(count: bytes.count) { p in
            if let from = bytes.baseAddress { p.update(from: from, count: bytes.count) }
        }
    }

    /// Writes one block of `n` bytes that `fill` writes at the pointer it is given.
    @inline(__always)
    private func write(count n: Int, _ fill: (UnsafeMutablePointer<UInt8>) -> Void) -> String? {
        guard !failed else { return nil }
        if !direct, let problem = makeRoom(n) { return problem }
        if let window {
            // The block goes where the room's comment line starts: first the next block's `#`
            // after it (inside that same comment), then the block over the comment's start.
            let at = window + Int(length - windowStart)
            at.storeBytes(of: UInt8(ascii: "#"), toByteOffset: n, as: UInt8.self)
            fill(at.assumingMemoryBound(to: UInt8.self))
        } else {
            block.removeAll()
            block.append(count: n, fill)
            let error = block.withBytes { writeAll(fd, UnsafeRawBufferPointer($0)) }
            guard error == 0 else { return fail(LocalFiles.describe(error)) }
        }
        length += off_t(n)
        CrashCut.length = length
        if Self.now() &- lastSync >= Self.syncInterval { return sync() }
        return nil
    }

    /// Makes the file and the window reach past a block of `n` bytes and the room's `#` and
    /// newline after it; falls back to `write` (`direct`) where the file cannot be mapped.
    @inline(__always)
    private func makeRoom(_ n: Int) -> String? {
        let end = length + off_t(n) + 2
        if end <= size, end <= windowStart + off_t(windowSize) { return nil }
        return grow(to: end)
    }

    private func grow(to end: off_t) -> String? {
        let grownFrom = size
        if end > size {
            // Whole comment lines of `growth` bytes, written (a full disk is an error here, not
            // a `SIGBUS` at a store into the mapping).
            let pattern = Self.room
            while size < end {
                let error = pattern.withUnsafeBytes { writeAll(fd, $0, at: size) }
                guard error == 0 else { return fail(LocalFiles.describe(error)) }
                size += off_t(pattern.count)
            }
        }
        if end > windowStart + off_t(windowSize) {
            unmap()
            let page = off_t(sysconf(Int32(_SC_PAGESIZE)))
            let start = length / page * page
            let bytes = max(Self.windowBytes, Int(end - start) * 2)
            let p = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, start)
            guard let p, p != UnsafeMutableRawPointer(bitPattern: -1) else {
                // Not mappable (some file systems): one `write` a block, in the file's room.
                direct = true
                _ = ftruncate(fd, length)
                _ = lseek(fd, length, SEEK_SET)
                size = length
                return nil
            }
            window = p
            windowStart = start
            windowSize = bytes
        }
        prefault(from: grownFrom)
        return nil
    }

    /// Maps the pages the file just grew by into the window at once (Linux 5.14's
    /// `MADV_POPULATE_WRITE`), rather than one page fault at each page's first block; where the
    /// kernel has no such advice, the faults happen as before.
    private func prefault(from offset: off_t) {
        #if os(Linux)
            guard let window, size > offset else { return }
            let page = off_t(sysconf(Int32(_SC_PAGESIZE)))
            let from = Swift.max(offset / page * page, windowStart)
            let to = Swift.min(size, windowStart + off_t(windowSize))
            guard to > from else { return }
            _ = madvise(window + Int(from - windowStart), Int(to - from), 23)  // POPULATE_WRITE
        #endif
    }

    /// A comment line of `growth` bytes: `#`, spaces, newline.
    private static let room: [UInt8] = {
        var line = [UInt8](repeating: UInt8(ascii: " "), count: growth)
        line[0] = UInt8(ascii: "#")
        line[growth - 1] = UInt8(ascii: "\n")
        return line
    }()

    private func unmap() {
        if let window { munmap(window, windowSize) }
        window = nil
        windowSize = 0
    }

    func close() -> String? {
        let problem = failed ? nil : finalSync()
        background.wait()
        unmap()
        // The room not used: the trace ends with its last block.
        _ = ftruncate(fd, length)
        CrashCut.end()
        Foundation.close(fd)
        return problem
    }

    /// The periodic sync: the check that `path` is still this file, and an `fsync` (which
    /// writes the mapping's pages too) started in the background, so a command never waits for
    /// the disk (the blocks are in the page cache already: the sync is for a power loss).
    private func sync() -> String? {
        lastSync = Self.now()
        if let error = background.takeError() { return fail(LocalFiles.describe(error)) }
        if let problem = checkPath() { return problem }
        background.start(fd)
        return nil
    }

    /// The last sync, waited for: at `record stop` and at exit.
    private func finalSync() -> String? {
        background.wait()
        if let error = background.takeError() { return fail(LocalFiles.describe(error)) }
        #if canImport(Darwin)
            if let window { _ = msync(window, Int(size - windowStart), MS_SYNC) }
        #endif
        guard fsync(fd) == 0 else { return fail(LocalFiles.describe(errno)) }
        return checkPath()
    }

    /// Whether `path` still names the file being written.
    private func checkPath() -> String? {
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

    /// Stops writing; the file is cut back to the last complete block.
    private func fail(_ problem: String) -> String {
        failed = true
        unmap()
        _ = ftruncate(fd, length)
        CrashCut.end()
        return problem
    }

    /// A monotonic clock read once a block: on Linux the coarse one (a few milliseconds' grain,
    /// plenty for a 100 ms interval, and cheaper to read).
    private static func now() -> UInt64 {
        var ts = timespec()
        #if os(Linux)
            clock_gettime(CLOCK_MONOTONIC_COARSE, &ts)
        #else
            clock_gettime(CLOCK_MONOTONIC, &ts)
        #endif
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }
}
