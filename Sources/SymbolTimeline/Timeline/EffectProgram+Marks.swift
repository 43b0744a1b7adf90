import SymbolScene

/// What a symbol's rotation marks make of an effect for one layer (docs/effects.md, "Rotation
/// marks"): the direction each turning layer takes, and the way a Wiggle without a direction of
/// its own moves it.
extension EffectProgram {
    /// The effect's body as it plays on `layer` (nil: the whole symbol).
    func body(forLayer layer: Int?, _ ctx: DocumentContext) -> Body {
        switch body {
        case .spin(let sign): return .spin(sign: EffectProgram.turnSign(sign, layer: layer, ctx))
        case .plays(.turn(let sign, let spring)): return .plays(.turn(sign: EffectProgram.turnSign(sign, layer: layer, ctx), spring))
        case .plays(.styledWiggle(let moving, let turning)):
            let style = layer.flatMap { ctx.wiggleStyles[$0] } ?? ctx.symbolWiggleStyle
            let direction = style.map(EffectProgram.direction) ?? .forward
            return .plays(.wiggle(direction, style?.turns == true ? turning : moving))
        default: return body
        }
    }

    /// A turn's sign (+1 clockwise) on `layer`. No direction given (0): each layer turns its
    /// marked way (`-sfsymbols-rotates-clockwise`, clockwise when unmarked). A direction given:
    /// the first turning layer takes it, and a layer marked the other way turns against it (a
    /// second gear). The whole symbol turns clockwise unless told otherwise.
    static func turnSign(_ sign: Double, layer: Int?, _ ctx: DocumentContext) -> Double {
        guard let layer else { return sign == 0 ? 1 : sign }
        let own = ctx.turnSigns[layer]
        return sign == 0 ? own : sign * own * ctx.firstTurnSign
    }

    static func direction(_ style: WiggleStyle) -> WiggleDirection {
        switch style {
        case .clockwise: .clockwise
        case .counterClockwise: .counterClockwise
        case .left: .left
        case .right: .right
        case .up: .up
        case .down: .down
        case .forward: .forward
        case .backward: .backward
        }
    }
}
