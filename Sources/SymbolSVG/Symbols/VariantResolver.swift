import SymbolGeometry
import SymbolScene

/// Chooses the geometry for a requested weight × scale from the variant groups a file has:
/// the exact variant, an interpolation between two masters of the scale (when their paths are
/// compatible), or another scale scaled by the standard factors; and the metrics that go with it.
struct VariantResolver {
    let ctx: ReadContext
    let walker: SceneWalker

    /// Shapes of the item indices, in symbol space, with the item indices they came from.
    struct Geometry {
        var shapes: [SymbolShape]
        var items: [Int]
        var metrics: SymbolMetrics
        var source: VariantSource
        /// The variant's `<variant>-rotate-anchor` point (interpolated and scaled as the paths are).
        var rotateAnchor: Point?
    }

    // MARK: One variant

    func itemIndices(ofVariant v: Int) -> [Int] {
        walker.items.indices.filter { walker.items[$0].variant == v && walker.items[$0].symbolShape != nil }
    }

    /// Root user space → variant space.
    func inverse(_ v: Int) -> Transform {
        guard let inv = walker.variants[v].innerTransform.inverted else {
            ctx.warn("bad-transform", "variant \(walker.variants[v].key) has a singular transform; drawn untransformed",
                     at: ctx.location(walker.variants[v].element))
            return .identity
        }
        return inv
    }

    func shapes(ofVariant v: Int) -> (shapes: [SymbolShape], items: [Int]) {
        let inv = inverse(v)
        let idx = itemIndices(ofVariant: v)
        let shapes = idx.map { i -> SymbolShape in
            let item = walker.items[i]
            var shape = item.symbolShape!.applying(item.transform.concatenating(inv))
            // Apple's Draw attachments: anchors are in root space, so they map by `inv` alone.
            if shape.drawGuides == nil,
               let found = ctx.appleDrawAttachment(of: item.element, variant: walker.variants[v].key, shapeCount: idx.count) {
                shape.drawGuides = found.applying(inv)
            }
            return shape
        }
        return (shapes, idx)
    }

    /// A guide's centre in variant space.
    private func guideCenter(_ id: String, in v: Int) -> Point? {
        guard let g = walker.guides[id] else { return nil }
        return inverse(v).apply(g.bounds.center)
    }

    /// Baseline and capline for variant `v`: its scale's guides, else any row's, else nil.
    private func verticalGuides(_ v: Int) -> (baseline: Double, capline: Double)? {
        let letter = walker.variants[v].key.scale.letter
        if let b = guideCenter("Baseline-\(letter)", in: v), let c = guideCenter("Capline-\(letter)", in: v) {
            return (b.y, c.y)
        }
        // Another row's guides give the cap height; place it on the variant's own origin row.
        for l in ["M", "S", "L"] {
            if let b = walker.guides["Baseline-\(l)"], let c = walker.guides["Capline-\(l)"] {
                let capHeight = abs(b.bounds.center.y - c.bounds.center.y) / max(1e-9, walker.variants[v].innerTransform.meanScale)
                return (0, -capHeight)
            }
        }
        return nil
    }

    private func margins(_ key: VariantKey, in v: Int) -> (left: Double, right: Double)? {
        guard let l = guideCenter("left-margin-\(key)", in: v), let r = guideCenter("right-margin-\(key)", in: v) else {
            return nil
        }
        return (l.x, r.x)
    }

    private func index(of key: VariantKey) -> Int? { walker.variants.firstIndex { $0.key == key } }

    // MARK: Resolution

    func resolve(_ requested: VariantKey) -> Geometry? {
        guard !walker.variants.isEmpty else { return nil }
        let scales = Set(walker.variants.map(\.key.scale))
        if scales.contains(requested.scale) {
            return resolve(weight: requested.weight, scale: requested.scale)
        }
        // Derive the missing scale from the nearest one that exists (medium first).
        let order: [SymbolScale] = [.medium, .small, .large].sorted {
            abs($0.factor - requested.scale.factor) < abs($1.factor - requested.scale.factor)
        }
        guard let from = order.first(where: scales.contains), var g = resolve(weight: requested.weight, scale: from) else {
            return nil
        }
        let factor = requested.scale.factor / from.factor
        let m = g.metrics
        let center = Point((m.leftMargin + m.rightMargin) / 2, (m.baseline + m.capline) / 2)
        let t = Transform.scale(factor, factor, about: center)
        g.shapes = g.shapes.map { $0.applying(t) }
        g.metrics.leftMargin = t.apply(Point(m.leftMargin, 0)).x
        g.metrics.rightMargin = t.apply(Point(m.rightMargin, 0)).x
        g.rotateAnchor = g.rotateAnchor.map(t.apply)
        let fromKey: VariantKey
        switch g.source {
        case .exact(let k), .nearest(let k): fromKey = k
        case .interpolated(let lower, _, _): fromKey = VariantKey(requested.weight, lower.scale)
        default: fromKey = VariantKey(requested.weight, from)
        }
        g.source = .scaled(from: fromKey, factor: factor)
        return g
    }

    private func resolve(weight: SymbolWeight, scale: SymbolScale) -> Geometry? {
        let requested = VariantKey(weight, scale)
        if let v = index(of: requested) {
            return geometry(ofVariant: v, source: .exact(requested), requested: requested)
        }
        let masters = walker.variants.indices.filter { walker.variants[$0].key.scale == scale }
            .sorted { walker.variants[$0].key.weight < walker.variants[$1].key.weight }
        let pos = weight.axisPosition
        let lower = masters.last { walker.variants[$0].key.weight.axisPosition < pos }
        let upper = masters.first { walker.variants[$0].key.weight.axisPosition > pos }
        if let lo = lower, let up = upper {
            let a = shapes(ofVariant: lo), b = shapes(ofVariant: up)
            let (ka, kb) = (walker.variants[lo].key, walker.variants[up].key)
            let t = Double(pos - ka.weight.axisPosition) / Double(kb.weight.axisPosition - ka.weight.axisPosition)
            if let mixed = VariantResolver.interpolate(a.shapes, b.shapes, t) {
                var g = geometry(ofVariant: lo, source: .interpolated(lower: ka, upper: kb, t: t), requested: requested,
                                 shapes: (mixed, a.items))
                if let pa = rotateAnchor(ofVariant: lo), let pb = rotateAnchor(ofVariant: up) {
                    g.rotateAnchor = Point(pa.x + (pb.x - pa.x) * t, pa.y + (pb.y - pa.y) * t)
                }
                if let ma = margins(ka, in: lo), let mb = margins(kb, in: up) {
                    g.metrics.leftMargin = ma.left + (mb.left - ma.left) * t
                    g.metrics.rightMargin = ma.right + (mb.right - ma.right) * t
                    g.metrics.marginOrigin = .interpolated
                }
                return g
            }
            ctx.warn("incompatible-masters",
                     "\(ka) and \(kb) have different path structures, so \(requested) cannot be interpolated; using the nearest weight",
                     at: ctx.location(walker.variants[lo].element))
        }
        let nearest = masters.min {
            abs(walker.variants[$0].key.weight.axisPosition - pos) < abs(walker.variants[$1].key.weight.axisPosition - pos)
        }
        guard let n = nearest else { return nil }
        return geometry(ofVariant: n, source: .nearest(walker.variants[n].key), requested: requested)
    }

    private func geometry(ofVariant v: Int, source: VariantSource, requested: VariantKey,
                          shapes given: (shapes: [SymbolShape], items: [Int])? = nil) -> Geometry {
        let own = given ?? shapes(ofVariant: v)
        let bounds = own.shapes.reduce(Rect.null) { $0.union($1.bounds) }
        var metrics = SymbolMetrics(baseline: bounds.isNull ? 0 : bounds.maxY, capline: bounds.isNull ? 0 : bounds.minY,
                                    leftMargin: bounds.isNull ? 0 : bounds.minX, rightMargin: bounds.isNull ? 0 : bounds.maxX,
                                    verticalOrigin: .bounds, marginOrigin: .bounds)
        if let g = verticalGuides(v) {
            metrics.baseline = g.baseline; metrics.capline = g.capline; metrics.verticalOrigin = .guides
        }
        let key = walker.variants[v].key
        if let m = margins(key, in: v) {
            metrics.leftMargin = m.left; metrics.rightMargin = m.right; metrics.marginOrigin = .guides
        } else {
            for (fallback, origin) in [(VariantKey.regularMedium, SymbolMetrics.Origin.regularMedium),
                                       (VariantKey(.regular, .small), .regularSmall)] {
                if let fv = index(of: fallback), let m = margins(fallback, in: fv) {
                    metrics.leftMargin = m.left; metrics.rightMargin = m.right; metrics.marginOrigin = origin
                    break
                }
            }
        }
        return Geometry(shapes: own.shapes, items: own.items, metrics: metrics, source: source,
                        rotateAnchor: rotateAnchor(ofVariant: v))
    }

    /// The middle of variant `v`'s `<variant>-rotate-anchor` node, in variant space.
    private func rotateAnchor(ofVariant v: Int) -> Point? {
        guard let box = walker.rotateAnchors["\(walker.variants[v].key)\(SceneWalker.rotateAnchorSuffix)"], !box.isNull else {
            return nil
        }
        return inverse(v).apply(box.center)
    }

    /// Point-wise interpolation of two masters; nil unless every path is compatible.
    static func interpolate(_ a: [SymbolShape], _ b: [SymbolShape], _ t: Double) -> [SymbolShape]? {
        guard a.count == b.count, !a.isEmpty else { return nil }
        var out: [SymbolShape] = []
        out.reserveCapacity(a.count)
        for (sa, sb) in zip(a, b) {
            guard let p = sa.path.interpolated(to: sb.path, t) else { return nil }
            var s = sa
            s.path = p
            if let ga = sa.drawGuides, let gb = sb.drawGuides { s.drawGuides = ga.interpolated(to: gb, t) }
            if var st = s.stroke, let wb = sb.stroke?.style.width {
                st.style.width += (wb - st.style.width) * t
                s.stroke = st
            }
            // Apple interpolates a layer's stroke width between its masters as it does the paths.
            if let wa = sa.ownStroke?.width, let wb = sb.ownStroke?.width { s.ownStroke?.width = wa + (wb - wa) * t }
            out.append(s)
        }
        return out
    }
}
