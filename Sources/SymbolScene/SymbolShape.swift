import SymbolGeometry

/// One drawable path of a symbol or page: absolute geometry in its document's space, resolved
/// paints, and the source facts later stages need (id, classes, draw data).
package struct SymbolShape: Hashable, Sendable {
    package var path: Path
    package var fill: Fill?
    package var stroke: Stroke?
    /// The element's own `opacity` times every ancestor's, for symbol rendering. (Page
    /// rendering keeps group opacity in `SceneGroup` instead and leaves this at the element's.)
    package var opacity: Double
    package var id: String?
    package var classes: [String]
    /// Draw keyframes from `data-clipstroke-keyframes`, if any.
    package var drawKeyframes: DrawKeyframes?
    /// Hand-written draw guides from `data-draw-guides`, if any, in the shape's space.
    package var drawGuides: DrawGuides?
    /// The subpath numbers, counted at every move as the file counts them, of moves that draw
    /// nothing (a move followed straight by another, which `path` does not keep): a LayerTree's
    /// `-sfsymbols-indices` count them.
    package var bareMoves: [Int] = []
    /// A template outline's own `stroke-width` (above 0), `stroke-linecap` and `stroke-linejoin`:
    /// the element's attributes or inline style, never a class rule or an inherited value. The
    /// outline is filled whatever they say; Apple strokes a clear-behind layer with them
    /// (templates 6.0 and later, docs/rendering.md rule 12), so the reader keeps them.
    package var ownStroke: StrokeStyle?
    /// For a copy drawn as a clear-behind layer's band (docs/rendering.md rule 12): the index of
    /// the shape it is the band of.
    package var bandOf: Int?
    package var location: SourceLocation?

    package init(path: Path, fill: Fill? = nil, stroke: Stroke? = nil, opacity: Double = 1, id: String? = nil,
                classes: [String] = [], drawKeyframes: DrawKeyframes? = nil, drawGuides: DrawGuides? = nil,
                location: SourceLocation? = nil) {
        self.path = path; self.fill = fill; self.stroke = stroke; self.opacity = min(max(opacity, 0), 1)
        self.id = id; self.classes = classes; self.drawKeyframes = drawKeyframes; self.drawGuides = drawGuides
        self.location = location
    }

    /// Bounds of the drawn area (stroke width included, approximately for joins).
    package var bounds: Rect {
        let b = path.bounds
        guard let s = stroke else { return b }
        return b.insetBy(-s.style.width / 2 * max(1, s.transform.meanScale))
    }

    /// This shape with geometry and paints mapped by `t`. A stroke's width scales with a
    /// similarity transform; any other transform is kept in `Stroke.transform`.
    package func applying(_ t: Transform) -> SymbolShape {
        if t.isIdentity { return self }
        var s = self
        s.path = path.applying(t)
        s.drawGuides = drawGuides?.applying(t)
        if var f = fill { f.paint = f.paint.applying(t); s.fill = f }
        s.ownStroke?.width *= t.meanScale
        if var st = stroke {
            st.paint = st.paint.applying(t)
            if st.transform.isIdentity && t.isSimilarity {
                st.style.width *= t.meanScale
                st.style.dashes = st.style.dashes.map { $0 * t.meanScale }
                st.style.dashOffset *= t.meanScale
            } else {
                st.transform = st.transform.concatenating(t)
            }
            s.stroke = st
        }
        return s
    }
}

/// A position on a path's outline: `subpath` index plus `fraction` of that subpath's arc length.
package struct OutlinePosition: Hashable, Sendable {
    package var subpath: Int
    package var fraction: Double
    package init(subpath: Int, fraction: Double) { self.subpath = subpath; self.fraction = fraction }
    /// From the file's `subpathIndex + fraction` number.
    package init(encoded v: Double) {
        let i = v.rounded(.down)
        subpath = Int(max(0, i))
        fraction = min(max(v - i, 0), 1)
    }
}

/// A cut across an outlined stroke (SF Symbols 7 `data-clipstroke-keyframes`): from `start` to
/// `end` on the outline, at draw progress `t`. Its midpoint lies on the draw path's centre line.
package struct DrawRib: Hashable, Sendable {
    package var flags: Int
    package var t: Double
    package var start: OutlinePosition
    package var end: OutlinePosition
    package init(flags: Int, t: Double, start: OutlinePosition, end: OutlinePosition) {
        self.flags = flags; self.t = t; self.start = start; self.end = end
    }
}

/// Parsed `data-clipstroke-keyframes`: one or more sets of ribs.
package struct DrawKeyframes: Hashable, Sendable {
    package var version: Int
    /// Version 1 offsets (one per set); empty for version 0.
    package var offsets: [Double]
    package var sets: [[DrawRib]]
    package init(version: Int, offsets: [Double] = [], sets: [[DrawRib]]) {
        self.version = version; self.offsets = offsets; self.sets = sets
    }
}

/// Draw guides written by hand (`data-draw-guides`, SymbolReel's own attribute; see
/// docs/draw-guides.md): one or more strokes of guide points the draw path passes through.
package struct DrawGuides: Hashable, Sendable {
    /// What a guide point is.
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The first point of a stroke.
        case start
        /// A point the path passes smoothly.
        case point
        /// A point the path turns sharply at.
        case corner
        /// The last point of a stroke.
        case end
        /// A start in the middle: the stroke draws outward both ways from here.
        case bidirectional
        /// The shared start and end of a closed ring (drawn clockwise).
        case ring
    }

    package struct GuidePoint: Hashable, Sendable {
        package var kind: Kind
        package var point: Point
        package init(_ kind: Kind, _ point: Point) { self.kind = kind; self.point = point }
    }

    /// One stroke: its points in drawing order; `closed` for rings.
    package struct Stroke: Hashable, Sendable {
        package var points: [GuidePoint]
        package var closed: Bool { points.first?.kind == .ring }
        package init(points: [GuidePoint]) { self.points = points }
    }

    package var strokes: [Stroke]
    /// For an attachment part (`attach x y`, or Apple's `-sfsymbols-clipstroke-attachments` with
    /// its `draw-attachment-data` anchor): the point of the part that rides on the tip of its
    /// carrier's draw path, and sits on the path at `restProgress` (its end) at rest.
    package var attachment: Point?
    /// The carrier named by the file (Apple's encoding): an index into the symbol's shapes.
    /// nil: the first other part of the attachment's layer.
    package var carrier: Int?
    /// The carrier's draw progress where the anchor sits at rest (1: its end).
    package var restProgress: Double
    package init(strokes: [Stroke], attachment: Point? = nil, carrier: Int? = nil, restProgress: Double = 1) {
        self.strokes = strokes; self.attachment = attachment; self.carrier = carrier
        self.restProgress = min(max(restProgress.isFinite ? restProgress : 1, 0), 1)
    }

    /// The guides mapped by `t`.
    package func applying(_ t: Transform) -> DrawGuides {
        DrawGuides(strokes: strokes.map { s in Stroke(points: s.points.map { GuidePoint($0.kind, t.apply($0.point)) }) },
                   attachment: attachment.map(t.apply), carrier: carrier, restProgress: restProgress)
    }

    /// Point-wise interpolation between guides of the same shape (nil unless they match).
    package func interpolated(to other: DrawGuides, _ f: Double) -> DrawGuides? {
        guard strokes.count == other.strokes.count,
              zip(strokes, other.strokes).allSatisfy({ $0.points.map(\.kind) == $1.points.map(\.kind) }) else { return nil }
        guard (attachment == nil) == (other.attachment == nil) else { return nil }
        var attached: Point?
        if let a = attachment, let b = other.attachment { attached = a.lerp(to: b, f) }
        return DrawGuides(strokes: zip(strokes, other.strokes).map { a, b in
            Stroke(points: zip(a.points, b.points).map { GuidePoint($0.kind, $0.point.lerp(to: $1.point, f)) })
        }, attachment: attached, carrier: carrier, restProgress: restProgress + (other.restProgress - restProgress) * f)
    }
}
