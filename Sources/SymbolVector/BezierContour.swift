import SymbolGeometry

/// One subpath as Lottie stores it: vertices, each with its incoming and outgoing tangent
/// relative to the vertex (zero for a straight segment), and whether it closes. Quadratics are
/// raised to cubics exactly; a closed subpath whose last segment ends on its first point
/// shares that vertex instead of repeating it.
struct BezierContour {
    var vertices: [Point] = []
    var inTangents: [Point] = []
    var outTangents: [Point] = []
    var closed = false

    /// `sharing`: the subpaths (by index) allowed to share their closing vertex; nil, every one
    /// whose last segment ends on its start. Keyframes of one morphing path pass the same set,
    /// so every key has the same vertex count.
    static func contours(of path: Path, sharing: Set<Int>? = nil) -> [BezierContour] {
        var out: [BezierContour] = []
        var current = BezierContour()
        func finish() {
            if current.vertices.count > 0 { out.append(current) }
            current = BezierContour()
        }
        // After a close without a move, drawing goes on from the closed subpath's start.
        var restart: Point?
        func add(_ p: Point, incoming: Point) {
            current.vertices.append(p)
            current.inTangents.append(incoming - p)
            current.outTangents.append(Point(0, 0))
        }
        func resume() {
            if current.vertices.isEmpty, let r = restart { restart = nil; add(r, incoming: r) }
        }
        path.forEachElement { e in
            if case .move = e {} else if case .close = e {} else { resume() }
            switch e {
            case .move(let p):
                finish()
                restart = nil
                add(p, incoming: p)
            case .line(let p):
                add(p, incoming: p)
            case .quad(let c, let p):
                guard let from = current.vertices.last else { add(p, incoming: p); return }
                let c1 = from + (c - from) * (2.0 / 3), c2 = p + (c - p) * (2.0 / 3)
                current.outTangents[current.outTangents.count - 1] = c1 - from
                add(p, incoming: c2)
            case .cubic(let c1, let c2, let p):
                guard let from = current.vertices.last else { add(p, incoming: p); return }
                current.outTangents[current.outTangents.count - 1] = c1 - from
                add(p, incoming: c2)
            case .close:
                guard !current.vertices.isEmpty else { return }
                current.closed = true
                let n = current.vertices.count
                if n > 1, (current.vertices[n - 1] - current.vertices[0]).length < 1e-9, sharing?.contains(out.count) ?? true {
                    current.inTangents[0] = current.inTangents[n - 1]
                    current.vertices.removeLast(); current.inTangents.removeLast(); current.outTangents.removeLast()
                }
                let start = current.vertices[0]
                finish()
                restart = start
            }
        }
        finish()
        return out
    }

    /// The subpaths whose last segment ends on their start (those `contours` shares a vertex of).
    static func sharedClosings(of path: Path) -> Set<Int> {
        let all = contours(of: path, sharing: nil), none = contours(of: path, sharing: [])
        return Set(all.indices.filter { all[$0].vertices.count != none[$0].vertices.count })
    }
}
