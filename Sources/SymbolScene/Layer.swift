import SymbolGeometry

/// The rendering modes whose layer lists a symbol may carry. Palette uses the hierarchical
/// layers (Apple maps palette colours to hierarchy levels).
package enum LayerMode: String, Hashable, Sendable, CaseIterable, Comparable {
    case monochrome, hierarchical, multicolor
    package static func < (a: LayerMode, b: LayerMode) -> Bool { a.order < b.order }
    private var order: Int { switch self { case .monochrome: 0; case .hierarchical: 1; case .multicolor: 2 } }
}

/// A hierarchical level.
package enum HierarchyLevel: String, Hashable, Sendable, CaseIterable {
    case primary, secondary, tertiary
    /// Apple: secondary about 50 %, tertiary about 25 %.
    package var opacity: Double { switch self { case .primary: 1; case .secondary: 0.5; case .tertiary: 0.25 } }
}

/// Apple's light-appearance system colours used by multicolor layers.
package enum SystemColor: String, Hashable, Sendable, CaseIterable {
    case red, orange, yellow, green, mint, teal, cyan, blue, indigo, purple, pink, brown, gray, white, black

    package var color: Color {
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
    package init?(name: String) {
        var n = name.lowercased()
        if n.hasPrefix("system") { n.removeFirst(6) }
        if n.hasSuffix("color") { n.removeLast(5) }
        if n == "grey" { n = "gray" }
        self.init(rawValue: n)
    }
}

/// Apple's named UI element colours (UIKit's `label`, AppKit's `labelColor`, …) in the light
/// appearance, which a multicolor layer may name (`multicolor-0:labelColor`). Their values are
/// UIKit's on iOS 13 and later, as read back from the running system and published (Noah
/// Gilmore's "Backwards compatibility for iOS 13 system colors", its ColorCompatibility table);
/// Apple's documentation names them without values. Several are translucent: the alpha is the
/// layer's opacity. A file's own fill for such a class (the SF Symbols app writes its preview
/// grey, `#212121`, there) never paints (docs/rendering.md, rule 13).
package enum ElementColor: String, Hashable, Sendable, CaseIterable {
    case label, secondaryLabel, tertiaryLabel, quaternaryLabel, placeholderText, separator, opaqueSeparator, link
    case systemFill, secondarySystemFill, tertiarySystemFill, quaternarySystemFill
    case systemBackground, secondarySystemBackground, tertiarySystemBackground
    case systemGroupedBackground, secondarySystemGroupedBackground, tertiarySystemGroupedBackground
    case systemGray2, systemGray3, systemGray4, systemGray5, systemGray6
    case lightText, darkText

    /// The colour, opaque, and its alpha.
    package var color: (color: Color, alpha: Double) {
        func rgb(_ hex: String, _ alpha: Double = 1) -> (Color, Double) { (Color(hex: hex)!, alpha) }
        switch self {
        case .label, .darkText: return rgb("#000000")
        case .secondaryLabel: return rgb("#3C3C43", 0.6)
        case .tertiaryLabel, .placeholderText: return rgb("#3C3C43", 0.3)
        case .quaternaryLabel: return rgb("#3C3C43", 0.18)
        case .separator: return rgb("#3C3C43", 0.29)
        case .opaqueSeparator: return rgb("#C6C6C8")
        case .link: return rgb("#007AFF")
        case .systemFill: return rgb("#787880", 0.2)
        case .secondarySystemFill: return rgb("#787880", 0.16)
        case .tertiarySystemFill: return rgb("#767680", 0.12)
        case .quaternarySystemFill: return rgb("#747480", 0.08)
        case .systemBackground, .tertiarySystemBackground, .secondarySystemGroupedBackground: return rgb("#FFFFFF")
        case .secondarySystemBackground, .systemGroupedBackground, .tertiarySystemGroupedBackground: return rgb("#F2F2F7")
        case .systemGray2: return rgb("#AEAEB2")
        case .systemGray3: return rgb("#C7C7CC")
        case .systemGray4: return rgb("#D1D1D6")
        case .systemGray5: return rgb("#E5E5EA")
        case .systemGray6: return rgb("#F2F2F7")
        case .lightText: return rgb("#FFFFFF", 0.6)
        }
    }

    /// Reads `labelColor`, `label`, `secondaryLabelColor`, `systemFillColor`, `systemGray2Color`
    /// … (case-insensitive; a trailing `Color` is optional, as AppKit spells them).
    package init?(name: String) {
        var n = name.lowercased()
        if n.hasSuffix("color") && n.count > 5 { n.removeLast(5) }
        if n.hasPrefix("gray"), n.count == 5 { n = "system" + n }   // gray2 … gray6
        guard let found = ElementColor.allCases.first(where: { $0.rawValue.lowercased() == n }) else { return nil }
        self = found
    }
}

/// The colour a multicolor layer asks for.
package enum MulticolorPaint: Hashable, Sendable {
    case system(SystemColor)
    /// One of Apple's named UI element colours (`labelColor`, …).
    case element(ElementColor)
    /// The accent colour (`tintColor`).
    case tint
    /// `custom`, or a name we do not know: the colour given in the file's style, if any;
    /// otherwise the style's fill colour.
    case custom(name: String, color: Color?)
}

/// What a layer is in its mode.
package enum LayerRole: Hashable, Sendable {
    case monochrome
    case hierarchical(HierarchyLevel)
    case multicolor(MulticolorPaint)
}

/// One piece of a layer: a shape drawn, or a shape that erases what is beneath it within the
/// layer's mode (LayerTree `-sfsymbols-fill-action: erase`).
package struct LayerPart: Hashable, Sendable {
    package enum Action: String, Hashable, Sendable { case draw, erase }
    /// Index into `SymbolDocument.shapes`.
    package var shape: Int
    package var action: Action
    package init(shape: Int, action: Action = .draw) { self.shape = shape; self.action = action }
}

/// SF Symbols annotations of a layer (from its class's style rule).
package struct LayerAnnotations: Hashable, Sendable {
    /// `-sfsymbols-clear-behind`: before it paints, the layer erases the symbol's layers beneath
    /// it wherever its shape covers (never the background).
    package var clearBehind = false
    /// The width Apple strokes a clear-behind layer with (its first path's own `stroke-width`,
    /// templates 6.0 and later): the layer erases, and paints, a band round its paths instead of
    /// their fill (`SymbolShape.ownStroke`, docs/rendering.md rule 12). nil: it fills.
    package var clearBehindStroke: Double?
    /// The `opacity` of the layer's class rule, which holds in this rendering mode only; 0 with
    /// `clearBehind` makes a layer that only erases.
    package var opacity = 1.0
    /// `-sfsymbols-variable-threshold`.
    package var variableThreshold: Double?
    /// `-sfsymbols-variable-draw: <start> <span>`.
    package var variableDraw: VariableDrawRange?
    package var alwaysPulses = false
    package var alwaysRotates = false
    package var alwaysBreathes = false
    /// `-sfsymbols-draw-reverses-motion-groups`: Draw Off plays the motion groups in reverse order.
    package var drawReversesMotionGroups = false
    /// `-sfsymbols-motion-group`.
    package var motionGroup: Int?
    /// `-sfsymbols-layer-tags` (space-separated values kept whole when quoted).
    package var layerTags: [String] = []
    /// A rotation anchor given by the file, in symbol space (`-sfsymbols-rotation-anchor: x y`,
    /// or the variant's `<variant>-rotate-anchor` node for layers marked always-rotates).
    package var rotationAnchor: Point?
    /// `-sfsymbols-rotates-clockwise`: the way the layer turns when the effect turns clockwise
    /// (false: the other way, as the second of two meshed gears); nil when not marked.
    package var rotatesClockwise: Bool?
    /// `-sfsymbols-wiggle-style`: how a Wiggle without its own direction moves the layer.
    package var wiggleStyle: WiggleStyle?
    /// Every `-sfsymbols-*` property as written, for `inspect` and later effects.
    package var properties: [String: String] = [:]

    package init() {}
}

/// Variable Draw range: progress = clamp((value − start) / span, 0, 1).
package struct VariableDrawRange: Hashable, Sendable {
    package var start: Double
    package var span: Double
    package init(start: Double, span: Double) { self.start = start; self.span = span }
}

/// A layer of one rendering mode: its index `N` in `monochrome-N` etc., role, parts in z-order
/// and annotations. Layers of a mode are stored in z-order (bottom first).
package struct SymbolLayer: Hashable, Sendable {
    package var index: Int
    /// The class name that defines the layer, such as `hierarchical-1:secondary`.
    package var name: String
    package var role: LayerRole
    package var parts: [LayerPart]
    package var annotations: LayerAnnotations
    package init(index: Int, name: String, role: LayerRole, parts: [LayerPart], annotations: LayerAnnotations = .init()) {
        self.index = index; self.name = name; self.role = role; self.parts = parts; self.annotations = annotations
    }
}
