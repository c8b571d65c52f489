/// One row of the command table: it drives parsing, `help`, usage lines, completion and
/// "did you mean".
package struct CommandSpec: Sendable {
    package var name: String
    package var usage: String
    package var summary: String
    package var example: String
    /// Fixed words that may follow the name (completion).
    package var words: [String] = []
}

/// The command language's table (SPEC §8).
package enum CommandTable {
    package static let all: [CommandSpec] = [
        CommandSpec(
            name: "load", usage: "load SCENE",
            summary: "load a built-in scene or a scene file; resets time and state",
            example: "load sheet"),
        CommandSpec(
            name: "scenes", usage: "scenes", summary: "list the built-in scenes", example: "scenes"),
        CommandSpec(
            name: "touch", usage: "touch X Y | touch ID[N] | touch ID",
            summary: "put a finger down at a point, or at the centre of a view, row or segment",
            example: "touch 195 400"),
        CommandSpec(
            name: "move", usage: "move DX DY [over D]",
            summary: "move the finger (spread over frames with 'over')",
            example: "move 0 -120 over 100ms", words: ["over"]),
        CommandSpec(
            name: "pan", usage: "pan DX DY [over D] [at X Y]",
            summary: "touch at the scene's touch point (or X Y) if no finger is down, then move",
            example: "pan 0 -250", words: ["over", "at"]),
        CommandSpec(
            name: "end", usage: "end [VX VY]",
            summary: "lift the finger, with a velocity in pt/s or the estimated one",
            example: "end 0 -1000"),
        CommandSpec(
            name: "swipe", usage: "swipe DX DY [over D] [at X Y]",
            summary:
                "pan over D (default 100ms), touching at X Y if given, then lift with the estimated velocity",
            example: "swipe 0 -300", words: ["over", "at"]),
        CommandSpec(
            name: "tap", usage: "tap N | tap ID[N] | tap ID | tap X Y",
            summary: "touch and lift at once; N is a row of the list under the touch point",
            example: "tap 3"),
        CommandSpec(
            name: "tab", usage: "tab next|prev|N|NAME [of ID]",
            summary:
                "select a segment of the first tabs control (or of ID), as a tap that touches nothing",
            example: "tab next", words: ["next", "prev", "of"]),
        CommandSpec(
            name: "wait", usage: "wait D", summary: "advance the clock by D (whole frames)",
            example: "wait 500ms"),
        CommandSpec(
            name: "step", usage: "step [N]",
            summary:
                "advance the clock by N frames (default 1); while stopped, run N more frames of the stopped command",
            example: "step 6"),
        CommandSpec(
            name: "settle", usage: "settle",
            summary: "advance until nothing animates (at most 10 s)",
            example: "settle"),
        CommandSpec(
            name: "state", usage: "state [--json]",
            summary: "print the whole state (one JSON line with --json)",
            example: "state --json", words: ["--json"]),
        CommandSpec(
            name: "tree", usage: "tree",
            summary: "print the hierarchy with frames, offsets and ranges",
            example: "tree"),
        CommandSpec(
            name: "show", usage: "show",
            summary: "draw the screen: boxes for views, rows and segments, the finger as @",
            example: "show"),
        CommandSpec(
            name: "why", usage: "why",
            summary:
                "explain the last command's decisions, each with the number of its rule (§N.N in docs/reference/behaviour.md)",
            example: "why"),
        CommandSpec(
            name: "expect", usage: "expect PATH OP VALUE [± TOL]",
            summary:
                "assert: PATH is owner, phase, t, ID.offset, ID.page, ID.top, ID.height, ID.alpha, touch, touch.state, tap, stopped, ledger.unconsumed or ledger.ID; OP is == != < <= > >= ~=",
            example: "expect upcoming.offset == 50", words: ExpectOp.allCases.map(\.rawValue)),
        CommandSpec(
            name: "set", usage: "set [KEY VALUE]",
            summary:
                "slop N, slopmode full|subtract, policy nested|uikit|outer, touches simple|uikit, fps N, output text|json; rule N off|on: switch a rule of the scene's 'on' (§13.4); alone: list every setting and where it came from",
            example: "set policy uikit", words: SettingKeys.keys),
        CommandSpec(
            name: "record", usage: "record FILE [--force] | record stop",
            summary: "write this session to a trace (each command before its output is printed)",
            example: "record Traces/tabs/mine.trace", words: ["stop", "--force"]),
        CommandSpec(
            name: "replay", usage: "replay FILE [--step]",
            summary: "re-run a trace and show where the output differs",
            example: "replay Traces/tabs/handoff.trace",
            words: ["--step"]),
        CommandSpec(
            name: "plot", usage: "plot OUT.svg|OUT.html|OUT.jsonl [--from T] [--to T]",
            summary:
                "draw the timeline since the last load (offsets, owner, handoffs, taps) as SVG, offline HTML or JSON Lines",
            example: "plot fling.svg", words: ["--from", "--to"]),
        CommandSpec(
            name: "break", usage: "break [KIND | code [N] | when PATH OP VALUE [± TOL]]",
            summary:
                "stop when a KIND happens (handoff, owner, edge, tap, refuse, repair, release, hazard, code: a rule of the scene wrote, or rule N) or when the condition becomes true, at the exact frame inside a command; alone: list breakpoints with their hits",
            example: "break when outer.offset > 90",
            words: BreakEvent.allCases.map(\.rawValue) + ["when"]),
        CommandSpec(
            name: "delete", usage: "delete N | delete all", summary: "remove breakpoints",
            example: "delete 1", words: ["all"]),
        CommandSpec(
            name: "watch", usage: "watch [PATH]",
            summary:
                "print 'watch PATH old → new at t T' at every frame or step where its printed value changes; alone, list the watches with their values now",
            example: "watch outer.offset"),
        CommandSpec(
            name: "unwatch", usage: "unwatch PATH | unwatch all", summary: "stop watching",
            example: "unwatch outer.offset", words: ["all"]),
        CommandSpec(
            name: "continue", usage: "continue",
            summary: "resume the stopped command until the next stop or its end",
            example: "continue"),
        CommandSpec(
            name: "history", usage: "history",
            summary:
                "the commands since the last load that 'back' undoes, numbered, with their start times",
            example: "history"),
        CommandSpec(
            name: "hazards", usage: "hazards",
            summary:
                "every hazard of the history since the last load, with its command's number and the time it first occurred",
            example: "hazards"),
        CommandSpec(
            name: "back", usage: "back [N] | back break",
            summary:
                "undo the last N commands of the history (default 1), or go back to the last moment a breakpoint would have stopped",
            example: "back 2", words: ["break"]),
        CommandSpec(
            name: "compare", usage: "compare KEY VALUE",
            summary:
                "re-run the commands since the last load with one setting, scene key (ID.KEY), 'gestures' or 'rule N' changed and show both final states; the session is unchanged",
            example: "compare policy uikit",
            words: ["slop", "slopmode", "policy", "touches", "fps", "gestures", "rule"]),
        CommandSpec(
            name: "help", usage: "help [CMD | scene]",
            summary: "list commands, or explain one; 'help scene': every key of a scene file",
            example: "help pan", words: ["scene"]),
        CommandSpec(name: "quit", usage: "quit", summary: "leave", example: "quit"),
    ]

    package static var names: [String] { all.map(\.name) }

    package static func spec(_ name: String) -> CommandSpec? { index(name).map { all[$0] } }

    /// The row of the command named `name`: its bytes packed into an integer and compared with
    /// each name's, as `name(_:)` finds a typed word (no dictionary to build or hash into).
    private static func index(_ name: String) -> Int? {
        guard let key = packed(name.utf8.span) else { return nil }
        return packedNames.firstIndex(of: key)
    }

    /// The command `word` names, as the table spells it: the word's bytes packed into an
    /// integer, compared with each name's (every name is at most eight bytes), without making a
    /// `String` of the word or hashing one.
    static func name(_ word: Token) -> String? {
        guard let key = word.withUTF8(packed), let k = packedNames.firstIndex(of: key) else {
            return nil
        }
        return all[k].name
    }

    /// Each command's name, packed.
    private static let packedNames: [UInt64] = all.map { spec in
        guard let key = packed(spec.name.utf8.span) else {
            preconditionFailure("command name over eight bytes: \(spec.name)")
        }
        return key
    }

    /// A word of at most eight bytes as an integer, its first byte lowest; nil for a longer word.
    private static func packed(_ bytes: Span<UInt8>) -> UInt64? {
        guard bytes.count <= 8 else { return nil }
        var key: UInt64 = 0
        for k in 0..<bytes.count { key |= UInt64(bytes[k]) << (8 * k) }
        return key
    }

    /// The usage line of the command named `name` (an error's last line): read from its row,
    /// which is not copied.
    package static func usage(_ name: String) -> String? { index(name).map { all[$0].usage } }

    /// The fixed words that may follow the command named `name` (none for no command).
    static func words(_ name: String) -> [String] { index(name).map { all[$0].words } ?? [] }
}

/// The `set` keys and their values.
package enum SettingKeys {
    package static let keys = ["slop", "slopmode", "policy", "touches", "fps", "output"]
    package static let values: [String: [String]] = [
        "slopmode": ["full", "subtract"], "policy": ["nested", "uikit", "outer"],
        "touches": ["simple", "uikit"],
        "output": ["text", "json"],
    ]
    /// The KEYs of the loaded scene (SPEC §13.4), after the settings.
    static let sceneKeys = ["gestures", "rule N", "ID.KEY"]
    /// Every KEY `set` takes, for "unknown setting" (SPEC §8, §13.4).
    static let listing = (keys + sceneKeys).joined(separator: ", ")
    /// Every KEY `compare` takes (all but `output`).
    static let compareListing = (keys.filter { $0 != "output" } + sceneKeys).joined(separator: ", ")
}
