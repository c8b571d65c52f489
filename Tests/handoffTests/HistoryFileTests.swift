import Foundation
import Testing

/// `HANDOFF_HISTORY` pointing at what is not a history file (issue 9): a character device (made
/// with `mknod` in a temporary folder: the real /dev/null is never touched), a directory and a
/// symbolic link. None is changed; the device means "no history" silently; the others are
/// reported once and the shell goes on.
@Suite(.serialized) struct HistoryFileTests {
    /// Runs the shell in tmux with `HANDOFF_HISTORY=path`, types one command, leaves; returns the
    /// screen and the exit status.
    func session(history path: String) throws -> (screen: String, status: String?) {
        let t = try ShellTests.Tmux()
        let command =
            "trap '' INT; HANDOFF_HISTORY='\(path)' NO_COLOR=1 '\(Harness.binary.path)'; echo $? > '\(t.exitFile.path)'"
        try t.tmux(
            ["new-session", "-d", "-x", "160", "-y", "30", "sh", "-c", command], detached: true)
        try t.wait(for: "tabs 0s idle>")
        try t.type("pan 0 -10")
        try t.key("Enter")
        try t.wait(for: "phase     idle → touching")
        let screen = try t.screen()
        try t.type("quit")
        try t.key("Enter")
        return (screen, t.exitStatus())
    }

    func stat(_ path: String) -> stat {
        var st = Glibc.stat()
        lstat(path, &st)
        return st
    }

    @Test func characterDeviceMeansNoHistory() throws {
        guard getuid() == 0 else {
            print("skipped characterDeviceMeansNoHistory: mknod of a character device needs root")
            return
        }
        let dir = try Harness.temporaryDirectory()
        let null = dir.appendingPathComponent("null").path
        let devNullNumbers = dev_t((1 << 8) | 3)  // major 1, minor 3, as /dev/null
        guard mknod(null, S_IFCHR | 0o666, devNullNumbers) == 0 else {
            print("skipped characterDeviceMeansNoHistory: mknod failed (\(errno))")
            return
        }
        chmod(null, 0o666)
        let before = stat(null)
        let (screen, status) = try session(history: null)
        let after = stat(null)
        #expect(status == "0")
        #expect(after.st_mode == before.st_mode)  // still crw-rw-rw-
        #expect(after.st_mode & 0o777 == 0o666)
        #expect(after.st_rdev == before.st_rdev)
        #expect(!screen.contains("history"), "\(screen)")
    }

    @Test func directoryIsReportedOnceAndKept() throws {
        let dir = try Harness.temporaryDirectory()
        let folder = dir.appendingPathComponent("folder").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        chmod(folder, 0o755)
        let (screen, status) = try session(history: folder)
        #expect(status == "0")
        #expect(stat(folder).st_mode & 0o7777 == 0o755)
        let warning =
            "handoff: history file '\(folder)' not used: is a directory; history is kept in memory for this session"
        #expect(screen.components(separatedBy: warning).count == 2, "\(screen)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func symbolicLinkIsNotFollowed() throws {
        let dir = try Harness.temporaryDirectory()
        let target = dir.appendingPathComponent("target").path
        try "keep me\n".write(toFile: target, atomically: false, encoding: .utf8)
        chmod(target, 0o644)
        let link = dir.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let (screen, status) = try session(history: link)
        #expect(status == "0")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me\n")
        #expect(stat(target).st_mode & 0o7777 == 0o644)
        #expect(stat(link).st_mode & S_IFMT == S_IFLNK)
        #expect(screen.contains("not used: it is a symbolic link, which is not followed"))
    }

    /// A regular file that exists is used and keeps its own mode; a new one is created 0600.
    @Test func regularFilesKeepTheirMode() throws {
        let dir = try Harness.temporaryDirectory()
        let existing = dir.appendingPathComponent("existing").path
        try "_HiStOrY_V2_\nstate\n".write(toFile: existing, atomically: false, encoding: .utf8)
        chmod(existing, 0o640)
        _ = try session(history: existing)
        #expect(stat(existing).st_mode & 0o7777 == 0o640)
        #expect(try String(contentsOfFile: existing, encoding: .utf8).contains("pan\\0400\\040-10"))
        let fresh = dir.appendingPathComponent("fresh").path
        _ = try session(history: fresh)
        #expect(stat(fresh).st_mode & 0o7777 == 0o600)
        #expect(try String(contentsOfFile: fresh, encoding: .utf8).contains("quit"))
    }
}
