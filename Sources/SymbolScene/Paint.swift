import SymbolGeometry

/// How a gradient continues past its ends.
package enum SpreadMethod: String, Hashable, Sendable {
    case pad, reflect, `repeat`
}

/// One colour stop: offset in 0…1 (clamped and made non-decreasing by the reader), colour with
/// the stop's opacity already in its alpha.
package struct GradientStop: Hashable, Sendable {
    package var offset: Double
    package var color: Color
    package init(offset: Double, color: Color) { self.offset = offset; self.color = color }
}

/// A linear gradient from `start` to `end` in gradient space; `transform` maps gradient space to
/// the shape's user space (object-bounding-box units are already folded in).
package struct LinearGradient: Hashable, Sendable {
    package var start: Point, end: Point
    package var stops: [GradientStop]
    package var spread: SpreadMethod
    package var transform: Transform
    package init(start: Point, end: Point, stops: [GradientStop], spread: SpreadMethod = .pad, transform: Transform = .identity) {
        self.start = start; self.end = end; self.stops = stops; self.spread = spread; self.transform = transform
    }
}

/// A two-point conical gradient as in SVG: the end circle (`center`, `radius`) and the focal
/// circle (`focus`, `focalRadius`), in gradient space mapped by `transform`.
package struct RadialGradient: Hashable, Sendable {
    package var center: Point, radius: Double
    package var focus: Point, focalRadius: Double
    package var stops: [GradientStop]
    package var spread: SpreadMethod
    package var transform: Transform
    package init(center: Point, radius: Double, focus: Point, focalRadius: Double = 0, stops: [GradientStop],
                spread: SpreadMethod = .pad, transform: Transform = .identity) {
        self.center = center; self.radius = radius; self.focus = focus; self.focalRadius = focalRadius
        self.stops = stops; self.spread = spread; self.transform = transform
    }
}

/// A resolved paint: no references, no inheritance, no `currentColor`.
package enum Paint: Hashable, Sendable {
    case solid(Color)
    case linear(LinearGradient)
    case radial(RadialGradient)

    /// This paint mapped into another space (gradients carry the transform).
    package func applying(_ t: Transform) -> Paint {
        switch self {
        case .solid: return self
        case .linear(var g): g.transform = g.transform.concatenating(t); return .linear(g)
        case .radial(var g): g.transform = g.transform.concatenating(t); return .radial(g)
        }
    }
}

/// A fill: paint, rule and fill-opacity.
package struct Fill: Hashable, Sendable {
    package var paint: Paint
    package var rule: FillRule
    package var opacity: Double
    package init(paint: Paint, rule: FillRule = .nonZero, opacity: Double = 1) {
        self.paint = paint; self.rule = rule; self.opacity = min(max(opacity, 0), 1)
    }
}

/// A stroke: paint, geometry and stroke-opacity.
///
/// Under rotations and uniform scales the width is simply in the shape's space. A skew or a
/// non-uniform scale distorts a stroke's outline, so it cannot be folded into the width: then
/// `transform` keeps that part, and the stroke is drawn by stroking the path mapped by its
/// inverse with `style`, and mapping the outline by it (SVG's rule).
package struct Stroke: Hashable, Sendable {
    package var paint: Paint
    package var style: StrokeStyle
    package var opacity: Double
    package var transform: Transform
    package init(paint: Paint, style: StrokeStyle, opacity: Double = 1, transform: Transform = .identity) {
        self.paint = paint; self.style = style; self.opacity = min(max(opacity, 0), 1); self.transform = transform
    }
}
