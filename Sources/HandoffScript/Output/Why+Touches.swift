import HandoffCore

/// `why` for the rules of UIKit's touch pipeline (SPEC §4.4, `touches uikit`).
extension Why {
    /// The scroll view's own release velocity and the samples it blended.
    static func scrollViewVelocity(_ e: ScrollViewVelocity.Estimate) -> String {
        func p(_ v: Point) -> String { "(\(f(v.x)), \(f(v.y)))" }
        if let still = e.still {
            return
                "the finger had not moved for \(f(still * 1000)) ms (0.1 s or more) before the lift: the scroll view releases at 0"
        }
        guard let last = e.last else {
            return "no movement sample (moves less than 1 ms apart): the scroll view releases at 0"
        }
        guard let previous = e.previous else {
            return
                "release velocity \(p(e.velocity)) pt/s: the scroll view's only movement sample"
        }
        return
            "release velocity \(p(e.velocity)) pt/s: the scroll view's 0.25·\(p(last)) + 0.75·\(p(previous)) of its last two movement samples"
    }

    /// A release too slow for UIKit's scroll view to start momentum.
    static func belowMomentumThreshold(_ id: String, _ v: Double) -> String {
        "\(id) released at \(f(v)) pt/s, slower than 250 pt/s (0.25 pt/ms): UIKit's scroll view zeroes it and starts no momentum"
    }
}
