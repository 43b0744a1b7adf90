#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif


/// Builds a `Path` from absolute commands, tracking the current point and subpath start.
///
/// Drawing before any `move` starts a subpath at the current point (the origin at first), as
/// SVG requires after `Z`. SVG endpoint arcs become cubic Béziers (at most 90° each).
package struct PathBuilder: Sendable {
    package private(set) var path = Path()
    /// The current point (end of the last segment).
    package private(set) var current = Point.zero
    /// The start of the current subpath (where `close` returns).
    package private(set) var subpathStart = Point.zero
    private var needsMove = true

    package init() {}

    package mutating func move(to p: Point) {
        // A move directly after a move replaces it: the earlier one draws nothing.
        if path.verbs.last == .move { path.removeLastMove() }
        path.appendRaw(.move, p)
        current = p
        subpathStart = p
        needsMove = false
    }

    private mutating func ensureMove() {
        if needsMove { move(to: current) }
    }

    package mutating func line(to p: Point) {
        ensureMove()
        path.appendRaw(.line, p)
        current = p
    }

    package mutating func quad(to p: Point, control c: Point) {
        ensureMove()
        path.appendRaw(.quad, c, p)
        current = p
    }

    package mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        ensureMove()
        path.appendRaw(.cubic, c1, c2, p)
        current = p
    }

    package mutating func close() {
        guard !needsMove else { return }
        path.appendRaw(.close)
        current = subpathStart
        needsMove = true
    }

    /// An SVG elliptical arc from the current point to `p` (SVG 1.1 F.6.5, with out-of-range
    /// radii scaled up as F.6.6 says). Zero radii draw a line; a zero-length arc draws nothing.
    package mutating func arc(to p: Point, rx: Double, ry: Double, xAxisRotation: Double,
                             largeArc: Bool, sweep: Bool) {
        let p0 = current
        if p0 == p { return }
        var rx = abs(rx), ry = abs(ry)
        if rx == 0 || ry == 0 || !rx.isFinite || !ry.isFinite { line(to: p); return }
        ensureMove()
        let phi = xAxisRotation * .pi / 180
        let (sinPhi, cosPhi) = (sin(phi), cos(phi))
        let dx = (p0.x - p.x) / 2, dy = (p0.y - p.y) / 2
        let x1p = cosPhi * dx + sinPhi * dy
        let y1p = -sinPhi * dx + cosPhi * dy
        // √λ as a hypotenuse of ratios: squaring x1p and rx separately overflows or underflows
        // for extreme (but finite) radii and would turn the whole arc into NaN.
        let scale = hypot(x1p / rx, y1p / ry)
        if scale > 1 { rx *= scale; ry *= scale }
        let num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
        let den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
        var coef = den == 0 ? 0 : (max(0, num / den)).squareRoot()
        if largeArc == sweep { coef = -coef }
        let cxp = coef * rx * y1p / ry
        let cyp = -coef * ry * x1p / rx
        let cx = cosPhi * cxp - sinPhi * cyp + (p0.x + p.x) / 2
        let cy = sinPhi * cxp + cosPhi * cyp + (p0.y + p.y) / 2
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        }
        let theta1 = angle(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry)
        var dtheta = angle((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry)
        if !sweep && dtheta > 0 { dtheta -= 2 * .pi }
        if sweep && dtheta < 0 { dtheta += 2 * .pi }
        // Hostile inputs can still overflow (radii near Double.greatestFiniteMagnitude): draw a line.
        guard dtheta.isFinite, theta1.isFinite, cx.isFinite, cy.isFinite, rx.isFinite, ry.isFinite else {
            line(to: p)
            return
        }
        // At most 90° per cubic; the 1e-9 keeps an exact quarter or half circle at 1 or 2 pieces.
        let segments = max(1, Int((abs(dtheta) / (.pi / 2) - 1e-9).rounded(.up)))
        let delta = dtheta / Double(segments)
        let k = 4.0 / 3.0 * tan(delta / 4)
        var t = theta1
        func ellipsePoint(_ a: Double) -> Point {
            let (s, c) = (sin(a), cos(a))
            return Point(cx + rx * c * cosPhi - ry * s * sinPhi, cy + rx * c * sinPhi + ry * s * cosPhi)
        }
        func ellipseDerivative(_ a: Double) -> Point {
            let (s, c) = (sin(a), cos(a))
            return Point(-rx * s * cosPhi - ry * c * sinPhi, -rx * s * sinPhi + ry * c * cosPhi)
        }
        for i in 0..<segments {
            let t2 = t + delta
            let a0 = ellipsePoint(t), a3 = i == segments - 1 ? p : ellipsePoint(t2)
            let c1 = a0 + ellipseDerivative(t) * k
            let c2 = a3 - ellipseDerivative(t2) * k
            cubic(to: a3, control1: c1, control2: c2)
            t = t2
        }
        current = p
    }

    // MARK: Shapes

    /// A rectangle, optionally with rounded corners (SVG `rect` rules: rx/ry clamped to half
    /// the size). Clockwise from the top-left, as SVG draws it.
    package mutating func rect(_ r: Rect, rx: Double = 0, ry: Double = 0) {
        let rx = min(max(rx, 0), r.width / 2), ry = min(max(ry, 0), r.height / 2)
        if rx == 0 || ry == 0 {
            move(to: Point(r.minX, r.minY))
            line(to: Point(r.maxX, r.minY))
            line(to: Point(r.maxX, r.maxY))
            line(to: Point(r.minX, r.maxY))
            close()
            return
        }
        move(to: Point(r.minX + rx, r.minY))
        line(to: Point(r.maxX - rx, r.minY))
        arc(to: Point(r.maxX, r.minY + ry), rx: rx, ry: ry, xAxisRotation: 0, largeArc: false, sweep: true)
        line(to: Point(r.maxX, r.maxY - ry))
        arc(to: Point(r.maxX - rx, r.maxY), rx: rx, ry: ry, xAxisRotation: 0, largeArc: false, sweep: true)
        line(to: Point(r.minX + rx, r.maxY))
        arc(to: Point(r.minX, r.maxY - ry), rx: rx, ry: ry, xAxisRotation: 0, largeArc: false, sweep: true)
        line(to: Point(r.minX, r.minY + ry))
        arc(to: Point(r.minX + rx, r.minY), rx: rx, ry: ry, xAxisRotation: 0, largeArc: false, sweep: true)
        close()
    }

    /// An ellipse as four cubic quarter arcs, clockwise from the rightmost point (SVG order).
    package mutating func ellipse(center c: Point, rx: Double, ry: Double) {
        let k = 0.5522847498307936  // 4/3·(√2 − 1): the standard quarter-circle control distance.
        let (ox, oy) = (rx * k, ry * k)
        move(to: Point(c.x + rx, c.y))
        cubic(to: Point(c.x, c.y + ry), control1: Point(c.x + rx, c.y + oy), control2: Point(c.x + ox, c.y + ry))
        cubic(to: Point(c.x - rx, c.y), control1: Point(c.x - ox, c.y + ry), control2: Point(c.x - rx, c.y + oy))
        cubic(to: Point(c.x, c.y - ry), control1: Point(c.x - rx, c.y - oy), control2: Point(c.x - ox, c.y - ry))
        cubic(to: Point(c.x + rx, c.y), control1: Point(c.x + ox, c.y - ry), control2: Point(c.x + rx, c.y - oy))
        close()
    }
}
