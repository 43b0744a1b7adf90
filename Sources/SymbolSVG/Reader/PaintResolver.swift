import SymbolGeometry
import SymbolScene

/// `fill`/`stroke` values to resolved `Paint`s: colours, `currentColor`, and gradients with
/// their `href` chains, units and transforms folded into one gradient→user transform.
extension ReadContext {
    /// The paint for a value, in the element's user space. `bbox` is the element's geometry
    /// bounds (for objectBoundingBox units). nil means "paint nothing".
    func paint(_ value: PaintValue, style: ComputedStyle, bbox: Rect, element: XMLElement) -> Paint? {
        switch value {
        case .none: return nil
        case .color(let c): return .solid(c)
        case .currentColor: return .solid(style.color)
        case .url(let id, let fallback):
            if let target = ids[id], target.name == "linearGradient" || target.name == "radialGradient" {
                return gradient(target, bbox: bbox)
            }
            switch fallback {
            case .color(let c)?: return .solid(c)
            case .currentColor?: return .solid(style.color)
            case .none?: return nil
            case nil:
                if ids[id] == nil {
                    warn("missing-reference", "paint url(#\(id)) refers to no element; nothing painted", at: location(element))
                } else {
                    note("unsupported-paint", "paint url(#\(id)) is not a gradient (patterns are not supported); nothing painted",
                         at: location(element))
                }
                return nil
            }
        }
    }

    /// An attribute of a gradient, looked up along its `href` chain.
    private func gradientAttribute(_ el: XMLElement, _ name: String) -> XMLAttribute? {
        var current: XMLElement? = el
        var seen: Set<ObjectIdentifier> = []
        while let g = current, seen.insert(ObjectIdentifier(g)).inserted {
            if let a = g.attribute(name) { return a }
            current = referenced(by: g)
            if let c = current, c.name != "linearGradient" && c.name != "radialGradient" { return nil }
        }
        return nil
    }

    /// The `<stop>`s of the first gradient in the chain that has any.
    private func gradientStops(_ el: XMLElement) -> [GradientStop] {
        var current: XMLElement? = el
        var seen: Set<ObjectIdentifier> = []
        while let g = current, seen.insert(ObjectIdentifier(g)).inserted {
            let stops = g.children.filter { $0.name == "stop" }
            if !stops.isEmpty {
                var out: [GradientStop] = []
                var last = 0.0
                for s in stops {
                    var offset = 0.0
                    if let a = s.attribute("offset") {
                        let v = a.value.trimmingSpaces
                        if v.hasSuffix("%"), let n = SVGNumber.parse(v.dropLast()) { offset = n / 100 }
                        else if let n = SVGNumber.parse(v) { offset = n }
                        else { warn("bad-attribute", "stop offset '\(a.value)' is not a number", at: location(a)) }
                    }
                    offset = max(last, min(max(offset, 0), 1))
                    last = offset
                    let st = style(of: s, parent: ComputedStyle(), ignoringPreviewClasses: false)
                    out.append(GradientStop(offset: offset, color: st.stopColor.withOpacity(st.stopOpacity)))
                }
                return out
            }
            current = referenced(by: g)
        }
        return []
    }

    private func gradient(_ el: XMLElement, bbox: Rect) -> Paint? {
        let stops = gradientStops(el)
        if stops.isEmpty {
            warn("empty-gradient", "<\(el.name)\(el["id"].map { " id=\"\($0)\"" } ?? "")> has no <stop> (along its href chain); nothing painted",
                 at: location(el))
            return nil
        }
        if stops.count == 1 { return .solid(stops[0].color) }
        let objectBox = gradientAttribute(el, "gradientUnits")?.value.trimmingSpaces != "userSpaceOnUse"
        if objectBox && (bbox.isNull || bbox.width <= 0 || bbox.height <= 0) { return nil }

        var transform = Transform.identity
        if let owner = gradientOwner(el, "gradientTransform") {
            transform = self.transform(of: owner, attribute: "gradientTransform")
        }
        if objectBox {
            transform = transform.concatenating(Transform(a: bbox.width, b: 0, c: 0, d: bbox.height, tx: bbox.minX, ty: bbox.minY))
        }
        let spread: SpreadMethod
        switch gradientAttribute(el, "spreadMethod")?.value.trimmingSpaces {
        case "reflect": spread = .reflect
        case "repeat": spread = .repeat
        default: spread = .pad
        }

        // Coordinates: fractions of the box in objectBoundingBox units, else lengths in user space.
        func coordinate(_ name: String, _ axis: Axis, _ fallback: Double) -> Double {
            guard let a = gradientAttribute(el, name) else { return fallback }
            guard let l = Length.parse(Substring(a.value)) else {
                warn("bad-attribute", "\(name)='\(a.value)' is not a length", at: location(a))
                return fallback
            }
            if objectBox { return l.unit == .percent ? l.value / 100 : l.value }
            let ref: Double = axis == .x ? viewport.width : axis == .y ? viewport.height
                : viewportDiagonal
            return l.userUnits(reference: ref)
        }
        if el.name == "linearGradient" {
            let start = Point(coordinate("x1", .x, 0), coordinate("y1", .y, 0))
            let endX = objectBox ? 1.0 : viewport.width
            let end = Point(coordinate("x2", .x, endX), coordinate("y2", .y, 0))
            return .linear(LinearGradient(start: start, end: end, stops: stops, spread: spread, transform: transform))
        }
        let cx = coordinate("cx", .x, objectBox ? 0.5 : viewport.width / 2)
        let cy = coordinate("cy", .y, objectBox ? 0.5 : viewport.height / 2)
        let r = coordinate("r", .other, objectBox ? 0.5 : 0.5 * viewportDiagonal)
        let fx = coordinate("fx", .x, cx)
        let fy = coordinate("fy", .y, cy)
        let fr = coordinate("fr", .other, 0)
        guard r > 0 else { return .solid(stops.last!.color) }
        return .radial(RadialGradient(center: Point(cx, cy), radius: r, focus: Point(fx, fy), focalRadius: max(0, fr),
                                      stops: stops, spread: spread, transform: transform))
    }

    /// The gradient in the chain that carries `name` (to parse its attribute with positions).
    private func gradientOwner(_ el: XMLElement, _ name: String) -> XMLElement? {
        var current: XMLElement? = el
        var seen: Set<ObjectIdentifier> = []
        while let g = current, seen.insert(ObjectIdentifier(g)).inserted {
            if g.attribute(name) != nil { return g }
            current = referenced(by: g)
        }
        return nil
    }
}
