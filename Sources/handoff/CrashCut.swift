import Foundation

/// Cuts the recording's unused room off when the process dies of a signal it can catch: a trap
/// or a bad access (a crash), `SIGTERM`, `SIGHUP`, `SIGINT` and `SIGQUIT`, each only where nothing
/// else handles it, so that the process surely dies of it: the shell owns `SIGINT`, and the Swift
/// runtime's backtracer (on by default on Linux) or a sanitizer owns the crash signals; there, as
/// after `kill -9`, the room stays, one comment line. The handler cuts the file at the last
/// complete block (`ftruncate` is async-signal-safe), then the signal does what it did before.
/// One recording at a time: the session has one recorder.
enum CrashCut {
    nonisolated(unsafe) static var fd: Int32 = -1
    nonisolated(unsafe) static var length: off_t = 0
    nonisolated(unsafe) private static var installed: [(Int32, sigaction)] = []
    private static let signals = [
        SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGTERM, SIGHUP, SIGINT, SIGQUIT,
    ]

    static func begin(fd: Int32) {
        end()
        length = 0
        self.fd = fd
        for sig in signals {
            var old = sigaction()
            guard sigaction(sig, nil, &old) == 0, isDefault(old) else { continue }
            var action = sigaction()
            #if canImport(Darwin)
                action.__sigaction_u.__sa_handler = handler
            #else
                action.__sigaction_handler.sa_handler = handler
            #endif
            sigemptyset(&action.sa_mask)
            guard sigaction(sig, &action, nil) == 0 else { continue }
            installed.append((sig, old))
        }
    }

    static func end() {
        for (sig, var old) in installed { sigaction(sig, &old, nil) }
        installed = []
        fd = -1
    }

    private static func isDefault(_ action: sigaction) -> Bool {
        #if canImport(Darwin)
            let h = action.__sigaction_u.__sa_handler
        #else
            let h = action.__sigaction_handler.sa_handler
        #endif
        return h == nil  // SIG_DFL
    }

    /// Cuts the file, then raises the signal again with its default action: the process ends
    /// as it would have (the signal is blocked until the handler returns).
    private static let handler: @convention(c) (Int32) -> Void = { sig in
        if CrashCut.fd >= 0 { _ = ftruncate(CrashCut.fd, CrashCut.length) }
        var byDefault = sigaction()
        sigaction(sig, &byDefault, nil)
        raise(sig)
    }
}
