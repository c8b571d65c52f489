/// Deterministic number printing: at most 2 decimals, half away from zero, trailing zeros
/// dropped, no negative zero (`120`, `52.77`, `0.5`).
package enum NumberFormat {
    package static func format(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
        let hundredths = (abs(value) * 100).rounded(.toNearestOrAwayFromZero)
        guard hundredths < 9e15 else { return String(Int64(value.rounded())) }
        let n = Int64(hundredths)
        if n == 0 { return "0" }
        let sign = value < 0 ? "-" : ""
        let whole = n / 100
        let frac = n % 100
        if frac == 0 { return "\(sign)\(whole)" }
        if frac % 10 == 0 { return "\(sign)\(whole).\(frac / 10)" }
        return "\(sign)\(whole).\(frac < 10 ? "0" : "")\(frac)"
    }

    /// A duration in its canonical spelling: whole seconds as `Ns`, else milliseconds.
    package static func duration(_ seconds: Double) -> String {
        let ms = seconds * 1000
        if seconds >= 1, seconds == seconds.rounded() { return "\(Int(seconds))s" }
        return format(ms) + "ms"
    }
}
