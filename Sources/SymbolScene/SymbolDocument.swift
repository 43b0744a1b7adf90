import SymbolGeometry

/// What produced a file, as far as the reader can tell.
package enum Producer: Hashable, Sendable, CustomStringConvertible {
    /// An SF Symbols template (Export Template), with its version if the Notes say it.
    case sfSymbolsTemplate(version: String?)
    /// An SF Symbols annotated export (Export Symbol) or an Xcode `.symbolset` file.
    case sfSymbolsExport(version: String?)
    /// Another tool's output (Sketch, Inkscape, Illustrator, Affinity, Pixelmator, SVGO, SwiftDraw…).
    case tool(String)
    case unknown

    package var description: String {
        switch self {
        case .sfSymbolsTemplate(let v): return "SF Symbols template" + (v.map { " \($0)" } ?? "")
        case .sfSymbolsExport(let v): return "SF Symbols export" + (v.map { " \($0)" } ?? "")
        case .tool(let t): return t
        case .unknown: return "unknown"
        }
    }
}

/// Whether a file is a symbol with variants and guides or a plain icon.
package enum DocumentKind: String, Hashable, Sendable {
    case symbol, icon
}

/// A group in the page tree (document mode): opacity applies to the group as a whole.
package struct SceneGroup: Hashable, Sendable {
    package var opacity: Double
    package var children: [SceneNode]
    package init(opacity: Double = 1, children: [SceneNode] = []) { self.opacity = opacity; self.children = children }
}

/// A node of the page tree.
package indirect enum SceneNode: Hashable, Sendable {
    case shape(SymbolShape)
    case group(SceneGroup)
}

/// The root's `preserveAspectRatio`: how the viewBox fits a viewport of another shape.
package struct AspectRatio: Hashable, Sendable {
    /// Where the viewBox sits on each axis: 0 = min, 0.5 = mid, 1 = max.
    package struct Alignment: Hashable, Sendable {
        package var x: Double
        package var y: Double
        package init(x: Double, y: Double) { self.x = x; self.y = y }
    }
    /// nil for `none` (each axis stretched to fill).
    package var align: Alignment?
    /// `slice` (cover the viewport, overflow clipped) rather than `meet` (fit inside it).
    package var slice: Bool
    package init(align: Alignment? = Alignment(x: 0.5, y: 0.5), slice: Bool = false) { self.align = align; self.slice = slice }

    /// viewBox → viewport (`0 0 width height`), as SVG's viewBox rules say.
    package func transform(viewBox box: Rect, width: Double, height: Double) -> Transform {
        let sx = width / box.width, sy = height / box.height
        guard let align else {
            return Transform.translation(-box.minX, -box.minY).concatenating(.scale(sx, sy))
        }
        let s = slice ? max(sx, sy) : min(sx, sy)
        let tx = (width - box.width * s) * align.x, ty = (height - box.height * s) * align.y
        return Transform.translation(-box.minX, -box.minY).concatenating(.scale(s)).concatenating(.translation(tx, ty))
    }
}

/// The whole SVG as an ordinary document: root size, viewBox and every visible element, with
/// geometry in the root's user space (before the viewBox mapping).
package struct SVGPage: Hashable, Sendable {
    /// The viewport: the root's width and height (the viewBox's when they are absent).
    package var width: Double
    package var height: Double
    package var viewBox: Rect
    package var aspectRatio: AspectRatio
    package var root: SceneGroup
    package init(width: Double, height: Double, viewBox: Rect, aspectRatio: AspectRatio = AspectRatio(), root: SceneGroup) {
        self.width = width; self.height = height; self.viewBox = viewBox; self.aspectRatio = aspectRatio; self.root = root
    }
}

/// A normalized symbol: everything later stages need, and no SVG syntax.
///
/// Guarantees (the reader establishes them, and only the package can change a document, so
/// nothing downstream re-checks):
/// - `shapes` hold absolute paths in symbol space (the chosen variant's own coordinates,
///   variant and ancestor transforms applied), finite coordinates, resolved paints;
/// - every layer part indexes `shapes`; layers of a mode are in z-order, bottom first;
/// - `metrics` are in the same space as `shapes`;
/// - `layers[.monochrome]` always exists (a file without classes gets one layer per shape).
package struct SymbolDocument: Sendable {
    package var fileName: String
    package var kind: DocumentKind
    package var producer: Producer
    /// Variants present in the file, sorted.
    package var availableVariants: [VariantKey]
    /// The variant that was asked for and how it was made.
    package var requestedVariant: VariantKey
    package var variantSource: VariantSource
    package var metrics: SymbolMetrics
    package var shapes: [SymbolShape]
    /// Layer lists per mode. Modes the file does not describe are absent.
    package var layers: [LayerMode: [SymbolLayer]]
    /// Properties of the `.defaults` rule, as written (for `inspect`).
    package var defaults: [String: String]
    /// The `.defaults` rule's `-sfsymbols-draw-reverses-motion-groups`, read by the reader (a
    /// layer's own is in its annotations).
    package var drawReversesMotionGroups = false
    /// The `.defaults` rule's `-sfsymbols-wiggle-style` (a layer's own is in its annotations).
    package var wiggleStyle: WiggleStyle?
    /// The file as an ordinary SVG (document mode).
    package var page: SVGPage
    package var diagnostics: [Diagnostic]
    /// Root user space → symbol space, when the shapes are the file's own geometry as drawn
    /// (the exact variant, or a file without variants); nil when they were interpolated or
    /// scaled. (Lets an independent renderer draw the file's elements where ours drew them.)
    package var rootToSymbol: Transform?

    package init(fileName: String, kind: DocumentKind, producer: Producer, availableVariants: [VariantKey],
                requestedVariant: VariantKey, variantSource: VariantSource, metrics: SymbolMetrics,
                shapes: [SymbolShape], layers: [LayerMode: [SymbolLayer]], defaults: [String: String],
                page: SVGPage, diagnostics: [Diagnostic]) {
        self.fileName = fileName; self.kind = kind; self.producer = producer
        self.availableVariants = availableVariants; self.requestedVariant = requestedVariant
        self.variantSource = variantSource; self.metrics = metrics; self.shapes = shapes; self.layers = layers
        self.defaults = defaults; self.page = page; self.diagnostics = diagnostics
    }

    /// The layers to use for `mode`, falling back to monochrome when the file lacks that mode.
    package func layers(for mode: LayerMode) -> [SymbolLayer] {
        layers[mode] ?? layers[.monochrome] ?? []
    }

    /// The guide box: margins horizontally, capline to baseline vertically.
    package var guideBox: Rect {
        Rect(minX: min(metrics.leftMargin, metrics.rightMargin), minY: min(metrics.capline, metrics.baseline),
             maxX: max(metrics.leftMargin, metrics.rightMargin), maxY: max(metrics.capline, metrics.baseline))
    }

    /// Bounds of all shapes.
    package var bounds: Rect { shapes.reduce(Rect.null) { $0.union($1.bounds) } }

    /// Bounds of everything the symbol draws at rest in any mode: the shapes its layers draw
    /// (erase pieces and shapes no layer uses are not ink).
    package var inkBounds: Rect {
        var used = Set<Int>()
        for list in layers.values { for layer in list { for part in layer.parts where part.action == .draw { used.insert(part.shape) } } }
        return used.reduce(Rect.null) { shapes.indices.contains($1) ? $0.union(shapes[$1].bounds) : $0 }
    }
}

extension SymbolDocument {
    /// A document that draws nothing, `size` units square: what a clip that is not one symbol
    /// (a scene, docs/scenes.md) carries where a symbol clip has its symbol, so that its timeline
    /// and plan exist and pose nothing.
    package static func blank(named name: String, size: Double = 100) -> SymbolDocument {
        let box = Rect(x: 0, y: 0, width: size, height: size)
        return SymbolDocument(
            fileName: name, kind: .icon, producer: .unknown, availableVariants: [], requestedVariant: .regularMedium,
            variantSource: .exact(.regularMedium),
            metrics: SymbolMetrics(baseline: size, capline: 0, leftMargin: 0, rightMargin: size, verticalOrigin: .viewBox, marginOrigin: .viewBox),
            shapes: [], layers: [.monochrome: []], defaults: [:],
            page: SVGPage(width: size, height: size, viewBox: box, root: SceneGroup()), diagnostics: [])
    }
}
