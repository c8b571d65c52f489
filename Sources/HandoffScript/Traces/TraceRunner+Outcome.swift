/// How a replay ended, and the lines `replay` and `test` print about it.
extension TraceRunner {
    /// How a trace ended.
    package enum Outcome: Equatable, Sendable {
        case passed(commands: Int)
        case failed(commands: Int, differing: Int)
        /// Every command printed what the trace expects, but some of them failed (a failed
        /// `expect` or an error kept as expected output): a trace that pins a failure does not
        /// pass, whatever its golden text says.
        case failing(commands: Int, failed: Int, first: [FailedCommand])

        /// The trace itself is unusable: `FILE:LINE: error: …`.
        case corrupt(String)
        /// `replay --step` was stopped (`quit`, end of input) after `verified` of `of` commands:
        /// the rest was not verified, so the replay does not pass.
        case stopped(verified: Int, of: Int, differing: Int)
    }

    /// A command of the trace that failed (its line and text).
    package struct FailedCommand: Equatable, Sendable {
        package var line: Int
        package var command: String
    }

    /// The warning of `replay --update` and `test --update` when the rewritten trace pins a
    /// failure (it says so rather than `updated` alone: the next replay fails), or nil.
    package var updateWarning: String? {
        guard failedInUpdate > 0 else { return nil }
        let places = firstFailedInUpdate.map {
            "line \($0.line) '\(Escape.visible($0.command))'"
        }
        let more = failedInUpdate > firstFailedInUpdate.count ? ", …" : ""
        return
            "warning: \(Escape.visible(file)): \(Plural.count(failedInUpdate, "command")) failed ("
            + places.joined(separator: ", ") + more
            + "): the updated trace pins a failed expect or an error and will not pass"
    }

    /// One line per file, as `handoff test` prints it.
    package static func summary(file: String, outcome: Outcome, diffLeftOut: Int = 0) -> String {
        let file = Escape.visible(file)
        switch outcome {
        case .passed(let n): return "PASS \(file) (\(Plural.count(n, "command")))"
        case .failed(let n, let d): return "FAIL \(file): \(d) of \(n) commands differ"
        case .failing(let n, let failed, let first):
            let places = first.map { "line \($0.line) '\(Escape.visible($0.command))'" }
            let more = failed > first.count ? ", …" : ""
            return "FAIL \(file): \(failed) of \(n) commands failed, as the trace expects ("
                + places.joined(separator: ", ") + more
                + "): a trace may not pin a failed expect or an error"
        case .corrupt(let message): return "CORRUPT \(Escape.visible(message))"
        case .stopped(let n, let total, let d):
            let differ = d > 0 ? "\(d) of \(n) commands differ; " : ""
            return "FAIL \(file): \(differ)stopped after \(n) of \(total) commands: not verified"
        }
    }
}
