import SymbolGeometry
import SymbolScene

/// The "LayerTree" form of newer exports: each variant holds one wireframe path, and
/// `<g id="LayerTree">` lists the layers. Each child of LayerTree is a layer whose classes are
/// its mode tokens and whose `-sfsymbols-indices` pick subpaths (0-based, in `M` order, counted
/// across the variant's paths); `shapeGroupLayer-N` children split a layer into pieces with
/// `-sfsymbols-fill-action: draw | erase`.
extension LayerBuilder {
    struct Result {
        var shapes: [SymbolShape]
        var layers: [LayerMode: [SymbolLayer]]
    }

    func layerTree(_ tree: XMLElement, variantShapes: [SymbolShape]) -> Result? {
        var subpaths: [(path: Path, shape: Int)] = []
        for (k, s) in variantShapes.enumerated() {
            for sub in s.path.subpaths { subpaths.append((sub, k)) }
        }
        var shapes: [SymbolShape] = []
        var shapeForIndices: [[Int]: Int] = [:]

        func properties(of el: XMLElement) -> [String: String] {
            var props: [String: String] = [:]
            for token in ReadContext.classTokens(el) {
                props.merge(ctx.properties(ofClass: token)) { $1 }
            }
            if let s = el["style"] {
                for d in CSSParser.parseDeclarations(Substring(s)).declarations { props[d.name] = d.value }
            }
            return props
        }
        func parts(_ el: XMLElement, action: LayerPart.Action) -> [LayerPart] {
            guard let raw = properties(of: el)["-sfsymbols-indices"] else { return [] }
            guard let list = SVGNumber.parseList(Substring(raw)) else {
                ctx.warn("bad-annotation", "-sfsymbols-indices '\(raw)' is not a list of numbers", at: ctx.location(el))
                return []
            }
            var picked: [Int] = []
            for v in list {
                guard v == v.rounded(), v >= 0, v < Double(subpaths.count) else {
                    ctx.warn("bad-annotation", "-sfsymbols-indices: \(v) is not a subpath of the variant (it has \(subpaths.count))",
                             at: ctx.location(el))
                    continue
                }
                if !picked.contains(Int(v)) { picked.append(Int(v)) }
            }
            guard let first = picked.first else { return [] }
            // The picked subpaths make one path, filled as one (CoreUI concatenates them), so
            // an inner contour wound the other way is a hole, as in the variant's own path.
            if shapeForIndices[picked] == nil {
                var s = variantShapes[subpaths[first].shape]
                s.path = Path(subpaths: picked.map { subpaths[$0].path })
                shapeForIndices[picked] = shapes.count
                shapes.append(s)
            }
            return [LayerPart(shape: shapeForIndices[picked]!, action: action)]
        }

        var byMode: [LayerMode: [SymbolLayer]] = [:]
        for child in tree.children where !child.name.contains(":") {
            let pieces = child.children.filter { ReadContext.classTokens($0).contains { $0.hasPrefix("shapeGroupLayer") } }
            var layerParts: [LayerPart] = []
            if pieces.isEmpty {
                layerParts = parts(child, action: .draw)
            } else {
                for p in pieces {
                    let actionText = properties(of: p)["-sfsymbols-fill-action"]?.trimmingSpaces ?? "draw"
                    let parsed = LayerPart.Action(rawValue: String(actionText))
                    if parsed == nil {
                        ctx.warn("bad-annotation", "-sfsymbols-fill-action must be draw or erase, not '\(actionText)'",
                                 at: ctx.location(p))
                    }
                    layerParts += parts(p, action: parsed ?? .draw)
                }
            }
            guard !layerParts.isEmpty else { continue }
            let extra = (child["style"].map { CSSParser.parseDeclarations(Substring($0)).declarations } ?? [])
                .reduce(into: [String: String]()) { $0[$1.name] = $1.value }
            for token in ReadContext.classTokens(child).compactMap(LayerToken.init) {
                let probe = SymbolShape(path: Path(), classes: [token.text], location: ctx.location(child))
                let role = self.role(token, shape: probe)
                byMode[token.mode, default: []].append(
                    SymbolLayer(index: token.index, name: token.text, role: role, parts: layerParts,
                                annotations: annotations(ofClass: token.text, extra: extra)))
            }
        }
        guard !byMode.isEmpty else { return nil }
        // Layers keep the LayerTree's child order: CoreUI paints a LayerTree's layers in the order
        // of its children, not by index (docs/rendering.md).
        if byMode[.monochrome] == nil {
            if let source = byMode[.hierarchical] {
                byMode[.monochrome] = LayerBuilder.monochrome(from: source)
            } else {
                // Multicolor only: the glyph is one layer, erase pieces still cutting it.
                let parts = byMode[.multicolor]!.flatMap(\.parts)
                byMode[.monochrome] = [SymbolLayer(index: 0, name: "monochrome-0", role: .monochrome, parts: parts)]
            }
        }
        return Result(shapes: shapes, layers: byMode)
    }
}
