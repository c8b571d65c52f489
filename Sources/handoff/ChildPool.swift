import Foundation

/// Runs this executable once per item in child processes, at most `jobs` at a time, and hands
/// back each child's output (stdout and stderr together) and how it ended, in item order, as
/// soon as every earlier item is done.
struct ChildPool {
    /// How a child ended.
    enum Status: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    let jobs: Int
    let arguments: (String) -> [String]

    private struct Child {
        var index: Int
        var pid: pid_t
        var fd: Int32
        var output: [UInt8] = []
    }

    func run(_ items: [String], _ done: (String, String, Status) -> Void) {
        let executable = Self.executable
        var running: [Child] = []
        var finished: [Int: (String, Status)] = [:]
        var next = 0
        var reported = 0
        while reported < items.count {
            while running.count < max(1, jobs), next < items.count {
                running.append(spawn(executable, arguments(items[next]), index: next))
                next += 1
            }
            var fds = running.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            if poll(&fds, nfds_t(fds.count), -1) < 0 { continue }  // EINTR
            var k = 0
            while k < running.count {
                guard fds[k].revents != 0 else {
                    k += 1
                    continue
                }
                var buffer = [UInt8](repeating: 0, count: 65536)
                let n = buffer.withUnsafeMutableBytes {
                    read(running[k].fd, $0.baseAddress!, $0.count)
                }
                if n > 0 {
                    running[k].output += buffer[0..<n]
                    k += 1
                    continue
                }
                if n < 0 && errno == EINTR { continue }
                let child = running.remove(at: k)
                fds.remove(at: k)
                close(child.fd)
                finished[child.index] = (
                    String(decoding: child.output, as: UTF8.self), Self.wait(child.pid)
                )
            }
            while let (output, status) = finished.removeValue(forKey: reported) {
                done(items[reported], output, status)
                reported += 1
            }
        }
    }

    /// This program: `/proc/self/exe` where it exists, else argv[0].
    static var executable: String {
        FileManager.default.fileExists(atPath: "/proc/self/exe")
            ? "/proc/self/exe" : CommandLine.arguments[0]
    }

    /// Starts a child writing to a pipe (stdout and stderr), without Swift's crash backtrace (a
    /// crash is reported by its signal).
    private func spawn(_ executable: String, _ args: [String], index: Int) -> Child {
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else { fatalError("pipe: \(String(cString: strerror(errno)))") }
        // Later children must not inherit this pipe.
        _ = fcntl(pipeFDs[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(pipeFDs[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addclose(&actions, pipeFDs[0])
        posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 2)
        posix_spawn_file_actions_addclose(&actions, pipeFDs[1])
        let argv = ([executable] + args).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var env = ProcessInfo.processInfo.environment
        env["SWIFT_BACKTRACE"] = "enable=no"
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in envp { free(p) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        close(pipeFDs[1])
        guard rc == 0 else {
            fatalError("cannot start \(executable): \(String(cString: strerror(rc)))")
        }
        return Child(index: index, pid: pid, fd: pipeFDs[0])
    }

    private static func wait(_ pid: pid_t) -> Status {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }
}
