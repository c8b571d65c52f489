import Testing

@testable import HandoffCore

/// The simulator's log keeps its entries in order through growth, is a value (a copy logs on its
/// own), and a drain hands every entry out once and leaves it empty, as an array would.
@Suite struct OccurrenceLogTests {
    /// An entry whose event holds an array (a copy of it retains, a drain must move it).
    static func entry(_ k: Int) -> Occurrence {
        Occurrence(
            time: Double(k), frame: k,
            event: .touchDown(point: Point(0, Double(k)), target: Target(k), path: [0, k]))
    }

    @Test func appendsInOrderThroughGrowthAndDrainsOnce() {
        var log = OccurrenceLog()
        let all = (0..<100).map(Self.entry)
        for o in all { log.append(o) }
        #expect(log.count == 100)
        #expect(log.entries(from: 0) == all)
        #expect(log.entries(from: 98) == Array(all[98...]))
        #expect(log.entries(from: 100).isEmpty)
        var seen: [Occurrence] = []
        log.forEach(from: 40) { seen.append($0) }
        #expect(seen == Array(all[40...]))
        #expect(log.drainAll() == all)
        #expect(log.isEmpty)
        // The emptied buffer logs the next entries.
        log.append(Self.entry(7))
        #expect(log.entries(from: 0) == [Self.entry(7)])
    }

    /// A copy taken between commands (a checkpoint) makes the next append or drain copy the
    /// buffer: at the capacity it had, not twice it, however many copies are taken (the
    /// capacity once doubled with each, and a long session ran out of memory).
    @Test func copiesDoNotGrowTheBuffer() {
        var log = OccurrenceLog()
        var kept: [OccurrenceLog] = []
        var first = 0
        for k in 0..<200 {
            for j in 0..<5 { log.append(Self.entry(k * 5 + j)) }
            if k % 2 == 0 { kept.append(log) }
            #expect(log.drainAll().map(\.frame) == Array(k * 5..<k * 5 + 5))
            kept.append(log)
            log.append(Self.entry(0))
            _ = log.drainAll()
            // Every round holds the same 5 entries at most: the buffer the first round needed
            // serves them all, whatever the copies.
            if k == 0 { first = log.capacity }
            #expect(log.capacity == first, "round \(k)")
        }
        #expect(first >= 5)
        #expect(kept.allSatisfy { $0.capacity <= first })
    }

    @Test func aCopyLogsOnItsOwn() {
        var a = OccurrenceLog()
        for k in 0..<5 { a.append(Self.entry(k)) }
        var b = a
        b.append(Self.entry(5))
        #expect(a.count == 5)
        #expect(b.count == 6)
        // Draining a shared log leaves the other copy whole.
        var c = a
        let drained = c.drainAll()
        #expect(drained == (0..<5).map(Self.entry))
        #expect(c.isEmpty)
        #expect(a.entries(from: 0) == drained)
        #expect(b.entries(from: 0) == (0..<6).map(Self.entry))
    }

    @Test func theSimulatorsLogDrainsWhatItLogged() throws {
        var sim = Simulator(scene: Fixtures.example)
        try sim.touchDown(at: Point(195, 400))
        try sim.move(by: Point(0, -100))
        var copy = sim
        let whole = copy.drainLog()
        #expect(!whole.isEmpty)
        var moved = [Self.entry(99)]
        moved.reserveCapacity(64)
        sim.drainLog(into: &moved)
        #expect(moved == whole)
        #expect(sim.logCount == 0)
        #expect(sim.drainLog().isEmpty)
    }

    /// A drain into a buffer drops what the buffer held and hands the log the buffer's room: the
    /// next entries are logged into it, and the log's old entries are the caller's.
    @Test func aDrainTradesBuffers() {
        var log = OccurrenceLog()
        for k in 0..<3 { log.append(Self.entry(k)) }
        var buffer = [Self.entry(7), Self.entry(8)]
        buffer.reserveCapacity(100)
        let room = buffer.capacity
        log.drain(into: &buffer)
        #expect(buffer == (0..<3).map(Self.entry))
        #expect(log.isEmpty)
        #expect(log.capacity == room)
        log.append(Self.entry(4))
        #expect(log.entries(from: 0) == [Self.entry(4)])
        #expect(buffer == (0..<3).map(Self.entry))
    }
}
