import SymbolGeometry

/// Per-frame working state of one posed symbol while effects are applied.
struct PoseState {
    var symbol = Contribution.identity
    var layers: [Contribution]
    /// Variable-value / variable-colour opacity of each layer.
    var variable: [Double]
    /// Magic Replace morphs, per layer.
    var morphs: [LayerMorph?] = []
}

/// When the plays of an effect happen, in effect time (clip seconds × speed from the start).
struct PlaySchedule: Sendable {
    /// Plays; nil is endless.
    let count: Int?
    /// Rest between plays.
    let gap: Double
    /// No play starts at or after this (the `until` of an indefinite event).
    let stop: Double?

    /// Index of the last play given a period, nil when unbounded, −1 when there is none.
    func lastPlay(period: Double) -> Int? {
        var last: Int? = count.map { $0 - 1 }
        if let stop {
            let byStop = period > 0 ? Int((stop / period).rounded(.up)) - 1 : (stop > 0 ? 0 : -1)
            last = min(last ?? byStop, byStop)
        }
        return last
    }

    /// Time inside the current play of a group that starts `offset` into each play, or nil at rest.
    func local(_ tau: Double, offset: Double, period: Double, length: Double) -> Double? {
        let x = tau - offset
        guard x >= 0 else { return nil }
        var k = period > 0 ? (x / period).rounded(.down) : 0
        if let last = lastPlay(period: period) {
            if last < 0 { return nil }
            k = min(k, Double(last))
        }
        let u = x - k * period
        return u <= length ? u : nil
    }

    /// End of the last play (effect time), infinity when endless.
    func end(period: Double, wave: Double) -> Double {
        guard let last = lastPlay(period: period) else { return .infinity }
        return last < 0 ? 0 : Double(last) * period + wave
    }
}

/// A compiled effect event (transitions and replaces are separate): what it does, when, and the
/// constants each frame needs.
struct EffectProgram: Sendable {
    enum Body: Sendable {
        /// Rest-to-rest plays, one per period, motion groups staggered.
        case plays(PlayShape)
        case variableColor(VariableColorStyle)
        /// `.scale`: ease to `target`, hold, ease back after `stop`.
        case held(target: Double)
        /// Indefinite rotation: steady turning (after an eased start, if any), stopping on a whole turn.
        case spin(sign: Double)
    }

    enum PlayShape: Sendable {
        case bounce(amplitude: Double, BounceShape)
        case pulse
        case wiggle(WiggleDirection, ImpulseShape)
        /// A Wiggle without a direction: each layer's `-sfsymbols-wiggle-style`, else forward.
        case styledWiggle(moving: ImpulseShape, turning: ImpulseShape)
        case breathe(pulse: Bool)
        /// A full turn: a spring chasing a target that eases to 360°, with an initial velocity.
        case turn(sign: Double, TurnShape)
    }

    /// Effects of one family replace each other (bounce, pulse, variableColor, …).
    let family: String
    let body: Body
    let scope: EffectScope
    /// Clip seconds.
    let start: Double
    let speed: Double
    let schedule: PlaySchedule
    /// One group's play, effect time.
    let playLength: Double
    let stagger: Double
    let defaults: EffectDefaults
    /// Clip time at which a later effect of the same family takes over.
    var replacedAt: Double?

    /// The weight left at `t` after a later effect of the same family took over.
    func weight(at t: Double) -> Double {
        guard let r = replacedAt, t >= r else { return 1 }
        let h = defaults.handoff
        return h > 0 ? 1 - Ease.smoothstep((t - r) / h) : 0
    }

    /// The groups that move in `ctx` (nil: the whole symbol).
    func wave(_ ctx: DocumentContext) -> Wave? {
        if scope == .wholeSymbol { return nil }
        switch body {
        case .plays(.pulse): return ctx.pulse
        case .plays(.turn), .spin: return ctx.rotate
        case .variableColor: return nil
        default: return ctx.all
        }
    }

    /// Clip time after which this effect contributes nothing more (infinity when endless).
    func end(in ctx: DocumentContext) -> Double {
        let groups = Double(max(1, wave(ctx)?.count ?? 1))
        let w = playLength + stagger * (groups - 1)
        let effectEnd: Double
        switch body {
        case .plays: effectEnd = schedule.end(period: w + schedule.gap, wave: w)
        case .variableColor: effectEnd = variableColorEnd(ctx)
        case .held:
            guard let stop = schedule.stop else { return .infinity }
            effectEnd = stop + stagger * (groups - 1) + defaults.scaleDuration
        case .spin: effectEnd = spinStop()?.end ?? .infinity
        }
        return start + effectEnd / speed
    }

    /// Applies this effect at clip time `t` to `state`.
    func apply(at t: Double, _ ctx: DocumentContext, reduceMotion: Bool, rightToLeft: Bool, to state: inout PoseState) {
        let tau = (t - start) * speed
        guard tau >= 0 else { return }
        let w = weight(at: t)
        guard w > 0 else { return }
        if case .variableColor(let style) = body {
            applyVariableColor(style, tau: tau, weight: w, ctx, to: &state)
            return
        }
        guard let wave = wave(ctx) else {
            if let c = contribution(body(forLayer: nil, ctx), tau: tau, group: 0, groups: 1, ctx, pulseLayer: true, reduceMotion, rightToLeft) {
                state.symbol.add(c.weighted(w))
            }
            return
        }
        for i in 0..<ctx.layerCount {
            guard let g = wave.ordinal[i] else { continue }
            if let c = contribution(body(forLayer: i, ctx), tau: tau, group: g, groups: wave.count, ctx, pulseLayer: ctx.pulseLayers[i],
                                    reduceMotion, rightToLeft) {
                state.layers[i].add(c.weighted(w))
            }
        }
    }

    private func contribution(_ body: Body, tau: Double, group g: Int, groups: Int, _ ctx: DocumentContext, pulseLayer: Bool,
                              _ reduceMotion: Bool, _ rtl: Bool) -> Contribution? {
        let offset = stagger * Double(g)
        switch body {
        case .plays(let shape):
            let w = playLength + stagger * Double(groups - 1)
            guard let u = schedule.local(tau, offset: offset, period: w + schedule.gap, length: playLength) else { return nil }
            return play(shape, u, ctx, pulseLayer: pulseLayer, reduceMotion, rtl)
        case .held(let target):
            return held(target, tau: tau - offset, reduceMotion)
        case .spin(let sign):
            return spin(sign, tau: tau, reduceMotion)
        case .variableColor:
            return nil
        }
    }
}
