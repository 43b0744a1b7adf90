import SymbolGeometry

/// How a gradient continues past its ends.
public enum SpreadMethod: String, Hashable, Sendable {
    case pad, reflect, `repeat`
}

/// One colour stop: offset in 0…1 (clamped and made non-decreasing by the reader), colour with
/// the stop's opacity already in its alpha.
public struct GradientStop: Hashable, Sendable {
    public var offset: Double
    public var color: Color
    public init(offset: Double, color: Color) { self.offset = offset; self.color = color }
}

/// A linear gradient from `start` to `end` in gradient space; `transform` maps gradient space to
/// the shape's user space (object-bounding-box units are already folded in).
public struct LinearGradient: Hashable, Sendable {
    public var start: Point, end: Point
    public var stops: [GradientStop]
    public var spread: SpreadMethod
    public var transform: Transform
    public init(start: Point, end: Point, stops: [GradientStop], spread: SpreadMethod = .pad, transform: Transform = .identity) {
        self.start = start; self.end = end; self.stops = stops; self.spread = spread; self.transform = transform
    }
}

/// A two-point conical gradient as in SVG: the end circle (`center`, `radius`) and the focal
/// circle (`focus`, `focalRadius`), in gradient space mapped by `transform`.
public struct RadialGradient: Hashable, Sendable {
    public var center: Point, radius: Double
    public var focus: Point, focalRadius: Double
    public var stops: [GradientStop]
    public var spread: SpreadMethod
    public var transform: Transform
    public init(center: Point, radius: Double, focus: Point, focalRadius: Double = 0, stops: [GradientStop],
                spread: SpreadMethod = .pad, transform: Transform = .identity) {
        self.center = center; self.radius = radius; self.focus = focus; self.focalRadius = focalRadius
        self.stops = stops; self.spread = spread; self.transform = transform
    }
}

/// A resolved paint: no references, no inheritance, no `currentColor`.
public enum Paint: Hashable, Sendable {
    case solid(Color)
    case linear(LinearGradient)
    case radial(RadialGradient)

    /// This paint mapped into another space (gradients carry the transform).
    public func applying(_ t: Transform) -> Paint {
        switch self {
        case .solid: return self
        case .linear(var g): g.transform = g.transform.concatenating(t); return .linear(g)
        case .radial(var g): g.transform = g.transform.concatenating(t); return .radial(g)
        }
    }
}

/// A fill: paint, rule and fill-opacity.
public struct Fill: Hashable, Sendable {
    public var paint: Paint
    public var rule: FillRule
    public var opacity: Double
    public init(paint: Paint, rule: FillRule = .nonZero, opacity: Double = 1) {
        self.paint = paint; self.rule = rule; self.opacity = min(max(opacity, 0), 1)
    }
}

/// A stroke: paint, geometry and stroke-opacity.
///
/// Under rotations and uniform scales the width is simply in the shape's space. A skew or a
/// non-uniform scale distorts a stroke's outline, so it cannot be folded into the width: then
/// `transform` keeps that part, and the stroke is drawn by stroking the path mapped by its
/// inverse with `style`, and mapping the outline by it (SVG's rule).
public struct Stroke: Hashable, Sendable {
    public var paint: Paint
    public var style: StrokeStyle
    public var opacity: Double
    public var transform: Transform
    public init(paint: Paint, style: StrokeStyle, opacity: Double = 1, transform: Transform = .identity) {
        self.paint = paint; self.style = style; self.opacity = min(max(opacity, 0), 1); self.transform = transform
    }
}
