import SymbolGeometry
import SymbolScene

/// Where a layer's draw path starts and the way it runs (start → end), in symbol space: the axis
/// along which a Draw On that overshoots (Magic Replace's slash) stretches the layer past its
/// length. Read from the first part with draw data: the midpoints of its first and last ribs
/// (`data-clipstroke-keyframes`), else the first and last points of its draw guides. nil when
/// the layer has no draw data, its path ends where it starts (a ring), or it is not straight:
/// the overshoot measured is a slash's, and stretching a bent path (a checkmark) along its chord
/// would distort it, so a bent path draws on without it.
struct DrawAxis: Sendable, Equatable {
    let start: Point
    /// Unit vector, start → end.
    let direction: Point

    init?(_ layer: SymbolLayer, _ doc: SymbolDocument) {
        for part in layer.parts where part.shape < doc.shapes.count {
            if let points = DrawAxis.points(doc.shapes[part.shape]), let s = points.first, let e = points.last,
               s.distance(to: e) > 1e-9 {
                let length = s.distance(to: e), u = (e - s) * (1 / length)
                // Every point of the path within 5 % of the chord's length from the chord.
                let bend = points.map { p in abs((p.x - s.x) * u.y - (p.y - s.y) * u.x) }.max() ?? 0
                guard bend <= DrawAxis.straightness * length else { return nil }
                start = s
                direction = u
                return
            }
        }
        return nil
    }

    /// The layer stretched by `factor` along the axis about its start (1 across it).
    func stretch(_ factor: Double) -> Transform {
        let k = factor - 1, (u, v) = (direction.x, direction.y)
        return Transform.translation(-start.x, -start.y)
            .concatenating(Transform(a: 1 + k * u * u, b: k * u * v, c: k * u * v, d: 1 + k * v * v, tx: 0, ty: 0))
            .concatenating(.translation(start.x, start.y))
    }

    /// How far (a fraction of the chord) a path may bend from its chord and still stretch.
    static let straightness = 0.05

    /// The points of a shape's draw path in order, first to last: rib midpoints by progress,
    /// else the guides' points.
    static func points(_ shape: SymbolShape) -> [Point]? {
        if let ribs = shape.drawKeyframes?.sets.first(where: { $0.count >= 2 }) {
            let subs = shape.path.subpaths, measures = subs.map(PathMeasure.init)
            func locate(_ p: OutlinePosition) -> Point? {
                guard !measures.isEmpty else { return nil }
                let m = measures[min(p.subpath, measures.count - 1)]
                return m.position(at: (p.subpath < measures.count ? p.fraction : 1) * m.length)?.point
            }
            let mids = ribs.sorted { $0.t < $1.t }.map { rib -> Point? in
                guard let a = locate(rib.start), let b = locate(rib.end) else { return nil }
                return a.lerp(to: b, 0.5)
            }
            if !mids.contains(where: { $0 == nil }) { return mids.compactMap { $0 } }
        }
        guard let guides = shape.drawGuides else { return nil }
        let all = guides.strokes.flatMap { $0.points.map(\.point) }
        return all.count >= 2 ? all : nil
    }
}
