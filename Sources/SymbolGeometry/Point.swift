/// A point or vector in user units. Plain value type; all geometry is in `Double`.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    public static let zero = Point(0, 0)

    @inlinable public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    @inlinable public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }
    @inlinable public static func * (s: Double, a: Point) -> Point { Point(a.x * s, a.y * s) }
    @inlinable public static func / (a: Point, s: Double) -> Point { Point(a.x / s, a.y / s) }
    @inlinable public static prefix func - (a: Point) -> Point { Point(-a.x, -a.y) }

    @inlinable public func dot(_ o: Point) -> Double { x * o.x + y * o.y }
    @inlinable public func cross(_ o: Point) -> Double { x * o.y - y * o.x }
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    @inlinable public func distance(to o: Point) -> Double { (self - o).length }
    /// Linear interpolation: `self` at t = 0, `o` at t = 1.
    @inlinable public func lerp(to o: Point, _ t: Double) -> Point { Point(x + (o.x - x) * t, y + (o.y - y) * t) }
    /// The unit vector in this direction, or zero for a zero vector.
    @inlinable public var normalized: Point {
        let l = length
        return l > 0 ? Point(x / l, y / l) : .zero
    }
    /// Rotated 90° (x, y) → (−y, x).
    @inlinable public var perpendicular: Point { Point(-y, x) }
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

    public var description: String { "(\(x), \(y))" }
}
