/// Which layers an effect moves, and how (Apple's `.byLayer`, `.wholeSymbol`, `.individually`).
package enum EffectScope: String, Hashable, Sendable, CaseIterable {
    /// Motion groups one after another, `stagger` apart, each about its own anchor (the default).
    case byLayer
    /// All layers as one, about the symbol's guide-box centre.
    case wholeSymbol
    /// Draw only: a group starts when the previous one ends.
    case individually
}

/// Up toward the front plane or down toward the back one.
package enum VerticalDirection: String, Hashable, Sendable, CaseIterable { case up, down }

/// A wiggle's axis or turning sense. `custom(angle:)` is degrees clockwise from +x.
package enum WiggleDirection: Hashable, Sendable {
    case left, right, up, down, forward, backward, clockwise, counterClockwise
    case custom(angle: Double)
}

/// A turning sense.
package enum RotationDirection: String, Hashable, Sendable, CaseIterable { case clockwise, counterClockwise }

/// Variable Color's options (Apple's defaults: iterative, nonReversing, dimInactiveLayers).
package struct VariableColorStyle: Hashable, Sendable {
    /// Iterative lights one layer at a time; cumulative keeps them lit.
    package enum Fill: String, Hashable, Sendable { case iterative, cumulative }
    /// What happens to the layers that are not lit.
    package enum Inactive: String, Hashable, Sendable { case dimInactiveLayers, hideInactiveLayers }
    package var fill: Fill = .iterative
    package var reversing = false
    package var inactive: Inactive = .dimInactiveLayers
    package init(fill: Fill = .iterative, reversing: Bool = false, inactive: Inactive = .dimInactiveLayers) {
        self.fill = fill; self.reversing = reversing; self.inactive = inactive
    }
}

/// How a content transition swaps symbols.
package enum ReplaceStyle: Hashable, Sendable {
    /// Old leaves down (disappear.down), new enters up (appear.up) — Apple's default.
    case downUp
    /// Old leaves up, new enters up.
    case upUp
    /// Old vanishes at once, new enters up.
    case offUp
    /// Magic Replace: shared layers stay, the others draw or move in and out; `fallback` plays
    /// when the symbols share no layer.
    indirect case magic(fallback: SymbolEffect)
}

/// One of Apple's symbol effects with its variants. `scope` nil means the effect's default
/// (`.byLayer`). `description` is Apple's Swift spelling, which the parser reads back.
package struct SymbolEffect: Hashable, Sendable, CustomStringConvertible {
    /// The effect and its variants other than the scope.
    package enum Kind: Hashable, Sendable {
        case bounce(VerticalDirection?)
        case pulse
        case variableColor(VariableColorStyle)
        case scale(VerticalDirection?)
        case wiggle(WiggleDirection?)
        case rotate(RotationDirection?)
        /// `pulse: true` is `.breathe.pulse` (also fades pulse layers); false is `.plain`.
        case breathe(pulse: Bool)
        case appear(VerticalDirection?)
        case disappear(VerticalDirection?)
        case replace(ReplaceStyle)
        /// Draw On and Off (SF Symbols 7): layers revealed (hidden) along their draw paths.
        case drawOn
        case drawOff(reversed: Bool)
    }

    package var kind: Kind
    package var scope: EffectScope?

    package init(_ kind: Kind, scope: EffectScope? = nil) {
        self.kind = kind
        self.scope = scope
    }

    package static let bounce = SymbolEffect(.bounce(nil))
    package static let pulse = SymbolEffect(.pulse)
    package static let variableColor = SymbolEffect(.variableColor(VariableColorStyle()))
    package static let scale = SymbolEffect(.scale(nil))
    package static let wiggle = SymbolEffect(.wiggle(nil))
    package static let rotate = SymbolEffect(.rotate(nil))
    package static let breathe = SymbolEffect(.breathe(pulse: false))
    package static let appear = SymbolEffect(.appear(nil))
    package static let disappear = SymbolEffect(.disappear(nil))
    package static let replace = SymbolEffect(.replace(.downUp))

    /// The effect's base name as Apple spells it (`bounce`, `variableColor`).
    package var name: String {
        switch kind {
        case .bounce: "bounce"
        case .pulse: "pulse"
        case .variableColor: "variableColor"
        case .scale: "scale"
        case .wiggle: "wiggle"
        case .rotate: "rotate"
        case .breathe: "breathe"
        case .appear: "appear"
        case .disappear: "disappear"
        case .replace: "replace"
        case .drawOn: "drawOn"
        case .drawOff: "drawOff"
        }
    }

    /// The scope the effect plays with.
    package var resolvedScope: EffectScope { scope ?? .byLayer }

    /// Apple's spelling, variants in a fixed order: `.bounce.up.byLayer`.
    package var description: String {
        var parts = [name]
        switch kind {
        case .bounce(let d), .scale(let d), .appear(let d), .disappear(let d):
            if let d { parts.append(d.rawValue) }
        case .pulse, .drawOn: break
        case .variableColor(let v):
            parts.append(v.fill.rawValue)
            parts.append(v.reversing ? "reversing" : "nonReversing")
            parts.append(v.inactive.rawValue)
        case .wiggle(let w):
            if let w { parts.append(WiggleDirection.spelling(w)) }
        case .rotate(let r):
            if let r { parts.append(r.rawValue) }
        case .breathe(let p): parts.append(p ? "pulse" : "plain")
        case .replace(let r):
            switch r {
            case .downUp: parts.append("downUp")
            case .upUp: parts.append("upUp")
            case .offUp: parts.append("offUp")
            case .magic(let f): parts.append("magic(fallback: \(f))")
            }
        case .drawOff(let r): parts.append(r ? "reversed" : "nonReversed")
        }
        if let scope { parts.append(scope.rawValue) }
        return "." + parts.joined(separator: ".")
    }
}

extension WiggleDirection {
    static func spelling(_ w: WiggleDirection) -> String {
        switch w {
        case .left: "left"
        case .right: "right"
        case .up: "up"
        case .down: "down"
        case .forward: "forward"
        case .backward: "backward"
        case .clockwise: "clockwise"
        case .counterClockwise: "counterClockwise"
        case .custom(let a): "custom(angle: \(format(a)))"
        }
    }
}
