#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif


/// A 2D affine transform in SVG's matrix order: `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
///
/// `t1.concatenating(t2)` applies `t1` first, then `t2`. An SVG `transform="A B"` on an element
/// maps child coordinates as `A(B(p))`, i.e. `B.concatenating(A)`.
@usableFromInline package struct Transform: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline package var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    @inlinable package init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    @usableFromInline package static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    @inlinable package static func translation(_ x: Double, _ y: Double) -> Transform {
        Transform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }
    @inlinable package static func scale(_ sx: Double, _ sy: Double) -> Transform {
        Transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }
    @inlinable package static func scale(_ s: Double) -> Transform { .scale(s, s) }
    /// Rotation by `degrees`, clockwise on screen (y down), as SVG's `rotate()`.
    @usableFromInline package static func rotation(degrees: Double) -> Transform {
        let r = degrees * .pi / 180
        let (s, c) = (sin(r), cos(r))
        return Transform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }
    /// Rotation by `degrees` about `center`.
    @usableFromInline package static func rotation(degrees: Double, about center: Point) -> Transform {
        Transform.translation(-center.x, -center.y)
            .concatenating(.rotation(degrees: degrees))
            .concatenating(.translation(center.x, center.y))
    }
    /// Scale about `center`.
    @usableFromInline package static func scale(_ sx: Double, _ sy: Double, about center: Point) -> Transform {
        Transform.translation(-center.x, -center.y)
            .concatenating(.scale(sx, sy))
            .concatenating(.translation(center.x, center.y))
    }
    @usableFromInline package static func skewX(degrees: Double) -> Transform {
        Transform(a: 1, b: 0, c: tan(degrees * .pi / 180), d: 1, tx: 0, ty: 0)
    }
    @usableFromInline package static func skewY(degrees: Double) -> Transform {
        Transform(a: 1, b: tan(degrees * .pi / 180), c: 0, d: 1, tx: 0, ty: 0)
    }

    /// `self` first, then `next`.
    @inlinable package func concatenating(_ next: Transform) -> Transform {
        Transform(
            a: a * next.a + b * next.c,
            b: a * next.b + b * next.d,
            c: c * next.a + d * next.c,
            d: c * next.b + d * next.d,
            tx: tx * next.a + ty * next.c + next.tx,
            ty: tx * next.b + ty * next.d + next.ty)
    }

    @inlinable package func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }
    /// Applies the linear part only (for vectors).
    @inlinable package func applyToVector(_ p: Point) -> Point { Point(a * p.x + c * p.y, b * p.x + d * p.y) }

    @inlinable package var determinant: Double { a * d - b * c }
    @inlinable package var isIdentity: Bool { self == .identity }
    @inlinable package var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }
    /// The inverse, or nil when the transform is singular or not finite.
    @usableFromInline package var inverted: Transform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Transform(a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }
    /// True for rotations, uniform scales, reflections and translations: transforms under which
    /// a circle stays a circle, so a stroke's width can simply be scaled.
    @usableFromInline package var isSimilarity: Bool {
        let m = Swift.max(abs(a), abs(b), abs(c), abs(d), 1e-300)
        let eps = 1e-9 * m
        return (abs(a - d) <= eps && abs(b + c) <= eps) || (abs(a + d) <= eps && abs(b - c) <= eps)
    }

    /// The geometric mean of the axis scale factors: how much lengths grow on average.
    /// Used to scale stroke widths and flattening tolerances.
    @usableFromInline package var meanScale: Double { abs(determinant).squareRoot() }

    @usableFromInline package var description: String { "matrix(\(a) \(b) \(c) \(d) \(tx) \(ty))" }
}
