import SymbolGeometry
import SymbolScene
import SymbolRaster

/// The colour and opacity a rendering mode gives a layer (rules in docs/effects.md).
struct LayerPaint {
    var color: Color
    var opacity: Double
    /// What the colour is, as a vector clip's slot names it (docs/vector.md): `primary`,
    /// `secondary` or `tertiary` in the hierarchical and palette modes, the system colour's name,
    /// `accent` or the custom name in multicolor, `primary` otherwise.
    var slot = "primary"

    static func resolve(_ layer: SymbolLayer, settings: RenderSettings, documentHasMulticolor: Bool) -> LayerPaint {
        let colors = settings.colors
        let primary = colors[0]
        let paint: LayerPaint
        switch (settings.mode, layer.role) {
        case (.hierarchical, .hierarchical(let level)):
            paint = LayerPaint(color: primary, opacity: level.opacity, slot: level.rawValue)
        case (.palette, .hierarchical(let level)):
            // With fewer colours than levels the last one repeats.
            let index = min(HierarchyLevel.allCases.firstIndex(of: level)!, colors.count - 1)
            paint = LayerPaint(color: colors[index], opacity: 1, slot: level.rawValue)
        case (.multicolor, .multicolor(let m)) where documentHasMulticolor:
            switch m {
            case .system(let s): paint = LayerPaint(color: s.color, opacity: 1, slot: s.rawValue)
            case .element(let e): paint = LayerPaint(color: e.color.color, opacity: e.color.alpha, slot: LayerPaint.slotName(e.rawValue))
            case .tint: paint = LayerPaint(color: settings.accentColor, opacity: 1, slot: "accent")
            case .custom(let name, let c): paint = LayerPaint(color: c ?? primary, opacity: 1, slot: LayerPaint.slotName(name))
            }
        default:
            paint = LayerPaint(color: primary, opacity: 1)
        }
        return paint
    }

    /// A custom colour name as a slot id and CSS custom property name: lowercase letters, digits
    /// and hyphens (anything else becomes a hyphen), never empty.
    static func slotName(_ name: String) -> String {
        var out = ""
        for ch in name.lowercased().unicodeScalars {
            let ok = ("a"..."z").contains(ch) || ("0"..."9").contains(ch)
            if ok { out.unicodeScalars.append(ch) } else if !out.hasSuffix("-") && !out.isEmpty { out += "-" }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "custom" : out
    }

    /// The raster paint: flat, or SF Symbols 7's gradient (top = the colour mixed 25 % toward
    /// white, or toward black when it is already very light; bottom = the colour) over the
    /// symbol's height `top…bottom` in symbol space (the path's own space, so it moves with it).
    func rasterPaint(gradient: Bool, top: Double, bottom: Double) -> RasterPaint {
        guard gradient, bottom > top else { return .solid(color.premultiplied) }
        let luminance = 0.2126 * color.r + 0.7152 * color.g + 0.0722 * color.b
        let light = luminance > 0.85 ? color.mixed(with: .black, 0.25) : color.mixed(with: .white, 0.25)
        return .linearGradient(RasterPaint.LinearGradient(
            start: Point(0, top), end: Point(0, bottom),
            stops: [RasterPaint.Stop(light, offset: 0), RasterPaint.Stop(color, offset: 1)],
            spread: .pad))
    }
}

extension Color {
    var premultiplied: PremultipliedColor { PremultipliedColor(red: r, green: g, blue: b, alpha: a) }
}

extension RasterPaint.Stop {
    init(_ c: Color, offset: Double) { self.init(offset: offset, red: c.r, green: c.g, blue: c.b, alpha: c.a) }
}

extension RasterPaint {
    /// A scene paint (the file's own, used in document mode); its gradient transform maps
    /// gradient space to the shape's user space, as the raster paint expects.
    init(_ paint: Paint) {
        func spread(_ s: SpreadMethod) -> RasterPaint.Spread {
            switch s { case .pad: return .pad; case .reflect: return .reflect; case .repeat: return .repeat }
        }
        switch paint {
        case .solid(let c):
            self = .solid(c.premultiplied)
        case .linear(let g):
            self = .linearGradient(RasterPaint.LinearGradient(
                start: g.start, end: g.end, stops: g.stops.map { RasterPaint.Stop($0.color, offset: $0.offset) },
                spread: spread(g.spread), transform: g.transform))
        case .radial(let g):
            self = .radialGradient(RasterPaint.RadialGradient(
                center: g.center, radius: g.radius, focus: g.focus, focalRadius: g.focalRadius,
                stops: g.stops.map { RasterPaint.Stop($0.color, offset: $0.offset) },
                spread: spread(g.spread), transform: g.transform))
        }
    }
}

/// The path and transform to stroke with: the stroke's own space when it has one (skews and
/// non-uniform scales), else the path as it is; and the map from the path's space into the
/// stroke's, which a gradient paint takes too. nil when that space cannot be inverted.
func strokeSpace(_ path: Path, _ stroke: Stroke, _ toDevice: Transform) -> (path: Path, toDevice: Transform, inverse: Transform)? {
    if stroke.transform.isIdentity { return (path, toDevice, .identity) }
    guard let inverse = stroke.transform.inverted else { return nil }
    return (path.applying(inverse), stroke.transform.concatenating(toDevice), inverse)
}

extension RasterPaint {
    /// This paint with its gradient space mapped by `t` as well (solid colours are unchanged).
    func mapped(by t: Transform) -> RasterPaint {
        if t.isIdentity { return self }
        switch self {
        case .solid: return self
        case .linearGradient(var g): g.transform = g.transform.concatenating(t); return .linearGradient(g)
        case .radialGradient(var g): g.transform = g.transform.concatenating(t); return .radialGradient(g)
        }
    }
}
