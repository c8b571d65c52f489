import Foundation
import HandoffScript

/// The shell's history file (`$HANDOFF_HISTORY` or `~/.handoff_history`), opened with care: only
/// a regular file is read and written; a file is created (mode 0600) only where nothing exists,
/// with `O_EXCL | O_NOFOLLOW`, and only a file created here is ever given mode 0600; a character
/// device (`/dev/null`, the usual way to turn history off) means "no history"; a symbolic link, a
/// directory or an unwritable path is reported once on standard error and history goes on in
/// memory.
struct HistoryFile {
    private enum Mode {
        /// Lines are saved to the file; `created` if this program created it, else the mode to
        /// keep (libedit's save sets 0600; a file that was not created here keeps its own mode).
        case file(created: Bool, mode: mode_t, inode: ino_t)
        /// History is off (a character device) or kept in memory only (after a warning).
        case memory
    }

    let path: String
    private var mode: Mode

    init(path: String) {
        self.path = path
        mode = .memory
        var st = stat()
        if lstat(path, &st) != 0 {
            if errno == ENOENT { create() } else { warn(LocalFiles.describe(errno)) }
            return
        }
        switch st.st_mode & S_IFMT {
        case S_IFCHR:
            break  // /dev/null or another device: no history, silently
        case S_IFLNK:
            warn("it is a symbolic link, which is not followed")
        case S_IFDIR:
            warn(LocalFiles.describe(EISDIR))
        case S_IFREG:
            guard access(path, R_OK | W_OK) == 0 else {
                warn(LocalFiles.describe(errno))
                return
            }
            mode = .file(created: false, mode: st.st_mode & 0o7777, inode: st.st_ino)
        default:
            warn("it is not a regular file")
        }
    }

    /// Whether lines are kept in the file (it can be loaded).
    var isFile: Bool {
        if case .file = mode { return true }
        return false
    }

    /// Rewrites the file through `write` (libedit's save to a `FILE *`); on any surprise — the
    /// path replaced by something else, a failed write — warns once and goes on in memory.
    mutating func save(_ write: (UnsafeMutablePointer<FILE>) -> Bool) {
        guard case .file(let created, let keep, let inode) = mode else { return }
        let fd = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT {
                create()
                return save(write)
            }
            return warn(LocalFiles.describe(errno))
        }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_ino == inode else {
            close(fd)
            return warn("it was replaced by something other than the history file")
        }
        guard ftruncate(fd, 0) == 0, let fp = fdopen(fd, "w") else {
            let e = errno
            close(fd)
            return warn(LocalFiles.describe(e))
        }
        let ok = write(fp)
        if !created { fchmod(fd, keep) }
        if fclose(fp) != 0 || !ok { warn("cannot write it") }
    }

    /// Creates the file where nothing exists: never through a link, never over another file.
    private mutating func create() {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return warn(LocalFiles.describe(errno)) }
        var st = stat()
        fstat(fd, &st)
        fchmod(fd, 0o600)
        close(fd)
        mode = .file(created: true, mode: 0o600, inode: st.st_ino)
    }

    /// Reports once and keeps history in memory.
    private mutating func warn(_ why: String) {
        mode = .memory
        StandardStream.err(
            "handoff: history file '\(Escape.visible(path))' not used: \(why); history is kept in memory for this session\n"
        )
    }
}
