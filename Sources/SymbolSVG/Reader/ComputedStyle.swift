import SymbolGeometry
import SymbolScene

/// The presentation properties the reader understands, after the cascade and inheritance.
///
/// Order of the cascade (lowest first): inherited values, presentation attributes, sheet rules by
/// specificity and order, `style=""`, then `!important` sheet rules and `!important` in
/// `style=""`. An invalid value is dropped with a diagnostic and the lower layer stays.
struct ComputedStyle {
    // Inherited.
    var fill: PaintValue = .color(.black)
    var fillOpacity = 1.0
    var fillRule = FillRule.nonZero
    var stroke: PaintValue = .none
    var strokeOpacity = 1.0
    var strokeWidth = Length(1)
    var lineCap = LineCap.butt
    var lineJoin = LineJoin.miter
    var miterLimit = 4.0
    var dashArray: [Double] = []
    var dashOffset = Length(0)
    var color = Color.black
    var visible = true
    // Not inherited.
    var opacity = 1.0
    var displayed = true
    var stopColor = Color.black
    var stopOpacity = 1.0

    /// The inherited part of this style, as a child starts from it.
    var inheritedForChild: ComputedStyle {
        var c = self
        c.opacity = 1
        c.displayed = true
        c.stopColor = .black
        c.stopOpacity = 1
        return c
    }

    static let propertyNames: Set<String> = [
        "fill", "fill-opacity", "fill-rule", "stroke", "stroke-opacity", "stroke-width", "stroke-linecap",
        "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "color",
        "visibility", "opacity", "display", "stop-color", "stop-opacity",
    ]

    /// Applies one declaration; returns a problem sentence when the value is invalid.
    mutating func apply(_ name: String, _ raw: String, parent: ComputedStyle) -> String? {
        let v = Substring(raw.trimmingSpaces)
        if v == "inherit" {
            switch name {
            case "fill": fill = parent.fill
            case "fill-opacity": fillOpacity = parent.fillOpacity
            case "fill-rule": fillRule = parent.fillRule
            case "stroke": stroke = parent.stroke
            case "stroke-opacity": strokeOpacity = parent.strokeOpacity
            case "stroke-width": strokeWidth = parent.strokeWidth
            case "stroke-linecap": lineCap = parent.lineCap
            case "stroke-linejoin": lineJoin = parent.lineJoin
            case "stroke-miterlimit": miterLimit = parent.miterLimit
            case "stroke-dasharray": dashArray = parent.dashArray
            case "stroke-dashoffset": dashOffset = parent.dashOffset
            case "color": color = parent.color
            case "visibility": visible = parent.visible
            case "opacity": opacity = parent.opacity
            case "display": displayed = parent.displayed
            case "stop-color": stopColor = parent.stopColor
            case "stop-opacity": stopOpacity = parent.stopOpacity
            default: break
            }
            return nil
        }
        switch name {
        case "fill", "stroke":
            guard let p = PaintValue.parse(v) else { return "'\(v)' is not a colour, 'none' or url(#id)" }
            if name == "fill" { fill = p } else { stroke = p }
        case "fill-opacity", "stroke-opacity", "opacity", "stop-opacity":
            guard let o = ComputedStyle.opacityValue(v) else { return "'\(v)' is not an opacity (a number 0…1 or a percentage)" }
            switch name {
            case "fill-opacity": fillOpacity = o
            case "stroke-opacity": strokeOpacity = o
            case "opacity": opacity = o
            default: stopOpacity = o
            }
        case "fill-rule":
            guard let r = FillRule(rawValue: String(v)) else { return "fill-rule must be 'nonzero' or 'evenodd', not '\(v)'" }
            fillRule = r
        case "stroke-width":
            guard let l = Length.parse(v), l.value >= 0 else { return "'\(v)' is not a non-negative length" }
            strokeWidth = l
        case "stroke-linecap":
            guard let c = LineCap(rawValue: String(v)) else { return "stroke-linecap must be butt, round or square, not '\(v)'" }
            lineCap = c
        case "stroke-linejoin":
            switch v {
            case "miter", "miter-clip", "arcs": lineJoin = .miter
            case "round": lineJoin = .round
            case "bevel": lineJoin = .bevel
            default: return "stroke-linejoin must be miter, round or bevel, not '\(v)'"
            }
        case "stroke-miterlimit":
            guard let m = SVGNumber.parse(v), m >= 1 else { return "stroke-miterlimit must be a number ≥ 1, not '\(v)'" }
            miterLimit = m
        case "stroke-dasharray":
            guard let d = DashArrayParser.parse(v) else { return "'\(v)' is not a dash list (non-negative lengths or 'none')" }
            dashArray = d
        case "stroke-dashoffset":
            guard let l = Length.parse(v) else { return "'\(v)' is not a length" }
            dashOffset = l
        case "color":
            guard let c = ColorParser.parse(v) else { return "'\(v)' is not a colour" }
            color = c
        case "visibility":
            visible = !(v == "hidden" || v == "collapse")
        case "display":
            displayed = v != "none"
        case "stop-color":
            if v == "currentColor" { stopColor = color; return nil }
            guard let c = ColorParser.parse(v) else { return "'\(v)' is not a colour" }
            stopColor = c
        default:
            break
        }
        return nil
    }

    private static func opacityValue(_ v: Substring) -> Double? {
        if v.hasSuffix("%"), let n = SVGNumber.parse(v.dropLast()) { return min(max(n / 100, 0), 1) }
        guard let n = SVGNumber.parse(v) else { return nil }
        return min(max(n, 0), 1)
    }
}

extension String {
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }) else { return "" }
        let end = lastIndex(where: { !isSpace($0) })!
        return self[start...end]
    }
}
