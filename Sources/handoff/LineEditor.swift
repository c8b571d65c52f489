import CEditLine
import Foundation

/// The line editor: libedit with history, completion, Ctrl-C and resize handling. The only file
/// that imports `CEditLine`.
final class LineEditor {
    enum Input: Equatable {
        case line(String)
        /// Ctrl-C: the line was cleared.
        case interrupted
        /// Ctrl-D on an empty line.
        case eof
    }

    private let el: OpaquePointer
    private let hist: OpaquePointer
    private let historyPath: String
    /// Where typed lines are kept: the file, or memory only.
    private var historyFile: HistoryFile
    private var event = HistEvent()
    private var prompt: UnsafeMutablePointer<CChar> = strdup("> ")!
    /// Given the text left of the cursor: text to insert at the cursor, or candidates to list.
    var complete: (String) -> (delete: Int, insert: String, list: [String]) = { _ in (0, "", []) }

    init(program: String, historyPath: String) {
        setlocale(LC_CTYPE, "")  // without it, non-ASCII keys are dropped
        self.historyPath = historyPath
        hist = history_init()!
        _ = cel_hist_setsize(hist, &event, 1000)
        _ = cel_hist_setunique(hist, &event, 1)
        historyFile = HistoryFile(path: historyPath)
        if historyFile.isFile { _ = cel_hist_load(hist, &event, historyPath) }
        el = el_init(program, cel_stdin(), cel_stdout(), cel_stderr())!
        _ = cel_set_clientdata(el, Unmanaged.passUnretained(self).toOpaque())
        _ = cel_set_editor(el, "emacs")
        _ = cel_set_hist(el, hist)
        _ = cel_set_signal(el, 0)  // we own SIGINT; libedit's handler would re-raise it and exit
        _ = cel_set_prompt_esc(el, LineEditor.promptFn, 1)
        _ = cel_addfn(
            el, "handoff-complete", "complete a command, word or id", LineEditor.completeFn)
        _ = cel_bind(el, "^I", "handoff-complete")
        _ = cel_bind(el, "^R", "em-inc-search-prev")
        _ = cel_bind(el, "^W", "ed-delete-prev-word")
        el_source(el, nil)  // the user's ~/.editrc, after our bindings so it can override them
        cel_install_sigint()
        cel_install_sigwinch()
    }

    deinit {
        el_end(el)
        history_end(hist)
        free(prompt)
    }

    func setPrompt(_ text: String) {
        free(prompt)
        prompt = strdup(text)!
    }

    /// Reads a line; `history: false` for answers to questions (they are not commands).
    func read(history: Bool = true) -> Input {
        var count: Int32 = 0
        guard let p = el_gets(el, &count), count > 0 else {
            if cel_take_sigint() != 0 {
                fputs("^C\n", cel_stdout())
                el_reset(el)
                return .interrupted
            }
            if cel_take_winch() != 0 {
                // Resized while editing: keep the text typed so far and redraw at the new width.
                let pending = currentLine()
                fputs("\r\u{1B}[J", cel_stdout())  // back to the line start, clear below
                el_resize(el)
                if !pending.isEmpty { el_push(el, pending) }
                return read(history: history)
            }
            return .eof
        }
        var s = String(cString: p)
        while s.last == "\n" || s.last == "\r" { s.removeLast() }
        if history, !s.trimmingCharacters(in: .whitespaces).isEmpty {
            _ = cel_hist_enter(hist, &event, s)
            let hist = self.hist
            historyFile.save { fp in
                var event = HistEvent()
                return cel_hist_save_fp(hist, &event, fp) >= 0
            }
        }
        return .line(s)
    }

    private func currentLine() -> String {
        guard let li = el_line(el), let start = li.pointee.buffer, let end = li.pointee.lastchar
        else { return "" }
        return String(
            decoding: UnsafeRawBufferPointer(start: start, count: end - start), as: UTF8.self)
    }

    private static func instance(_ el: OpaquePointer?) -> LineEditor {
        Unmanaged<LineEditor>.fromOpaque(cel_get_clientdata(el)!).takeUnretainedValue()
    }

    private static let promptFn: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>? = {
        instance($0).prompt
    }

    private static let completeFn: @convention(c) (OpaquePointer?, Int32) -> UInt8 = { el, _ in
        guard let el, let li = el_line(el), let start = li.pointee.buffer,
            let cursor = li.pointee.cursor
        else {
            return UInt8(CC_ERROR)
        }
        let before = String(
            decoding: UnsafeRawBufferPointer(start: start, count: cursor - start), as: UTF8.self)
        let (delete, insert, list) = instance(el).complete(before)
        if !insert.isEmpty {
            if delete > 0 { el_deletestr(el, Int32(delete)) }
            _ = el_insertstr(el, insert)
            return UInt8(CC_REFRESH)
        }
        if list.isEmpty { return UInt8(CC_REFRESH_BEEP) }
        fputs("\n" + list.joined(separator: "  ") + "\n", cel_stdout())
        return UInt8(CC_REDISPLAY)
    }
}
