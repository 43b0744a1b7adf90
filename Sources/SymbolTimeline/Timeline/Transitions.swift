import SymbolGeometry

/// One side of a transition: a symbol (or layer) entering or leaving. Scale follows a spring,
/// opacity an ease-out over `duration`; blur grows as opacity falls.
struct TransitionPhase: Sendable {
    /// Draw On and Off: the layer is revealed (hidden) along its draw path instead of scaling
    /// and fading. `offBackward` erases from the end back to the start (`.reversed`).
    enum Draw: Sendable { case on, offForward, offBackward }

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
    let draw: Draw?
    /// Draw Off plays the motion groups last to first (`-sfsymbols-draw-reverses-motion-groups`).
    var reversesGroups = false

    init(entering: Bool, scale: Double, duration: Double, bounce: Double, blur: Double, instant: Bool = false) {
        self.entering = entering
        self.scale = scale
        self.duration = duration
        self.spring = Spring(duration: duration, bounce: bounce)
        self.instant = instant
        self.blur = blur
        self.draw = nil
    }

    /// A Draw On or Draw Off phase of `duration` a layer, ease-in-out.
    init(draw: Draw, duration: Double) {
        entering = draw == .on
        scale = 1
        self.duration = duration
        spring = Spring(duration: max(duration, 0.01), bounce: 0)
        instant = false
        blur = 0
        self.draw = draw
    }

    /// Effect seconds until rest (the spring settled, the fade done).
    var length: Double { instant ? 0 : draw != nil ? duration : max(duration, spring.settlingDuration) }

    /// Stagger between groups for this phase: `.individually` waits for the previous group.
    func stagger(_ d: EffectDefaults, scope: EffectScope = .byLayer) -> Double {
        scope == .individually ? duration : min(d.staggerMax, d.staggerFraction * duration)
    }

    func contribution(_ u: Double, height: Double, reduceMotion: Bool) -> Contribution {
        if instant { return u >= 0 ? Contribution(opacity: 0) : .identity }
        if let draw {
            let p = u < 0 ? 0 : Curve.easeInOut.progress(elapsed: u, duration: duration)
            switch draw {
            case .on: return Contribution(draw: 0...p)
            case .offForward: return p <= 0 ? .identity : Contribution(draw: p...1)
            case .offBackward: return p <= 0 ? .identity : Contribution(draw: 0...(1 - p))
            }
        }
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
    /// Magic Replace's plan; nil for the other styles (and a Magic Replace that fell back).
    var magic: MagicPlan?

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
