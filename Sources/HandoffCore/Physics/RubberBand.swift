import Foundation

/// UIKit's rubber band: visual overscroll for a raw pull past an edge (physics.md §2).
public enum RubberBand {
    public static let coefficient = 0.55

    /// `b(x) = (1 − 1/(x·c/d + 1))·d` for a raw pull `x ≥ 0` and viewport length `d`.
    public static func visual(raw x: Double, dimension d: Double) -> Double {
        guard d > 0 else { return 0 }
        return (1 - 1 / (x * coefficient / d + 1)) * d
    }

    /// The inverse, `x(b) = b·d / (c·(d − b))`, for a visual overscroll `b < d`.
    public static func raw(visual b: Double, dimension d: Double) -> Double {
        guard d > 0 else { return 0 }
        return b * d / (coefficient * (d - b))
    }

    /// The visual offset for a raw offset clamped to `range` with the band applied outside it.
    public static func clamp(_ offset: Double, range: ClosedRange<Double>, dimension d: Double)
        -> Double
    {
        if offset < range.lowerBound {
            return range.lowerBound - visual(raw: range.lowerBound - offset, dimension: d)
        }
        if offset > range.upperBound {
            return range.upperBound + visual(raw: offset - range.upperBound, dimension: d)
        }
        return offset
    }
}
