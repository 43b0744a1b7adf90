/// How a path's interior is decided.
public enum FillRule: String, Hashable, Sendable, Codable {
    case nonZero = "nonzero"
    case evenOdd = "evenodd"
}

/// The shape at the open ends of a stroked subpath.
public enum LineCap: String, Hashable, Sendable, Codable {
    case butt, round, square
}

/// The shape where two stroked segments meet.
public enum LineJoin: String, Hashable, Sendable, Codable {
    case miter, round, bevel
    /// SVG 2 `miter-clip` and `arcs` are drawn as `miter`.
}

/// Stroke geometry: what the stroker needs to turn a path into a fill path.
public struct StrokeStyle: Hashable, Sendable {
    public var width: Double
    public var cap: LineCap
    public var join: LineJoin
    public var miterLimit: Double
    /// Dash lengths (on, off, on, …); empty for a solid stroke. Already validated: an odd
    /// count is repeated, negatives or an all-zero list mean solid (SVG rules).
    public var dashes: [Double]
    public var dashOffset: Double

    public init(width: Double = 1, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 4,
                dashes: [Double] = [], dashOffset: Double = 0) {
        self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit
        self.dashes = dashes; self.dashOffset = dashOffset
    }
}
