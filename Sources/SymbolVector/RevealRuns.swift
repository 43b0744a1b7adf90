import SymbolGeometry
import SymbolRender

/// A drawn layer's reveals (`VectorLayer.reveals`) as runs of consecutive frames with the same
/// clip, baked: each run's path is shown only in its frames (hold keyframes in Lottie, step
/// keyframes in CSS), so a player draws the renderer's own clip in every frame. Frames drawn
/// whole get a rectangle well beyond the layer's bounds. Where a track shows (Variable Draw),
/// that rectangle lies under the reveal at the track's opacity: the matte is then
/// `track + (1 − track) · reveal`, the renderer's mask.
struct RevealRuns {
    /// Frames `from..<to` clip the layer to `path` (symbol space).
    struct Run {
        var path: Path
        /// The opacity of the whole rectangle beneath `path`.
        var track: Double
        var from: Int
        var to: Int
    }

    var runs: [Run] = []
    /// The rectangle well beyond the layer's bounds.
    var whole: Path

    init(_ layer: VectorLayer) {
        let b = layer.bounds
        let pad = max(b.width, b.height, 1)
        var whole = PathBuilder()
        whole.move(to: Point(b.minX - pad, b.minY - pad))
        whole.line(to: Point(b.maxX + pad, b.minY - pad))
        whole.line(to: Point(b.maxX + pad, b.maxY + pad))
        whole.line(to: Point(b.minX - pad, b.maxY + pad))
        whole.close()
        self.whole = whole.path
        for (frame, reveal) in layer.reveals.enumerated() {
            let path = reveal ?? self.whole
            let track = reveal == nil ? 0 : (layer.tracks.indices.contains(frame) ? layer.tracks[frame] : 0)
            if let last = runs.last, last.path == path, last.track == track { runs[runs.count - 1].to = frame + 1; continue }
            runs.append(Run(path: path, track: track, from: frame, to: frame + 1))
        }
    }
}
