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
        var pieces = LayerTreePieces(variantShapes: variantShapes)
        var byMode: [LayerMode: [SymbolLayer]] = [:]
        for child in layerNodes(tree) {
            let layerParts = parts(ofLayer: child, &pieces)
            guard !layerParts.isEmpty else { continue }
            let extra = (child["style"].map { CSSParser.parseDeclarations(Substring($0)).declarations } ?? [])
                .reduce(into: [String: String]()) { $0[$1.name] = $1.value }
            // Only a node without children is one shape layer, as Apple builds it
            // (docs/rendering.md rule 12).
            let simple = !child.children.contains { !$0.name.contains(":") }
            for token in ReadContext.classTokens(child).compactMap(LayerToken.init) {
                let probe = SymbolShape(path: Path(), classes: [token.text], location: ctx.location(child))
                var a = annotations(ofClass: token.text, extra: extra)
                var modeParts = layerParts
                if a.clearBehind, simple, let own = ctx.bandStroke(SceneWalker.ownStroke(child), at: ctx.location(child)) {
                    // A clear-behind layer node with its own stroke width (no version gate)
                    // draws a band round its pieces (docs/rendering.md rule 12).
                    a.clearBehindStroke = own.width
                    modeParts = layerParts.map { p in
                        p.action == .draw ? LayerPart(shape: pieces.band(of: p.shape, own), action: .draw) : p
                    }
                }
                byMode[token.mode, default: []].append(
                    SymbolLayer(index: token.index, name: token.text, role: role(token, shape: probe), parts: modeParts,
                                annotations: a))
            }
        }
        guard !byMode.isEmpty else { return nil }
        // Layers keep the LayerTree's child order: Apple paints a LayerTree's layers in the order
        // of its children, not by index (docs/rendering.md).
        if byMode[.monochrome] == nil {
            // No monochrome layers: the glyph is one layer of every piece the other modes draw,
            // filled as one path, erase pieces still cutting it (docs/rendering.md, rule 6).
            var seen = Set<LayerPart>()
            let parts = (byMode[.hierarchical] ?? byMode[.multicolor]!).flatMap(\.parts).filter { seen.insert($0).inserted }
            byMode[.monochrome] = [LayerBuilder.wholeGlyph(parts)]
        }
        return Result(shapes: pieces.shapes, layers: byMode)
    }

    /// The layer nodes in paint order: the LayerTree's children, looking through groups that
    /// name no layer (`group-N` and anonymous wrappers, as Apple's compiler does).
    private func layerNodes(_ el: XMLElement) -> [XMLElement] {
        el.children.filter { !$0.name.contains(":") }.flatMap { child -> [XMLElement] in
            let named = ReadContext.classTokens(child).contains { LayerToken($0) != nil }
            return named || child.children.isEmpty ? [child] : layerNodes(child)
        }
    }

    /// A LayerTree child's parts: its own indices, or its `shapeGroupLayer-N` pieces in order,
    /// each drawing or erasing (a piece with pieces of its own stands for them, erasing all of
    /// them when it erases).
    private func parts(ofLayer child: XMLElement, inherited: LayerPart.Action? = nil, _ pieces: inout LayerTreePieces) -> [LayerPart] {
        let groups = child.children.filter { ReadContext.classTokens($0).contains { $0.hasPrefix("shapeGroupLayer") } }
        if groups.isEmpty { return part(child, action: inherited ?? .draw, &pieces) }
        var out: [LayerPart] = []
        for g in groups {
            let actionText = properties(of: g)["-sfsymbols-fill-action"]?.trimmingSpaces.lowercased() ?? "draw"
            let parsed = LayerPart.Action(rawValue: String(actionText))
            if parsed == nil {
                ctx.warn("bad-annotation", "-sfsymbols-fill-action must be draw or erase, not '\(actionText)'", at: ctx.location(g))
            }
            let action = inherited == .erase ? .erase : parsed ?? .draw
            var groupParts = parts(ofLayer: g, inherited: action, &pieces)
            if action == .erase, let own = ctx.bandStroke(SceneWalker.ownStroke(g), at: ctx.location(g)),
               !g.children.contains(where: { ReadContext.classTokens($0).contains { $0.hasPrefix("shapeGroupLayer") } }) {
                // An erasing piece with its own stroke width erases a band round its subpaths, with
                // the cap and join of the element that holds it (docs/rendering.md rule 12).
                var style = SceneWalker.ownCapAndJoin(child)
                style.width = own.width
                groupParts = groupParts.map { LayerPart(shape: pieces.band(of: $0.shape, style), action: $0.action) }
            }
            out += groupParts
        }
        return out
    }

    /// The element's `-sfsymbols-indices` as one part (none when it names no subpath).
    private func part(_ el: XMLElement, action: LayerPart.Action, _ pieces: inout LayerTreePieces) -> [LayerPart] {
        guard let raw = properties(of: el)["-sfsymbols-indices"] else { return [] }
        guard let list = SVGNumber.parseList(Substring(raw)) else {
            ctx.warn("bad-annotation", "-sfsymbols-indices '\(raw)' is not a list of numbers", at: ctx.location(el))
            return []
        }
        var picked: [Int] = []
        for v in list {
            guard v == v.rounded(), v >= 0, v < Double(pieces.subpaths.count) else {
                ctx.warn("bad-annotation", "-sfsymbols-indices: \(v) is not a subpath of the variant (it has \(pieces.subpaths.count))",
                         at: ctx.location(el))
                continue
            }
            if !picked.contains(Int(v)) { picked.append(Int(v)) }
        }
        return pieces.shape(for: picked).map { [LayerPart(shape: $0, action: action)] } ?? []
    }

    /// Class rules of every token, then the element's `style`.
    private func properties(of el: XMLElement) -> [String: String] {
        var props: [String: String] = [:]
        for token in ReadContext.classTokens(el) { props.merge(ctx.properties(ofClass: token)) { $1 } }
        if let s = el["style"] {
            for d in CSSParser.parseDeclarations(Substring(s)).declarations { props[d.name] = d.value }
        }
        return props
    }
}

/// The variant's subpaths (counted across its paths, in order) and the shapes made from them.
struct LayerTreePieces {
    let variantShapes: [SymbolShape]
    let subpaths: [(path: Path, shape: Int)]
    private(set) var shapes: [SymbolShape] = []
    private var shapeForIndices: [[Int]: Int] = [:]

    init(variantShapes: [SymbolShape]) {
        self.variantShapes = variantShapes
        // Counted as the file counts them: a move that draws nothing is a subpath too (empty here).
        subpaths = variantShapes.enumerated().flatMap { k, s in
            var kept = s.path.subpaths.map { ($0, k) }
            for bare in s.bareMoves.sorted() where bare <= kept.count { kept.insert((Path(), k), at: bare) }
            return kept
        }
    }

    /// The band copy of piece shape `index` for a clear-behind or erasing piece with a stroke
    /// width (`BandCopies`).
    mutating func band(of index: Int, _ style: StrokeStyle) -> Int { bands.band(of: index, style, in: &shapes) }

    private var bands = BandCopies()

    /// The shape of these subpaths as one path, filled as one (Apple joins them), so an
    /// inner contour wound the other way is a hole, as in the variant's own path.
    mutating func shape(for picked: [Int]) -> Int? {
        guard let first = picked.first else { return nil }
        if let s = shapeForIndices[picked] { return s }
        var s = variantShapes[subpaths[first].shape]
        s.path = Path(subpaths: picked.map { subpaths[$0].path })
        shapeForIndices[picked] = shapes.count
        shapes.append(s)
        return shapes.count - 1
    }
}
