import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// The history on its own (issue 23): it keeps at most `CommandLog.limit` commands, then says it
/// overflowed until the next load resets it.
@Suite struct CommandLogTests {
    @Test func overflowsPastItsLimitUntilReset() {
        let s = Session(scene: BuiltinScenes.named("tabs")!, ref: "tabs", files: MemoryFiles())
        var log = s.log
        #expect(CommandLog.limit == 1_000_000)
        for k in 0..<CommandLog.limit { log.add("wait 1ms", time: Double(k), frames: -1) }
        #expect(log.count == 1_000_000 && !log.overflowed)
        log.add("wait 1ms", time: 1e6, frames: -1)
        #expect(log.count == 1_000_000 && log.overflowed)
        #expect(log.text(999_999) == "wait 1ms" && log.frames(999_999) == nil)
        log.reset(s.checkpointState, nodes: s.sim.graph.count)
        #expect(log.count == 0 && !log.overflowed && log.hazards.isEmpty)
    }
}
