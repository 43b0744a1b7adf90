import SymbolGeometry
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One side of a transition: a symbol (or layer) entering or leaving. Scale follows a power
/// ease over `duration` (entering: ease-out, decelerating; leaving: ease-in, accelerating, or
/// linear, as measured on Apple's Appear, Disappear and Replace), or a spring from rest (the new
/// symbol of Replace `.downUp`); opacity a linear ramp over `fade` after `fadeDelay`, or, with
/// no fade, none at all (the layer is swapped at the end, as Replace `.downUp` does); blur grows
/// as opacity falls.
struct TransitionPhase: Sendable {
    /// Draw On and Off: the layer is revealed (hidden) along its draw path instead of scaling
    /// and fading. `offBackward` erases from the end back to the start (`.reversed`).
    enum Draw: Sendable { case on, offForward, offBackward }

    /// Appearing (from `scale`, transparent) or disappearing (to `scale`, transparent).
    let entering: Bool
    let scale: Double
    /// Effect seconds of the scale's motion; with `spring`, the spring's perceived duration.
    let duration: Double
    /// Power of the scale's ease (1: linear, 2: quadratic, 3: cubic).
    let power: Double
    /// The scale moves on this spring instead (entering only), settling exactly at rest.
    let spring: Spring?
    /// Seconds of the linear opacity ramp; 0: opacity 1 while moving, and the leaving layer is
    /// hidden once its motion ends.
    let fade: Double
    /// Seconds the opacity holds before its ramp starts.
    let fadeDelay: Double
    /// Entering: the opacity the ramp starts from.
    let fadeFrom: Double
    /// offUp's old symbol: gone at once.
    let instant: Bool
    /// Blur radius when transparent, as a fraction of the guide box's height.
    let blur: Double
    let draw: Draw?
    /// Draw progress of Magic Replace's added slash instead of ease-in-out: it overshoots the
    /// end (a draw range past 1, which the pose shows as a stretch along the draw axis).
    let drawOvershoot: SlashDraw?
    /// Draw Off plays the motion groups last to first (`-sfsymbols-draw-reverses-motion-groups`).
    var reversesGroups = false

    init(entering: Bool, scale: Double, duration: Double, power: Double, spring: Spring? = nil, fade: Double,
         fadeDelay: Double = 0, fadeFrom: Double = 0, blur: Double, instant: Bool = false) {
        self.entering = entering
        self.scale = scale
        self.duration = duration
        self.power = power
        self.spring = spring
        self.fade = fade
        self.fadeDelay = fadeDelay
        self.fadeFrom = fadeFrom
        self.instant = instant
        self.blur = blur
        draw = nil
        drawOvershoot = nil
    }

    /// A Draw On or Draw Off phase of `duration` a layer, ease-in-out (or on `overshoot`).
    init(draw: Draw, duration: Double, overshoot: SlashDraw? = nil) {
        entering = draw == .on
        scale = 1
        self.duration = duration
        power = 1
        spring = nil
        fade = 0
        fadeDelay = 0
        fadeFrom = 0
        instant = false
        blur = 0
        self.draw = draw
        drawOvershoot = overshoot
    }

    /// Effect seconds until rest (the motion and the fade done; a spring settled).
    var length: Double { instant ? 0 : max(spring?.settlingDuration ?? duration, fadeDelay + fade) }

    /// One group's play, for the stagger: a spring counts its perceived duration, not its tail.
    var play: Double { max(duration, fadeDelay + fade) }

    /// Stagger between groups for this phase: `.individually` waits for the previous group.
    func stagger(_ d: EffectDefaults, scope: EffectScope = .byLayer) -> Double {
        scope == .individually ? duration : min(d.staggerMax, d.staggerFraction * play)
    }

    func contribution(_ u: Double, height: Double, reduceMotion: Bool) -> Contribution {
        if instant { return u >= 0 ? Contribution(opacity: 0) : .identity }
        if let draw {
            var p = u < 0 ? 0 : Curve.easeInOut.progress(elapsed: u, duration: duration)
            // Reduce Motion: drawn, without the stretch past the end.
            if let drawOvershoot { p = reduceMotion ? min(1, drawOvershoot.progress(at: u)) : drawOvershoot.progress(at: u) }
            switch draw {
            case .on: return Contribution(draw: 0...p)
            case .offForward: return p <= 0 ? .identity : Contribution(draw: p...1)
            case .offBackward: return p <= 0 ? .identity : Contribution(draw: 0...(1 - p))
            }
        }
        let x = duration > 0 ? min(max(u / duration, 0), 1) : 1
        // Leaving accelerates away (ease-in) or moves evenly (power 1), entering decelerates into
        // place (ease-out) or follows its spring.
        let p = spring?.value(at: u) ?? (entering ? 1 - pow(1 - x, power) : pow(x, power))
        let o: Double
        if fade > 0 {
            let f = min(max((u - fadeDelay) / fade, 0), 1)
            o = entering ? (u < 0 ? 0 : fadeFrom + (1 - fadeFrom) * f) : 1 - f
        } else {
            o = entering ? (u < 0 ? 0 : 1) : (u >= duration ? 0 : 1)
        }
        var c = entering ? Contribution(scale: scale + (1 - scale) * p, opacity: o)
                         : Contribution(scale: 1 + (scale - 1) * p, opacity: o)
        c.blur = fade > 0 ? blur * height * (1 - c.opacity) : 0
        return reduceMotion ? c.motionless : c
    }

    /// Applies the phase `delay` seconds into an event at effect time `tau`.
    func apply(tau: Double, delay: Double, scope: EffectScope, _ ctx: DocumentContext, defaults: EffectDefaults,
               reduceMotion: Bool, layers: [Bool]? = nil, to state: inout PoseState) {
        if scope == .wholeSymbol && draw == nil {
            state.symbol.add(contribution(tau - delay, height: ctx.height, reduceMotion: reduceMotion))
            return
        }
        let s = scope == .wholeSymbol ? 0 : stagger(defaults, scope: scope)
        let wave = layers.map { DocumentContext.wave(ctx.groups, members: $0) } ?? ctx.all
        let backward = draw != nil && draw != .on && (ctx.drawReversesGroups || reversesGroups)
        for i in 0..<ctx.layerCount where layers?[i] ?? true {
            var g = Double(wave.ordinal[i] ?? 0)
            if backward { g = Double(wave.count - 1) - g }
            state.layers[i].add(contribution(tau - delay - g * s, height: ctx.height, reduceMotion: reduceMotion))
        }
    }

    /// Effect seconds from the event until every group is at rest.
    func end(delay: Double, groups: Int, scope: EffectScope, defaults: EffectDefaults) -> Double {
        delay + (scope == .wholeSymbol ? 0 : stagger(defaults, scope: scope) * Double(max(0, groups - 1))) + length
    }
}

/// A compiled `.appear` or `.disappear`.
struct TransitionProgram: Sendable {
    let start: Double
    let speed: Double
    let scope: EffectScope
    let phase: TransitionPhase

    init(draw: TransitionPhase.Draw, scope: EffectScope, start: Double, speed: Double, _ d: EffectDefaults) {
        self.start = start
        self.speed = speed
        self.scope = scope
        phase = TransitionPhase(draw: draw, duration: d.drawDuration)
    }

    init(appear: Bool, direction: VerticalDirection?, scope: EffectScope, start: Double, speed: Double, _ d: EffectDefaults) {
        self.start = start
        self.speed = speed
        self.scope = scope
        // appear defaults to up (grows in), disappear to down (shrinks out).
        let up = direction.map { $0 == .up } ?? appear
        phase = appear
            ? .appear(from: up ? d.appearSmallScale : d.appearLargeScale, d)
            : .disappear(to: up ? d.disappearLargeScale : d.disappearSmallScale, d)
    }

    func end(_ ctx: DocumentContext, _ d: EffectDefaults) -> Double {
        start + phase.end(delay: 0, groups: ctx.all.count, scope: scope, defaults: d) / speed
    }
}

extension TransitionPhase {
    /// Appear, as measured: a quadratic ease-out of the scale, a linear fade in.
    static func appear(from scale: Double, _ d: EffectDefaults) -> TransitionPhase {
        TransitionPhase(entering: true, scale: scale, duration: d.appearDuration, power: 2, fade: d.appearFade, blur: d.appearBlur)
    }

    /// Disappear, as measured: the scale moves linearly while the opacity holds, then fades
    /// linearly, so the symbol is visibly smaller while still mostly opaque.
    static func disappear(to scale: Double, _ d: EffectDefaults) -> TransitionPhase {
        TransitionPhase(entering: false, scale: scale, duration: d.disappearDuration, power: 1, fade: d.disappearFade,
                        fadeDelay: d.disappearFadeDelay, blur: d.appearBlur)
    }

    /// The old symbol of `.upUp`: a quadratic ease-in of the scale to `disappear.largeScale`
    /// while fading out, linear.
    static func upOut(_ d: EffectDefaults) -> TransitionPhase {
        TransitionPhase(entering: false, scale: d.disappearLargeScale, duration: d.replaceUpOutDuration, power: 2,
                        fade: d.replaceUpOutDuration, blur: d.appearBlur)
    }

    /// The new symbol of `.downUp`: from the swap scale on a critically damped spring, opaque
    /// from the swap. The spring starts from rest, so the grow is S-shaped, as measured.
    static func downUpIn(_ d: EffectDefaults) -> TransitionPhase {
        TransitionPhase(entering: true, scale: d.replaceSwapScale, duration: d.replaceGrowSpringDuration, power: 1,
                        spring: Spring(duration: d.replaceGrowSpringDuration, bounce: 0), fade: 0, blur: 0)
    }

    /// The new symbol of `.upUp` and `.offUp`: grows and fades in from part-way, ease-out.
    static func upIn(_ d: EffectDefaults) -> TransitionPhase {
        TransitionPhase(entering: true, scale: d.replaceUpInScale, duration: d.replaceUpInDuration, power: 3,
                        fade: d.replaceUpInDuration, fadeFrom: d.replaceUpInOpacity, blur: d.appearBlur)
    }
}

/// A compiled content transition from one document to another.
struct ReplaceProgram: Sendable {
    let start: Double
    let speed: Double
    let from: Int
    let to: Int
    let scope: EffectScope
    let outgoing: TransitionPhase
    let incoming: TransitionPhase
    let incomingDelay: Double
    /// Clip time when both symbols are at rest (the outgoing one gone).
    var end = 0.0
    /// Magic Replace's plan; nil for the other styles (and a Magic Replace that fell back).
    var magic: MagicPlan?

    init(from: Int, to: Int, style: ReplaceStyle, scope: EffectScope, start: Double, speed: Double, _ d: EffectDefaults) {
        self.start = start; self.speed = speed; self.from = from; self.to = to; self.scope = scope
        switch style {
        case .upUp:
            outgoing = .upOut(d)
            incoming = .upIn(d)
            incomingDelay = d.replaceUpInDelay
        case .offUp:
            outgoing = TransitionPhase(entering: false, scale: 1, duration: 0, power: 1, fade: 0, blur: 0, instant: true)
            incoming = .upIn(d)
            incomingDelay = 0
        default:
            // Down-Up: no crossfade. The old symbol shrinks, accelerating, and is swapped for
            // the new one at the swap scale, which grows back on a spring.
            outgoing = TransitionPhase(entering: false, scale: d.replaceSwapScale, duration: d.replaceShrinkDuration, power: 2,
                                       fade: 0, blur: 0)
            incoming = .downUpIn(d)
            incomingDelay = d.replaceShrinkDuration
        }
    }
}
