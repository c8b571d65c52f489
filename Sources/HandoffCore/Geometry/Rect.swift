/// An axis-aligned rectangle: origin top-left, y down.
public struct Rect: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var center: Point { Point(x + width / 2, y + height / 2) }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Half-open containment, as UIKit's `point(inside:)`.
    public func contains(_ p: Point) -> Bool {
        p.x >= x && p.x < maxX && p.y >= y && p.y < maxY
    }

    public func intersection(_ other: Rect) -> Rect {
        let nx = Swift.max(x, other.x)
        let ny = Swift.max(y, other.y)
        let w = Swift.min(maxX, other.maxX) - nx
        let h = Swift.min(maxY, other.maxY) - ny
        return Rect(nx, ny, Swift.max(0, w), Swift.max(0, h))
    }

    public func offsetBy(_ dx: Double, _ dy: Double) -> Rect { Rect(x + dx, y + dy, width, height) }

    /// The length along `axis` (height for vertical).
    public func length(_ axis: Axis) -> Double { axis == .vertical ? height : width }
}
