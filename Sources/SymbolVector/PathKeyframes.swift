import SymbolGeometry
import SymbolRender

/// A morphing layer's paths (`VectorLayer.morphs`) as keyframes, one track per shape: Lottie
/// `sh` keyframes and CSS `d: path(...)` keyframes, both of which move every vertex and tangent
/// linearly between keys. A morph moves each point linearly in its (eased) amount, so the
/// renderer's path between two keys is the linear mix of theirs up to the easing; frames are
/// dropped where the mix keeps every point within `VectorTolerance.pixels` of the frame's own
/// (measured in canvas pixels through the frame's transform), as the transform keys are.
///
/// Both players need the same vertex structure in every key. A morph only pairs paths of the
/// same verbs, so that holds, and each track decides once per subpath whether its closing
/// vertex is shared (`BezierContour`), so Lottie sees the same vertex counts in every key. Were
/// it ever otherwise, the track holds each frame's path instead (`hold`): exact at frame times.
struct PathKeyframes {
    /// One shape's path over the clip.
    struct Track {
        /// Frame indices with a key (the first and the last frame always).
        var keys: [Int]
        /// The path at each key.
        var paths: [Path]
        /// Each key holds until the next (the paths' structure differs); else linear.
        var hold: Bool
        /// Subpaths whose closing vertex coincides with their start in every key, so every key
        /// shares it alike (nil for held keys: each decides alone).
        var sharedClosings: Set<Int>?
    }

    /// Per shape of the layer; nil for a shape whose path never changes.
    var tracks: [Track?]

    init(_ layer: VectorLayer) {
        guard !layer.morphs.isEmpty else { tracks = Array(repeating: nil, count: layer.shapes.count); return }
        tracks = layer.shapes.indices.map { s in
            let paths = layer.morphs.map { $0.map { $0[s] } ?? layer.shapes[s].path }
            guard paths.contains(where: { $0 != paths[0] }) else { return nil }
            // The largest stretch of a frame's transform bounds how far a symbol-space error moves.
            let stretch = layer.frames.map { f in
                let t = f.transform
                return max((t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d).squareRoot(), 1e-12)
            }
            guard paths.allSatisfy({ $0.isCompatible(with: paths[0]) }) else {
                var keys = [0]
                for k in 1..<paths.count where paths[k] != paths[k - 1] { keys.append(k) }
                return Track(keys: keys, paths: keys.map { paths[$0] }, hold: true, sharedClosings: nil)
            }
            let keys = LayerKeyframes.simplify(count: paths.count) { from, to, k in
                let u = Double(k - from) / Double(to - from)
                let limit = VectorTolerance.pixels / stretch[k]
                let a = paths[from].points, b = paths[to].points, c = paths[k].points
                for i in c.indices where ((a[i] + (b[i] - a[i]) * u) - c[i]).length > limit { return false }
                return true
            }
            var shared = BezierContour.sharedClosings(of: paths[keys[0]])
            for k in keys { shared.formIntersection(BezierContour.sharedClosings(of: paths[k])) }
            return Track(keys: keys, paths: keys.map { paths[$0] }, hold: false, sharedClosings: shared)
        }
    }
}
