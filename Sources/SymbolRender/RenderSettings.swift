import SymbolGeometry
import SymbolScene
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How colours are assigned to layers (Apple's symbol rendering modes).
package enum RenderingMode: String, Sendable, Hashable, CaseIterable {
    case monochrome, hierarchical, palette, multicolor

    /// The layer list a mode draws: palette uses the hierarchical layers.
    package var layerMode: LayerMode {
        switch self {
        case .monochrome: return .monochrome
        case .hierarchical, .palette: return .hierarchical
        case .multicolor: return .multicolor
        }
    }
}

/// The canvas background.
package enum CanvasBackground: Sendable, Hashable {
    case transparent
    case color(Color)
    /// A linear gradient through the colours at `angle` degrees (90 = top to bottom; 0 = left to right).
    case linear([Color], angle: Double)

    /// A linear background's gradient line on a canvas of this size, CSS-like (the line spans
    /// the canvas's projection on the direction, through its centre), and its stops spaced
    /// evenly; nil for the other backgrounds. The raster and vector back-ends both paint this.
    package func gradient(width: Int, height: Int) -> (start: Point, end: Point, stops: [(offset: Double, color: Color)])? {
        guard case .linear(let colors, let angle) = self else { return nil }
        let w = Double(width), h = Double(height)
        let r = angle * .pi / 180
        let dir = Point(cos(r), sin(r))
        let half = (abs(dir.x) * w + abs(dir.y) * h) / 2
        let c = Point(w / 2, h / 2)
        let stops = colors.enumerated().map {
            (offset: colors.count == 1 ? 0 : Double($0.offset) / Double(colors.count - 1), color: $0.element)
        }
        return (c - dir * half, c + dir * half, stops)
    }
}

/// Symbol size: a fraction of the canvas height for the cap-height box, or a point size
/// (template units are 100 pt; an icon's viewBox height is 1 em).
package enum SymbolSize: Sendable, Hashable {
    case fraction(Double)
    case pointSize(Double)
}

/// Everything about a frame that does not change with time. (What changes — layer transforms,
/// opacities, the variable value's dimming — comes from the timeline's `Pose`.)
package struct RenderSettings: Sendable, Hashable {
    package var width: Int
    package var height: Int
    package var background: CanvasBackground
    package var size: SymbolSize
    package var mode: RenderingMode
    /// The mode's colours: the first for monochrome/hierarchical; up to three for palette.
    package var colors: [Color]
    /// What `tintColor` means in multicolor.
    package var accentColor: Color
    /// SF Symbols 7 gradient colour rendering.
    package var gradient: Bool

    package init(width: Int = 512, height: Int = 512, background: CanvasBackground = .transparent,
                size: SymbolSize = .fraction(0.5), mode: RenderingMode = .monochrome, colors: [Color] = [.black],
                accentColor: Color = Color(hex: "#007AFF")!, gradient: Bool = false) {
        self.width = width; self.height = height; self.background = background; self.size = size; self.mode = mode
        self.colors = colors.isEmpty ? [.black] : colors; self.accentColor = accentColor; self.gradient = gradient
    }
}
