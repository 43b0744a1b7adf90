import SymbolGeometry
import SymbolScene

/// The order in which a set of layers moves: each member layer's group ordinal (0 first), and
/// the number of groups.
struct Wave: Sendable {
    let ordinal: [Int?]
    let count: Int
}

/// Facts about one document in one mode that every frame needs, computed once.
struct DocumentContext: Sendable {
    let layerCount: Int
    /// byLayer anchors: an annotation's rotation anchor, else the centre of the layer's bounds.
    let anchors: [Point]
    /// wholeSymbol anchor: the guide box's centre.
    let symbolAnchor: Point
    /// Guide box size (document bounds when the guides are degenerate).
    let width: Double
    let height: Double
    let all: Wave
    /// Motion groups (layer indices), in wave order.
    let groups: [[Int]]
    /// Layers marked always-pulses, or all layers when none is.
    let pulse: Wave
    let pulseLayers: [Bool]
    /// Layers marked always-rotates; nil when none is (the whole symbol rotates).
    let rotate: Wave?
    /// Each layer's marked way of turning: −1 when `-sfsymbols-rotates-clockwise` is false, else +1.
    let turnSigns: [Double]
    /// The first always-rotates layer's way (+1 when none is marked).
    let firstTurnSign: Double
    /// Each layer's `-sfsymbols-wiggle-style`, as written.
    let wiggleStyles: [WiggleStyle?]
    /// The symbol's wiggle style: the `.defaults` rule's, else the first layer's that has one.
    /// Layers without their own take it.
    let symbolWiggleStyle: WiggleStyle?
    /// Variable Color's order: variable layers by threshold, or all layers in z-order when none.
    let variableOrder: [Int]
    /// Variable Color's layers form a closed loop (the last one's centre as near the first's as
    /// neighbours are, as spokes around a circle): its repeated sweeps run on without a rest.
    let variableLoopIsClosed: Bool
    /// Layers with a variable threshold.
    let thresholds: [(layer: Int, threshold: Double)]
    /// Layers with a Variable Draw range.
    let variableDraw: [(layer: Int, start: Double, span: Double)]
    /// `-sfsymbols-draw-reverses-motion-groups`: Draw Off runs the groups last to first.
    let drawReversesGroups: Bool
    /// Each layer's draw axis (nil without draw data): a Draw On past its end stretches along it.
    let drawAxes: [DrawAxis?]

    init(_ doc: SymbolDocument, mode: LayerMode) {
        let layers = doc.layers(for: mode)
        layerCount = layers.count
        var box = doc.guideBox
        if box.isNull || box.width <= 0 || box.height <= 0 { box = doc.bounds }
        if box.isNull || box.width <= 0 || box.height <= 0 { box = Rect(x: 0, y: 0, width: 1, height: 1) }
        symbolAnchor = box.center
        width = box.width
        height = box.height
        anchors = layers.map { layer in
            if let a = layer.annotations.rotationAnchor { return a }
            let b = layer.parts.reduce(Rect.null) { r, part in
                part.shape < doc.shapes.count ? r.union(doc.shapes[part.shape].bounds) : r
            }
            return b.isNull ? box.center : b.center
        }
        let groups = DocumentContext.motionGroups(layers)
        self.groups = groups
        all = DocumentContext.wave(groups, members: Array(repeating: true, count: layers.count))
        let pulsing = layers.map(\.annotations.alwaysPulses)
        pulseLayers = pulsing.contains(true) ? pulsing : Array(repeating: true, count: layers.count)
        pulse = DocumentContext.wave(groups, members: pulseLayers)
        let rotating = layers.map(\.annotations.alwaysRotates)
        rotate = rotating.contains(true) ? DocumentContext.wave(groups, members: rotating) : nil
        let signs: [Double] = layers.map { $0.annotations.rotatesClockwise == false ? -1 : 1 }
        turnSigns = signs
        firstTurnSign = rotating.firstIndex(of: true).map { signs[$0] } ?? 1
        wiggleStyles = layers.map(\.annotations.wiggleStyle)
        symbolWiggleStyle = doc.wiggleStyle ?? wiggleStyles.lazy.compactMap { $0 }.first
        thresholds = layers.enumerated().compactMap { i, l in l.annotations.variableThreshold.map { (i, $0) } }
        variableDraw = layers.enumerated().compactMap { i, l in l.annotations.variableDraw.map { (i, $0.start, $0.span) } }
        drawReversesGroups = doc.drawReversesMotionGroups || layers.contains { $0.annotations.drawReversesMotionGroups }
        drawAxes = layers.map { DrawAxis($0, doc) }
        variableOrder = thresholds.isEmpty
            ? Array(layers.indices)
            : thresholds.enumerated().sorted { ($0.element.threshold, $0.offset) < ($1.element.threshold, $1.offset) }.map(\.element.layer)
        let centres = variableOrder.map { i in
            layers[i].parts.reduce(Rect.null) { r, part in part.shape < doc.shapes.count ? r.union(doc.shapes[part.shape].bounds) : r }
        }.filter { !$0.isNull }.map(\.center)
        variableLoopIsClosed = DocumentContext.isClosedLoop(centres)
    }

    /// At least three points, the last as near the first as the largest step between neighbours
    /// (within 1.5×): the order runs round a loop.
    static func isClosedLoop(_ c: [Point]) -> Bool {
        guard c.count >= 3 else { return false }
        let steps = zip(c, c.dropFirst()).map { $0.distance(to: $1) }
        guard let widest = steps.max(), widest > 0 else { return false }
        return c.last!.distance(to: c.first!) <= 1.5 * widest
    }

    /// Layers grouped by `-sfsymbols-motion-group` (ascending); layers without one are each their
    /// own group, after the numbered ones, in z-order. Without motion data: one group per layer.
    static func motionGroups(_ layers: [SymbolLayer]) -> [[Int]] {
        var numbered: [Int: [Int]] = [:]
        var loose: [[Int]] = []
        for (i, l) in layers.enumerated() {
            if let g = l.annotations.motionGroup { numbered[g, default: []].append(i) } else { loose.append([i]) }
        }
        return numbered.keys.sorted().map { numbered[$0]! } + loose
    }

    static func wave(_ groups: [[Int]], members: [Bool]) -> Wave {
        var ordinal = [Int?](repeating: nil, count: members.count)
        var n = 0
        for g in groups {
            let inside = g.filter { members[$0] }
            guard !inside.isEmpty else { continue }
            for i in inside { ordinal[i] = n }
            n += 1
        }
        return Wave(ordinal: ordinal, count: n)
    }
}

/// What effects do to one layer (or the whole symbol) at one moment. Several compose: scales
/// multiply, translations and rotations add, opacities multiply, blurs add.
struct Contribution: Sendable {
    var scale = 1.0
    /// Degrees clockwise.
    var rotation = 0.0
    /// Symbol units.
    var translation = Point.zero
    var opacity = 1.0
    var blur = 0.0
    /// The part of the draw path shown (nil: all of it). Several intersect. An upper bound past
    /// 1 is a draw overshooting its end: the layer is stretched along its draw axis by it.
    var draw: ClosedRange<Double>?

    static let identity = Contribution()

    mutating func add(_ c: Contribution) {
        scale *= c.scale
        rotation += c.rotation
        translation = translation + c.translation
        opacity *= c.opacity
        blur += c.blur
        if let d = c.draw {
            if let mine = draw {
                let lo = max(mine.lowerBound, d.lowerBound)
                draw = lo...max(lo, min(mine.upperBound, d.upperBound))
            } else {
                draw = d
            }
        }
    }

    /// Partway back to identity: w = 1 keeps it, w = 0 removes it.
    func weighted(_ w: Double) -> Contribution {
        if w >= 1 { return self }
        return Contribution(scale: 1 + (scale - 1) * w, rotation: rotation * w, translation: translation * w,
                            opacity: 1 + (opacity - 1) * w, blur: blur * w, draw: draw)
    }

    /// Reduce Motion: opacity (and drawing) only.
    var motionless: Contribution { Contribution(opacity: opacity, draw: draw) }

    /// A layer's transform: scale about the symbol's anchor (byLayer layers grow and shrink
    /// about a common centre, as measured on Apple's byLayer bounce: their centres move
    /// apart), rotation about the layer's own anchor (a fan's blades about their hub), then
    /// the translation.
    func transform(scaleAbout s: Point, rotateAbout r: Point) -> Transform {
        if scale == 1, rotation == 0, translation == .zero { return .identity }
        var t = Transform.identity
        var pivot = r
        if scale != 1 {
            t = Transform.translation(-s.x, -s.y).concatenating(.scale(scale)).concatenating(.translation(s.x, s.y))
            pivot = t.apply(r)
        }
        if rotation != 0 {
            t = t.concatenating(.translation(-pivot.x, -pivot.y)).concatenating(.rotation(degrees: rotation))
                .concatenating(.translation(pivot.x, pivot.y))
        }
        return t.concatenating(.translation(translation.x, translation.y))
    }

    /// Scale and rotation about `anchor`, then the translation.
    func transform(about anchor: Point) -> Transform {
        if scale == 1, rotation == 0, translation == .zero { return .identity }
        var t = Transform.translation(-anchor.x, -anchor.y)
        if scale != 1 { t = t.concatenating(.scale(scale)) }
        if rotation != 0 { t = t.concatenating(.rotation(degrees: rotation)) }
        return t.concatenating(.translation(anchor.x + translation.x, anchor.y + translation.y))
    }
}
