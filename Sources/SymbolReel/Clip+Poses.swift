import SymbolGeometry
import SymbolRender
import SymbolScene
import SymbolTimeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the timeline asks of one frame, in words a test can assert ("at 0.18 s layer 0's scale
/// is 1.24"): every posed symbol and layer with its scale, rotation, offset, opacity, blur,
/// draw range and variable state. Straight from the timeline: no pixels are drawn.
///
/// Units: `scale` is a factor (1 = rest); `rotation` is in degrees, clockwise on screen;
/// `offset` is how far the thing's centre moves, in canvas pixels at the clip's size (a layer's
/// centre is the centre of its ink bounds, a symbol's the centre of its guide box); `blur` is
/// a radius in canvas pixels. A layer's values are its own, before its symbol's are applied.
public struct FramePose: Codable, Sendable, Equatable {
    /// One layer of a posed symbol.
    public struct Layer: Codable, Sendable, Equatable {
        /// The layer's index N in its class (`hierarchical-2:…` is 2) and its class name.
        public var index: Int
        public var name: String
        public var scale: Double
        public var rotation: Double
        public var offset: [Double]
        public var opacity: Double
        public var blur: Double
        /// The part of the layer's draw path shown, [from, to] in draw progress; nil = all of it.
        public var drawRange: [Double]?
        /// Opacity of the undrawn part of a Variable Draw layer.
        public var drawTrackOpacity: Double
        /// Magic Replace: the layer's geometry is `amount` of the way from another document's layer.
        public var morph: Morph?
    }
    /// Magic Replace's morph: the layer's geometry part way from `layer` of `document`
    /// (`amount` 0 = that layer, 1 = this one).
    public struct Morph: Codable, Sendable, Equatable {
        public var document: Int
        public var layer: Int
        public var amount: Double
    }
    /// One posed symbol (two during a replace).
    public struct Symbol: Codable, Sendable, Equatable {
        /// Index into the clip's documents, and that document's file.
        public var document: Int
        public var file: String
        /// `current`, `outgoing` or `incoming` (a replace).
        public var role: String
        /// The layer list the indices refer to: `monochrome`, `hierarchical` or `multicolor`.
        public var layerMode: String
        public var scale: Double
        public var rotation: Double
        public var offset: [Double]
        public var opacity: Double
        public var blur: Double
        public var variableValue: Double?
        public var layers: [Layer]
    }
    /// The canvas-level values of keyframe tracks, applied about the canvas centre.
    public struct Canvas: Codable, Sendable, Equatable {
        public var scale: Double
        public var rotation: Double
        /// In canvas pixels.
        public var offset: [Double]
        public var opacity: Double
    }

    public var index: Int
    public var seconds: Double
    public var canvas: Canvas
    public var symbols: [Symbol]
}

extension Clip {
    /// The pose of every frame (or of `frames`), as `FramePose` values.
    public func poses(frames: Range<Int>? = nil) -> [FramePose] {
        let range = frames.map { $0.clamped(to: 0..<frameCount) } ?? 0..<frameCount
        return range.map { framePose(index: $0) }
    }

    /// The pose of frame `index` in words (see `FramePose`).
    public func framePose(index: Int) -> FramePose {
        let pose = self.pose(index: index)
        let mode = pose.layerMode ?? plan.layerMode
        let w = Double(settings.width), h = Double(settings.height)
        let c = pose.canvas
        let canvas = FramePose.Canvas(scale: round6(c.scale), rotation: round6(c.rotation),
                                      offset: [round6(c.offset.x * w), round6(c.offset.y * h)], opacity: round6(c.opacity))
        let symbols = pose.symbols.compactMap { s -> FramePose.Symbol? in
            guard documents.indices.contains(s.document) else { return nil }
            let doc = documents[s.document]
            let pixels = plan.placement(ofDocument: s.document).meanScale
            let layers = doc.layers(for: mode)
            let posed = s.layers.enumerated().map { i, l -> FramePose.Layer in
                let layer = layers.indices.contains(i) ? layers[i] : nil
                let centre = layer.map { inkCentre(doc, $0) } ?? doc.guideBox.center
                return FramePose.Layer(
                    index: layer?.index ?? i, name: layer?.name ?? "layer-\(i)",
                    scale: round6(l.transform.meanScale), rotation: round6(l.transform.degrees),
                    offset: offset(l.transform, centre, pixels), opacity: round6(l.opacity), blur: round6(l.blur * pixels),
                    drawRange: l.drawRange.map { [round6($0.lowerBound), round6($0.upperBound)] },
                    drawTrackOpacity: round6(l.drawTrackOpacity),
                    morph: l.morph.map { FramePose.Morph(document: $0.document, layer: $0.layer, amount: round6($0.amount)) })
            }
            return FramePose.Symbol(
                document: s.document, file: doc.fileName, role: s.role.rawValue, layerMode: mode.rawValue,
                scale: round6(s.transform.meanScale), rotation: round6(s.transform.degrees),
                offset: offset(s.transform, doc.guideBox.center, pixels), opacity: round6(s.opacity),
                blur: round6(s.blur * pixels), variableValue: s.variableValue.map(round6), layers: posed)
        }
        return FramePose(index: index, seconds: round6(time(ofFrame: index).seconds), canvas: canvas, symbols: symbols)
    }

    private func inkCentre(_ doc: SymbolDocument, _ layer: SymbolLayer) -> Point {
        let b = layer.parts.reduce(Rect.null) { r, p in doc.shapes.indices.contains(p.shape) ? r.union(doc.shapes[p.shape].bounds) : r }
        return b.isNull ? doc.guideBox.center : b.center
    }

    private func offset(_ t: Transform, _ centre: Point, _ pixels: Double) -> [Double] {
        let moved = t.apply(centre)
        return [round6((moved.x - centre.x) * pixels), round6((moved.y - centre.y) * pixels)]
    }
}

private func round6(_ v: Double) -> Double { (v * 1_000_000).rounded() / 1_000_000 + 0 }  // + 0: no "-0"

extension Transform {
    /// Rotation in degrees, clockwise on screen (y down).
    var degrees: Double { atan2(b, a) * 180 / .pi }
}
