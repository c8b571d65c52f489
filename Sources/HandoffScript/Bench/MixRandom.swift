/// The generator's seeded random numbers (SplitMix64, written out so the same seed gives the
/// same script on every machine and every Swift version: no system or Foundation randomness).
struct MixRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<n` (`n` > 0).
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// A whole value in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + int(range.upperBound - range.lowerBound + 1)
    }

    /// True with probability `p` (in hundredths: `percent(30)` is true about 30 times in 100).
    mutating func percent(_ p: Int) -> Bool { int(100) < p }

    /// One of `items` (not empty).
    mutating func pick<T>(_ items: [T]) -> T { items[int(items.count)] }

    /// One of `weighted`'s values, each as likely as its weight (the weights' sum > 0).
    mutating func pick<T>(weighted: [(T, Int)]) -> T {
        var r = int(weighted.reduce(0) { $0 + $1.1 })
        for (value, weight) in weighted {
            if r < weight { return value }
            r -= weight
        }
        return weighted[weighted.count - 1].0
    }
}
