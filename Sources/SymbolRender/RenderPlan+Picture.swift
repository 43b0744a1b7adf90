import SymbolGeometry
import SymbolScene
import SymbolRaster
import SymbolTimeline

extension RenderPlan {
    /// The picture of one frame: every layer rule applied to `pose` (docs/rendering.md). The
    /// pose's layer indices must refer to the plan's layer list: a pose whose `layerMode` is
    /// another mode's is a programming error (a timeline built for one rendering mode drawn with
    /// settings for another) and stops the program; a pose without one (made by hand) is taken
    /// to use the plan's.
    package func picture(of pose: Pose) -> Picture {
        precondition(pose.layerMode == nil || pose.layerMode == layerMode,
                     "a pose of \(pose.layerMode!.rawValue) layers drawn with a plan for \(layerMode.rawValue) layers")
        let canvasTransform = self.canvasTransform(pose.canvas)
        var nodes: [PictureNode] = []
        var seen: [Int: Int] = [:]
        for symbol in pose.symbols where documents.indices.contains(symbol.document) {
            let id = SymbolKey(document: symbol.document, repeatIndex: seen[symbol.document, default: 0])
            seen[symbol.document] = id.repeatIndex + 1
            nodes.append(node(id, symbol, opacity: symbol.opacity * pose.canvas.opacity, canvasTransform: canvasTransform))
        }
        return Picture(width: settings.width, height: settings.height, background: settings.background, nodes: nodes)
    }

    /// The canvas-level pose as a transform of the placed symbols: scaled and turned about the
    /// canvas centre, then moved by fractions of the canvas size.
    func canvasTransform(_ canvas: CanvasPose) -> Transform {
        let w = Double(settings.width), h = Double(settings.height)
        let center = Point(w / 2, h / 2)
        return Transform.translation(-center.x, -center.y)
            .concatenating(.scale(canvas.scale))
            .concatenating(.rotation(degrees: canvas.rotation))
            .concatenating(.translation(center.x + canvas.offset.x * w, center.y + canvas.offset.y * h))
    }

    private func node(_ id: SymbolKey, _ symbol: SymbolPose, opacity rawOpacity: Double, canvasTransform: Transform) -> PictureNode {
        let plan = symbols[symbol.document]
        let shapes = FrameShapes(self, symbol)
        let toCanvas = symbol.transform.concatenating(plan.placement).concatenating(canvasTransform)
        let opacity = clamp01(rawOpacity)
        let blur = symbol.blur * toCanvas.meanScale
        let states = plan.drawnLayers(symbol)
        let layers = plan.layers.indices.map { i in
            layer(PictureLayerID(symbol: id, layer: i), plan, shapes, states: states, toCanvas: toCanvas)
        }
        return PictureNode(id: id, transform: toCanvas, opacity: opacity, blur: blur,
                           isolated: opacity < 1 || blur >= 0.5 || plan.layersNeedBuffer, layers: layers, shapes: shapes)
    }

    private func layer(_ id: PictureLayerID, _ plan: SymbolPlan, _ shapes: FrameShapes, states: [LayerPose],
                       toCanvas: Transform) -> PictureLayer {
        let planned = plan.layers[id.layer], state = states[id.layer]
        // The layer's animated opacity also fades what it erases; its mode's opacity (level,
        // class rule) only what it paints, so an opacity-0 clear-behind layer is a pure eraser.
        let presence = clamp01(state.opacity)
        let opacity = planned.opacity * presence
        let layerToCanvas = state.transform.concatenating(toCanvas)
        let blur = state.blur * toCanvas.meanScale
        let draw = state.isFullyDrawn ? nil : state.drawRange.map { (range: $0, track: state.drawTrackOpacity) }

        let parts = planned.layer.parts.map { part in
            PicturePart(shape: part.shape, cuts: part.action == .erase,
                        reveal: draw.map { reveal(part.shape, planned, plan, shapes, states: states, range: $0.range, track: $0.track) }
                            ?? .whole)
        }
        let clearsBehind = planned.layer.annotations.clearBehind && presence > 0 ? presence : 0
        var merged: MergedParts?
        if opacity > 0 || clearsBehind > 0, let shape = shapes.merged(planned) {
            if let draw {
                // One reveal of all the parts' draw lines, when every part has some of its own.
                let lines = planned.layer.parts.map { shapes.lines(ofShape: $0.shape) }
                if lines.allSatisfy({ !$0.isEmpty }), !(planned.hasDrawData && planned.layer.parts.contains { !shapes.shapes[$0.shape].hasDrawData }) {
                    merged = MergedParts(shape: shape, reveal: .along(DrawReveal(lines: lines.flatMap { $0 }, range: draw.range,
                                                                                 track: draw.track)))
                }
            } else {
                merged = MergedParts(shape: shape, reveal: .whole)
            }
        }
        return PictureLayer(
            id: id, transform: layerToCanvas, opacity: opacity, presence: presence,
            ownOpacity: planned.layer.annotations.opacity * presence,
            clearsBehind: clearsBehind,
            blur: blur, isolated: blur >= 0.5 || (opacity < 1 && planned.overlapping),
            isPartlyDrawn: draw != nil, isMorphing: state.morph != nil,
            showsNothing: draw.map { $0.range.upperBound <= $0.range.lowerBound && $0.track <= 0 } ?? false,
            parts: parts, merged: merged, raster: shapes.raster(planned, gradient: settings.gradient))
    }

    /// How much of shape `index` a Draw effect at `range` shows (docs/draw.md): an attachment rides
    /// the drawn end of its carrier at the carrier's time; a part without draw data in a layer
    /// that has some fades in over the first quarter of the draw; a part with draw lines is
    /// revealed along them; one without shows whole once the draw has begun (before that, at the
    /// track's opacity).
    private func reveal(_ index: Int, _ planned: LayerPlan, _ plan: SymbolPlan, _ shapes: FrameShapes, states: [LayerPose],
                        range: ClosedRange<Double>, track: Double) -> PictureReveal {
        let shape = shapes.shapes[index]
        let shown = max(0, range.upperBound - range.lowerBound)
        if let anchor = shape.drawGuides?.attachment {
            let carrier = planned.carriers[index]
            let carrierRange = carrier.flatMap { plan.layerOfShape[$0] }.flatMap { states[$0].drawRange } ?? range
            guard carrierRange.upperBound > carrierRange.lowerBound else { return .hidden }
            let rest = shape.drawGuides?.restProgress ?? 1
            let ride = carrier.flatMap { shapes.lines(ofShape: $0).first }.flatMap {
                DrawGeometry.attachmentTransform($0, anchor: anchor, upTo: carrierRange.upperBound, rest: rest)
            } ?? .identity
            return .riding(ride)
        }
        if planned.hasDrawData && !shape.hasDrawData {
            return .faded(track + (1 - track) * min(1, shown / 0.25))
        }
        let lines = shapes.lines(ofShape: index)
        if lines.isEmpty { return .faded(shown > 0 ? 1 : track) }
        return .along(DrawReveal(lines: lines, range: range, track: track))
    }
}

/// A value clamped to 0…1, NaN as 0.
func clamp01(_ v: Double) -> Double { min(max(v.isNaN ? 0 : v, 0), 1) }

/// One posed symbol's shapes for a frame: the document's, or during a Magic Replace morph a copy
/// with the morphing layers' paths moved part way from the other document's layer (layers whose
/// parts do not correspond keep theirs).
struct FrameShapes {
    let plan: SymbolPlan
    let shapes: [SymbolShape]
    /// The shapes whose paths the morph moved.
    let morphed: Set<Int>
    /// The bounds of the morphed shapes (nil: the plan's).
    let bounds: Rect?

    init(_ plan: RenderPlan, _ symbol: SymbolPose) {
        let here = plan.symbols[symbol.document]
        let doc = plan.documents[symbol.document]
        self.plan = here
        var out = doc
        var morphed = Set<Int>()
        if symbol.layers.contains(where: { $0.morph != nil }), let back = here.placement.inverted {
            for (i, pose) in symbol.layers.enumerated() {
                guard let m = pose.morph, i < here.layers.count, plan.documents.indices.contains(m.document) else { continue }
                let other = plan.documents[m.document], otherLayers = plan.symbols[m.document].layers
                let parts = here.layers[i].layer.parts
                guard otherLayers.indices.contains(m.layer), otherLayers[m.layer].layer.parts.count == parts.count else { continue }
                // The other symbol's points where it drew them, in this symbol's space.
                let map = plan.symbols[m.document].placement.concatenating(back)
                for (part, from) in zip(parts, otherLayers[m.layer].layer.parts) where from.shape < other.shapes.count {
                    if let p = other.shapes[from.shape].path.applying(map).interpolated(to: doc.shapes[part.shape].path, m.amount) {
                        out.shapes[part.shape].path = p
                        morphed.insert(part.shape)
                    }
                }
            }
        }
        shapes = out.shapes
        self.morphed = morphed
        bounds = morphed.isEmpty ? nil : out.bounds
    }

    /// The layer's parts as one shape when it fills them as one (`LayerPlan.merged`): the plan's,
    /// or made again from this frame's paths when the morph moved some of them.
    func merged(_ layer: LayerPlan) -> SymbolShape? {
        guard let planned = layer.merged else { return nil }
        guard !morphed.isEmpty, layer.layer.parts.contains(where: { morphed.contains($0.shape) }) else { return planned }
        return LayerPlan.merging(layer.layer.parts, shapes: shapes)
    }

    /// The draw lines of shape `index` as this frame draws it: a morphed path's own (worked out
    /// again every frame, since the path changes), else the plan's.
    func lines(ofShape index: Int) -> [DrawLine] {
        morphed.contains(index) ? DrawGeometry.lines(for: shapes[index]) : plan.drawLines.lines(ofShape: index, shapes[index])
    }

    /// The layer's raster paint over the symbol's bounds as drawn this frame.
    func raster(_ layer: LayerPlan, gradient: Bool) -> RasterPaint {
        bounds.map { layer.paint.rasterPaint(gradient: gradient, top: $0.minY, bottom: $0.maxY) } ?? layer.raster
    }
}
