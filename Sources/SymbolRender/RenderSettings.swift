import SymbolGeometry
import SymbolScene

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
