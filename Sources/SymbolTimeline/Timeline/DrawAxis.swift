import SymbolGeometry
import SymbolScene

/// Where a layer's draw path starts and the way it runs (start → end), in symbol space: the axis
/// along which a Draw On that overshoots (Magic Replace's slash) stretches the layer past its
/// length. Read from the first part with draw data: the midpoints of its first and last ribs
/// (`data-clipstroke-keyframes`), else the first and last points of its draw guides. nil when
/// the layer has no draw data or its path ends where it starts (a ring).
struct DrawAxis: Sendable, Equatable {
    let start: Point
    /// Unit vector, start → end.
    let direction: Point

    init?(_ layer: SymbolLayer, _ doc: SymbolDocument) {
        for part in layer.parts where part.shape < doc.shapes.count {
            if let (s, e) = DrawAxis.ends(doc.shapes[part.shape]), s.distance(to: e) > 1e-9 {
                start = s
                direction = (e - s) * (1 / s.distance(to: e))
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

    /// The start and end of a shape's draw path: rib midpoints (the ribs at the least and the
    /// greatest progress), else the guides' first and last points.
    static func ends(_ shape: SymbolShape) -> (Point, Point)? {
        if let ribs = shape.drawKeyframes?.sets.first(where: { $0.count >= 2 }),
           let first = ribs.min(by: { $0.t < $1.t }), let last = ribs.max(by: { $0.t < $1.t }) {
            let subs = shape.path.subpaths, measures = subs.map(PathMeasure.init)
            func locate(_ p: OutlinePosition) -> Point? {
                guard !measures.isEmpty else { return nil }
                let m = measures[min(p.subpath, measures.count - 1)]
                return m.position(at: (p.subpath < measures.count ? p.fraction : 1) * m.length)?.point
            }
            if let a = locate(first.start), let b = locate(first.end), let c = locate(last.start), let d = locate(last.end) {
                return (a.lerp(to: b, 0.5), c.lerp(to: d, 0.5))
            }
        }
        guard let guides = shape.drawGuides, let s = guides.strokes.first?.points.first,
              let e = guides.strokes.last?.points.last else { return nil }
        return (s.point, e.point)
    }
}
