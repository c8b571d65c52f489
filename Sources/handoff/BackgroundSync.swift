import Foundation

/// An `fsync` on a queue of its own, at most one at a time, whose failure the recorder reads at
/// its next sync. (Sendable unchecked: its state is read and written only under `lock`.)
final class BackgroundSync: @unchecked Sendable {
    private let queue = DispatchQueue(label: "handoff.recorder.sync")
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var running = false
    private var error: Int32 = 0

    /// Starts an `fsync` of `fd`, unless one is still running.
    func start(_ fd: Int32) {
        lock.lock()
        defer { lock.unlock() }
        guard !running else { return }
        running = true
        queue.async {
            let failure = fsync(fd) == 0 ? 0 : errno
            self.lock.lock()
            defer { self.lock.unlock() }
            self.running = false
            if self.error == 0 { self.error = failure }
        }
    }

    /// Waits for the `fsync` running, if any.
    func wait() { queue.sync {} }

    /// The first failure not yet read.
    func takeError() -> Int32? {
        lock.lock()
        defer { lock.unlock() }
        let e = error
        error = 0
        return e == 0 ? nil : e
    }
}
