import SymbolGeometry
import SymbolScene

/// Where a symbol sits on the canvas: its guide box (margins horizontally, baseline to capline
/// vertically) centred, scaled so the cap-height box takes the requested share of the canvas
/// height (or the requested point size).
public enum SymbolPlacement {
    /// Symbol space → canvas pixels.
    public static func transform(for document: SymbolDocument, width: Int, height: Int, size: SymbolSize) -> Transform {
        let box = document.guideBox
        let capHeight = max(box.height, 1e-9)
        let scale: Double
        switch size {
        case .fraction(let f):
            scale = Double(height) * f / capHeight
        case .pointSize(let p):
            // Template glyphs are drawn at 100 pt; an icon's viewBox height is one em.
            scale = document.kind == .icon ? p / capHeight : p / 100
        }
        return Transform.translation(-box.center.x, -box.center.y)
            .concatenating(.scale(scale))
            .concatenating(.translation(Double(width) / 2, Double(height) / 2))
    }
}
