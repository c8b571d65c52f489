import Foundation

/// Ctrl-\ (`SIGQUIT`) ends the process. The Swift runtime's backtracer takes `SIGQUIT` as a
/// crash, prints a report and leaves the process running with its handlers gone; here the
/// terminal is put back as it was before the line editor changed it, then the signal does what
/// it does by default (the process ends, as `Quit`). Nothing is lost: a recording's blocks are in
/// the file before their output is printed (SPEC §7).
enum QuitSignal {
    /// The terminal's settings before the line editor changed them (the shell saves them).
    /// On the heap, a whole stride: Swift gives a global `termios` only its size (57 bytes),
    /// and `tcgetattr` writes 60.
    nonisolated(unsafe) private static let saved = UnsafeMutablePointer<termios>.allocate(
        capacity: 1)
    nonisolated(unsafe) private static var hasSaved = false

    static func install() {
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = handler
        #else
            action.__sigaction_handler.sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        sigaction(SIGQUIT, &action, nil)
        // A parent may hand down a mask that blocks it (test runners do): Ctrl-\ must arrive.
        var quit = sigset_t()
        sigemptyset(&quit)
        sigaddset(&quit, SIGQUIT)
        sigprocmask(SIG_UNBLOCK, &quit, nil)
    }

    /// Saves standard input's terminal settings, restored when the process quits.
    static func saveTerminal() {
        guard isatty(STDIN_FILENO) != 0, tcgetattr(STDIN_FILENO, saved) == 0 else { return }
        hasSaved = true
    }

    /// Restores the terminal (`tcsetattr` is async-signal-safe), then ends the process by the
    /// signal's default action.
    private static let handler: @convention(c) (Int32) -> Void = { sig in
        if QuitSignal.hasSaved { tcsetattr(STDIN_FILENO, TCSANOW, QuitSignal.saved) }
        var byDefault = sigaction()
        sigaction(sig, &byDefault, nil)
        raise(sig)
    }
}
