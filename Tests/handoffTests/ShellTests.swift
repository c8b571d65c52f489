import Foundation
import Testing

/// Drives the real binary in tmux (issue 4): prompt, completion, output, Ctrl-C, history across a
/// restart, Ctrl-D. CI installs tmux; the test fails rather than skips when it is missing.
@Suite(.serialized) struct ShellTests {
    final class Tmux {
        let socket = "handoff-test-\(UUID().uuidString.prefix(8))"
        let dir: URL
        let history: URL
        let exitFile: URL

        init() throws {
            dir = try Harness.temporaryDirectory()
            history = dir.appendingPathComponent("history")
            exitFile = dir.appendingPathComponent("exit")
        }

        /// Runs a tmux client through `/bin/sh` with `posix_spawn` and `waitpid`. (Foundation's
        /// `Process` never reaps the client that forks the tmux server, and its wait hangs.)
        @discardableResult
        func tmux(_ args: [String], detached: Bool = false) throws -> String {
            let quoted = args.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            let out = dir.appendingPathComponent("tmux-out")
            let command =
                "tmux -L \(socket) " + quoted.joined(separator: " ")
                + " > '\(out.path)' 2>/dev/null < /dev/null"
            var pid: pid_t = 0
            let argv: [UnsafeMutablePointer<CChar>?] = [
                strdup("/bin/sh"), strdup("-c"), strdup(command), nil,
            ]
            defer { for p in argv { free(p) } }
            guard posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ) == 0 else {
                throw CocoaError(.executableLoad)
            }
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            return detached ? "" : ((try? String(contentsOf: out, encoding: .utf8)) ?? "")
        }

        /// Starts the binary in a wrapper shell that records its exit status. The wrapper ignores
        /// SIGINT, as an interactive shell's job control would keep Ctrl-C from it; handoff installs
        /// its own handler, which replaces the inherited "ignore".
        func start() throws {
            _ = try? tmux(["kill-server"], detached: true)
            try? FileManager.default.removeItem(at: exitFile)
            let command =
                "trap '' INT; HANDOFF_HISTORY='\(history.path)' NO_COLOR=1 '\(Harness.binary.path)'; echo $? > '\(exitFile.path)'"
            try tmux(
                ["new-session", "-d", "-x", "120", "-y", "50", "sh", "-c", command], detached: true)
        }

        func type(_ text: String) throws { try tmux(["send-keys", "-l", text]) }
        func key(_ name: String) throws { try tmux(["send-keys", name]) }
        func screen() throws -> String { try tmux(["capture-pane", "-p"]) }

        /// Waits until the screen contains `text` (up to 5 s) and returns the screen.
        @discardableResult
        func wait(for text: String) throws -> String {
            var last = ""
            for _ in 0..<100 {
                last = try screen()
                if last.contains(text) { return last }
                Thread.sleep(forTimeInterval: 0.05)
            }
            Issue.record("screen never showed '\(text)':\n\(last)")
            return last
        }

        /// The exit status once the binary has exited (up to 5 s).
        func exitStatus() -> String? {
            for _ in 0..<100 {
                // The shell creates the file before `echo` writes to it: wait for a whole line.
                if let s = try? String(contentsOf: exitFile, encoding: .utf8), s.hasSuffix("\n") {
                    return s.trimmingCharacters(in: .whitespacesAndNewlines)
                }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return nil
        }

        deinit { _ = try? tmux(["kill-server"], detached: true) }
    }

    @Test func interactiveSession() throws {
        let t = try Tmux()
        try t.start()
        try t.wait(for: "tabs 0s idle>")
        // Ambiguous prefix lists the candidates.
        try t.type("ta")
        try t.key("Tab")
        try t.wait(for: "tap  tab")
        try t.key("C-u")
        // A view id completes.
        try t.type("tap upc")
        try t.key("Tab")
        try t.wait(for: "idle> tap upcoming")
        try t.type("[3]")
        try t.key("Enter")
        try t.wait(for: "tap       upcoming[3] delivered")
        try t.type("pan 0 -250")
        try t.key("Enter")
        try t.wait(for: "move      d 250 = outer 200 pre + upcoming 50 self + unconsumed 0")
        try t.wait(for: "tabs 0s panning(upcoming)>")
        // Ctrl-C clears the line and the shell goes on.
        try t.type("tap 3")
        // Wait for the echo first: a Ctrl-C that reaches the terminal before the shell has read
        // the typed text flushes it from the terminal's input queue (ISIG), and the test raced.
        try t.wait(for: "panning(upcoming)> tap 3")
        try t.key("C-c")
        try t.wait(for: "tap 3^C")
        try t.type("end")
        try t.key("Enter")
        try t.wait(for: "release   velocity (0, 0) pt/s, scroll 0")
        // A recording made in the shell replays with no difference, also step by step.
        let trace = t.dir.appendingPathComponent("shell.trace").path
        try t.type("record \(trace)")
        try t.key("Enter")
        try t.wait(for: "record    recording to \(trace) (with the 3 commands since load)")
        try t.type("swipe 0 -300")
        try t.key("Enter")
        try t.type("settle")
        try t.key("Enter")
        try t.type("record stop")
        try t.key("Enter")
        try t.wait(for: "record    stopped")
        try t.type("replay \(trace) --step")
        try t.key("Enter")
        try t.wait(for: "step [Enter, continue, quit, or state, why, …]>")
        // Inspection at a step runs on the replay's state and does not advance it.
        try t.type("expect t == 0")
        try t.key("Enter")
        try t.wait(for: "expect    ok: t == 0")
        try t.key("Enter")
        try t.wait(for: "> tap upcoming[3]")
        try t.type("continue")
        try t.key("Enter")
        try t.wait(for: "PASS \(trace) (5 commands)")
        let replay = try Harness.run(["replay", trace])
        #expect(replay.status == 0, "\(replay.out)")
        try t.key("C-d")
        #expect(t.exitStatus() == "0")
        let saved = try String(contentsOf: t.history, encoding: .utf8)
        #expect(saved.contains("pan\\0400\\040-250"))
        let mode =
            try FileManager.default.attributesOfItem(atPath: t.history.path)[.posixPermissions]
            as? Int
        #expect(mode == 0o600)

        // History comes back after a restart; quit exits 0.
        try t.start()
        try t.wait(for: "tabs 0s idle>")
        try t.key("Up")
        try t.wait(for: "idle> replay ")
        try t.key("Up")
        try t.wait(for: "idle> record stop")
        try t.key("C-u")
        // A trace with CRLF line ends steps through in the shell as `replay` reads it.
        let crlf = t.dir.appendingPathComponent("crlf.trace").path
        try "# handoff trace v1\r\n# scene: tabs\r\n> set slop 10\r\nset       slop 10\r\n"
            .write(toFile: crlf, atomically: true, encoding: .utf8)
        try t.type("replay \(crlf) --step")
        try t.key("Enter")
        try t.wait(for: "crlf.trace:3: > set slop 10")
        try t.key("Enter")
        try t.wait(for: "PASS \(crlf) (1 command)")
        try t.type("quit")
        try t.key("Enter")
        let status = t.exitStatus()
        #expect(status == "0", "\((try? t.screen()) ?? "")")
    }

    @Test func pipedInputWritesNoHistoryAndNoPrompt() throws {
        let dir = try Harness.temporaryDirectory()
        let history = dir.appendingPathComponent("h")
        setenv("HANDOFF_HISTORY", history.path, 1)
        defer { unsetenv("HANDOFF_HISTORY") }
        let r = try Harness.run([], stdin: "pan 0 -100\nquit\n")
        #expect(r.status == 0)
        #expect(!r.out.contains("idle>"))
        #expect(!FileManager.default.fileExists(atPath: history.path))
    }
}
