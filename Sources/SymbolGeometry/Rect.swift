/// An axis-aligned rectangle, stored as min and max corners. `Rect.null` is the empty
/// rectangle that is the identity for `union`.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var minX: Double
    public var minY: Double
    public var maxX: Double
    public var maxY: Double

    @inlinable public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(minX: x, minY: y, maxX: x + width, maxY: y + height)
    }

    /// The empty rectangle: contains nothing, `union` with it returns the other operand.
    public static let null = Rect(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

    @inlinable public var isNull: Bool { !(minX <= maxX && minY <= maxY) }
    @inlinable public var width: Double { isNull ? 0 : maxX - minX }
    @inlinable public var height: Double { isNull ? 0 : maxY - minY }
    @inlinable public var center: Point { Point((minX + maxX) / 2, (minY + maxY) / 2) }
    @inlinable public var origin: Point { Point(minX, minY) }

    @inlinable public func union(_ o: Rect) -> Rect {
        Rect(minX: Swift.min(minX, o.minX), minY: Swift.min(minY, o.minY),
             maxX: Swift.max(maxX, o.maxX), maxY: Swift.max(maxY, o.maxY))
    }
    @inlinable public func union(_ p: Point) -> Rect {
        Rect(minX: Swift.min(minX, p.x), minY: Swift.min(minY, p.y),
             maxX: Swift.max(maxX, p.x), maxY: Swift.max(maxY, p.y))
    }
    @inlinable public func intersection(_ o: Rect) -> Rect {
        let r = Rect(minX: Swift.max(minX, o.minX), minY: Swift.max(minY, o.minY),
                     maxX: Swift.min(maxX, o.maxX), maxY: Swift.min(maxY, o.maxY))
        return r.isNull ? .null : r
    }
    @inlinable public func intersects(_ o: Rect) -> Bool { !intersection(o).isNull }
    @inlinable public func contains(_ p: Point) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }
    @inlinable public func insetBy(_ d: Double) -> Rect {
        Rect(minX: minX + d, minY: minY + d, maxX: maxX - d, maxY: maxY - d)
    }
    /// The bounds of this rectangle's four corners after `t`.
    public func applying(_ t: Transform) -> Rect {
        if isNull { return self }
        return Rect.null.union(t.apply(Point(minX, minY))).union(t.apply(Point(maxX, minY)))
            .union(t.apply(Point(minX, maxY))).union(t.apply(Point(maxX, maxY)))
    }

    public var description: String { isNull ? "Rect.null" : "Rect(\(minX), \(minY), \(maxX), \(maxY))" }
}
