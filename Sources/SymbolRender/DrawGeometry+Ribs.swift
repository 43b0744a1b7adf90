import SymbolGeometry
import SymbolScene

// Draw lines from ribs (`data-clipstroke-keyframes`): both sides of the outline walked from rib
// to rib, the midpoints taken, with what the cut's cap needs (each side's tangents and its
// length between ribs; DrawGeometry+Cuts.swift).

extension DrawGeometry {
    /// The ribs of a stroke drawn outward from its middle as one line per way. SF Symbols writes
    /// such a stroke (the waves of a speaker) with its first rib flagged 8 at progress 0, in the
    /// middle, then the ribs toward one end up to progress 1, then those toward the other end,
    /// whose sides it may list the other way round. Read as one line, the last part would run
    /// from one end back across the whole stroke to the other at progress 1: a Draw Off would
    /// leave it showing as a hairline along the outline until the end. So a rib whose progress
    /// does not rise past the one before begins another branch from the first rib, its two
    /// points taken in the order that keeps each side on its own side of the outline. Any other
    /// set is one line, as written.
    static func branches(_ ribs: [DrawRib]) -> [[DrawRib]] {
        guard let first = ribs.first, first.flags & 8 != 0, first.t == 0, ribs.count >= 3 else { return [ribs] }
        var out: [[DrawRib]] = [[first]]
        for rib in ribs.dropFirst() {
            if let last = out[out.count - 1].last, out[out.count - 1].count > 1, rib.t <= last.t { out.append([first]) }
            let previous = out[out.count - 1].last!
            out[out.count - 1].append(sidesMatched(rib, to: previous))
        }
        return out
    }

    /// `rib` with its points swapped when that pairs each with the nearer point of `previous`
    /// along the outline (fractions of closed contours wrap).
    static func sidesMatched(_ rib: DrawRib, to previous: DrawRib) -> DrawRib {
        func apart(_ a: OutlinePosition, _ b: OutlinePosition) -> Double {
            guard a.subpath == b.subpath else { return 1 }
            let d = abs(a.fraction - b.fraction)
            return min(d, 1 - d)
        }
        let kept = apart(previous.start, rib.start) + apart(previous.end, rib.end)
        let swapped = apart(previous.start, rib.end) + apart(previous.end, rib.start)
        guard swapped < kept else { return rib }
        return DrawRib(flags: rib.flags, t: rib.t, start: rib.end, end: rib.start)
    }

    /// The centre line through the midpoints of the ribs, with both sides of the outline walked
    /// between consecutive ribs so the line follows curves; progress runs linearly from rib to rib.
    static func fromRibs(_ path: Path, _ ribs: [DrawRib]) -> DrawLine? {
        let subs = path.subpaths
        guard !subs.isEmpty else { return nil }
        let measures = subs.map(PathMeasure.init)
        let closed = subs.map { $0.verbs.last == .close }
        func normalized(_ p: OutlinePosition) -> OutlinePosition {
            p.subpath < subs.count ? p : OutlinePosition(subpath: subs.count - 1, fraction: 1)
        }
        func locate(_ sub: Int, _ fraction: Double) -> Point? {
            let m = measures[sub]
            return m.position(at: fraction * m.length)?.point
        }
        /// The outline's unit tangent at a fraction of a subpath.
        func tangent(_ sub: Int, _ fraction: Double) -> Point {
            let m = measures[sub]
            return m.position(at: fraction * m.length)?.tangent ?? .zero
        }
        /// `n + 1` points from `a` to `b` along the outline, the outline's tangent at each (the
        /// way of the walk) and the length walked. Round a closed contour, the way that does not
        /// pass the other side's ends (`avoid`): the two sides of a band never cross each other,
        /// however far apart two ribs are; failing that, the short way round.
        func walk(_ a: OutlinePosition, _ b: OutlinePosition, _ n: Int, avoid: [OutlinePosition]) -> Walk? {
            let a = normalized(a), b = normalized(b)
            guard let pa = locate(a.subpath, a.fraction), let pb = locate(b.subpath, b.fraction) else { return nil }
            if a.subpath != b.subpath {
                let u = pb.distance(to: pa) > 1e-12 ? (pb - pa) / pb.distance(to: pa) : Point(1, 0)
                return Walk(points: (0...n).map { pa.lerp(to: pb, Double($0) / Double(n)) },
                            tangents: Array(repeating: u, count: n * tangentSteps), length: pa.distance(to: pb))
            }
            var d = b.fraction - a.fraction
            if closed[a.subpath] {
                let forward = d - d.rounded(.down), backward = forward - 1
                func passes(_ sweep: Double) -> Bool {
                    avoid.map(normalized).contains { x in
                        guard x.subpath == a.subpath else { return false }
                        var u = (x.fraction - a.fraction) * (sweep < 0 ? -1 : 1)
                        u -= u.rounded(.down)
                        return u > 1e-9 && u < abs(sweep) - 1e-9
                    }
                }
                let short = forward <= 0.5 ? forward : backward, long = forward <= 0.5 ? backward : forward
                d = passes(short) && !passes(long) ? long : short
            }
            func fraction(_ k: Double) -> Double {
                var f = a.fraction + d * k / Double(n)
                if closed[a.subpath] { f -= f.rounded(.down) }
                return min(max(f, 0), 1)
            }
            let way: Double = d < 0 ? -1 : 1
            let tangents = (0..<(n * tangentSteps)).map { j in
                tangent(a.subpath, fraction((Double(j) + 0.5) / Double(tangentSteps))) * way
            }
            return Walk(points: (0...n).compactMap { locate(a.subpath, fraction(Double($0))) }, tangents: tangents,
                        length: abs(d) * measures[a.subpath].length)
        }
        var line = DrawLine(points: [], progress: [], radii: [])
        for k in 0..<(ribs.count - 1) {
            let r0 = ribs[k], r1 = ribs[k + 1]
            // Six steps between close ribs; between far ones a step about a quarter of the
            // stroke's width, so the walked sides follow the outline's curves and corners (the
            // reveal is the region between the cuts: a side sampled too sparsely cuts the round
            // join of a corner short) and no cut reaches across to another part of the outline.
            var steps = 6
            guard var side0 = walk(r0.start, r1.start, steps, avoid: [r0.end, r1.end]),
                  var side1 = walk(r0.end, r1.end, steps, avoid: [r0.start, r1.start]) else { return nil }
            let width = max(side0.points[0].distance(to: side1.points[0]), side0.points[steps].distance(to: side1.points[steps]), 1e-9)
            func walked(_ side: [Point]) -> Double { zip(side, side.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) } }
            let wanted = Int(min(96, (max(walked(side0.points), walked(side1.points)) / (width / 4)).rounded(.up)))
            if wanted > steps {
                steps = wanted
                guard let s0 = walk(r0.start, r1.start, steps, avoid: [r0.end, r1.end]),
                      let s1 = walk(r0.end, r1.end, steps, avoid: [r0.start, r1.start]) else { return nil }
                side0 = s0; side1 = s1
            }
            guard side0.points.count == steps + 1, side1.points.count == steps + 1 else { return nil }
            for s in (k == 0 ? 0 : 1)...steps {
                line.points.append(side0.points[s].lerp(to: side1.points[s], 0.5))
                line.sideA.append(side0.points[s])
                line.sideB.append(side1.points[s])
                if s > 0 {
                    line.tangentsA += side0.tangents[((s - 1) * tangentSteps)..<(s * tangentSteps)]
                    line.tangentsB += side1.tangents[((s - 1) * tangentSteps)..<(s * tangentSteps)]
                }
                line.spanA.append(side0.length)
                line.spanB.append(side1.length)
                line.progress.append(min(max(r0.t + (r1.t - r0.t) * Double(s) / Double(steps), 0), 1))
            }
        }
        guard line.points.count >= 2, line.points.allSatisfy(\.isFinite) else { return nil }
        return line
    }

    /// Points walked along one side of the outline, the outline's tangent (the way of the walk)
    /// `tangentSteps` times between each two, and the length walked.
    struct Walk {
        var points: [Point]
        var tangents: [Point]
        var length: Double
    }

    /// Tangents kept per segment of a line from ribs: a cut's cap is squared across the
    /// tangent of the part of the segment it lies in.
    static let tangentSteps = 8
}
