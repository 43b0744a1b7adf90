import SymbolGeometry
import SymbolScene
import SymbolTimeline

/// A clip as vector tracks, for players that draw paths themselves (Lottie, animated SVG): per
/// symbol layer its shapes in symbol space, exactly as `FrameRenderer` places them, its paint,
/// and per frame the affine transform from symbol space to canvas pixels and the opacity it is
/// drawn with. Format-neutral; the writers in `SymbolVector` turn it into files.
///
/// What a frame of a vector scene cannot hold is listed in `notes` and dropped (blur), never
/// half-drawn: the renderer's own raster frame stays the reference.
package struct VectorScene: Sendable {
    package var width: Int
    package var height: Int
    package var rate: FrameRate
    package var frameCount: Int
    package var background: CanvasBackground
    /// Bottom to top.
    package var layers: [VectorLayer]
    /// What the scene had to leave out or approximate, one sentence each.
    package var notes: [String]
    /// The posed symbols, in the order their layers first appear (`VectorLayer.group`).
    package var groups: [VectorGroup] = []
    /// The colours and opacities the rendering mode gives layers, named for what they are
    /// (`VectorSlot`), with the clip's own values; a player may restyle them.
    package var slots: [VectorSlot] = []
    /// Per rendering mode, the slot values that give the clip that mode's colours (empty for
    /// gradient colour rendering).
    package var themes: [VectorTheme] = []
    /// The forms of the clip its frames hold, one after another: the clip as it plays, and when
    /// the scene carries it, the same clip with Reduce Motion on (the same layers and shapes;
    /// only the frames differ). Empty: every frame is the clip as it plays.
    package var forms: [VectorForm] = []

    /// The frames of one form: all of them when the scene holds one form and that is asked for;
    /// nil when it does not hold that form.
    package func frames(of kind: VectorForm.Kind) -> Range<Int>? {
        if forms.isEmpty { return kind == .standard ? 0..<frameCount : nil }
        return forms.first { $0.kind == kind }?.frames
    }

    /// The clip's own frames: what a player shows by default, whatever else the scene holds.
    package var standardFrames: Range<Int> { frames(of: .standard) ?? 0..<frameCount }
}

/// A run of a vector scene's frames that is one form of the clip.
package struct VectorForm: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// The clip as it plays.
        case standard
        /// The clip with Reduce Motion on (docs/vector.md, "Reduce Motion").
        case reducedMotion
    }
    package var kind: Kind
    package var frames: Range<Int>
    package init(kind: Kind, frames: Range<Int>) { self.kind = kind; self.frames = frames }
}

/// One posed symbol: its layers are drawn together and composited at the symbol's opacity
/// (as `FrameRenderer` draws a translucent symbol on its own buffer), so where its layers
/// overlap the symbol's fade is applied once.
package struct VectorGroup: Sendable {
    /// `s<document>` (and a repeat count when a document is posed twice).
    package var name: String
    /// Per frame, the symbol's opacity (the canvas's too); frames where the symbol is not posed
    /// take the nearest posed frame's (its layers are transparent there).
    package var opacities: [Double]
    /// From the first frame that poses the symbol to the last.
    package var span: Range<Int>
}

/// One layer of one posed symbol.
package struct VectorLayer: Sendable {
    /// `s<document>l<layer>` (and a repeat count when a document is posed twice).
    package var name: String
    /// The symbol it belongs to (an index into the scene's groups).
    package var group = 0
    package var shapes: [VectorShape]
    package var paint: VectorPaint
    /// The shapes' bounds in symbol space (what the keyframe tolerance measures on).
    package var bounds: Rect
    /// One per frame: symbol space → canvas pixels, and the opacity (0 where the layer is not
    /// drawn in that frame).
    package var frames: [VectorFrame]
    /// The clear-behind layers of the same symbol above this one (indices into the scene's
    /// layers), nearest first: each removes this layer wherever its shapes cover, by its
    /// frames' `erase` strength.
    package var erasedBy: [Int] = []
    /// The erase parts of this layer's own symbol layer that come after it (indices into the
    /// scene's layers, a subset of `erasedBy`): they cut this run of drawn parts only. A
    /// clear-behind run's copy in an eraser's matte leaves them out, so a vehicle's windows,
    /// cut from its body, do not erase the disc beneath.
    package var cutBy: [Int] = []
    /// Per frame, the part of the layer a Draw effect shows, in symbol space: the renderer's
    /// own clip (the union of the capsules along the shown part of the draw lines), or nil
    /// where the layer is drawn whole. Empty when no frame clips the layer.
    package var reveals: [Path?] = []
    /// Per frame (with `reveals`), the opacity at which the layer shows outside its reveal
    /// (Variable Draw's track; 0 for Draw On and Off).
    package var tracks: [Double] = []
    /// Per frame, the paths of `shapes` (one each, symbol space) where a Magic Replace morph
    /// moves them, exactly as `FrameRenderer` draws them; nil where the shapes are as given.
    /// Empty when the layer never morphs.
    package var morphs: [[Path]?] = []
    /// The id of the slot holding the layer's colour (nil for a gradient).
    package var colorSlot: String?
    /// The id of the slot holding the opacity the rendering mode gives the layer.
    package var opacitySlot: String?
    /// That opacity (hierarchical's 0.5 for a secondary layer): the layer is drawn at it times
    /// its frames' opacity.
    package var modeOpacity = 1.0
    /// Frames in which the symbol posed this layer (the others only fill the track).
    var posed: [Bool] = []
    /// From the first frame that poses the layer to the last (the layer's own time range: a
    /// player need not draw it outside, where it is transparent).
    package var span: Range<Int> { VectorLayer.span(posed) }
    /// What its colour is (`LayerPaint.slot`), which names its slots.
    var role = "primary"
    /// The document and shapes it draws, to find its paint in another mode.
    var document = 0
    var shapeIndices: [Int] = []
}

/// A shape of a layer in symbol space.
package struct VectorShape: Sendable {
    package var path: Path
    package var fill: FillRule?
    /// The fill's opacity times the shape's.
    package var fillOpacity: Double
    package var stroke: StrokeStyle?
    package var strokeOpacity: Double

    package init(path: Path, fill: FillRule?, fillOpacity: Double, stroke: StrokeStyle?, strokeOpacity: Double) {
        self.path = path; self.fill = fill; self.fillOpacity = fillOpacity; self.stroke = stroke; self.strokeOpacity = strokeOpacity
    }
}

/// A layer's paint: the rendering mode's colour, or SF Symbols 7's vertical gradient over the
/// symbol's height (start = top, end = bottom, in symbol space).
package enum VectorPaint: Sendable, Equatable {
    case solid(Color)
    case linear(start: Point, end: Point, stops: [(offset: Double, color: Color)])

    package static func == (l: VectorPaint, r: VectorPaint) -> Bool {
        switch (l, r) {
        case let (.solid(a), .solid(b)): return a == b
        case let (.linear(s1, e1, t1), .linear(s2, e2, t2)):
            return s1 == s2 && e1 == e2 && t1.count == t2.count && zip(t1, t2).allSatisfy { $0.offset == $1.offset && $0.color == $1.color }
        default: return false
        }
    }
}

/// A layer's pose in one frame.
package struct VectorFrame: Sendable, Equatable {
    package var transform: Transform
    /// The layer's own opacity in this frame (its presence and the file's opacity for the mode;
    /// `VectorLayer.modeOpacity` multiplies in).
    package var opacity: Double
    /// A clear-behind layer: how strongly it erases the layers beneath (its animated opacity,
    /// not its mode's); 0 for every other layer.
    package var erase: Double = 0
}

extension RenderPlan {
    /// The scene of `poses` (one per frame, in order) drawn with this plan: each frame's picture
    /// (`picture(of:)`, where every layer rule is applied) gathered into tracks, one vector layer
    /// per segment of a picture layer (`VectorScene.segments(of:attachments:)`), found by its
    /// identity in every frame.
    package func vectorScene(poses: [Pose], rate: FrameRate) -> VectorScene {
        var tracks = SceneTracks(frameCount: poses.count)
        var notes = Set<String>()
        // Each layer's split into vector layers depends on the plan alone: worked out once.
        let segmentsOfLayer = symbols.indices.map { d in
            symbols[d].layers.map { VectorScene.segments(of: $0.layer.parts, attachments: $0.hasAttachment ? documents[d].shapes : nil) }
        }
        for (frame, pose) in poses.enumerated() {
            for node in picture(of: pose).nodes {
                let group = tracks.group(node.id)
                tracks.groups[group].opacities[frame] = node.opacity
                tracks.groups[group].posed[frame] = true
                if node.blur >= 0.5 { notes.insert(VectorScene.blurNote) }
                var beneath: [Int] = []
                let document = node.id.document
                for layer in node.layers {
                    if layer.blur >= 0.5 { notes.insert(VectorScene.blurNote) }
                    let planned = symbols[document].layers[layer.id.layer]
                    // A layer with erase parts is one vector layer per run of added parts and one
                    // per erase part, in order: an erase part removes the earlier runs of its own
                    // layer only, and a clear-behind layer's runs erase the layers beneath.
                    var ownRuns: [Int] = []
                    for (k, segment) in segmentsOfLayer[document][layer.id.layer].enumerated() {
                        let key = LayerKey(layer: layer.id, segment: k)
                        let index = tracks.layer(key, group: group) {
                            makeLayer(planned, parts: segment.parts, document: document, name: key.name(suffix: segment.suffix),
                                      frameCount: poses.count)
                        }
                        let reveals = segment.positions.map { layer.parts[$0].reveal }
                        var ride = Transform.identity
                        var shows = true
                        if segment.rides != nil, let reveal = reveals.first {
                            switch reveal {
                            case .riding(let t): ride = t
                            case .hidden: shows = false
                            default: break
                            }
                        } else if layer.isPartlyDrawn {
                            // One clip for the segment: the union of its parts' draw lines, when
                            // every part is revealed along its own.
                            let along = reveals.compactMap { if case .along(let d) = $0 { d } else { nil } }
                            if along.count == reveals.count, !layer.isMorphing, let first = along.first {
                                let union = DrawReveal(lines: along.flatMap(\.lines), range: first.range, track: first.track)
                                tracks.layers[index].setReveal(union.clip(toCanvas: layer.transform), track: first.track, at: frame)
                            } else {
                                notes.insert(VectorScene.drawNote)
                            }
                        }
                        if layer.isMorphing {
                            let paths = makeShapes(segment.parts, shapes: node.shapes.shapes,
                                                   merging: documents[document].kind == .symbol).map(\.path)
                            if !tracks.layers[index].setMorph(paths, at: frame) { notes.insert(VectorScene.morphNote) }
                        }
                        let clears = segment.erases || layer.clearsBehind > 0
                        for below in segment.erases ? ownRuns : clears ? beneath : [] {
                            tracks.erase(below, by: index, cutting: segment.erases)
                        }
                        if !segment.erases { ownRuns.append(index) }
                        tracks.layers[index].posed[frame] = true
                        tracks.layers[index].frames[frame] = VectorFrame(
                            transform: ride.concatenating(layer.transform),
                            opacity: segment.erases || !shows ? 0 : layer.ownOpacity,
                            erase: clears ? layer.presence : 0)
                    }
                    beneath += ownRuns
                }
            }
        }
        var out = tracks.layers
        for k in out.indices {
            out[k].fillAbsentTransforms()
            out[k].erasedBy = tracks.erasers[k, default: []]
            out[k].cutBy = tracks.cutters[k, default: []]
        }
        let posedGroups = tracks.groups.map { g in
            var opacities = g.opacities
            VectorLayer.fillAbsent(&opacities, posed: g.posed)
            return VectorGroup(name: g.key.name, opacities: opacities, span: VectorLayer.span(g.posed))
        }
        let slots = assignSlots(&out)
        return VectorScene(width: settings.width, height: settings.height, rate: rate, frameCount: poses.count,
                           background: settings.background, layers: out, notes: notes.sorted(), groups: posedGroups,
                           slots: slots, themes: themes(of: out, slots: slots))
    }

    private func makeLayer(_ planned: LayerPlan, parts: [LayerPart], document: Int, name: String, frameCount: Int) -> VectorLayer {
        let doc = documents[document]
        let shapes = makeShapes(parts, shapes: doc.shapes, merging: doc.kind == .symbol)
        let bounds = parts.reduce(Rect?.none) { acc, part in
            guard doc.shapes.indices.contains(part.shape) else { return acc }
            let b = doc.shapes[part.shape].bounds
            return acc.map { $0.union(b) } ?? b
        } ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let resting = VectorFrame(transform: .identity, opacity: 0)
        var layer = VectorLayer(name: name, shapes: shapes,
                                paint: planned.paint.vectorPaint(gradient: settings.gradient, symbolBounds: symbols[document].bounds),
                                bounds: bounds, frames: Array(repeating: resting, count: frameCount),
                                posed: Array(repeating: false, count: frameCount))
        layer.modeOpacity = planned.paint.opacity
        layer.role = planned.paint.slot
        layer.document = document
        layer.shapeIndices = parts.filter { $0.action == .draw }.map(\.shape)
        return layer
    }

    /// The parts' shapes as vector shapes, from `shapes` (the document's, or a frame's morphed
    /// copy of them); with `merging` (a template's), as one shape holding all their subpaths when
    /// they fill as one (`LayerPlan.merging`), as the picture fills them.
    private func makeShapes(_ parts: [LayerPart], shapes docShapes: [SymbolShape], merging: Bool = false) -> [VectorShape] {
        if merging, let merged = LayerPlan.merging(parts, shapes: docShapes), let fill = merged.fill {
            return [VectorShape(path: merged.path, fill: fill.rule, fillOpacity: merged.opacity * fill.opacity, stroke: nil, strokeOpacity: 0)]
        }
        var shapes: [VectorShape] = []
        for part in parts where docShapes.indices.contains(part.shape) {
            let s = docShapes[part.shape]
            // A stroke in its own space (skewed or non-uniformly scaled) is outlined here, so
            // every player draws the same outline.
            var stroke = s.stroke?.style
            if s.fill != nil || stroke != nil, let st = s.stroke, !st.transform.isIdentity {
                stroke = nil
                if let inverse = st.transform.inverted {
                    if let fill = s.fill {
                        shapes.append(VectorShape(path: s.path, fill: fill.rule, fillOpacity: s.opacity * fill.opacity,
                                                  stroke: nil, strokeOpacity: 0))
                    }
                    let outline = s.path.applying(inverse).stroked(st.style).applying(st.transform)
                    shapes.append(VectorShape(path: outline, fill: .nonZero, fillOpacity: s.opacity * st.opacity, stroke: nil, strokeOpacity: 0))
                }
                continue
            }
            if s.fill == nil && stroke == nil { continue }
            shapes.append(VectorShape(path: s.path, fill: s.fill?.rule, fillOpacity: s.opacity * (s.fill?.opacity ?? 0), stroke: stroke,
                                      strokeOpacity: s.opacity * (s.stroke?.opacity ?? 0)))
        }
        return shapes
    }
}

extension VectorScene {
    /// One vector layer's share of a symbol layer.
    struct Segment {
        var suffix: String
        var parts: [LayerPart]
        /// Where each of `parts` is in the layer's list of parts.
        var positions: [Int]
        var erases = false
        /// An attachment shape that rides its carrier's draw line in a vector layer of its own.
        var rides: Int?
    }

    /// A layer's parts as vector layers: each run of drawn parts, and each erase part on its own
    /// (`erases`); one segment with no suffix when the layer has no erase parts. Given the
    /// document's shapes, each drawn attachment part is taken out of its run into a segment of
    /// its own (suffix `a<shape>`), so the run can be revealed and the attachment moved.
    static func segments(of parts: [LayerPart], attachments shapes: [SymbolShape]? = nil) -> [Segment] {
        var out: [Segment] = []
        if !parts.contains(where: { $0.action == .erase }) {
            out = [Segment(suffix: "", parts: parts, positions: Array(parts.indices))]
        } else {
            for (position, part) in parts.enumerated() {
                if part.action == .draw, let last = out.last, !last.erases {
                    out[out.count - 1].parts.append(part)
                    out[out.count - 1].positions.append(position)
                } else {
                    out.append(Segment(suffix: "p\(out.count)", parts: [part], positions: [position], erases: part.action == .erase))
                }
            }
        }
        guard let shapes else { return out }
        func rides(_ p: LayerPart) -> Bool { p.action == .draw && shapes.indices.contains(p.shape) && shapes[p.shape].isAttachment }
        return out.flatMap { segment -> [Segment] in
            guard segment.parts.contains(where: rides), !segment.erases else { return [segment] }
            var run = segment
            run.parts = []
            run.positions = []
            var riding: [Segment] = []
            for (part, position) in zip(segment.parts, segment.positions) {
                if rides(part) {
                    riding.append(Segment(suffix: segment.suffix + "a\(part.shape)", parts: [part], positions: [position], rides: part.shape))
                } else {
                    run.parts.append(part)
                    run.positions.append(position)
                }
            }
            return (run.parts.isEmpty ? [] : [run]) + riding
        }
    }

    static let blurNote = "blur is dropped: common Lottie players and SVG-in-img draw no blur the same way"
    static let drawNote = "Draw effects on layers with attachments, morphs or parts without draw data are shown fully drawn"
    static let morphNote = "a Magic Replace morph whose shapes do not correspond is shown at the new symbol's shapes"
}

extension VectorLayer {
    /// Frames where the layer is not drawn take the transform (and morph) of the nearest frame
    /// where it is, so keyframes do not jump for nothing (they are invisible either way).
    mutating func fillAbsentTransforms() {
        var transforms = frames.map(\.transform)
        VectorLayer.fillAbsent(&transforms, posed: posed)
        for k in frames.indices { frames[k].transform = transforms[k] }
        if !morphs.isEmpty { VectorLayer.fillAbsent(&morphs, posed: posed) }
    }
}

extension VectorLayer {
    /// The frames from the first posed one to the last (empty when none is).
    static func span(_ posed: [Bool]) -> Range<Int> {
        guard let first = posed.firstIndex(of: true), let last = posed.lastIndex(of: true) else { return 0..<0 }
        return first..<(last + 1)
    }

    /// `values` in frames that are not `posed` take the nearest posed frame's.
    static func fillAbsent<T>(_ values: inout [T], posed: [Bool]) {
        guard let first = posed.firstIndex(of: true) else { return }
        var last = values[first]
        for k in values.indices {
            if k < first { values[k] = values[first] } else if posed[k] { last = values[k] } else { values[k] = last }
        }
    }
}

extension LayerPaint {
    func vectorPaint(gradient: Bool, symbolBounds: Rect) -> VectorPaint {
        guard case .linearGradient(let g) = rasterPaint(gradient: gradient, top: symbolBounds.minY, bottom: symbolBounds.maxY) else {
            return .solid(color)
        }
        return .linear(start: g.start, end: g.end, stops: g.stops.map {
            (offset: $0.offset, color: Color(r: $0.red, g: $0.green, b: $0.blue, a: $0.alpha))
        })
    }
}

/// Which vector layer a segment of a picture layer is.
struct LayerKey: Hashable {
    var layer: PictureLayerID
    /// The segment's index in `VectorScene.segments(of:attachments:)`.
    var segment: Int
    /// `s<document>l<layer>`, the segment's suffix, then the repeat: the layer's name in the files.
    func name(suffix: String) -> String {
        let symbol = layer.symbol
        return "s\(symbol.document)l\(layer.layer)" + suffix + (symbol.repeatIndex > 0 ? "r\(symbol.repeatIndex)" : "")
    }
}

/// The vector layers and groups of a scene as its frames are posed: each found by its key once
/// and kept in the order it first appears (bottom to top), with who erases whom by index.
struct SceneTracks {
    struct Group {
        var key: SymbolKey
        var opacities: [Double]
        var posed: [Bool]
    }

    let frameCount: Int
    private(set) var groupIndex: [SymbolKey: Int] = [:]
    var groups: [Group] = []
    private(set) var layerIndex: [LayerKey: Int] = [:]
    var layers: [VectorLayer] = []
    /// For each layer, the layers that erase it, nearest (latest added) first.
    private(set) var erasers: [Int: [Int]] = [:]
    /// For each layer, the erase parts of its own symbol layer that cut it, in order.
    private(set) var cutters: [Int: [Int]] = [:]

    init(frameCount: Int) { self.frameCount = frameCount }

    /// The index of the group of `key`, added the first time.
    mutating func group(_ key: SymbolKey) -> Int {
        if let known = groupIndex[key] { return known }
        groups.append(Group(key: key, opacities: Array(repeating: 0, count: frameCount), posed: Array(repeating: false, count: frameCount)))
        groupIndex[key] = groups.count - 1
        return groups.count - 1
    }

    /// The index of the layer of `key`, made by `make` (in group `group`) the first time.
    mutating func layer(_ key: LayerKey, group: Int, make: () -> VectorLayer) -> Int {
        if let known = layerIndex[key] { return known }
        var layer = make()
        layer.group = group
        layers.append(layer)
        layerIndex[key] = layers.count - 1
        return layers.count - 1
    }

    /// Layer `eraser` erases layer `below` (and, for an erase part, cuts it).
    mutating func erase(_ below: Int, by eraser: Int, cutting: Bool) {
        guard !erasers[below, default: []].contains(eraser) else { return }
        erasers[below, default: []].insert(eraser, at: 0)
        if cutting { cutters[below, default: []].append(eraser) }
    }
}

extension VectorLayer {
    /// The part a Draw effect shows in `frame`, and the track's opacity outside it.
    mutating func setReveal(_ reveal: Path, track: Double, at frame: Int) {
        if reveals.isEmpty {
            reveals = Array(repeating: nil, count: frames.count)
            tracks = Array(repeating: 0, count: frames.count)
        }
        reveals[frame] = reveal
        tracks[frame] = track
    }

    /// The morphed paths of `frame`; false (nothing set) when they do not match the layer's shapes.
    mutating func setMorph(_ paths: [Path], at frame: Int) -> Bool {
        guard paths.count == shapes.count else { return false }
        if morphs.isEmpty { morphs = Array(repeating: nil, count: frames.count) }
        morphs[frame] = paths
        return true
    }
}
