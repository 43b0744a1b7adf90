import SymbolGeometry
import SymbolScene

/// Where a symbol sits on the canvas.
///
/// The guide box (margins horizontally, baseline to capline vertically) sets the size: the
/// cap-height box takes the requested share of the canvas height (or the requested point
/// size), centred. The symbol's ink may reach past its guides (a badge beside the glyph, a
/// flourish above the capline); placement never cuts it: when the ink does not fit the canvas
/// (less a margin of 2 % of its shorter side), the symbol is first moved just enough, and if
/// that is not enough, made smaller. Only ink counts: the margins are side bearings, empty
/// space that may fall off a narrow canvas. (docs/rendering.md, rule 8.)
package enum SymbolPlacement {
    /// The placement and how much the symbol had to shrink to keep its ink on the canvas
    /// (1 = drawn at the requested size).
    package struct Fit: Sendable, Equatable {
        /// Symbol space → canvas pixels.
        package var transform: Transform
        package var shrink: Double
    }

    /// Symbol space → canvas pixels.
    package static func transform(for document: SymbolDocument, width: Int, height: Int, size: SymbolSize) -> Transform {
        fit(for: document, width: width, height: height, size: size).transform
    }

    package static func fit(for document: SymbolDocument, width: Int, height: Int, size: SymbolSize) -> Fit {
        let box = document.guideBox
        var scale = self.scale(for: document, height: height, size: size)
        let w = Double(width), h = Double(height)
        var center = Point(w / 2, h / 2)
        let union = document.inkBounds
        var shrink = 1.0
        if !union.isNull, union.width.isFinite, union.height.isFinite {
            let margin = max(1, 0.02 * min(w, h))
            let room = (w: max(w - 2 * margin, 1), h: max(h - 2 * margin, 1))
            let need = max(union.width * scale / room.w, union.height * scale / room.h)
            if need > 1 {
                shrink = 1 / need
                scale *= shrink
            }
            // The union's extent on the canvas around the guide box's centre, moved back inside.
            let minX = center.x + (union.minX - box.center.x) * scale, maxX = center.x + (union.maxX - box.center.x) * scale
            let minY = center.y + (union.minY - box.center.y) * scale, maxY = center.y + (union.maxY - box.center.y) * scale
            center.x += shift(minX, maxX, lo: margin, hi: w - margin)
            center.y += shift(minY, maxY, lo: margin, hi: h - margin)
        }
        let t = Transform.translation(-box.center.x, -box.center.y)
            .concatenating(.scale(scale))
            .concatenating(.translation(center.x, center.y))
        return Fit(transform: t, shrink: shrink)
    }

    /// Symbol units → canvas pixels for `size` on a canvas `height` pixels high, before any
    /// shrinking to keep the ink on the canvas.
    package static func scale(for document: SymbolDocument, height: Int, size: SymbolSize) -> Double {
        let capHeight = max(document.guideBox.height, 1e-9)
        switch size {
        case .fraction(let f):
            return Double(height) * f / capHeight
        case .pointSize(let p):
            // Template glyphs are drawn at 100 pt; an icon's viewBox height is one em.
            return document.kind == .icon ? p / capHeight : p / 100
        }
    }

    /// The least move that brings lo…hi of an extent inside `lo…hi` (centred when it is as wide).
    private static func shift(_ a: Double, _ b: Double, lo: Double, hi: Double) -> Double {
        if b - a >= hi - lo - 1e-9 { return (lo + hi) / 2 - (a + b) / 2 }
        if a < lo { return lo - a }
        if b > hi { return hi - b }
        return 0
    }
}
