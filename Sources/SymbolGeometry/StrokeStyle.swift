/// How a path's interior is decided.
package enum FillRule: String, Hashable, Sendable, Codable {
    case nonZero = "nonzero"
    case evenOdd = "evenodd"
}

/// The shape at the open ends of a stroked subpath.
package enum LineCap: String, Hashable, Sendable, Codable {
    case butt, round, square
}

/// The shape where two stroked segments meet.
package enum LineJoin: String, Hashable, Sendable, Codable {
    case miter, round, bevel
    /// SVG 2 `miter-clip` and `arcs` are drawn as `miter`.
}

/// Stroke geometry: what the stroker needs to turn a path into a fill path.
package struct StrokeStyle: Hashable, Sendable {
    package var width: Double
    package var cap: LineCap
    package var join: LineJoin
    package var miterLimit: Double
    /// Dash lengths (on, off, on, …); empty for a solid stroke. Already validated: an odd
    /// count is repeated, negatives or an all-zero list mean solid (SVG rules).
    package var dashes: [Double]
    package var dashOffset: Double

    package init(width: Double = 1, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 4,
                dashes: [Double] = [], dashOffset: Double = 0) {
        self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit
        self.dashes = dashes; self.dashOffset = dashOffset
    }
}
