/// The tests' one seeded random generator (SplitMix64): the same seed gives the same values on
/// every machine and every run, so a failing random test replays from its seed.
package struct SplitMix: RandomNumberGenerator {
    package var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<n` (`n` > 0).
    package mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// A value in [0, 1) with 53 random bits.
    package mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
