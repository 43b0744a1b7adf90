/// An immutable-by-value path of absolute segments: move, line, quadratic, cubic and close.
///
/// Storage is two flat arrays (verbs and points), as in tiny-skia and Skia, so paths are cheap
/// to copy, transform and interpolate. Every subpath begins with `.move`; a `.close` returns
/// to the subpath's start point. There is no SVG syntax here: arcs, relative and shorthand
/// commands are resolved by the builder.
@usableFromInline package struct Path: Hashable, Sendable {
    /// One path command. The number of points each verb consumes is `pointCount`.
    @usableFromInline package enum Verb: UInt8, Hashable, Sendable {
        case move, line, quad, cubic, close

        @inlinable package var pointCount: Int {
            switch self {
            case .move, .line: return 1
            case .quad: return 2
            case .cubic: return 3
            case .close: return 0
            }
        }
    }

    /// A segment with its points, for iteration.
    @usableFromInline package enum Element: Hashable, Sendable {
        case move(Point)
        case line(Point)
        case quad(Point, Point)
        case cubic(Point, Point, Point)
        case close
    }

    @usableFromInline package private(set) var verbs: [Verb]
    @usableFromInline package private(set) var points: [Point]

    @usableFromInline package init() { verbs = []; points = [] }

    /// Builds a path from raw arrays. Returns nil when the verbs and points do not match, or
    /// when a drawing verb comes before the first move.
    @usableFromInline package init?(verbs: [Verb], points: [Point]) {
        var n = 0
        var open = false
        for v in verbs {
            if v == .move { open = true } else if !open { return nil }
            n += v.pointCount
        }
        guard n == points.count else { return nil }
        self.verbs = verbs
        self.points = points
    }

    @inlinable package var isEmpty: Bool { verbs.isEmpty }
    /// Number of drawing segments (everything but moves).
    @usableFromInline package var segmentCount: Int { verbs.reduce(0) { $0 + ($1 == .move ? 0 : 1) } }
    @usableFromInline package var subpathCount: Int { verbs.reduce(0) { $0 + ($1 == .move ? 1 : 0) } }

    /// The segments in order.
    @usableFromInline package var elements: [Element] {
        var out: [Element] = []
        out.reserveCapacity(verbs.count)
        forEachElement { out.append($0) }
        return out
    }

    @inlinable package func forEachElement(_ body: (Element) throws -> Void) rethrows {
        var i = 0
        for v in verbs {
            switch v {
            case .move: try body(.move(points[i]))
            case .line: try body(.line(points[i]))
            case .quad: try body(.quad(points[i], points[i + 1]))
            case .cubic: try body(.cubic(points[i], points[i + 1], points[i + 2]))
            case .close: try body(.close)
            }
            i += v.pointCount
        }
    }

    // MARK: Building (used by PathBuilder)

    @usableFromInline mutating func appendRaw(_ v: Verb, _ pts: Point...) {
        verbs.append(v)
        points.append(contentsOf: pts)
    }

    @usableFromInline mutating func removeLastMove() {
        verbs.removeLast()
        points.removeLast()
    }

    // Non-variadic appends for hot builders (the stroker, trimming, dashing): no temporary arrays.
    @usableFromInline package mutating func appendMove(_ p: Point) { verbs.append(.move); points.append(p) }
    @usableFromInline package mutating func appendLine(_ p: Point) { verbs.append(.line); points.append(p) }
    @usableFromInline package mutating func appendQuad(_ c: Point, _ p: Point) { verbs.append(.quad); points.append(c); points.append(p) }
    @usableFromInline package mutating func appendCubic(_ c1: Point, _ c2: Point, _ p: Point) {
        verbs.append(.cubic); points.append(c1); points.append(c2); points.append(p)
    }
    @usableFromInline package mutating func appendClose() { verbs.append(.close) }
    /// Empties the path but keeps its storage, so a reused path stops allocating.
    @usableFromInline package mutating func removeAll(keepingCapacity: Bool = true) {
        verbs.removeAll(keepingCapacity: keepingCapacity)
        points.removeAll(keepingCapacity: keepingCapacity)
    }

    /// Appends every subpath of `other`.
    @usableFromInline package mutating func append(_ other: Path) {
        verbs.append(contentsOf: other.verbs)
        points.append(contentsOf: other.points)
    }

    // MARK: Queries

    /// Bounds of all points, control points included. Cheap; never smaller than the tight bounds.
    @usableFromInline package var controlBounds: Rect {
        var r = Rect.null
        for p in points { r = r.union(p) }
        return r
    }

    /// Exact bounds of the drawn curves (extrema of quadratic and cubic segments included).
    @usableFromInline package var bounds: Rect {
        var r = Rect.null
        var current = Point.zero
        forEachElement { e in
            switch e {
            case .move(let p), .line(let p):
                r = r.union(p); current = p
            case .quad(let c, let p):
                r = r.union(p)
                for t in Path.quadExtrema(current.x, c.x, p.x) + Path.quadExtrema(current.y, c.y, p.y) {
                    r = r.union(Path.quadPoint(current, c, p, t))
                }
                current = p
            case .cubic(let c1, let c2, let p):
                r = r.union(p)
                for t in Path.cubicExtrema(current.x, c1.x, c2.x, p.x) + Path.cubicExtrema(current.y, c1.y, c2.y, p.y) {
                    r = r.union(Path.cubicPoint(current, c1, c2, p, t))
                }
                current = p
            case .close: break
            }
        }
        return r
    }

    /// True when every coordinate is finite.
    @usableFromInline package var isFinite: Bool { points.allSatisfy { $0.isFinite } }

    /// This path with every point mapped by `t`.
    @usableFromInline package func applying(_ t: Transform) -> Path {
        if t.isIdentity { return self }
        var copy = self
        copy.points = points.map { t.apply($0) }
        return copy
    }

    /// The subpaths, each starting with its move.
    @usableFromInline package var subpaths: [Path] {
        var out: [Path] = []
        var vi = 0, pi = 0
        while vi < verbs.count {
            var sub = Path()
            repeat {
                let v = verbs[vi]
                sub.verbs.append(v)
                sub.points.append(contentsOf: points[pi..<(pi + v.pointCount)])
                pi += v.pointCount
                vi += 1
            } while vi < verbs.count && verbs[vi] != .move
            out.append(sub)
        }
        return out
    }

    /// Joins subpaths into one path.
    @usableFromInline package init(subpaths: [Path]) {
        self.init()
        for s in subpaths { append(s) }
    }

    // MARK: Interpolation

    /// True when both paths have the same verbs, so their points can be interpolated.
    @usableFromInline package func isCompatible(with other: Path) -> Bool { verbs == other.verbs }

    /// Point-wise interpolation between compatible paths (`self` at 0, `other` at 1).
    /// Returns nil when the paths are not compatible.
    @usableFromInline package func interpolated(to other: Path, _ t: Double) -> Path? {
        guard isCompatible(with: other) else { return nil }
        var copy = self
        for i in copy.points.indices { copy.points[i] = points[i].lerp(to: other.points[i], t) }
        return copy
    }

    // MARK: Curve helpers

    @inlinable package static func quadPoint(_ p0: Point, _ p1: Point, _ p2: Point, _ t: Double) -> Point {
        let mt = 1 - t
        return p0 * (mt * mt) + p1 * (2 * mt * t) + p2 * (t * t)
    }
    @inlinable package static func cubicPoint(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> Point {
        let mt = 1 - t
        return p0 * (mt * mt * mt) + p1 * (3 * mt * mt * t) + p2 * (3 * mt * t * t) + p3 * (t * t * t)
    }
    /// Parameters in (0, 1) where a quadratic's coordinate has a zero derivative.
    static func quadExtrema(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
        let den = a - 2 * b + c
        guard den != 0 else { return [] }
        let t = (a - b) / den
        return t > 0 && t < 1 ? [t] : []
    }
    /// Parameters in (0, 1) where a cubic's coordinate has a zero derivative.
    static func cubicExtrema(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
        // Derivative / 3: a t² + b t + c.
        let a = -p0 + 3 * p1 - 3 * p2 + p3
        let b = 2 * (p0 - 2 * p1 + p2)
        let c = p1 - p0
        var roots: [Double] = []
        if abs(a) < 1e-12 {
            if b != 0 { roots.append(-c / b) }
        } else {
            let disc = b * b - 4 * a * c
            if disc >= 0 {
                let s = disc.squareRoot()
                roots.append((-b + s) / (2 * a))
                roots.append((-b - s) / (2 * a))
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}

extension Path: CustomStringConvertible {
    /// SVG path data with absolute commands, for diagnostics and tests.
    @usableFromInline package var description: String {
        var s = ""
        func f(_ v: Double) -> String {
            // Huge or non-finite values print as they are: rounding would overflow or trap in Int().
            guard abs(v) < 1e15 else { return String(v) }
            let r = (v * 1000).rounded() / 1000
            return r == r.rounded() ? String(Int(r)) : String(r)
        }
        func p(_ q: Point) -> String { "\(f(q.x)) \(f(q.y))" }
        forEachElement { e in
            if !s.isEmpty { s += " " }
            switch e {
            case .move(let a): s += "M\(p(a))"
            case .line(let a): s += "L\(p(a))"
            case .quad(let a, let b): s += "Q\(p(a)) \(p(b))"
            case .cubic(let a, let b, let c): s += "C\(p(a)) \(p(b)) \(p(c))"
            case .close: s += "Z"
            }
        }
        return s
    }
}
