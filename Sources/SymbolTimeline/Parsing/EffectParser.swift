extension SymbolEffect {
    /// Every effect name, in the order they are listed to users.
    package static let names = ["bounce", "pulse", "variableColor", "scale", "wiggle", "rotate", "breathe",
                               "appear", "disappear", "replace", "drawOn", "drawOff"]

    /// The variants each effect accepts, by effect name (for listings and suggestions).
    package static func variants(of name: String) -> [String] { EffectGrammar.variants[name]?.map(\.name) ?? [] }

    /// Reads Apple's spelling, with or without the leading dot: `.bounce.up.byLayer`,
    /// `variableColor.iterative.reversing`, `.wiggle.custom(angle: 30)`,
    /// `.replace.magic(fallback: .replace.downUp)`. Throws `ExpressionError`.
    package init(parsing text: String) throws {
        self = try EffectGrammar.effect(ExpressionParser.parse(text, expecting: "an effect name"))
    }
}

/// A pasted SwiftUI call, or a bare effect: `.symbolEffect(.bounce.up, options: .repeat(3))`,
/// `Image(systemName: "wifi").symbolEffect(.variableColor, isActive: on)`,
/// `.contentTransition(.symbolEffect(.replace.downUp))`, `.transition(.symbolEffect(.appear))`.
package struct EffectCall: Hashable, Sendable {
    package var effect: SymbolEffect
    package var options: SymbolEffectOptions

    package init(effect: SymbolEffect, options: SymbolEffectOptions = .default) {
        self.effect = effect
        self.options = options
    }

    /// Throws `ExpressionError`.
    package init(parsing text: String) throws {
        let chain = try ExpressionParser.parse(text, expecting: "an effect or a '.symbolEffect(…)' call")
        guard let call = chain.members.last(where: { EffectGrammar.callNames.contains($0.name) }) else {
            self.init(effect: try EffectGrammar.effect(chain))
            return
        }
        self = try EffectGrammar.call(call)
    }
}

/// Interpretation of parsed chains as effects.
enum EffectGrammar {
    struct Variant { let name: String; let slot: String }

    static let callNames: Set<String> = ["symbolEffect", "contentTransition", "transition"]

    private static func v(_ slot: String, _ names: String...) -> [Variant] { names.map { Variant(name: $0, slot: slot) } }
    private static let scope = v("scope", "byLayer", "wholeSymbol")
    private static let vertical = v("direction", "up", "down")

    static let variants: [String: [Variant]] = [
        "bounce": vertical + scope,
        "pulse": scope,
        "variableColor": v("fill", "iterative", "cumulative") + v("reversing", "reversing", "nonReversing")
            + v("inactive", "dimInactiveLayers", "hideInactiveLayers"),
        "scale": vertical + scope,
        "wiggle": v("direction", "left", "right", "up", "down", "forward", "backward", "clockwise",
                    "counterClockwise", "custom") + scope,
        "rotate": v("direction", "clockwise", "counterClockwise") + scope,
        "breathe": v("style", "plain", "pulse") + scope,
        "appear": vertical + scope,
        "disappear": vertical + scope,
        "replace": v("style", "downUp", "upUp", "offUp", "magic") + scope,
        "drawOn": v("scope", "byLayer", "wholeSymbol", "individually"),
        "drawOff": v("scope", "byLayer", "wholeSymbol", "individually") + v("reversed", "reversed", "nonReversed"),
    ]

    static func effect(_ chain: SyntaxChain) throws -> SymbolEffect {
        let head = chain.members[0]
        guard let allowed = variants[head.name] else {
            throw ExpressionError.at(head.offset, "unknown effect '\(head.name)'", nearest: head.name, in: SymbolEffect.names)
        }
        if head.arguments != nil { throw ExpressionError.at(head.parenOffset, "'\(head.name)' takes no arguments") }
        var chosen: [String: SyntaxMember] = [:]
        for m in chain.members.dropFirst() {
            guard let variant = allowed.first(where: { $0.name == m.name }) else {
                var problem = "unknown variant '\(m.name)' of '\(head.name)'"
                if ["repeat", "speed", "repeating", "nonRepeating"].contains(m.name) {
                    problem = "'\(m.name)' is an option, not a variant of '\(head.name)': put it in the options"
                }
                throw ExpressionError.at(m.offset, problem, nearest: m.name, in: allowed.map(\.name))
            }
            if let earlier = chosen[variant.slot] {
                throw ExpressionError.at(m.offset, earlier.name == m.name ? "'\(m.name)' is repeated"
                                                                          : "'\(m.name)' conflicts with '\(earlier.name)'")
            }
            if m.arguments != nil, m.name != "custom", m.name != "magic" {
                throw ExpressionError.at(m.parenOffset, "'\(m.name)' takes no arguments")
            }
            chosen[variant.slot] = m
        }
        return try build(head.name, chosen)
    }

    private static func build(_ name: String, _ chosen: [String: SyntaxMember]) throws -> SymbolEffect {
        let dir = chosen["direction"]?.name
        let vertical = dir.flatMap(VerticalDirection.init(rawValue:))
        let scope = chosen["scope"].flatMap { EffectScope(rawValue: $0.name) }
        let kind: SymbolEffect.Kind
        switch name {
        case "bounce": kind = .bounce(vertical)
        case "pulse": kind = .pulse
        case "scale": kind = .scale(vertical)
        case "appear": kind = .appear(vertical)
        case "disappear": kind = .disappear(vertical)
        case "breathe": kind = .breathe(pulse: chosen["style"]?.name == "pulse")
        case "drawOn": kind = .drawOn
        case "drawOff": kind = .drawOff(reversed: chosen["reversed"]?.name == "reversed")
        case "rotate": kind = .rotate(dir.flatMap(RotationDirection.init(rawValue:)))
        case "variableColor":
            kind = .variableColor(VariableColorStyle(
                fill: chosen["fill"]?.name == "cumulative" ? .cumulative : .iterative,
                reversing: chosen["reversing"]?.name == "reversing",
                inactive: chosen["inactive"]?.name == "hideInactiveLayers" ? .hideInactiveLayers : .dimInactiveLayers))
        case "wiggle":
            if let m = chosen["direction"] { kind = .wiggle(try wiggle(m)) } else { kind = .wiggle(nil) }
        default:
            kind = .replace(try replaceStyle(chosen["style"]))
        }
        return SymbolEffect(kind, scope: scope)
    }

    private static func wiggle(_ m: SyntaxMember) throws -> WiggleDirection {
        switch m.name {
        case "left": return .left
        case "right": return .right
        case "up": return .up
        case "down": return .down
        case "forward": return .forward
        case "backward": return .backward
        case "clockwise": return .clockwise
        case "counterClockwise": return .counterClockwise
        default:
            let args = m.arguments ?? []
            guard args.count == 1 else {
                throw ExpressionError.at(m.offset, "'custom' needs one angle in degrees: custom(angle: 30)")
            }
            guard args[0].label == "angle" else {
                throw ExpressionError.at(args[0].offset, "expected label 'angle:' in custom(angle: …)")
            }
            guard case .number(let a, _) = args[0].value, a.isFinite else {
                throw ExpressionError.at(args[0].value.offset, "the angle of 'custom' must be a number of degrees")
            }
            return .custom(angle: a)
        }
    }

    private static func replaceStyle(_ m: SyntaxMember?) throws -> ReplaceStyle {
        guard let m else { return .downUp }
        switch m.name {
        case "upUp": return .upUp
        case "offUp": return .offUp
        case "downUp": return .downUp
        default:
            let args = m.arguments ?? []
            if args.isEmpty { return .magic(fallback: SymbolEffect(.replace(.downUp))) }
            guard args.count == 1, args[0].label == "fallback" else {
                throw ExpressionError.at(args.first?.offset ?? m.parenOffset, "expected 'fallback:' in magic(fallback: .replace.downUp)")
            }
            guard case .chain(let c) = args[0].value else {
                throw ExpressionError.at(args[0].value.offset, "the fallback of 'magic' must be a .replace effect")
            }
            let f = try effect(c)
            guard case .replace(let style) = f.kind else {
                throw ExpressionError.at(c.offset, "the fallback of 'magic' must be a .replace effect, not '\(f.name)'")
            }
            if case .magic = style { throw ExpressionError.at(c.offset, "the fallback of 'magic' cannot be magic") }
            return .magic(fallback: f)
        }
    }

    /// `.symbolEffect(EFFECT, options: O, value:/isActive: …)` and the transition wrappers.
    static func call(_ m: SyntaxMember) throws -> EffectCall {
        guard let args = m.arguments, let first = args.first else {
            throw ExpressionError.at(m.parenOffset, "'\(m.name)' needs an effect: .\(m.name)(.bounce)")
        }
        if m.name != "symbolEffect" {
            // .contentTransition(.symbolEffect(.replace)) / .transition(.symbolEffect(.appear)).
            guard args.count == 1, case .chain(let c) = first.value, first.label == nil,
                  let inner = c.members.last, inner.name == "symbolEffect" else {
                throw ExpressionError.at(first.offset, "expected '.symbolEffect(…)' inside '\(m.name)'")
            }
            return try call(inner)
        }
        guard first.label == nil, case .chain(let c) = first.value else {
            throw ExpressionError.at(first.offset, "the first argument of 'symbolEffect' must be an effect")
        }
        var result = EffectCall(effect: try effect(c))
        for a in args.dropFirst() {
            switch a.label {
            case "options":
                guard case .chain(let oc) = a.value else {
                    throw ExpressionError.at(a.value.offset, "'options:' must be options such as .repeat(2)")
                }
                result.options = try OptionsGrammar.options(oc)
            case "value", "isActive":
                continue
            default:
                let label = a.label ?? ""
                throw ExpressionError.at(a.offset, a.label == nil ? "expected a label such as 'options:'"
                                                                   : "unknown argument '\(label)' of 'symbolEffect'",
                                         nearest: label, in: ["options", "value", "isActive"])
            }
        }
        return result
    }
}
