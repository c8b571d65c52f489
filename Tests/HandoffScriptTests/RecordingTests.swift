import Testing

@testable import HandoffScript

/// The recording on its own (issue 23): what it writes, and how a failure stops it once.
@Suite struct RecordingTests {
    /// A trace in memory that fails every write after `failAfter` of them.
    final class Sink: TraceSink {
        let path = "t.trace"
        var text = ""
        var closed = 0
        let failAfter: Int
        var writes = 0
        init(failAfter: Int = .max) { self.failAfter = failAfter }
        func write(_ more: String) -> String? {
            writes += 1
            guard writes <= failAfter else { return "disk full" }
            text += more
            return nil
        }
        func close() -> String? {
            closed += 1
            return nil
        }
    }

    @Test func writesUntilStopped() {
        var r = Recording()
        #expect(!r.isOn && r.path == nil)
        // Not recording: nothing is written, nothing fails.
        #expect(r.write("# lost\n") == nil)
        let sink = Sink()
        r.start(sink)
        #expect(r.isOn && r.path == "t.trace")
        #expect(r.write("# scene: tabs\n") == nil)
        #expect(r.stop() == nil)
        #expect(sink.text == "# scene: tabs\n# record stop\n")
        #expect(sink.closed == 1)
        #expect(!r.isOn && !r.failed)
        #expect(r.finish() == nil)
    }

    @Test func aFailedWriteStopsItOnce() {
        var r = Recording()
        let sink = Sink(failAfter: 1)
        r.start(sink)
        #expect(r.write("# scene: tabs\n") == nil)
        #expect(
            r.write("> state\n")
                == "recording to 't.trace' stopped: disk full; the session goes on")
        #expect(!r.isOn && r.failed)
        #expect(sink.closed == 1)
        // Stopped: later writes go nowhere and say nothing.
        #expect(r.write("> state\n") == nil)
        #expect(r.finish() == nil)
        #expect(r.failed)
    }

    @Test func detachLetsGoWithoutClosing() {
        var r = Recording()
        let sink = Sink()
        r.start(sink)
        r.detach()
        #expect(!r.isOn && sink.closed == 0 && !r.failed)
    }
}
