#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SymbolGeometry
import SymbolScene
import SymbolRaster
import SymbolTimeline

/// Everything about drawing a clip that does not change from frame to frame, worked out once
/// for a set of documents and settings: where each document sits on the canvas, its layer list
/// for the rendering mode, each layer's paint, and the facts about its shapes the renderer
/// asks. A frame is a plan plus a `Pose` (`FrameRenderer.render(plan:pose:into:)`); a clip
/// makes one plan (and one more per output size), not one per frame.
///
/// Immutable and shared: one plan serves every render thread. The one thing it fills in later
/// is a shape's draw lines (the centre lines a Draw effect reveals along, costly to find): they
/// are worked out the first time a frame draws that shape part way, by shape index, and kept
/// for the plan's life, so a clip without Draw effects never pays for them.
package final class RenderPlan: Sendable {
    /// The documents a pose names by index (the timeline's).
    package let documents: [SymbolDocument]
    package let settings: RenderSettings
    /// The layer list the plan draws, `settings.mode.layerMode`: a pose's layer indices must
    /// refer to it.
    package var layerMode: LayerMode { settings.mode.layerMode }
    /// One per document.
    let symbols: [SymbolPlan]

    package init(documents: [SymbolDocument], settings: RenderSettings) {
        self.documents = documents
        self.settings = settings
        symbols = documents.map { SymbolPlan($0, settings: settings) }
    }

    /// Symbol space → canvas pixels for document `index`: placed as the document was read, so
    /// a Magic Replace morph in progress never moves it.
    package func placement(ofDocument index: Int) -> Transform { symbols[index].placement }
}

/// One document as a plan draws it.
struct SymbolPlan: Sendable {
    let placement: Transform
    let layers: [LayerPlan]
    /// Some layer clears behind or has erase parts, which must remove only the symbol beneath
    /// them, never the background: the symbol is drawn on its own buffer whatever its pose.
    let layersNeedBuffer: Bool
    /// The symbol's height at rest (all its shapes' bounds), the span of gradient colour rendering.
    let bounds: Rect
    let drawLines: DrawLineTable
    /// For each layer, the layer whose draw it shows (nil: its own). An invisible clear-behind
    /// layer (a gap) opens and closes with the first visible layer above it, so the gap is in
    /// step with what it makes room for even when the file puts the two in different motion
    /// groups; a layer of attachments only rides with the layer of its carrier.
    let drawLeaders: [Int?]
    /// The layer holding each shape (the first, when a path is in several), for carriers.
    let layerOfShape: [Int: Int]

    init(_ document: SymbolDocument, settings: RenderSettings) {
        placement = SymbolPlacement.transform(for: document, width: settings.width, height: settings.height, size: settings.size)
        let hasMulticolor = document.layers[.multicolor] != nil
        let bounds = document.bounds
        let layers = document.layers(for: settings.mode.layerMode)
        self.layers = layers.map { LayerPlan($0, document: document, settings: settings, hasMulticolor: hasMulticolor, bounds: bounds) }
        layersNeedBuffer = layers.contains { l in l.annotations.clearBehind || l.parts.contains { $0.action == .erase } }
        self.bounds = bounds
        drawLines = DrawLineTable(shapeCount: document.shapes.count)
        var layerOfShape: [Int: Int] = [:]
        for (i, layer) in layers.enumerated() {
            for part in layer.parts where layerOfShape[part.shape] == nil { layerOfShape[part.shape] = i }
        }
        self.layerOfShape = layerOfShape
        let planned = self.layers
        drawLeaders = planned.indices.map { i in
            let layer = planned[i]
            if layer.layer.annotations.clearBehind, layer.opacity <= 0 {
                return planned.indices.dropFirst(i + 1).first { planned[$0].opacity > 0 }
            }
            if !layer.layer.parts.isEmpty, layer.carriers.count == layer.layer.parts.count,
               let other = Set(layer.carriers.values.compactMap { layerOfShape[$0] }).first, other != i {
                return other
            }
            return nil
        }
    }

    /// The layer poses a frame draws for `pose`: the pose's own, with each follower's draw
    /// range taken from its leader (`drawLeaders`) when either is part way through a draw.
    func drawnLayers(_ pose: SymbolPose) -> [LayerPose] {
        let given = layers.indices.map { pose.layers.indices.contains($0) ? pose.layers[$0] : LayerPose.rest }
        return given.indices.map { i in
            guard let leader = drawLeaders[i], given[i].drawRange != nil || given[leader].drawRange != nil else { return given[i] }
            var state = given[i]
            state.drawRange = given[leader].drawRange
            return state
        }
    }
}

/// One layer as a plan draws it. Nothing here depends on a shape's path, so it holds while a
/// Magic Replace morph moves the paths.
struct LayerPlan: Sendable {
    let layer: SymbolLayer
    /// The mode's colour and opacity for the layer.
    let paint: LayerPaint
    /// `paint` as a raster paint over the symbol's resting bounds.
    let raster: RasterPaint
    /// The mode's opacity times the layer's own (its animated opacity multiplies in per frame).
    let opacity: Double
    /// Some part's shape has draw data (ribs or guides) in the file.
    let hasDrawData: Bool
    /// Some part rides on the tip of the layer's draw path.
    let hasAttachment: Bool
    /// For each attachment part, the shape whose first draw line it rides on: the one the file
    /// names when that has draw data, else the layer's first part that is not an attachment.
    let carriers: [Int: Int]
    /// Parts that overlap (several, or a shape both filled and stroked): a translucent layer
    /// is then isolated so its opacity does not double where they meet.
    let overlapping: Bool
    let hasErase: Bool
    /// The parts as one shape whose path holds all their subpaths, when a template layer fills
    /// them as one (`fillsAsOne`, every part added); nil otherwise. Made once: a frame whose
    /// morph moves none of the parts draws it as it is (`FrameShapes.merged`).
    let merged: SymbolShape?

    init(_ layer: SymbolLayer, document: SymbolDocument, settings: RenderSettings, hasMulticolor: Bool, bounds: Rect) {
        self.layer = layer
        paint = LayerPaint.resolve(layer, settings: settings, documentHasMulticolor: hasMulticolor)
        raster = paint.rasterPaint(gradient: settings.gradient, top: bounds.minY, bottom: bounds.maxY)
        opacity = paint.opacity * layer.annotations.opacity
        let shapes = layer.parts.map { document.shapes[$0.shape] }
        hasDrawData = shapes.contains { $0.hasDrawData }
        hasAttachment = shapes.contains { $0.isAttachment }
        let first = layer.parts.first { !document.shapes[$0.shape].isAttachment }?.shape
        var carriers: [Int: Int] = [:]
        for part in layer.parts where document.shapes[part.shape].isAttachment {
            let named = document.shapes[part.shape].drawGuides?.carrier
            if let named, document.shapes.indices.contains(named), named != part.shape, document.shapes[named].hasDrawData {
                carriers[part.shape] = named
            } else if let first {
                carriers[part.shape] = first
            }
        }
        self.carriers = carriers
        overlapping = layer.parts.count > 1 || shapes.contains { $0.fill != nil && $0.stroke != nil }
        hasErase = layer.parts.contains { $0.action == .erase }
        merged = document.kind == .symbol ? LayerPlan.merging(layer.parts, shapes: document.shapes) : nil
    }

    /// `parts` of `shapes` as one shape holding all their subpaths when they fill as one (two or
    /// more, all added, `fillsAsOne`); nil otherwise.
    static func merging(_ parts: [LayerPart], shapes: [SymbolShape]) -> SymbolShape? {
        guard parts.count > 1, parts.allSatisfy({ $0.action == .draw && shapes.indices.contains($0.shape) }) else { return nil }
        let list = parts.map { shapes[$0.shape] }
        guard fillsAsOne(list) else { return nil }
        var merged = list[0]
        merged.path = Path(subpaths: list.flatMap(\.path.subpaths))
        return merged
    }

    /// Shapes that a template layer fills as one path: two or more, each filled only, with one
    /// rule and opacity (so the outer and inner outlines of a ring, written as two paths wound
    /// opposite ways, make a ring, not a disc; docs/rendering.md rule 4).
    static func fillsAsOne(_ shapes: [SymbolShape]) -> Bool {
        guard shapes.count > 1, let first = shapes.first, let fill = first.fill else { return false }
        return shapes.allSatisfy { s in
            s.stroke == nil && s.fill?.rule == fill.rule && s.fill?.opacity == fill.opacity && s.opacity == first.opacity && !s.isAttachment
        }
    }
}

/// A document's draw lines by shape index, each worked out on first use and then kept; shared
/// by every thread rendering with the plan. (Two threads asking at once may both work a shape
/// out; the result is the same and the first stored is kept.)
final class DrawLineTable: @unchecked Sendable {
    private let lock = MutexLock()
    private var lines: [[DrawLine]?]

    init(shapeCount: Int) { lines = Array(repeating: nil, count: shapeCount) }

    /// The draw lines of `shape`, which is the document's shape `index` as read.
    func lines(ofShape index: Int, _ shape: SymbolShape) -> [DrawLine] {
        lock.lock()
        let known = lines[index]
        lock.unlock()
        if let known { return known }
        let found = DrawGeometry.lines(for: shape)
        lock.lock()
        if lines[index] == nil { lines[index] = found }
        lock.unlock()
        return found
    }
}

/// A pthread mutex (Foundation's locks stay above this module, and the package still builds for
/// macOS 14, which has no `Synchronization.Mutex`).
final class MutexLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
}
