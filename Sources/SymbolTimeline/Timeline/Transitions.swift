import SymbolGeometry

/// One side of a transition: a symbol (or layer) entering or leaving. Scale follows a spring,
/// opacity an ease-out over `duration`; blur grows as opacity falls.
struct TransitionPhase: Sendable {
    /// Appearing (from `scale`, transparent) or disappearing (to `scale`, transparent).
    let entering: Bool
    let scale: Double
    /// Effect seconds.
    let duration: Double
    let spring: Spring
    /// offUp's old symbol: gone at once.
    let instant: Bool
    /// Blur radius when transparent, as a fraction of the guide box's height.
    let blur: Double

    init(entering: Bool, scale: Double, duration: Double, bounce: Double, blur: Double, instant: Bool = false) {
        self.entering = entering
        self.scale = scale
        self.duration = duration
        self.spring = Spring(duration: duration, bounce: bounce)
        self.instant = instant
        self.blur = blur
    }

    /// Effect seconds until rest (the spring settled, the fade done).
    var length: Double { instant ? 0 : max(duration, spring.settlingDuration) }

    /// Stagger between groups for this phase.
    func stagger(_ d: EffectDefaults) -> Double { min(d.staggerMax, d.staggerFraction * duration) }

    func contribution(_ u: Double, height: Double, reduceMotion: Bool) -> Contribution {
        if instant { return u >= 0 ? Contribution(opacity: 0) : .identity }
        var c: Contribution
        if u < 0 {
            c = entering ? Contribution(scale: scale, opacity: 0) : .identity
        } else {
            let p = spring.value(at: u), o = Curve.easeOut.progress(elapsed: u, duration: duration)
            c = entering ? Contribution(scale: scale + (1 - scale) * p, opacity: o)
                         : Contribution(scale: 1 + (scale - 1) * p, opacity: 1 - o)
        }
        c.blur = blur * height * (1 - c.opacity)
        return reduceMotion ? c.motionless : c
    }

    /// Applies the phase `delay` seconds into an event at effect time `tau`.
    func apply(tau: Double, delay: Double, scope: EffectScope, _ ctx: DocumentContext, defaults: EffectDefaults,
               reduceMotion: Bool, to state: inout PoseState) {
        if scope == .wholeSymbol {
            state.symbol.add(contribution(tau - delay, height: ctx.height, reduceMotion: reduceMotion))
            return
        }
        let s = stagger(defaults)
        for i in 0..<ctx.layerCount {
            let g = Double(ctx.all.ordinal[i] ?? 0)
            state.layers[i].add(contribution(tau - delay - g * s, height: ctx.height, reduceMotion: reduceMotion))
        }
    }

    /// Effect seconds from the event until every group is at rest.
    func end(delay: Double, groups: Int, scope: EffectScope, defaults: EffectDefaults) -> Double {
        delay + (scope == .wholeSymbol ? 0 : stagger(defaults) * Double(max(0, groups - 1))) + length
    }
}

/// A compiled `.appear` or `.disappear`.
struct TransitionProgram: Sendable {
    let start: Double
    let speed: Double
    let scope: EffectScope
    let phase: TransitionPhase

    init(appear: Bool, direction: VerticalDirection?, scope: EffectScope, start: Double, speed: Double, _ d: EffectDefaults) {
        self.start = start
        self.speed = speed
        self.scope = scope
        // appear defaults to up (grows in), disappear to down (shrinks out).
        let up = direction.map { $0 == .up } ?? appear
        let scale = appear == up ? d.appearSmallScale : d.appearLargeScale
        phase = TransitionPhase(entering: appear, scale: scale, duration: d.appearDuration, bounce: d.appearSpringBounce, blur: d.appearBlur)
    }

    func end(_ ctx: DocumentContext, _ d: EffectDefaults) -> Double {
        start + phase.end(delay: 0, groups: ctx.all.count, scope: scope, defaults: d) / speed
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

    init(from: Int, to: Int, style: ReplaceStyle, scope: EffectScope, start: Double, speed: Double, _ d: EffectDefaults) {
        self.start = start; self.speed = speed; self.from = from; self.to = to; self.scope = scope
        let up: Bool
        switch style {
        case .upUp: up = true
        default: up = false
        }
        if case .offUp = style {
            outgoing = TransitionPhase(entering: false, scale: 1, duration: 0, bounce: 0, blur: 0, instant: true)
        } else {
            outgoing = TransitionPhase(entering: false, scale: up ? d.appearLargeScale : d.appearSmallScale,
                                       duration: d.replaceOutDuration, bounce: d.appearSpringBounce, blur: d.appearBlur)
        }
        incoming = TransitionPhase(entering: true, scale: d.appearSmallScale, duration: d.replaceInDuration,
                                   bounce: d.appearSpringBounce, blur: d.appearBlur)
        incomingDelay = d.replaceInDelay
    }
}
