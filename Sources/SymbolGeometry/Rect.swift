/// An axis-aligned rectangle, stored as min and max corners. `Rect.null` is the empty
/// rectangle that is the identity for `union`.
@usableFromInline package struct Rect: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline package var minX: Double
    @usableFromInline package var minY: Double
    @usableFromInline package var maxX: Double
    @usableFromInline package var maxY: Double

    @inlinable package init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }
    @inlinable package init(x: Double, y: Double, width: Double, height: Double) {
        self.init(minX: x, minY: y, maxX: x + width, maxY: y + height)
    }

    /// The empty rectangle: contains nothing, `union` with it returns the other operand.
    @usableFromInline package static let null = Rect(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

    @inlinable package var isNull: Bool { !(minX <= maxX && minY <= maxY) }
    @inlinable package var width: Double { isNull ? 0 : maxX - minX }
    @inlinable package var height: Double { isNull ? 0 : maxY - minY }
    @inlinable package var center: Point { Point((minX + maxX) / 2, (minY + maxY) / 2) }
    @inlinable package var origin: Point { Point(minX, minY) }

    @inlinable package func union(_ o: Rect) -> Rect {
        Rect(minX: Swift.min(minX, o.minX), minY: Swift.min(minY, o.minY),
             maxX: Swift.max(maxX, o.maxX), maxY: Swift.max(maxY, o.maxY))
    }
    @inlinable package func union(_ p: Point) -> Rect {
        Rect(minX: Swift.min(minX, p.x), minY: Swift.min(minY, p.y),
             maxX: Swift.max(maxX, p.x), maxY: Swift.max(maxY, p.y))
    }
    @inlinable package func intersection(_ o: Rect) -> Rect {
        let r = Rect(minX: Swift.max(minX, o.minX), minY: Swift.max(minY, o.minY),
                     maxX: Swift.min(maxX, o.maxX), maxY: Swift.min(maxY, o.maxY))
        return r.isNull ? .null : r
    }
    @inlinable package func intersects(_ o: Rect) -> Bool { !intersection(o).isNull }
    @inlinable package func contains(_ p: Point) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }
    @inlinable package func insetBy(_ d: Double) -> Rect {
        Rect(minX: minX + d, minY: minY + d, maxX: maxX - d, maxY: maxY - d)
    }
    /// The bounds of this rectangle's four corners after `t`.
    @usableFromInline package func applying(_ t: Transform) -> Rect {
        if isNull { return self }
        return Rect.null.union(t.apply(Point(minX, minY))).union(t.apply(Point(maxX, minY)))
            .union(t.apply(Point(minX, maxY))).union(t.apply(Point(maxX, maxY)))
    }

    @usableFromInline package var description: String { isNull ? "Rect.null" : "Rect(\(minX), \(minY), \(maxX), \(maxY))" }
}
