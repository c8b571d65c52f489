import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// The parse cache guesses the next line from the last sequence; a wrong guess must never
/// return another line's command.
@Suite struct ParseCacheTests {
    /// Parses `line` through the cache, as the session does.
    func parse(_ cache: inout ParseCache, _ line: String) throws -> ParsedCommand? {
        if let hit = cache.lookup(line) { return hit.parsed }
        guard let parsed = try CommandParser.parseWithSource(line) else { return nil }
        cache.insert(ParseCache.Entry(line: line, parsed: parsed))
        return parsed
    }

    @Test func aLineAfterAnotherIsAlwaysItsOwnCommand() throws {
        var cache = ParseCache()
        // After 'settle' comes 'tab prev' once and 'step' the next time: the guess is wrong.
        let lines = [
            "settle", "tab prev", "settle", "step", "settle", "tab prev", "settle", "step 2",
            "pan 0 -150", "settle", "wait 50ms",
        ]
        for _ in 0..<3 {
            for line in lines {
                let cached = try #require(try parse(&cache, line))
                let fresh = try #require(try CommandParser.parseWithSource(line))
                #expect(cached.canonical == fresh.canonical, "\(line)")
            }
        }
    }

    /// A session parses each line once: the same lines again, in the same order (found by the
    /// guess), in another (found by their hash) or read as bytes, are taken from the cache. A
    /// line that does not parse is kept with its error, so it is parsed once too.
    @Test func aRepeatedSequenceIsFoundWithoutParsingAgain() throws {
        var s = Session(scene: BuiltinScenes.tabs, ref: "tabs", files: MemoryFiles())
        let lines = ["pan 0 -150", "move 0 -100", "end 0 -900", "settle"]
        for line in lines { _ = s.run(line) }
        #expect(s.linesParsed == 4)
        for _ in 0..<3 {
            for line in lines { _ = s.run(line) }
        }
        for line in lines.reversed() { _ = s.run(line) }
        for line in lines {
            let bytes = Array(line.utf8)
            _ = bytes.withUnsafeBufferPointer { s.run(bytes: $0) }
        }
        #expect(s.linesParsed == 4)
        _ = s.run("tab next")
        #expect(s.linesParsed == 5)
        let first = s.run("pan 0 -12O")
        let again = s.run("pan 0 -12O")
        #expect(s.linesParsed == 6)
        #expect(first.failed && again.failed && first.lines == again.lines)
        // What the cache hands out is the line's own command.
        var cache = ParseCache()
        for line in lines { _ = try parse(&cache, line) }
        for line in lines {
            #expect(
                cache.lookup(line)?.parsed.canonical
                    == (try CommandParser.parseWithSource(line))?.canonical)
        }
        #expect(cache.lookup("tab next") == nil)
    }

    /// A line read as bytes is found by them: the same entry as its text, never a line that
    /// differs in one byte, in its length or only after the guessed line.
    @Test func aLineIsFoundByItsBytes() throws {
        var cache = ParseCache()
        let lines = ["pan 0 -150", "move 0 -100", "tap café", "end 0 -900"]
        for line in lines { _ = try parse(&cache, line) }
        for line in lines {
            var bytes = Array(line.utf8)
            let entry = bytes.withUnsafeBufferPointer { cache.entry(bytes: $0) }
            #expect(entry?.line == line)
            #expect(entry?.parsed.canonical == cache.lookup(line)?.parsed.canonical)
            bytes[bytes.count - 1] ^= 1
            #expect(bytes.withUnsafeBufferPointer { cache.entry(bytes: $0) } == nil)
            #expect(
                Array(line.utf8).dropLast().withUnsafeBufferPointer { cache.entry(bytes: $0) }
                    == nil)
        }
    }

    /// A line of up to sixteen bytes is compared by its packed words: two lines of the same
    /// length differing in any one byte (or in length alone) never pack the same.
    @Test func packedLinesDifferWhereTheirBytesDo() {
        for n in 0...20 {
            let line = (0..<n).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            let packed = line.withUnsafeBufferPointer(Bytes.packed)
            let longer = (line + [UInt8(ascii: "a")]).withUnsafeBufferPointer(Bytes.packed)
            if n < Bytes.packedLimit, n >= 1 {
                // Only the length tells "aaaa…" of n from n + 1 bytes apart: the cache compares it.
                #expect(
                    ParseCache.Packed(count: n, words: packed)
                        != ParseCache.Packed(count: n + 1, words: longer))
            }
            guard n <= Bytes.packedLimit else { continue }
            for k in 0..<n {
                var other = line
                other[k] ^= 0x20
                let changed = other.withUnsafeBufferPointer(Bytes.packed)
                #expect(changed != packed, "\(n) bytes, byte \(k)")
            }
        }
    }
}
