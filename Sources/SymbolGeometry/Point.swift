/// A point or vector in user units. Plain value type; all geometry is in `Double`.
@usableFromInline package struct Point: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline package var x: Double
    @usableFromInline package var y: Double

    @inlinable package init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    @inlinable package init(x: Double, y: Double) { self.x = x; self.y = y }

    @usableFromInline package static let zero = Point(0, 0)

    @inlinable package static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    @inlinable package static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    @inlinable package static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }
    @inlinable package static func * (s: Double, a: Point) -> Point { Point(a.x * s, a.y * s) }
    @inlinable package static func / (a: Point, s: Double) -> Point { Point(a.x / s, a.y / s) }
    @inlinable package static prefix func - (a: Point) -> Point { Point(-a.x, -a.y) }

    @inlinable package func dot(_ o: Point) -> Double { x * o.x + y * o.y }
    @inlinable package func cross(_ o: Point) -> Double { x * o.y - y * o.x }
    @inlinable package var length: Double { (x * x + y * y).squareRoot() }
    @inlinable package func distance(to o: Point) -> Double { (self - o).length }
    /// Linear interpolation: `self` at t = 0, `o` at t = 1.
    @inlinable package func lerp(to o: Point, _ t: Double) -> Point { Point(x + (o.x - x) * t, y + (o.y - y) * t) }
    /// The unit vector in this direction, or zero for a zero vector.
    @inlinable package var normalized: Point {
        let l = length
        return l > 0 ? Point(x / l, y / l) : .zero
    }
    /// Rotated 90° (x, y) → (−y, x).
    @inlinable package var perpendicular: Point { Point(-y, x) }
    @inlinable package var isFinite: Bool { x.isFinite && y.isFinite }

    @usableFromInline package var description: String { "(\(x), \(y))" }
}
