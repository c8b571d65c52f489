import Glibc

/// The planted bug that proves a fuzz binary really fuzzes. With `HANDOFF_FUZZ_CANARY=1` the
/// harness runs only this check (so libFuzzer's table of recent comparisons holds its constants,
/// not the thousands a session makes) and an input starting with `magic` traps. `make
/// fuzz-canary` requires every target to find it: that works only when the callback runs, coverage
/// and comparison tracing reach libFuzzer, and a crash is caught and saved.
package enum Canary {
    package static let magic = "H4ND0FF!"
    package static let enabled: Bool = {
        guard let value = getenv("HANDOFF_FUZZ_CANARY") else { return false }
        return String(cString: value) == "1"
    }()

    /// Traps when `data` starts with the magic bytes, compared as two little-endian 32-bit words
    /// ("H4ND", "0FF!"): comparison tracing hands libFuzzer each constant, and passing the first
    /// word is new coverage on the way to the second.
    package static func check(_ data: UnsafeRawBufferPointer) -> CInt {
        guard data.count >= 8 else { return 0 }
        guard data.loadUnaligned(as: UInt32.self) == 0x444E_3448 else { return 0 }
        guard data.loadUnaligned(fromByteOffset: 4, as: UInt32.self) == 0x2146_4630 else {
            return 0
        }
        fatalError("handoff fuzz canary found")
    }
}

/// The input as text (invalid UTF-8 is repaired, as reading a file does).
package func fuzzText(_ data: UnsafeRawBufferPointer) -> String {
    String(decoding: data, as: UTF8.self)
}
