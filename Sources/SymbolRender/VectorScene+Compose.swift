import SymbolGeometry
import SymbolScene

/// Vector scenes put together from parts: a scene preset's items (docs/scenes.md), each a vector
/// scene of its own (a symbol's, from its plan and poses; a text's or a background's, made here),
/// moved and faded frame by frame and stacked bottom to top into one.
extension VectorScene {
    /// A frame's placement of a part: canvas → canvas after the part's own transforms, and a
    /// factor on its opacity. nil: the part is not shown in that frame.
    package typealias Placement = (transform: Transform, opacity: Double)

    /// The scene moved and faded per frame by `placements` (one per frame), its groups, layers and
    /// slots renamed under `prefix` so that two items showing the same symbol stay two. A frame
    /// without a placement leaves the part out: its groups are transparent there and its time
    /// range (`VectorGroup.span`, `VectorLayer.span`) covers only the frames that show it.
    package func placed(_ placements: [Placement?], prefix: String) -> VectorScene {
        var out = self
        let shown = placements.map { ($0?.opacity ?? 0) > 0 }
        for g in out.groups.indices {
            out.groups[g].name = prefix + "." + groups[g].name
            for f in out.groups[g].opacities.indices {
                out.groups[g].opacities[f] *= placements[f].map { min(max($0.opacity, 0), 1) } ?? 0
            }
            out.groups[g].span = VectorLayer.span(zip(VectorScene.frames(in: groups[g].span, count: shown.count), shown).map { $0 && $1 })
        }
        for k in out.layers.indices {
            out.layers[k].name = prefix + "." + layers[k].name
            for f in out.layers[k].frames.indices {
                guard let p = placements[f] else { continue }
                // Reveals and morphs are in symbol space: they move with the layer.
                out.layers[k].frames[f].transform = layers[k].frames[f].transform.concatenating(p.transform)
            }
            out.layers[k].posed = zip(layers[k].posed, shown).map { $0 && $1 }
            out.layers[k].fillAbsentTransforms()
            if let c = layers[k].colorSlot { out.layers[k].colorSlot = prefix + "-" + c }
            if let o = layers[k].opacitySlot { out.layers[k].opacitySlot = prefix + "-" + o }
        }
        out.slots = slots.map { VectorSlot(id: prefix + "-" + $0.id, value: $0.value) }
        out.themes = []
        return out
    }

    /// Whether each of `count` frames is in `span`.
    static func frames(in span: Range<Int>, count: Int) -> [Bool] { (0..<count).map { span.contains($0) } }

    /// A part made of fixed paths in canvas pixels filled with one colour, in pieces that each
    /// move and fade on their own: a text (a piece per line, word or character, its shapes one
    /// per glyph) or a background (one piece, the canvas rectangle). `placements[piece][frame]`.
    package static func fills(_ pieces: [[Path]], paint: VectorPaint, name: String, slot: String, width: Int, height: Int,
                              rate: FrameRate, placements: [[Placement?]]) -> VectorScene {
        let frameCount = placements.first?.count ?? 0
        var layers: [VectorLayer] = []
        for (k, glyphs) in pieces.enumerated() {
            let shapes = glyphs.filter { !$0.isEmpty }.map { VectorShape(path: $0, fill: .nonZero, fillOpacity: 1, stroke: nil, strokeOpacity: 0) }
            let bounds = glyphs.reduce(Rect.null) { $0.union($1.bounds) }
            let frames = placements[k].map { p in VectorFrame(transform: p?.transform ?? .identity, opacity: min(max(p?.opacity ?? 0, 0), 1)) }
            var layer = VectorLayer(name: pieces.count == 1 ? name : "\(name).\(k)", shapes: shapes, paint: paint,
                                    bounds: bounds.isNull ? Rect(x: 0, y: 0, width: 0, height: 0) : bounds, frames: frames,
                                    posed: placements[k].map { ($0?.opacity ?? 0) > 0 })
            layer.fillAbsentTransforms()
            if case .solid = paint { layer.colorSlot = slot }
            layer.opacitySlot = slot + "-opacity"
            layers.append(layer)
        }
        let posed = (0..<frameCount).map { f in placements.contains { ($0[f]?.opacity ?? 0) > 0 } }
        var slots: [VectorSlot] = []
        if case .solid(let c) = paint { slots.append(VectorSlot(id: slot, value: .color(Color(r: c.r, g: c.g, b: c.b)))) }
        slots.append(VectorSlot(id: slot + "-opacity", value: .opacity(1)))
        return VectorScene(width: width, height: height, rate: rate, frameCount: frameCount, background: .transparent, layers: layers,
                           notes: [], groups: [VectorGroup(name: name, opacities: Array(repeating: 1, count: frameCount), span: VectorLayer.span(posed))],
                           slots: slots, themes: [])
    }

    /// Parts stacked bottom to top into one scene of `width` × `height` on `background`: group and
    /// layer indices renumbered, slots gathered (each part's are already named for it).
    package static func stacking(_ parts: [VectorScene], width: Int, height: Int, rate: FrameRate, frameCount: Int,
                                 background: CanvasBackground) -> VectorScene {
        var out = VectorScene(width: width, height: height, rate: rate, frameCount: frameCount, background: background, layers: [],
                              notes: [], groups: [], slots: [], themes: [])
        var notes = Set<String>()
        for part in parts {
            let groupBase = out.groups.count, layerBase = out.layers.count
            out.groups += part.groups
            for var layer in part.layers {
                layer.group += groupBase
                layer.erasedBy = layer.erasedBy.map { $0 + layerBase }
                layer.cutBy = layer.cutBy.map { $0 + layerBase }
                out.layers.append(layer)
            }
            for slot in part.slots where !out.slots.contains(where: { $0.id == slot.id }) { out.slots.append(slot) }
            notes.formUnion(part.notes)
        }
        out.notes = notes.sorted()
        return out
    }

    /// A rectangle covering a `width` × `height` canvas, for a background drawn as a layer.
    package static func canvasRectangle(width: Int, height: Int) -> Path {
        var b = PathBuilder()
        b.rect(Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        return b.path
    }

    /// A background as a layer's paint: its colour, or its gradient across the canvas.
    package static func paint(of background: CanvasBackground, width: Int, height: Int) -> VectorPaint? {
        switch background {
        case .transparent: return nil
        case .color(let c): return .solid(c)
        case .linear:
            guard let g = background.gradient(width: width, height: height) else { return nil }
            return .linear(start: g.start, end: g.end, stops: g.stops.map { (offset: $0.offset, color: $0.color) })
        }
    }
}
