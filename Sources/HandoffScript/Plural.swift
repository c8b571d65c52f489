/// Counted nouns in messages: `1 command`, `2 commands`.
package enum Plural {
    /// `n` followed by `noun`, with an `s` unless `n` is 1.
    package static func count(_ n: Int, _ noun: String) -> String {
        n == 1 ? "1 \(noun)" : "\(n) \(noun)s"
    }

    /// `n` followed by `noun`, or by `plural` unless `n` is 1.
    package static func count(_ n: Int, _ noun: String, plural: String) -> String {
        n == 1 ? "1 \(noun)" : "\(n) \(plural)"
    }
}
