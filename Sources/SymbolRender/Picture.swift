import SymbolGeometry
import SymbolScene
import SymbolRaster

/// One frame as every back-end sees it: what to draw, where, how strongly, and what erases what,
/// with every layer rule already applied (docs/architecture.md, "The picture"). Made once per
/// frame from a plan and a pose (`RenderPlan.picture(of:)`); `FrameRenderer` draws it and
/// `RenderPlan.vectorScene(poses:rate:)` gathers a clip's pictures into the tracks the Lottie and
/// SVG writers translate. Neither back-end decides a rule of its own: which parts fill as one, what
/// an erase part cuts, what a clear-behind layer clears and how strongly, where a Draw effect's
/// reveal lies, where an attachment rides, the canvas transform and every 0–1 clamp are decided
/// here, once.
///
/// The vocabulary is small: a node (a posed symbol) holds layers, bottom to top; a layer paints
/// its parts (`PicturePart`), each of which adds to the layer's shape or cuts from it
/// (`PicturePart.cuts`); a layer may also clear the node's layers beneath it
/// (`PictureLayer.clearsBehind`); each part shows whole, faded, revealed along its draw lines,
/// moved along its carrier, or not at all (`PictureReveal`).
package struct Picture {
    package var width: Int
    package var height: Int
    package var background: CanvasBackground
    /// What is drawn on the background, bottom to top: posed symbols, runs of glyphs, and groups
    /// of them (a scene's items; docs/scenes.md).
    package var elements: [PictureElement]

    package init(width: Int, height: Int, background: CanvasBackground, nodes: [PictureNode]) {
        self.init(width: width, height: height, background: background, elements: nodes.map { .symbol($0) })
    }

    package init(width: Int, height: Int, background: CanvasBackground, elements: [PictureElement]) {
        self.width = width; self.height = height; self.background = background; self.elements = elements
    }

    /// The posed symbols at the top level, bottom to top (a single-symbol clip's whole picture).
    package var nodes: [PictureNode] {
        get { elements.compactMap { if case .symbol(let n) = $0 { n } else { nil } } }
        set { elements = newValue.map { .symbol($0) } }
    }
}

/// One thing a picture draws: a posed symbol, glyphs of a text, or a group of elements.
package indirect enum PictureElement {
    case symbol(PictureNode)
    case glyphs(PictureGlyphs)
    case group(PictureGroup)
}

/// Outlines of a text's glyphs filled with one colour, in pieces that each have their own place
/// and opacity (a line, a word or a character entering on its own).
package struct PictureGlyphs {
    /// The item's name, the same in every frame (a scene item's JSON path).
    package var id: String
    package var color: Color
    package var pieces: [Piece]

    /// Some glyphs filled as one path (non-zero, so where two glyphs overlap the ink does not
    /// double), drawn by `transform` at `opacity`.
    package struct Piece {
        package var path: Path
        package var transform: Transform
        package var opacity: Double
        package init(path: Path, transform: Transform, opacity: Double) {
            self.path = path; self.transform = transform; self.opacity = clamp01(opacity)
        }
    }

    package init(id: String, color: Color, pieces: [Piece]) { self.id = id; self.color = color; self.pieces = pieces }
}

/// Elements drawn together and composited as one at `opacity`, on a background of their own when
/// they have one (a scene during a transition between scenes). Its elements are already placed:
/// `transform` only moves the background.
package struct PictureGroup {
    package var id: String
    package var opacity: Double
    package var background: CanvasBackground?
    /// The size of the canvas the background fills before `transform`.
    package var width: Int
    package var height: Int
    /// That canvas → the picture's: where the group's background goes (a push moves the scene
    /// aside; a frame at another size scales it).
    package var transform: Transform
    package var elements: [PictureElement]
    package init(id: String, opacity: Double, background: CanvasBackground?, width: Int, height: Int, transform: Transform,
                 elements: [PictureElement]) {
        self.id = id; self.opacity = clamp01(opacity); self.background = background; self.width = width; self.height = height
        self.transform = transform; self.elements = elements
    }
}

/// A posed symbol: its layers are drawn together and, when `isolated`, composited as one at its
/// opacity.
package struct PictureNode {
    /// Which posed symbol this is; the same in every frame that poses it (`SymbolKey`).
    package var id: SymbolKey
    /// Symbol space → canvas pixels (the layer's own pose comes before it).
    package var transform: Transform
    /// The symbol's opacity times the canvas's, 0…1.
    package var opacity: Double
    /// The symbol's blur radius in canvas pixels.
    package var blur: Double
    /// Drawn on a buffer of its own and composited at `opacity`: when it is translucent or
    /// blurred, or when a layer erases (clear-behind layers and erase parts remove only the
    /// symbol beneath them, never the background).
    package var isolated: Bool
    /// Bottom to top: one per layer of the plan's layer list (`PictureLayer.id.layer`).
    package var layers: [PictureLayer]
    /// The symbol's shapes in this frame: the document's, or with a Magic Replace morph in
    /// progress, the morphing ones moved part way.
    let shapes: FrameShapes
}

/// One layer of a posed symbol in one frame.
package struct PictureLayer {
    package var id: PictureLayerID
    /// Layer space → canvas pixels: the layer's pose, then the node's transform.
    package var transform: Transform
    /// What the layer's paint is drawn at: the rendering mode's opacity, the file's and the
    /// animated one (`presence`), multiplied; 0 paints nothing.
    package var opacity: Double
    /// The layer's animated opacity, 0…1: a clear-behind layer erases at this strength.
    package var presence: Double
    /// The file's opacity for the layer times `presence`, without the mode's (which a vector
    /// file keeps in a slot of its own, `LayerPaint.slot`).
    package var ownOpacity: Double
    /// How strongly the layer clears the node's layers beneath it wherever its added parts
    /// cover (its presence, for a clear-behind layer that is present; 0 otherwise).
    package var clearsBehind: Double
    /// Its blur radius in canvas pixels.
    package var blur: Double
    /// Painted on a buffer of its own, then composited at `opacity`: when blurred, or when its
    /// parts overlap and it is translucent (so its opacity does not double where they meet).
    package var isolated: Bool
    /// A Draw effect shows part of it in this frame (each part's `reveal` says what).
    package var isPartlyDrawn: Bool
    /// A Magic Replace morph moves its parts' paths in this frame (`PictureNode.shapes`).
    package var isMorphing: Bool
    /// The Draw effect shows none of it (an empty range and no track): nothing is drawn.
    package var showsNothing: Bool
    /// Its parts in order.
    package var parts: [PicturePart]
    /// The added parts filled as one path and shown under one reveal, when they do so this
    /// frame (a template layer's plain fills, `LayerPlan.fillsAsOne`; during a Draw, only when
    /// every part has draw lines of its own): back-ends draw this instead of the parts. Nil for
    /// a layer that neither paints nor clears this frame (nothing draws it).
    var merged: MergedParts?
    /// The layer's paint over the symbol as drawn this frame.
    let raster: RasterPaint

    /// Some part cuts the layer's own shape (a LayerTree erase piece).
    package var hasCuts: Bool { parts.contains { $0.cuts } }
}

/// A layer of a posed symbol: the same in every frame that poses it.
package struct PictureLayerID: Hashable, Sendable {
    package var symbol: SymbolKey
    /// The layer's index in the plan's layer list.
    package var layer: Int
}

/// Which posed symbol a node is: a document, and how many times the same frame posed it before
/// (a Replace shows one document twice), so two posings of one symbol stay two.
package struct SymbolKey: Hashable, Sendable {
    package var document: Int
    package var repeatIndex: Int
    /// `s<document>`, and `r<repeat>` after the first: the group's name in vector files.
    package var name: String { "s\(document)" + (repeatIndex > 0 ? "r\(repeatIndex)" : "") }
}

/// One part of a layer: a shape of the document, which adds to the layer or cuts from it.
package struct PicturePart {
    /// The document's shape index.
    package var shape: Int
    /// An erase piece: it removes from its own layer's earlier parts, never from other layers.
    package var cuts: Bool
    package var reveal: PictureReveal
}

/// How much of a part a frame shows.
package enum PictureReveal {
    /// All of it.
    case whole
    /// All of it at this fraction of its opacity (a part without draw data in a layer that has
    /// some fades in over the first quarter of the draw; a part without draw lines shows at the
    /// track's opacity until the draw starts).
    case faded(Double)
    /// The shown part of its draw lines (`DrawReveal`).
    case along(DrawReveal)
    /// All of it, moved by this transform (in layer space) first: an attachment riding the drawn
    /// end of its carrier.
    case riding(Transform)
    /// None of it.
    case hidden
}

/// The part of some draw lines a frame shows: the progress range, and the opacity at which the
/// rest (Variable Draw's track) still shows.
package struct DrawReveal {
    let lines: [DrawLine]
    package var range: ClosedRange<Double>
    package var track: Double

    /// The clip in layer space for a layer drawn to the canvas by `toCanvas`: capsules along the
    /// shown part of the lines, widened by 1.5 canvas pixels so the clip's anti-aliased edge lies
    /// outside the outline's own (docs/draw.md). Empty when the range is.
    package func clip(toCanvas: Transform) -> Path {
        if range.upperBound <= range.lowerBound { return PathBuilder().path }
        return DrawGeometry.reveal(lines, range: range, margin: 1.5 / max(toCanvas.meanScale, 1e-9))
    }

    /// Some of the range is shown.
    var showsSome: Bool { range.upperBound - range.lowerBound > 0 }
}

/// A layer's added parts as one shape, and how much of it shows.
struct MergedParts {
    var shape: SymbolShape
    var reveal: PictureReveal
}

extension PictureNode {
    /// Shape `index` as this frame draws it.
    func shape(_ index: Int) -> SymbolShape { shapes.shapes[index] }
}

extension PictureNode {
    /// The node moved by `outer` (canvas → canvas) after its own transforms and faded by
    /// `opacity`: a symbol placed as a scene item, or carried by its scene in a transition.
    package func placed(by outer: Transform, opacity factor: Double = 1) -> PictureNode {
        var n = self
        n.transform = transform.concatenating(outer)
        n.opacity = clamp01(opacity * factor)
        n.blur = blur * outer.meanScale
        n.isolated = isolated || n.opacity < 1 || n.blur >= 0.5
        for i in n.layers.indices {
            n.layers[i].transform = layers[i].transform.concatenating(outer)
            n.layers[i].blur = layers[i].blur * outer.meanScale
            n.layers[i].isolated = n.layers[i].isolated || n.layers[i].blur >= 0.5
        }
        return n
    }
}

extension PictureElement {
    /// The element moved by `outer` and faded by `opacity` (see `PictureNode.placed(by:opacity:)`).
    package func placed(by outer: Transform, opacity factor: Double = 1) -> PictureElement {
        switch self {
        case .symbol(let n): return .symbol(n.placed(by: outer, opacity: factor))
        case .glyphs(var g):
            for i in g.pieces.indices {
                g.pieces[i].transform = g.pieces[i].transform.concatenating(outer)
                g.pieces[i].opacity = clamp01(g.pieces[i].opacity * factor)
            }
            return .glyphs(g)
        case .group(var g):
            g.transform = g.transform.concatenating(outer)
            g.opacity = clamp01(g.opacity * factor)
            g.elements = g.elements.map { $0.placed(by: outer) }
            return .group(g)
        }
    }
}
