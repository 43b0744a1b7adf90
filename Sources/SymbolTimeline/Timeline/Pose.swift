import SymbolGeometry
import SymbolScene

/// Everything one frame needs from the timeline: the posed symbols, back to front, and the
/// canvas-level values of the keyframe tracks.
package struct Pose: Hashable, Sendable {
    package var seconds: Double
    /// One symbol normally; during a replace the outgoing symbol, then the incoming one.
    package var symbols: [SymbolPose]
    package var canvas: CanvasPose
    /// The layer list the symbols' `layers` are indexed by (`document.layers(for: layerMode)`):
    /// the mode the timeline was built with. A renderer drawing another mode's layers would
    /// pose the wrong ones, so it refuses (`FrameRenderer.render(plan:pose:into:)`). nil for a
    /// pose made by hand, which is taken to use the renderer's mode.
    package var layerMode: LayerMode?

    package init(seconds: Double, symbols: [SymbolPose], canvas: CanvasPose = .rest, layerMode: LayerMode? = nil) {
        self.seconds = seconds
        self.symbols = symbols
        self.canvas = canvas
        self.layerMode = layerMode
    }
}

/// One symbol's pose. A layer's geometry is drawn through its `LayerPose.transform` and then
/// this `transform`, both in symbol space; opacities multiply.
package struct SymbolPose: Hashable, Sendable {
    /// Why the symbol is on screen.
    package enum Role: String, Hashable, Sendable { case current, outgoing, incoming }

    /// Index into the timeline's documents.
    package var document: Int
    package var role: Role
    package var transform: Transform
    /// 0…1.
    package var opacity: Double
    /// Blur radius in symbol units (0 normally).
    package var blur: Double
    /// The variable value in effect (nil when the timeline has none).
    package var variableValue: Double?
    /// Indexed like `document.layers(for: mode)`, `mode` being the pose's `layerMode`.
    package var layers: [LayerPose]

    package init(document: Int, role: Role = .current, transform: Transform = .identity, opacity: Double = 1,
                blur: Double = 0, variableValue: Double? = nil, layers: [LayerPose]) {
        self.document = document; self.role = role; self.transform = transform
        self.opacity = min(max(opacity, 0), 1); self.blur = max(0, blur)
        self.variableValue = variableValue; self.layers = layers
    }
}

/// One layer's pose: applied to the layer's geometry before the symbol's transform.
package struct LayerPose: Hashable, Sendable {
    package var transform: Transform
    /// 0…1, variable colour and variable value dimming included.
    package var opacity: Double
    /// The part of the layer's draw path shown, as draw progress (nil: the whole layer). Draw On
    /// at progress p shows `0...p`; an empty range (`p...p`) shows nothing; `0...1` is the whole
    /// layer, pixel for pixel.
    package var drawRange: ClosedRange<Double>?
    /// Opacity of the part of the layer outside `drawRange` (Variable Draw's faint track; 0
    /// hides it).
    package var drawTrackOpacity: Double
    /// Blur radius in symbol units.
    package var blur: Double
    /// Magic Replace: draw the layer's geometry on its way from another document's layer.
    package var morph: LayerMorph?

    package init(transform: Transform = .identity, opacity: Double = 1, drawRange: ClosedRange<Double>? = nil,
                drawTrackOpacity: Double = 0, blur: Double = 0, morph: LayerMorph? = nil) {
        self.morph = morph
        self.transform = transform
        self.opacity = min(max(opacity, 0), 1)
        self.drawRange = drawRange.map { r in
            let lo = r.lowerBound.isNaN ? 0 : min(max(r.lowerBound, 0), 1)
            let hi = r.upperBound.isNaN ? 0 : min(max(r.upperBound, 0), 1)
            return lo...max(lo, hi)
        }
        self.drawTrackOpacity = drawTrackOpacity.isNaN ? 0 : min(max(drawTrackOpacity, 0), 1)
        self.blur = max(0, blur)
    }

    /// True when the whole layer is shown (no draw clip).
    package var isFullyDrawn: Bool { drawRange.map { $0.lowerBound <= 0 && $0.upperBound >= 1 } ?? true }

    package static let rest = LayerPose()
}

/// A layer's geometry part way from another document's layer (Magic Replace between layers
/// whose paths have the same structure): points interpolated, `amount` 0 = the other layer,
/// 1 = this one.
package struct LayerMorph: Hashable, Sendable {
    /// Index into the timeline's documents, and into that document's layers for the mode.
    package var document: Int
    package var layer: Int
    package var amount: Double
    package init(document: Int, layer: Int, amount: Double) {
        self.document = document; self.layer = layer; self.amount = min(max(amount.isNaN ? 1 : amount, 0), 1)
    }
}

/// Canvas-level values from keyframe tracks, applied to the placed symbol about the canvas centre.
package struct CanvasPose: Hashable, Sendable {
    /// Fractions of the canvas width and height.
    package var offset: Point
    package var scale: Double
    /// Degrees, clockwise.
    package var rotation: Double
    package var opacity: Double

    package init(offset: Point = .zero, scale: Double = 1, rotation: Double = 0, opacity: Double = 1) {
        self.offset = offset; self.scale = scale; self.rotation = rotation; self.opacity = min(max(opacity, 0), 1)
    }

    package static let rest = CanvasPose()
}
