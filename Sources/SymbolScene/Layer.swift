import SymbolGeometry

/// The rendering modes whose layer lists a symbol may carry. Palette uses the hierarchical
/// layers (Apple maps palette colours to hierarchy levels).
public enum LayerMode: String, Hashable, Sendable, CaseIterable, Comparable {
    case monochrome, hierarchical, multicolor
    public static func < (a: LayerMode, b: LayerMode) -> Bool { a.order < b.order }
    private var order: Int { switch self { case .monochrome: 0; case .hierarchical: 1; case .multicolor: 2 } }
}

/// A hierarchical level.
public enum HierarchyLevel: String, Hashable, Sendable, CaseIterable {
    case primary, secondary, tertiary
    /// Apple: secondary about 50 %, tertiary about 25 %.
    public var opacity: Double { switch self { case .primary: 1; case .secondary: 0.5; case .tertiary: 0.25 } }
}

/// Apple's light-appearance system colours used by multicolor layers.
public enum SystemColor: String, Hashable, Sendable, CaseIterable {
    case red, orange, yellow, green, mint, teal, cyan, blue, indigo, purple, pink, brown, gray, white, black

    public var color: Color {
        switch self {
        case .red: Color(hex: "#FF3B30")!
        case .orange: Color(hex: "#FF9500")!
        case .yellow: Color(hex: "#FFCC00")!
        case .green: Color(hex: "#34C759")!
        case .mint: Color(hex: "#00C7BE")!
        case .teal: Color(hex: "#30B0C7")!
        case .cyan: Color(hex: "#32ADE6")!
        case .blue: Color(hex: "#007AFF")!
        case .indigo: Color(hex: "#5856D6")!
        case .purple: Color(hex: "#AF52DE")!
        case .pink: Color(hex: "#FF2D55")!
        case .brown: Color(hex: "#A2845E")!
        case .gray: Color(hex: "#8E8E93")!
        case .white: .white
        case .black: .black
        }
    }

    /// Reads `systemRedColor`, `systemRed`, `red`, `white`, `systemGrayColor` … (case-insensitive).
    public init?(name: String) {
        var n = name.lowercased()
        if n.hasPrefix("system") { n.removeFirst(6) }
        if n.hasSuffix("color") { n.removeLast(5) }
        if n == "grey" { n = "gray" }
        self.init(rawValue: n)
    }
}

/// The colour a multicolor layer asks for.
public enum MulticolorPaint: Hashable, Sendable {
    case system(SystemColor)
    /// The accent colour (`tintColor`).
    case tint
    /// `custom`, or a name we do not know: the colour given in the file's style, if any;
    /// otherwise the style's fill colour.
    case custom(name: String, color: Color?)
}

/// What a layer is in its mode.
public enum LayerRole: Hashable, Sendable {
    case monochrome
    case hierarchical(HierarchyLevel)
    case multicolor(MulticolorPaint)
}

/// One piece of a layer: a shape drawn, or a shape that erases what is beneath it within the
/// layer's mode (LayerTree `-sfsymbols-fill-action: erase`).
public struct LayerPart: Hashable, Sendable {
    public enum Action: String, Hashable, Sendable { case draw, erase }
    /// Index into `SymbolDocument.shapes`.
    public var shape: Int
    public var action: Action
    public init(shape: Int, action: Action = .draw) { self.shape = shape; self.action = action }
}

/// SF Symbols annotations of a layer (from its class's style rule).
public struct LayerAnnotations: Hashable, Sendable {
    /// `-sfsymbols-clear-behind`: before it paints, the layer erases the symbol's layers beneath
    /// it wherever its shape covers (never the background).
    public var clearBehind = false
    /// The `opacity` of the layer's class rule, which holds in this rendering mode only; 0 with
    /// `clearBehind` makes a layer that only erases.
    public var opacity = 1.0
    /// `-sfsymbols-variable-threshold`.
    public var variableThreshold: Double?
    /// `-sfsymbols-variable-draw: <start> <span>`.
    public var variableDraw: VariableDrawRange?
    public var alwaysPulses = false
    public var alwaysRotates = false
    public var alwaysBreathes = false
    /// `-sfsymbols-draw-reverses-motion-groups`: Draw Off plays the motion groups in reverse order.
    public var drawReversesMotionGroups = false
    /// `-sfsymbols-motion-group`.
    public var motionGroup: Int?
    /// `-sfsymbols-layer-tags` (space-separated values kept whole when quoted).
    public var layerTags: [String] = []
    /// A rotation anchor given by the file, in symbol space (`-sfsymbols-rotation-anchor: x y`).
    public var rotationAnchor: Point?
    /// Every `-sfsymbols-*` property as written, for `inspect` and later effects.
    public var properties: [String: String] = [:]

    public init() {}
}

/// Variable Draw range: progress = clamp((value − start) / span, 0, 1).
public struct VariableDrawRange: Hashable, Sendable {
    public var start: Double
    public var span: Double
    public init(start: Double, span: Double) { self.start = start; self.span = span }
}

/// A layer of one rendering mode: its index `N` in `monochrome-N` etc., role, parts in z-order
/// and annotations. Layers of a mode are stored in z-order (bottom first).
public struct SymbolLayer: Hashable, Sendable {
    public var index: Int
    /// The class name that defines the layer, such as `hierarchical-1:secondary`.
    public var name: String
    public var role: LayerRole
    public var parts: [LayerPart]
    public var annotations: LayerAnnotations
    public init(index: Int, name: String, role: LayerRole, parts: [LayerPart], annotations: LayerAnnotations = .init()) {
        self.index = index; self.name = name; self.role = role; self.parts = parts; self.annotations = annotations
    }
}
