import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// The debugger's worked examples (issue 13, SPEC §10 and §10.1), each a session read as a
/// script.
struct DebuggerTests {
    func session(_ name: String = "tabs") -> Session {
        Session(scene: BuiltinScenes.named(name)!, ref: name, files: MemoryFiles())
    }

    /// A node's offset as printed (2 decimals).
    func offset(_ s: Session, _ id: String) -> String {
        NumberFormat.format(s.sim.offsets[s.sim.graph.index(of: id)!])
    }

    func lines(_ s: inout Session, _ line: String) -> [String] {
        let r = s.run(line)
        #expect(!r.failed, "\(line): \(r.lines.map(\.text))")
        return r.lines.map(\.text)
    }

    /// With only event breakpoints, the frames in which springs run alone are taken at once
    /// (`Debugger.looksAtSpringFrames`): the same output, state and stops as frame by frame,
    /// which a condition that never holds forces. On every built-in scene, the benchmark's cycle
    /// plus a tap and a stop on `tap`, live and in `back break`'s re-run.
    @Test(arguments: BuiltinScenes.names)
    func eventBreakpointsSeeWhatFrameByFrameSees(scene name: String) {
        let commands = [
            "pan 0 -150", "move 0 -100", "move 0 60", "end 0 -900", "wait 50ms", "touch 195 500",
            "end", "tab next", "settle", "tab prev", "settle", "step", "pan 0 200", "end 0 1500",
            "settle", "wait 2s", "swipe -200 0 over 100ms", "settle",
        ]
        var fast = session(name)
        var slow = session(name)
        _ = fast.run("break tap")
        _ = slow.run("break tap")
        #expect(slow.run("break when t < 0").lines.map(\.text) == ["break     2  when t < 0"])
        for c in commands + ["back break", "history", "state"] {
            let a = fast.run(c).lines.map(\.text)
            let b = slow.run(c).lines.map(\.text)
            #expect(a == b, "'\(name)' \(c)")
            if fast.isStopped { _ = fast.run("continue") }
            if slow.isStopped { _ = slow.run("continue") }
        }
        #expect(fast.sim.offsets == slow.sim.offsets && fast.sim.time == slow.sim.time)
    }

    /// SPEC §10: `break when outer.offset > 90`, `pan 0 -300 over 300ms` stops at t 0.1, frame 6
    /// of 18, outer 100; `step 2` → 133.33; `continue` → outer 200, upcoming 100.
    @Test func breakWhenStopsAtTheExactFrameAndResumes() {
        var s = session()
        #expect(
            lines(&s, "break when outer.offset > 90") == ["break     1  when outer.offset > 90"])
        let out = lines(&s, "pan 0 -300 over 300ms")
        #expect(
            out.last
                == "breakpoint 1  when outer.offset > 90 at t 0.1, frame 6 of 18 of 'pan 0 -300 over 300ms'"
        )
        #expect(out.contains("outer.offset  0 → 100"))
        #expect(s.isStopped)
        #expect(s.sim.time == 0.1)
        #expect(offset(s, "outer") == "100")
        #expect(lines(&s, "expect stopped == yes") == ["expect    ok: stopped == yes"])
        // Inspection keeps the stop.
        _ = lines(&s, "state")
        _ = lines(&s, "why")
        #expect(s.isStopped)
        let step = lines(&s, "step 2")
        #expect(step.contains("outer.offset  100 → 133.33"))
        #expect(s.isStopped)
        let rest = lines(&s, "continue")
        #expect(rest.contains("handoff   outer → upcoming"))
        #expect(s.isStopped == false)
        #expect(offset(s, "outer") == "200")
        #expect(offset(s, "upcoming") == "100")
        #expect(lines(&s, "expect stopped == no") == ["expect    ok: stopped == no"])
        #expect(lines(&s, "break") == ["break     1  when outer.offset > 90  1 hit"])
        // The whole pan is one history command.
        #expect(lines(&s, "history") == ["history   #1  t 0  pan 0 -300 over 300ms"])
    }

    /// SPEC §10: `watch outer.offset` + `pan 0 -100 over 100ms` prints 6 lines, one per frame.
    @Test func watchPrintsOneLinePerFrameThatChanges() {
        var s = session()
        #expect(lines(&s, "watch outer.offset") == ["watch     outer.offset (now 0)"])
        let out = lines(&s, "pan 0 -100 over 100ms")
        let watched = out.filter { $0.hasPrefix("watch ") }
        // Each watch line follows the move of its frame (six frames of 16.67).
        let moveAndWatch = out.filter { $0.hasPrefix("move ") || $0.hasPrefix("watch ") }
        #expect(moveAndWatch.count == 12)
        for k in stride(from: 0, to: moveAndWatch.count, by: 2) {
            #expect(moveAndWatch[k] == "move      d 16.67 = outer 16.67 pre + unconsumed 0")
            #expect(moveAndWatch[k + 1] == watched[k / 2])
        }
        #expect(
            watched == [
                "watch     outer.offset 0 → 16.67 at t 0.02",
                "watch     outer.offset 16.67 → 33.33 at t 0.03",
                "watch     outer.offset 33.33 → 50 at t 0.05",
                "watch     outer.offset 50 → 66.67 at t 0.07",
                "watch     outer.offset 66.67 → 83.33 at t 0.08",
                "watch     outer.offset 83.33 → 100 at t 0.1",
            ])
        // A step that changes nothing prints nothing.
        #expect(lines(&s, "wait 100ms").filter { $0.hasPrefix("watch ") }.isEmpty)
        #expect(lines(&s, "unwatch all") == ["unwatch   outer.offset"])
        #expect(lines(&s, "pan 0 -50 over 50ms").filter { $0.hasPrefix("watch ") }.isEmpty)
    }

    /// A breakpoint inside `settle` stops at that frame; `continue` settles the rest.
    @Test func breakpointInsideSettle() {
        var s = session()
        _ = lines(&s, "pan 0 -100")
        _ = lines(&s, "end 0 -2000")
        _ = lines(&s, "break handoff")
        let out = lines(&s, "settle")
        #expect(
            out.last == "breakpoint 1  handoff outer → upcoming at t 0.07, frame 4 of 'settle'")
        #expect(s.isStopped)
        #expect(offset(s, "outer") == "200")
        _ = lines(&s, "continue")
        #expect(s.isStopped == false)
        #expect(s.sim.phase == .idle)
        #expect(lines(&s, "history").last == "history   #3  t 0  settle")
    }

    /// SPEC §10.1: a breakpoint on a step command prints its line and leaves nothing pending.
    @Test func breakpointOnAStepCommandLeavesNothingPending() {
        var s = session()
        _ = lines(&s, "break release")
        _ = lines(&s, "pan 0 -40 over 50ms")
        let out = lines(&s, "end")
        #expect(
            out.last
                == "breakpoint 1  release velocity (0, -800) pt/s, scroll 800 at t 0.05 in 'end'")
        #expect(s.isStopped == false)
        let r = s.run("continue")
        #expect(r.failed)
        #expect(r.lines.first?.text == "error: nothing to continue: no command is stopped")
    }

    /// SPEC §10.1: several breakpoints in one frame make one stop with one line each, in number
    /// order; a breakpoint on the last frame leaves nothing pending.
    @Test func severalBreakpointsInOneFrame() {
        var s = session()
        _ = lines(&s, "break when outer.offset >= 200")
        _ = lines(&s, "break handoff")
        let out = lines(&s, "pan 0 -300 over 300ms")
        let stops = out.filter { $0.hasPrefix("breakpoint") }
        #expect(
            stops == [
                "breakpoint 1  when outer.offset >= 200 at t 0.2, frame 12 of 18 of 'pan 0 -300 over 300ms'"
            ])
        let more = lines(&s, "continue").filter { $0.hasPrefix("breakpoint") }
        #expect(
            more == [
                "breakpoint 2  handoff outer → upcoming at t 0.22, frame 13 of 18 of 'pan 0 -300 over 300ms'"
            ])
        var t = session()
        _ = lines(&t, "break when outer.offset > 99")
        _ = lines(&t, "break when t >= 0.1")
        let last = lines(&t, "pan 0 -100 over 100ms").filter { $0.hasPrefix("breakpoint") }
        #expect(
            last == [
                "breakpoint 1  when outer.offset > 99 at t 0.1, frame 6 of 6 of 'pan 0 -100 over 100ms'",
                "breakpoint 2  when t >= 0.1 at t 0.1, frame 6 of 6 of 'pan 0 -100 over 100ms'",
            ])
        #expect(t.isStopped == false)
    }

    /// SPEC §10.1: only history commands, `load` and `back` drop a stopped command's rest; a
    /// dropped swipe keeps its finger down, and `history` keeps the frames it ran.
    @Test func aHistoryCommandDropsTheRest() {
        var s = session()
        _ = lines(&s, "break when outer.offset > 60")
        _ = lines(&s, "swipe 0 -300 over 300ms")
        #expect(s.isStopped)
        _ = lines(&s, "break")
        _ = lines(&s, "history")
        #expect(s.isStopped)
        // A history command that fails drops nothing (bad input loses no state).
        #expect(s.run("touch 10 10").failed)
        #expect(s.isStopped)
        _ = lines(&s, "delete 1")
        _ = lines(&s, "wait 50ms")
        #expect(s.isStopped == false)
        #expect(s.sim.isFingerDown)
        #expect(
            lines(&s, "history") == [
                "history   #1  t 0  swipe 0 -300 over 300ms  (rest dropped after 4 frames)",
                "history   #2  t 0.07  wait 50ms",
            ])
        // `back` re-runs exactly the frames it ran.
        let stateNow = StateReport(s.sim).json
        _ = lines(&s, "back")
        var fresh = session()
        fresh.debug.frameLimit = 4
        _ = fresh.run("swipe 0 -300 over 300ms")
        fresh.debug.frameLimit = nil
        fresh.debug.pending = nil
        #expect(StateReport(s.sim).json == StateReport(fresh.sim).json)
        _ = lines(&s, "wait 50ms")
        #expect(StateReport(s.sim).json == stateNow)
    }

    /// A dropped `swipe … at X Y` is recorded as the `pan … over … at X Y` of the frames it ran,
    /// so the trace touches where the session did and replays as it ran.
    @Test func aDroppedSwipeAtKeepsItsPointInTheRecording() {
        let files = MemoryFiles()
        var s = Session(scene: BuiltinScenes.named("tabs")!, ref: "tabs", files: files)
        _ = lines(&s, "break when outer.offset > 60")
        _ = lines(&s, "swipe 0 -300 over 300ms at 195 500")
        #expect(s.isStopped)
        _ = lines(&s, "delete 1")
        _ = lines(&s, "wait 50ms")
        _ = lines(&s, "record t.trace")
        _ = lines(&s, "record stop")
        let commands = files.files["t.trace"]!.split(separator: "\n").filter { $0.hasPrefix("> ") }
        #expect(commands.first?.hasPrefix("> pan 0 -") == true)
        #expect(commands.first?.hasSuffix(" at 195 500") == true, "\(commands)")
        var runner = TraceRunner.run(file: "t.trace", text: files.files["t.trace"]!, files: files)
        #expect(runner.finish() == .passed(commands: 2))
    }

    /// SPEC §10: `back` prints what changed as `old → new`, undoes a `set`, keeps breakpoints
    /// and watches, and never crosses a `load`.
    @Test func backUndoesCommandsAndSettings() {
        var s = session()
        _ = lines(&s, "watch outer.offset")
        _ = lines(&s, "pan 0 -250")
        _ = lines(&s, "set policy uikit")
        _ = lines(&s, "end")
        #expect(s.sim.settings.policy == .uikit)
        let back = lines(&s, "back 2")
        #expect(back.first == "back      undid 2 commands; 1 left")
        #expect(back.contains("set policy  uikit → nested"))
        #expect(back.contains("phase       idle → panning"))
        #expect(s.sim.settings.policy == .nested)
        #expect(lines(&s, "history") == ["history   #1  t 0  pan 0 -250"])
        #expect(s.debug.watches.count == 1)
        let r = s.run("back 2")
        #expect(r.failed)
        #expect(r.lines.first?.text == "error: only 1 command since the last load")
        _ = lines(&s, "load tabs")
        #expect(s.run("back").failed)
    }

    /// `back` while stopped undoes the whole stopped command.
    @Test func backWhileStoppedUndoesTheWholeCommand() {
        var s = session()
        _ = lines(&s, "pan 0 -20")
        _ = lines(&s, "break when outer.offset > 90")
        _ = lines(&s, "move 0 -300 over 300ms")
        #expect(s.isStopped)
        _ = lines(&s, "step")
        _ = lines(&s, "back")
        #expect(s.isStopped == false)
        #expect(offset(s, "outer") == "20")
        #expect(lines(&s, "history") == ["history   #1  t 0  pan 0 -20"])
    }

    /// `back break` and `back` re-run the history in a mode of their own and put back the mode
    /// they found (issue 23: `back break` used to force `.live`), whether they stop or fail.
    @Test func rewindsPutBackTheDebuggerMode() {
        var s = session()
        _ = lines(&s, "pan 0 -300 over 300ms")
        _ = lines(&s, "break when outer.offset > 90")
        for mode in [Debugger.Mode.quiet, .discover] {
            s.withDebuggerMode(mode) { s in
                _ = s.run("back break")
                #expect(s.debug.mode == mode)
                _ = s.run("back 1")
                #expect(s.debug.mode == mode)
            }
        }
        #expect(s.debug.mode == .live)
        // Live again: the pan stops at the breakpoint (frame 6 of 18, as
        // `backBreakGoesToTheLastStop` reads), and `back break` finds it.
        _ = lines(&s, "pan 0 -300 over 300ms")
        #expect(s.isStopped)
        _ = lines(&s, "continue")
        #expect(lines(&s, "back break").first?.hasPrefix("back      to frame 6 of #1") == true)
        #expect(s.debug.mode == .live)
    }

    /// SPEC §10: `back break` goes to the last earlier moment a breakpoint would have stopped,
    /// stopped there, so `continue` goes on from it.
    @Test func backBreakGoesToTheLastStop() {
        var s = session()
        _ = lines(&s, "pan 0 -300 over 300ms")
        _ = lines(&s, "end")
        _ = lines(&s, "settle")
        let final = StateReport(s.sim).json
        _ = lines(&s, "break when outer.offset > 90")
        let out = lines(&s, "back break")
        #expect(
            out.first
                == "back      to frame 6 of #1 'pan 0 -300 over 300ms', stopped there"
        )
        #expect(
            out.contains(
                "breakpoint 1  when outer.offset > 90 at t 0.1, frame 6 of 18 of 'pan 0 -300 over 300ms'"
            ))
        #expect(s.isStopped)
        #expect(offset(s, "outer") == "100")
        #expect(
            lines(&s, "history") == [
                "history   #1  t 0  pan 0 -300 over 300ms  (stopped at frame 6 of 18)"
            ])
        _ = lines(&s, "continue")
        _ = lines(&s, "end")
        _ = lines(&s, "settle")
        #expect(StateReport(s.sim).json == final)
        // Hits are not counted during the re-run.
        #expect(lines(&s, "break") == ["break     1  when outer.offset > 90  0 hits"])
        // Nothing earlier: an error, and nothing changes.
        var t = session()
        _ = lines(&t, "pan 0 -50")
        _ = lines(&t, "break handoff")
        let before = StateReport(t.sim).json
        let r = t.run("back break")
        #expect(r.failed)
        #expect(StateReport(t.sim).json == before)
    }

    /// SPEC §10: `compare` shows both sides, marks differences and the first differing command,
    /// and leaves the session as it was.
    @Test func compareLeavesTheSessionUnchanged() {
        var s = session()
        _ = lines(&s, "pan 0 -300")
        _ = lines(&s, "end 0 -1000")
        _ = lines(&s, "settle")
        let before = StateReport(s.sim).json
        let out = lines(&s, "compare policy uikit")
        #expect(
            out[0] == "compare   policy uikit against nested: the 3 commands since the last load")
        #expect(out.contains { $0.hasPrefix("outer.offset") && $0.hasSuffix("≠") })
        #expect(out.contains("differs   first at #1 'pan 0 -300'"))
        #expect(StateReport(s.sim).json == before)
        #expect(s.sim.settings.policy == .nested)
        #expect(lines(&s, "history").count == 3)
    }

    /// `break hazard` stops on any hazard (SPEC §10): under `uikit` a drag the list cannot take
    /// leaves travel the header could have taken; under `nested` nothing stops.
    @Test func breakHazard() {
        var s = session()
        _ = lines(&s, "set policy uikit")
        _ = lines(&s, "break hazard")
        let out = lines(&s, "pan 0 -1200")
        #expect(
            out.last
                == "breakpoint 1  hazard owner-only outer 200 (left over 200 by owner upcoming) at t 0 in 'pan 0 -1200'"
        )
        _ = lines(&s, "end")
        _ = lines(&s, "back 2")
        let frames = lines(&s, "pan 0 -1200 over 200ms")
        #expect(
            frames.last
                == "breakpoint 1  hazard owner-only outer 100 (left over 100 by owner upcoming) at t 0.18, frame 11 of 12 of 'pan 0 -1200 over 200ms'"
        )
        #expect(s.isStopped)
        // The stop names the hazard with the amount so far; the command prints it once, when it
        // ends, summed over its frames: 100 + 100 pulled past the list's end, within outer's
        // room of 200 (SPEC §10.1).
        #expect(!frames.contains { $0.hasPrefix("hazard") })
        #expect(
            lines(&s, "continue").filter { $0.hasPrefix("hazard") } == [
                "hazard    owner-only outer 200 (left over 200 by owner upcoming)"
            ])
        var t = session()
        _ = lines(&t, "break hazard")
        #expect(!lines(&t, "pan 0 -1200").contains { $0.hasPrefix("breakpoint") })
    }

    /// `--json` carries stops, watch lines and rewinds as events of kinds `breakpoint`, `watch`
    /// and `back` (SPEC §10.1).
    @Test func jsonEvents() {
        var s = session()
        s.json = true
        _ = lines(&s, "break when outer.offset > 90")
        _ = lines(&s, "watch outer.offset")
        let pan = lines(&s, "pan 0 -300 over 300ms")[0]
        #expect(
            pan.contains(
                #"{"kind":"breakpoint","number":1,"what":"when outer.offset > 90","event":null,"t":0.1,"frame":6,"frames":18,"command":"pan 0 -300 over 300ms"}"#
            ))
        #expect(
            pan.contains(
                #"{"kind":"watch","t":0.02,"frame":1,"path":"outer.offset","from":0,"to":16.67}"#
            ))
        let back = lines(&s, "back")[0]
        #expect(back.contains(#"{"kind":"back","undone":1,"remaining":0,"to":null}"#))
        #expect(back.contains(#"{"kind":"changed","path":"outer.offset","from":100,"to":0}"#))
    }

    /// `record` while stopped is refused (its partial form and a later `continue` could not both
    /// replay), and keeps the stop.
    @Test func recordWhileStoppedIsRefused() {
        var s = session()
        _ = lines(&s, "break when outer.offset > 90")
        _ = lines(&s, "pan 0 -300 over 300ms")
        let r = s.run("record x.trace")
        #expect(r.failed)
        #expect(s.isStopped)
        _ = lines(&s, "continue")
        #expect(!s.run("record x.trace").failed)
    }

    /// Debugger commands that look change nothing and are not history; bad ones are errors.
    @Test func debuggerErrors() {
        var s = session()
        for bad in [
            "break sometimes", "break when nowhere.offset > 1", "delete 3", "unwatch outer.offset",
            "back 0", "compare output json", "compare policy sideways", "watch outer.ofset",
            "continue", "expect stopped == maybe",
        ] {
            let r = s.run(bad)
            #expect(r.failed, "\(bad)")
        }
        #expect(s.run("break sometimes").lines.first?.text.contains("did you mean") == false)
        #expect(lines(&s, "history") == ["history   no commands since the last load"])
    }
}
