/// A symbol weight, in SF Symbols order.
package enum SymbolWeight: String, Hashable, Sendable, CaseIterable, Comparable, Codable {
    case ultralight, thin, light, regular, medium, semibold, bold, heavy, black

    /// Position on the weight axis (ultralight 0 … black 8), used to interpolate masters.
    package var axisPosition: Int { SymbolWeight.allCases.firstIndex(of: self)! }
    /// The name used in variant ids: `Ultralight`, `Regular`, …
    package var templateName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    package init?(templateName: String) { self.init(rawValue: templateName.lowercased()) }
    package static func < (a: SymbolWeight, b: SymbolWeight) -> Bool { a.axisPosition < b.axisPosition }
}

/// A symbol scale.
package enum SymbolScale: String, Hashable, Sendable, CaseIterable, Comparable, Codable {
    case small, medium, large

    /// `S`, `M`, `L` as in variant ids.
    package var letter: String { switch self { case .small: "S"; case .medium: "M"; case .large: "L" } }
    /// Size relative to medium, used when a template lacks a scale: S 0.783, M 1.0, L 1.29.
    package var factor: Double { switch self { case .small: 0.783; case .medium: 1.0; case .large: 1.29 } }

    package init?(letter: String) {
        switch letter { case "S": self = .small; case "M": self = .medium; case "L": self = .large; default: return nil }
    }
    package static func < (a: SymbolScale, b: SymbolScale) -> Bool {
        SymbolScale.allCases.firstIndex(of: a)! < SymbolScale.allCases.firstIndex(of: b)!
    }
}

/// A weight × scale variant, named as in templates: `Regular-M`.
package struct VariantKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    package var weight: SymbolWeight
    package var scale: SymbolScale
    package init(_ weight: SymbolWeight, _ scale: SymbolScale) { self.weight = weight; self.scale = scale }

    /// Parses `Regular-M`, `Black-S`, … (exact template spelling, case-insensitive weight).
    package init?(id: String) {
        let parts = id.split(separator: "-")
        guard parts.count == 2, let w = SymbolWeight(templateName: String(parts[0])),
              let s = SymbolScale(letter: String(parts[1])) else { return nil }
        self.init(w, s)
    }

    package var description: String { "\(weight.templateName)-\(scale.letter)" }
    package static func < (a: VariantKey, b: VariantKey) -> Bool {
        (a.scale, a.weight.axisPosition) < (b.scale, b.weight.axisPosition)
    }
    package static let regularMedium = VariantKey(.regular, .medium)
}

/// How the geometry of the requested variant was obtained.
package enum VariantSource: Hashable, Sendable, CustomStringConvertible {
    /// The file has this variant.
    case exact(VariantKey)
    /// Interpolated between two masters of the same scale (`t` from `lower` to `upper`).
    case interpolated(lower: VariantKey, upper: VariantKey, t: Double)
    /// Derived from another scale by the standard scale factors.
    case scaled(from: VariantKey, factor: Double)
    /// Weight interpolation was impossible (incompatible paths); the nearest weight was used.
    case nearest(VariantKey)
    /// No variant groups: the file is a single drawing (plain icon or single-variant export).
    case single

    package var description: String {
        switch self {
        case .exact(let k): return "exact \(k)"
        case .interpolated(let a, let b, let t): return "interpolated \(a)…\(b) at \(String(format2: t))"
        case .scaled(let k, let f): return "scaled from \(k) × \(String(format2: f))"
        case .nearest(let k): return "nearest \(k)"
        case .single: return "single drawing"
        }
    }
}

extension String {
    init(format2 v: Double) {
        let r = (v * 1000).rounded() / 1000
        self = r == r.rounded() ? String(Int(r)) : String(r)
    }
}

/// Guide lines of the symbol, in symbol space (y grows downward, as in SVG).
package struct SymbolMetrics: Hashable, Sendable {
    /// Where each value came from, for `inspect`.
    package enum Origin: String, Hashable, Sendable {
        case guides, interpolated, regularMedium, regularSmall, bounds, viewBox
    }
    package var baseline: Double
    package var capline: Double
    package var leftMargin: Double
    package var rightMargin: Double
    package var verticalOrigin: Origin
    package var marginOrigin: Origin

    package init(baseline: Double, capline: Double, leftMargin: Double, rightMargin: Double,
                verticalOrigin: Origin, marginOrigin: Origin) {
        self.baseline = baseline; self.capline = capline; self.leftMargin = leftMargin; self.rightMargin = rightMargin
        self.verticalOrigin = verticalOrigin; self.marginOrigin = marginOrigin
    }

    /// Cap height (baseline − capline), positive.
    package var capHeight: Double { abs(baseline - capline) }
}
