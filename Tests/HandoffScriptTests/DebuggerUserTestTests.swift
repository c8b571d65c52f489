import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// The findings of a fresh-eyes user test of the debugger (SPEC §10, §10.1), each a session read
/// as a script.
extension DebuggerTests {
    /// A `break when` or `watch` kept over `load` of a scene without that value says so, once,
    /// at the load (it used to stay silently unable to fire).
    @Test func loadNamesTheBreakpointsAndWatchesThatNameNothingNow() {
        var s = Session(scene: BuiltinScenes.sheet, ref: "sheet", files: MemoryFiles())
        _ = lines(&s, "break when sheet.top <= 100")
        _ = lines(&s, "break handoff")
        _ = lines(&s, "watch sheet.top")
        #expect(
            lines(&s, "load tabs") == [
                "load      tabs: 6 nodes, window 390×844",
                "break     1  when sheet.top <= 100: no such value in this scene, it never fires",
                "watch     sheet.top (now no value in this scene)",
            ])
        #expect(lines(&s, "load sheet") == ["load      sheet: 7 nodes, window 390×844"])
    }

    /// SPEC §10: `back` undoes a `set` like any command; its `old → new` lines say so.
    @Test func backListsTheSettingsItUndoes() {
        var s = session()
        _ = lines(&s, "pan 0 -100")
        _ = lines(&s, "end")
        _ = lines(&s, "set policy uikit")
        _ = lines(&s, "set fps 30")
        _ = lines(&s, "pan 0 -100")
        let out = lines(&s, "back 3")
        #expect(out.first == "back      undid 3 commands; 2 left")
        #expect(out.contains("set policy       uikit → nested"))
        #expect(out.contains("set fps          30 → 60"))
        #expect(out.contains("upcoming.offset  100 → 0"))
        // Nothing to say when no setting changed.
        _ = lines(&s, "pan 0 -50")
        #expect(!lines(&s, "back").contains { $0.hasPrefix("set ") })
    }

    /// SPEC §10.1: `compare` skips the history's own `set KEY` on the right only; the left is the
    /// session as it ran, so with `set policy uikit` in the history, `compare policy nested`
    /// names the pan as the first command whose output differs (the drag goes to the header
    /// first under nested: outer 100, upcoming 0; under uikit the list takes it: 0 and 100).
    @Test func compareNamesTheFirstDifferenceWhenTheHistorySetsTheKey() {
        var s = session()
        _ = lines(&s, "set policy uikit")
        _ = lines(&s, "pan 0 -100")
        let out = lines(&s, "compare policy nested")
        #expect(
            out[0]
                == "compare   policy nested from the load against now: the 2 commands since the last load, #1 'set policy uikit' skipped"
        )
        #expect(out[1].contains("now (policy nested → uikit)"))
        #expect(
            out.contains {
                $0.hasPrefix("outer.offset") && $0.contains("0 ")
                    && $0.hasSuffix("100            ≠")
            })
        #expect(out.contains("differs   first at #2 'pan 0 -100'"))
        #expect(out.contains("  now     owner     upcoming (chain upcoming)"))
        #expect(out.contains("  nested  owner     upcoming (chain upcoming, outer)"))
        // The right column is a fresh session that starts with the value and runs the history
        // without its `set policy`.
        var fresh = session()
        _ = lines(&fresh, "set policy nested")
        _ = lines(&fresh, "pan 0 -100")
        #expect(offset(fresh, "outer") == "100")
        #expect(offset(fresh, "upcoming") == "0")
        #expect(offset(s, "upcoming") == "100")

        // The same value as the one the history set: nothing differs.
        let same = lines(&s, "compare policy uikit")
        #expect(
            same[0]
                == "compare   policy uikit from the load against now: the 2 commands since the last load, #1 'set policy uikit' skipped"
        )
        #expect(same.last == "differs   no command's output differs")

        // JSON names the load's value, the skipped `set` and the first difference.
        _ = lines(&s, "set output json")
        let json = lines(&s, "compare policy nested").joined()
        #expect(json.contains(#""loaded":"nested","skipped":[{"number":1,"value":"uikit"}]"#))
        #expect(json.contains(#""firstDifference":{"number":2,"command":"pan 0 -100""#))
    }

    /// The same after `pan/end/set/pan`: the commands before the `set` print the same, the pan
    /// after it (#4) is the first that differs.
    @Test func compareAlignsCommandsAroundASkippedSet() {
        var s = session()
        for line in ["pan 0 -100", "end", "set policy uikit", "pan 0 -100"] { _ = lines(&s, line) }
        let out = lines(&s, "compare policy nested")
        #expect(out.contains("differs   first at #4 'pan 0 -100'"))
        #expect(
            out.contains { $0.hasPrefix("outer.offset") && $0.contains("200") && $0.hasSuffix("≠") }
        )
        // Without a `set` of the key compared, the header is as before.
        var t = session()
        _ = lines(&t, "pan 0 -100")
        #expect(
            lines(&t, "compare policy uikit")[0]
                == "compare   policy uikit against nested: the 1 command since the last load")
    }

    /// SPEC §5.8: `tab` selects like a delivered tap, so `break tap` stops on it.
    @Test func breakTapStopsOnTab() {
        var s = session()
        _ = lines(&s, "break tap")
        let out = lines(&s, "tab next")
        #expect(out.contains("tap       menu[1] delivered"))
        #expect(out.last == "breakpoint 1  tap menu[1] delivered at t 0 in 'tab next'")
        #expect(lines(&s, "break") == ["break     1  tap  1 hit"])
    }

    /// SPEC §10: the touch of `pan … over` and `swipe` is a step before their frames, so a
    /// watch sees the finger land at t 0 (frame 0) and the pan begin at the first frame.
    @Test func watchSeesTheTouchOfADragOverTime() {
        var s = session()
        _ = lines(&s, "watch touch")
        _ = lines(&s, "watch phase")
        let out = lines(&s, "pan 0 -250 over 50ms")
        let touch = out.firstIndex(of: "watch     touch none → upcoming[2] at t 0")
        let touching = out.firstIndex(of: "watch     phase idle → touching at t 0")
        let panning = out.firstIndex(of: "watch     phase touching → panning at t 0.02")
        #expect(touch != nil && touching != nil && panning != nil)
        // After the touch's facts, before the first frame's.
        if let touching, let panning, let began = out.firstIndex(of: "pan       vertical began") {
            #expect(out.firstIndex(of: "tap       upcoming[2] possible")! < touching)
            #expect(touching < began)
            #expect(began < panning)
        }
        var t = session()
        _ = lines(&t, "watch phase")
        #expect(lines(&t, "swipe 0 -100").contains("watch     phase idle → touching at t 0"))
    }

    /// Never "did you mean" the word that was typed: a second kind after `break KIND` says one
    /// kind per `break`; a repeated word is just unexpected.
    @Test func noSuggestionOfTheWordTyped() {
        var s = session()
        let r = s.run("break handoff owner")
        #expect(r.failed)
        #expect(
            r.lines.first?.text
                == "1:15: error: one kind per 'break': 'break handoff' then 'break owner'"
                || r.lines.first?.text
                    == "error: one kind per 'break': 'break handoff' then 'break owner'"
        )
        for line in ["back break break", "delete all all", "tab next next", "unwatch all all"] {
            let r = s.run(line)
            #expect(r.failed)
            #expect(!r.lines.contains { $0.text.contains("did you mean") }, "\(line)")
        }
        #expect(Suggest.closest(to: "owner", in: ["owner", "edge"]) == nil)
        #expect(Suggest.closest(to: "ownr", in: ["owner", "edge"]) == "owner")
        #expect(
            Diagnostic("x", at: Token(text: "all", column: 3), suggestion: "all").suggestion == nil)
    }

    /// `watch` alone lists the watches with their values now, as `break` lists breakpoints.
    @Test func watchAloneListsTheWatches() {
        var s = session()
        #expect(lines(&s, "watch") == ["watch     nothing is watched"])
        _ = lines(&s, "watch outer.offset")
        _ = lines(&s, "watch phase")
        _ = lines(&s, "pan 0 -50")
        #expect(
            lines(&s, "watch") == [
                "watch     outer.offset (now 50)", "watch     phase (now panning)",
            ])
        // An inspection: it keeps the history as it is.
        #expect(lines(&s, "history").count == 1)
        _ = lines(&s, "set output json")
        #expect(
            lines(&s, "watch").joined().contains(
                #"{"kind":"watches","watches":[{"path":"outer.offset","value":50},{"path":"phase","value":"panning"}]}"#
            ))
    }
}
