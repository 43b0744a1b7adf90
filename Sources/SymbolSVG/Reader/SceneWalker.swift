import SymbolGeometry
import SymbolScene

/// Which part of an SF Symbols file an element sits in.
enum Section: Equatable {
    case content, notes, guides, symbols, layerTree
}

/// A variant group (`Regular-M`, …) found anywhere in the tree.
struct VariantGroup {
    var key: VariantKey
    var element: XMLElement
    /// Maps the group's children (variant space) to root user space.
    var innerTransform: Transform
}

/// One drawn element, with what both the page and the symbol interpretation need.
struct DrawnItem {
    /// In the element's own user space, styled as the file says (for the page).
    var pageShape: SymbolShape
    /// In the element's own user space, styled without `SFSymbolsPreview*` classes, with the
    /// product of ancestor opacities (for symbol layers). nil when it paints nothing.
    var symbolShape: SymbolShape?
    /// Element space → root user space.
    var transform: Transform
    var element: XMLElement
    var variant: Int?
    var section: Section
    /// Index of the root child this element descends from (plain icons: one layer each).
    var topLevel: Int
}

/// A guide line (`Baseline-S`, `left-margin-Regular-S`, …) in root user space.
struct GuideLine {
    var id: String
    var bounds: Rect
}

/// Walks the XML tree once: resolves transforms, `use`, styles and shapes, builds the page tree
/// and collects drawn items, variant groups and guides for the symbol interpretation.
struct SceneWalker {
    let ctx: ReadContext
    var items: [DrawnItem] = []
    var variants: [VariantGroup] = []
    var guides: [String: GuideLine] = [:]
    /// `<variant>-rotate-anchor` nodes (SF Symbols 6): their shapes' bounds in root user space.
    var rotateAnchors: [String: Rect] = [:]
    var unsupported: [String: Int] = [:]

    init(ctx: ReadContext) { self.ctx = ctx }

    static let skipped: Set<String> = [
        "defs", "style", "title", "desc", "metadata", "clipPath", "mask", "marker", "pattern", "linearGradient",
        "radialGradient", "symbol", "filter", "script", "foreignObject", "font", "font-face", "cursor", "view",
        "animate", "animateTransform", "animateMotion", "set",
    ]
    static let notDrawn: Set<String> = ["text", "image", "textPath", "tspan"]

    struct State {
        var transform: Transform
        var style: ComputedStyle
        var symbolStyle: ComputedStyle
        var symbolOpacity: Double
        var section: Section
        var variant: Int?
        var topLevel: Int
        var useChain: [ObjectIdentifier]
        /// Inside a `<variant>-rotate-anchor` node: its shapes mark a point, they are no ink.
        var rotateAnchor: String? = nil
    }

    mutating func walkRoot(_ root: XMLElement, rootTransform: Transform) throws(SymbolReadError) -> SceneGroup {
        let style = ctx.style(of: root, parent: ComputedStyle(), ignoringPreviewClasses: false)
        let symbolStyle = ctx.style(of: root, parent: ComputedStyle(), ignoringPreviewClasses: true)
        var children: [SceneNode] = []
        for (k, child) in root.children.enumerated() {
            let state = State(transform: rootTransform, style: style, symbolStyle: symbolStyle,
                              symbolOpacity: symbolStyle.opacity, section: .content, variant: nil, topLevel: k, useChain: [])
            children += try walk(child, state)
        }
        return SceneGroup(opacity: style.opacity, children: children)
    }

    private mutating func walk(_ el: XMLElement, _ parent: State) throws(SymbolReadError) -> [SceneNode] {
        ctx.elements += 1
        if ctx.elements > ReadContext.maxElements {
            throw SymbolReadError(.tooComplex, file: ctx.file, line: el.line, column: el.column,
                                  "the file draws more than \(ReadContext.maxElements) elements (counting the copies <use> makes); simplify it before use")
        }
        if el.name.contains(":") || SceneWalker.skipped.contains(el.name) { return [] }
        if SceneWalker.notDrawn.contains(el.name) {
            // Templates carry their labels as text in the Notes and Guides: expected, not a loss.
            if parent.section != .notes && parent.section != .guides { unsupported[el.name, default: 0] += 1 }
            return []
        }
        var state = parent
        state.style = ctx.style(of: el, parent: parent.style, ignoringPreviewClasses: false)
        state.symbolStyle = ctx.style(of: el, parent: parent.symbolStyle, ignoringPreviewClasses: true)
        guard state.style.displayed else { return [] }
        state.symbolOpacity *= state.symbolStyle.opacity
        state.transform = ctx.transform(of: el).concatenating(parent.transform)

        let id = el["id"]
        if let id {
            switch id {
            case "Notes": state.section = .notes
            case "Guides": state.section = .guides
            case "Symbols": state.section = .symbols
            case "LayerTree": state.section = .layerTree
            default: if id.hasSuffix(SceneWalker.rotateAnchorSuffix) { state.rotateAnchor = id }
            }
            if state.variant == nil, state.section != .layerTree, let key = VariantKey(id: id), ctx.ids[id] === el {
                if variants.contains(where: { $0.key == key }) {
                    ctx.warn("duplicate-variant", "variant \(key) appears twice; the first one is used", at: ctx.location(el))
                } else {
                    state.variant = variants.count
                    variants.append(VariantGroup(key: key, element: el, innerTransform: state.transform))
                }
            }
        }

        switch el.name {
        case "g", "a", "svg", "switch": return try walkContainer(el, state)
        case "use": return try walkUse(el, state)
        default: return try walkShape(el, state, id: id)
        }
    }

    /// A group-like element: its children, in a group when its opacity is below 1.
    private mutating func walkContainer(_ el: XMLElement, _ parentState: State) throws(SymbolReadError) -> [SceneNode] {
        var state = parentState
        if el.name == "svg" {
            let x = ctx.length(el, "x", axis: .x) ?? 0, y = ctx.length(el, "y", axis: .y) ?? 0
            state.transform = Transform.translation(x, y).concatenating(state.transform)
        }
        var nodes: [SceneNode] = []
        for child in el.children {
            nodes += try walk(child, state)
            if el.name == "switch" && !nodes.isEmpty { break }
        }
        return group(nodes, opacity: state.style.opacity)
    }

    /// `<use>`: the referenced element (or a `<symbol>`'s children) in place, guarding against
    /// cycles and runaway nesting.
    private mutating func walkUse(_ el: XMLElement, _ parentState: State) throws(SymbolReadError) -> [SceneNode] {
        var state = parentState
        guard let target = ctx.referenced(by: el) else {
            ctx.warn("missing-reference", "<use> refers to no element (href must be '#id'); nothing drawn",
                     at: ctx.location(el))
            return []
        }
        let tid = ObjectIdentifier(target)
        if state.useChain.contains(tid) || target === el {
            ctx.warn("use-cycle", "<use> refers to itself through a cycle; nothing drawn", at: ctx.location(el))
            return []
        }
        if state.useChain.count >= ReadContext.maxUseDepth {
            ctx.warn("use-depth", "<use> elements nest deeper than \(ReadContext.maxUseDepth); nothing drawn",
                     at: ctx.location(el))
            return []
        }
        let x = ctx.length(el, "x", axis: .x) ?? 0, y = ctx.length(el, "y", axis: .y) ?? 0
        state.transform = Transform.translation(x, y).concatenating(state.transform)
        state.useChain.append(tid)
        let nodes: [SceneNode]
        if target.name == "symbol" {
            var inner: [SceneNode] = []
            var s2 = state
            s2.style = ctx.style(of: target, parent: state.style, ignoringPreviewClasses: false)
            s2.symbolStyle = ctx.style(of: target, parent: state.symbolStyle, ignoringPreviewClasses: true)
            for child in target.children { inner += try walk(child, s2) }
            nodes = inner
        } else {
            nodes = try walk(target, state)
        }
        return group(nodes, opacity: state.style.opacity)
    }

    /// A shape element: recorded as a drawn item (page and symbol readings) and as a page node.
    private mutating func walkShape(_ el: XMLElement, _ state: State, id: String?) throws(SymbolReadError) -> [SceneNode] {
        guard ReadContext.shapeElements.contains(el.name), let path = ctx.path(of: el) else { return [] }
        if ctx.segments > ReadContext.maxSegments {
            throw SymbolReadError(.tooComplex, file: ctx.file, line: el.line, column: el.column,
                                  "the file has more than \(ReadContext.maxSegments) path segments; simplify it before use")
        }
        let placed = path.applying(state.transform)
        guard placed.isFinite, placed.points.allSatisfy({ abs($0.x) < ReadContext.maxCoordinate && abs($0.y) < ReadContext.maxCoordinate }) else {
            ctx.warn("out-of-range", "<\(el.name)> has coordinates too large to draw once transformed (beyond ±1e9); not drawn",
                     at: ctx.location(el))
            return []
        }
        guard abs(state.transform.determinant) > 1e-300 else {
            ctx.warn("singular-transform", "<\(el.name)> is transformed to nothing (its transform flattens it); not drawn", at: ctx.location(el))
            return []
        }
        if let id, SceneWalker.isGuideID(id) {
            guides[id] = GuideLine(id: id, bounds: path.applying(state.transform).bounds)
        }
        if let anchor = state.rotateAnchor {
            // The anchor is the middle of the node's bounding box (Apple's asset compiler);
            // the mark itself (a small circle) is no part of the glyph.
            rotateAnchors[anchor] = (rotateAnchors[anchor] ?? .null).union(placed.bounds)
            return []
        }
        guard state.style.visible || state.symbolStyle.visible else { return [] }
        let keyframes = ctx.drawKeyframes(of: el)
        let guides = ctx.drawGuides(of: el)
        let pageShape = makeShape(path, style: state.style, opacity: state.style.opacity, element: el, keyframes: keyframes,
                                  guides: guides)
        // Not ink: an element made invisible (a placeholder that sets a template's bounds) is no
        // part of the glyph. A template's outlines are filled whatever their own paint says.
        var symbolShape = state.symbolStyle.visible && state.symbolOpacity > 0
            ? (ctx.fillsOutlines
                ? outlineShape(path, style: state.symbolStyle, opacity: state.symbolOpacity, element: el, keyframes: keyframes,
                               guides: guides)
                : makeShape(path, style: state.symbolStyle, opacity: state.symbolOpacity, element: el, keyframes: keyframes,
                            guides: guides))
            : nil
        if el.name == "path" { symbolShape?.bareMoves = ReadContext.loneMoves(in: el["d"] ?? "") }
        if let pageShape {
            items.append(DrawnItem(pageShape: pageShape, symbolShape: symbolShape, transform: state.transform,
                                   element: el, variant: state.variant, section: state.section, topLevel: state.topLevel))
        } else if let symbolShape {
            var hidden = symbolShape
            hidden.fill = nil; hidden.stroke = nil
            items.append(DrawnItem(pageShape: hidden, symbolShape: symbolShape, transform: state.transform,
                                   element: el, variant: state.variant, section: state.section, topLevel: state.topLevel))
        }
        guard state.style.visible, let pageShape, pageShape.fill != nil || pageShape.stroke != nil else { return [] }
        return [.shape(pageShape.applying(state.transform))]
    }

    private func group(_ nodes: [SceneNode], opacity: Double) -> [SceneNode] {
        if nodes.isEmpty { return [] }
        return opacity < 1 ? [.group(SceneGroup(opacity: opacity, children: nodes))] : nodes
    }

    static let rotateAnchorSuffix = "-rotate-anchor"

    static func isGuideID(_ id: String) -> Bool {
        id.hasPrefix("Baseline-") || id.hasPrefix("Capline-") || id.hasPrefix("left-margin") || id.hasPrefix("right-margin")
    }

    /// A template outline in element space: filled with its inherited fill rule, never stroked
    /// (SF Symbols glyphs are outlines; producers write `fill="none"`, wireframe strokes or
    /// stroked groups onto them for their own previews). Its own solid fill colour is kept for
    /// multicolor layers that name a custom colour.
    private func outlineShape(_ path: Path, style: ComputedStyle, opacity: Double, element el: XMLElement,
                              keyframes: DrawKeyframes?, guides: DrawGuides?) -> SymbolShape {
        var paint = Paint.solid(.black)
        if case .color(let c) = style.fill { paint = .solid(c) }
        var shape = SymbolShape(path: path, fill: Fill(paint: paint, rule: style.fillRule, opacity: 1), stroke: nil, opacity: opacity,
                                id: el["id"], classes: ReadContext.classTokens(el), drawKeyframes: keyframes, drawGuides: guides,
                                location: ctx.location(el))
        shape.ownStroke = SceneWalker.ownStroke(el)
        return shape
    }

    /// The element's own `stroke-width` (above 0, in user units), `stroke-linecap` and
    /// `stroke-linejoin`, from its attributes and inline style (the style wins), as Apple's
    /// renderer reads them from the node's own attributes: a missing cap is round, a missing join
    /// miter. Class rules and inherited values do not count.
    static func ownStroke(_ el: XMLElement) -> StrokeStyle? {
        let values = ownStrokeValues(el)
        guard let raw = values["stroke-width"], let length = Length.parse(Substring(raw)), length.unit != .percent else { return nil }
        let width = length.userUnits(reference: 0)
        guard width > 0, width.isFinite else { return nil }
        var style = capAndJoin(values)
        style.width = width
        return style
    }

    /// The element's own `stroke-linecap` and `stroke-linejoin` as Apple's renderer reads them
    /// (missing: round cap, miter join), in a style of width 1.
    static func ownCapAndJoin(_ el: XMLElement) -> StrokeStyle { capAndJoin(ownStrokeValues(el)) }

    private static func capAndJoin(_ values: [String: String]) -> StrokeStyle {
        let cap = values["stroke-linecap"].flatMap { LineCap(rawValue: String($0.trimmingSpaces)) } ?? .round
        let join = values["stroke-linejoin"].flatMap { LineJoin(rawValue: String($0.trimmingSpaces)) } ?? .miter
        return StrokeStyle(width: 1, cap: cap, join: join)
    }

    private static func ownStrokeValues(_ el: XMLElement) -> [String: String] {
        let names = ["stroke-width", "stroke-linecap", "stroke-linejoin"]
        var values: [String: String] = [:]
        for name in names { values[name] = el[name] }
        if let style = el["style"] {
            for d in CSSParser.parseDeclarations(Substring(style)).declarations where names.contains(d.name) {
                values[d.name] = d.value
            }
        }
        return values
    }

    /// A shape in element space with resolved paints; nil when it paints nothing at all.
    private func makeShape(_ path: Path, style: ComputedStyle, opacity: Double, element el: XMLElement,
                           keyframes: DrawKeyframes?, guides: DrawGuides?) -> SymbolShape? {
        let bbox = path.bounds
        var fill: Fill?
        if let p = ctx.paint(style.fill, style: style, bbox: bbox, element: el) {
            fill = Fill(paint: p, rule: style.fillRule, opacity: style.fillOpacity)
        }
        var stroke: Stroke?
        let diag = ctx.viewportDiagonal
        let width = style.strokeWidth.userUnits(reference: diag)
        if width > ReadContext.maxStrokeWidth(diag) {
            ctx.warn("out-of-range", "stroke-width \(width) is absurd for a drawing this size (limit \(ReadContext.maxStrokeWidth(diag))); the stroke is not drawn",
                     at: ctx.location(el))
        } else if width > 0, width.isFinite, let p = ctx.paint(style.stroke, style: style, bbox: bbox, element: el) {
            let s = StrokeStyle(width: width, cap: style.lineCap, join: style.lineJoin, miterLimit: style.miterLimit,
                                dashes: style.dashArray, dashOffset: style.dashOffset.userUnits(reference: diag))
            stroke = Stroke(paint: p, style: s, opacity: style.strokeOpacity)
        }
        if fill == nil && stroke == nil { return nil }
        return SymbolShape(path: path, fill: fill, stroke: stroke, opacity: opacity, id: el["id"],
                           classes: ReadContext.classTokens(el),
                           drawKeyframes: keyframes, drawGuides: guides,
                           location: ctx.location(el))
    }
}
