import SymbolGeometry
import SymbolScene

/// Puts a read together: the page, the variant geometry, metrics, layers, annotations.
struct DocumentAssembler {
    let ctx: ReadContext
    let options: ReadOptions

    /// The symbol's geometry, layers and metrics, however the file holds them.
    private struct Glyph {
        var shapes: [SymbolShape]
        var metrics: SymbolMetrics
        var source: VariantSource
        var kind: DocumentKind
        var layers: [LayerMode: [SymbolLayer]]
        var rotateAnchor: Point? = nil
    }

    func assemble() throws(SymbolReadError) -> SymbolDocument {
        let root = ctx.document.root
        let viewBox = root.attribute("viewBox").flatMap { a -> Rect? in
            guard let r = ViewBoxParser.parse(Substring(a.value)) else {
                ctx.warn("bad-attribute", "viewBox '\(a.value)' needs four numbers with a positive width and height; ignored",
                         at: ctx.location(a))
                return nil
            }
            return r
        }
        let width = absoluteLength(root, "width"), height = absoluteLength(root, "height")
        ctx.viewport = viewBox ?? Rect(x: 0, y: 0, width: width ?? 100, height: height ?? 100)

        ctx.fillsOutlines = ctx.looksLikeTemplate()
        var walker = SceneWalker(ctx: ctx)
        let pageRoot = try walker.walkRoot(root, rootTransform: .identity)
        for (name, count) in walker.unsupported.sorted(by: { $0.key < $1.key }) {
            ctx.note("not-drawn", "\(count) <\(name)> element\(count == 1 ? " was" : "s were") not drawn (\(name) is not supported)",
                     at: nil)
        }
        let page = self.page(root, pageRoot, viewBox: viewBox, width: width, height: height)
        let requested = VariantKey(options.weight, options.scale)
        var glyph = self.glyph(walker, requested: requested, box: viewBox ?? page.viewBox)
        try checkDrawable(glyph.shapes, walker, requested: requested)
        glyph.metrics = fallBackToBounds(glyph.metrics, glyph.shapes)
        if let anchor = glyph.rotateAnchor { glyph.layers = anchored(glyph.layers, at: anchor) }

        var producer = ProducerDetector.detect(ctx.document, ids: ctx.ids, hasVariants: !walker.variants.isEmpty,
                                               hasLayerTree: ctx.ids["LayerTree"] != nil,
                                               hasDrawData: glyph.shapes.contains { $0.drawKeyframes != nil })
        if case .sfSymbolsTemplate(nil) = producer {
            let allClasses = Set(glyph.shapes.flatMap(\.classes).compactMap { LayerToken($0)?.mode })
            producer = .sfSymbolsTemplate(version: allClasses.isEmpty ? "1.0" : allClasses == [.multicolor] ? "2.0" : nil)
        }
        var document = SymbolDocument(
            fileName: ctx.file, kind: glyph.kind, producer: producer,
            availableVariants: walker.variants.map(\.key).sorted(), requestedVariant: requested, variantSource: glyph.source,
            metrics: glyph.metrics, shapes: glyph.shapes, layers: glyph.layers, defaults: ctx.properties(ofClass: "defaults"),
            page: page, diagnostics: ctx.diagnostics)
        document.drawReversesMotionGroups = document.defaults[LayerBuilder.drawReversesKey].map(LayerBuilder.flag) ?? false
        document.wiggleStyle = document.defaults[LayerBuilder.wiggleStyleKey].flatMap(WiggleStyle.init(css:))
        switch glyph.source {
        case .single: document.rootToSymbol = .identity
        case .exact(let key): document.rootToSymbol = walker.variants.first { $0.key == key }.flatMap { $0.innerTransform.inverted }
        default: document.rootToSymbol = nil
        }
        return document
    }

    /// The whole file as an ordinary SVG page: one of width and height alone takes the other
    /// from the viewBox's aspect.
    private func page(_ root: XMLElement, _ pageRoot: SceneGroup, viewBox: Rect?, width: Double?, height: Double?) -> SVGPage {
        let content = pageBounds(pageRoot)
        let pageBox = viewBox ?? (width != nil && height != nil ? Rect(x: 0, y: 0, width: width!, height: height!)
                                                               : (content.isNull ? Rect(x: 0, y: 0, width: 100, height: 100) : content))
        let aspect = pageBox.height / max(pageBox.width, 1e-9)
        let pageWidth = width ?? height.map { $0 / max(aspect, 1e-9) } ?? pageBox.width
        let pageHeight = height ?? width.map { $0 * aspect } ?? pageBox.height
        return SVGPage(width: pageWidth, height: pageHeight, viewBox: pageBox, aspectRatio: aspectRatio(root), root: pageRoot)
    }

    /// The requested variant (exact, interpolated or scaled), with its layers from the classes or
    /// the LayerTree; or, without variant groups, everything drawn outside the Notes and Guides.
    private func glyph(_ walker: SceneWalker, requested: VariantKey, box: Rect) -> Glyph {
        let builder = LayerBuilder(ctx: ctx)
        if let g = VariantResolver(ctx: ctx, walker: walker).resolve(requested) {
            let anchor = templateVersion.map { $0 >= 6 } ?? true ? g.rotateAnchor : nil
            if let tree = usableLayerTree(), let r = builder.layerTree(tree, variantShapes: g.shapes) {
                return Glyph(shapes: r.shapes, metrics: g.metrics, source: g.source, kind: .symbol, layers: r.layers,
                             rotateAnchor: anchor)
            }
            var shapes = g.shapes
            var layers = builder.layers(for: shapes)
            if let v = templateVersion, v >= 6 { layers = builder.strokedClearBehind(layers, shapes: &shapes) }
            layers = LayerBuilder.selfCarriedAttachments(layers, shapes: &shapes)
            return Glyph(shapes: shapes, metrics: g.metrics, source: g.source, kind: .symbol, layers: layers, rotateAnchor: anchor)
        }
        let idx = walker.items.indices.filter {
            let item = walker.items[$0]
            return item.symbolShape != nil && (item.section == .content || item.section == .symbols)
        }
        let shapes = idx.map { walker.items[$0].symbolShape!.applying(walker.items[$0].transform) }
        let hasClasses = shapes.contains { $0.classes.contains { LayerToken($0) != nil } }
        let kind: DocumentKind = hasClasses || !walker.guides.isEmpty ? .symbol : .icon
        return Glyph(shapes: shapes, metrics: singleMetrics(shapes: shapes, walker: walker, box: box, kind: kind), source: .single,
                     kind: kind, layers: builder.layers(for: shapes, groups: idx.map { walker.items[$0].topLevel }))
    }

    /// The Notes' `Template v.N` as a number, nil when the file does not say.
    private var templateVersion: Double? {
        ProducerDetector.templateVersion(ctx.ids).flatMap { Double($0.split(separator: ".").prefix(2).joined(separator: ".")) }
    }

    /// `<g id="LayerTree">` when Apple's compiler would read it: templates 5.0 and later (or of
    /// no stated version), a group whose children are all groups; else the paths' classes hold.
    private func usableLayerTree() -> XMLElement? {
        guard let tree = ctx.ids["LayerTree"], tree.name == "g" else { return nil }
        if let v = templateVersion, v < 5 {
            ctx.note("layer-tree-ignored", "the LayerTree is read from template 5.0 on (this is \(v)); the paths' classes are used",
                     at: ctx.location(tree))
            return nil
        }
        if tree.children.contains(where: { !$0.name.contains(":") && $0.name != "g" }) {
            ctx.note("layer-tree-ignored", "a LayerTree child is not a group; the paths' classes are used", at: ctx.location(tree))
            return nil
        }
        return tree
    }

    /// Layers marked to turn (always-rotates, or a clockwise / counter-clockwise wiggle style)
    /// turn about the variant's rotate anchor unless they name their own (`-sfsymbols-rotation-anchor`).
    private func anchored(_ byMode: [LayerMode: [SymbolLayer]], at anchor: Point) -> [LayerMode: [SymbolLayer]] {
        byMode.mapValues { layers in
            layers.map { layer in
                var l = layer
                let turns = l.annotations.alwaysRotates || l.annotations.wiggleStyle?.turns == true
                if turns && l.annotations.rotationAnchor == nil { l.annotations.rotationAnchor = anchor }
                return l
            }
        }
    }

    /// Throws when nothing is left to draw, saying why when shapes were dropped.
    private func checkDrawable(_ shapes: [SymbolShape], _ walker: SceneWalker, requested: VariantKey) throws(SymbolReadError) {
        guard shapes.isEmpty || shapes.allSatisfy({ $0.path.isEmpty }) else { return }
        let root = ctx.document.root
        if walker.items.isEmpty {
            // The first warning is usually the cause.
            let why = ctx.diagnostics.first { $0.severity == .warning }.map { d in
                "; \(d.location.map { "line \($0.line):\($0.column): " } ?? "")\(d.message)"
                    + (ctx.diagnostics.count > 1 ? " (and \(ctx.diagnostics.count - 1) more)" : "")
            } ?? ""
            throw SymbolReadError(.nothingDrawable, file: ctx.file, line: root.line, column: root.column,
                                  "nothing to draw: the file has no visible shapes (path, rect, circle, …); check that it is not empty and its shapes are not all hidden\(why)")
        }
        throw SymbolReadError(.nothingDrawable, file: ctx.file, line: root.line, column: root.column,
                              "nothing to draw in variant \(requested): the symbol's groups hold no visible shapes")
    }

    /// Degenerate guides give way to the shapes' bounds, with a warning.
    private func fallBackToBounds(_ m: SymbolMetrics, _ shapes: [SymbolShape]) -> SymbolMetrics {
        var metrics = m
        let b = shapes.reduce(Rect.null) { $0.union($1.bounds) }
        if metrics.capHeight <= 0 {
            ctx.warn("bad-guides", "baseline and capline coincide; the symbol's bounds are used instead", at: nil)
            metrics.baseline = b.maxY; metrics.capline = b.minY; metrics.verticalOrigin = .bounds
        }
        if metrics.leftMargin == metrics.rightMargin {
            metrics.leftMargin = b.minX; metrics.rightMargin = b.maxX; metrics.marginOrigin = .bounds
        }
        return metrics
    }

    /// The root's `preserveAspectRatio` (`[defer] <align> [meet|slice]`); xMidYMid meet when absent or invalid.
    private func aspectRatio(_ root: XMLElement) -> AspectRatio {
        guard let a = root.attribute("preserveAspectRatio") else { return AspectRatio() }
        var words = a.value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
        if words.first == "defer" { words.removeFirst() }
        let positions: [String: Double] = ["Min": 0, "Mid": 0.5, "Max": 1]
        var result = AspectRatio()
        if let align = words.first {
            if align == "none" {
                result.align = nil
            } else if align.count == 8, align.hasPrefix("x"), let x = positions[String(align.dropFirst().prefix(3))],
                      align.dropFirst(4).hasPrefix("Y"), let y = positions[String(align.suffix(3))] {
                result.align = AspectRatio.Alignment(x: x, y: y)
            } else {
                ctx.warn("bad-attribute", "preserveAspectRatio '\(a.value)' is not an alignment (xMidYMid, none, …); xMidYMid meet used",
                         at: ctx.location(a))
                return AspectRatio()
            }
        }
        if words.count > 1 {
            switch words[1] {
            case "meet": break
            case "slice": result.slice = true
            default: ctx.warn("bad-attribute", "preserveAspectRatio: '\(words[1])' must be meet or slice; meet used", at: ctx.location(a))
            }
        }
        return result
    }

    /// Width or height of the root in user units; nil when absent, a percentage or invalid.
    private func absoluteLength(_ root: XMLElement, _ name: String) -> Double? {
        guard let a = root.attribute(name) else { return nil }
        guard let l = Length.parse(Substring(a.value)) else {
            ctx.warn("bad-attribute", "\(name)='\(a.value)' is not a length; ignored", at: ctx.location(a))
            return nil
        }
        if l.unit == .percent { return nil }
        let v = l.userUnits(reference: 100)
        guard v > 0, v.isFinite, v < 1e7 else {
            ctx.warn("bad-attribute", "\(name)='\(a.value)' must be a positive length; ignored", at: ctx.location(a))
            return nil
        }
        return v
    }

    private func pageBounds(_ g: SceneGroup) -> Rect {
        g.children.reduce(Rect.null) { r, node in
            switch node {
            case .shape(let s): return r.union(s.bounds)
            case .group(let inner): return r.union(pageBounds(inner))
            }
        }
    }

    /// Metrics of a file without variants: guides if present, else the viewBox for icons, else bounds.
    private func singleMetrics(shapes: [SymbolShape], walker: SceneWalker, box: Rect, kind: DocumentKind) -> SymbolMetrics {
        let b = shapes.reduce(Rect.null) { $0.union($1.bounds) }
        var m = SymbolMetrics(baseline: b.maxY, capline: b.minY, leftMargin: b.minX, rightMargin: b.maxX,
                              verticalOrigin: .bounds, marginOrigin: .bounds)
        if kind == .icon {
            m = SymbolMetrics(baseline: box.maxY, capline: box.minY, leftMargin: box.minX, rightMargin: box.maxX,
                              verticalOrigin: .viewBox, marginOrigin: .viewBox)
        }
        for l in ["M", "S", "L"] {
            if let base = walker.guides["Baseline-\(l)"], let cap = walker.guides["Capline-\(l)"] {
                m.baseline = base.bounds.center.y; m.capline = cap.bounds.center.y; m.verticalOrigin = .guides
                break
            }
        }
        let lefts = walker.guides.values.filter { $0.id.hasPrefix("left-margin") }.sorted { $0.id < $1.id }
        let rights = walker.guides.values.filter { $0.id.hasPrefix("right-margin") }.sorted { $0.id < $1.id }
        if let l = lefts.first, let r = rights.first {
            m.leftMargin = l.bounds.center.x; m.rightMargin = r.bounds.center.x; m.marginOrigin = .guides
        }
        return m
    }
}
