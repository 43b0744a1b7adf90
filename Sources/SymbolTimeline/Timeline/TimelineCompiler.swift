import SymbolScene

/// Validates events and turns them into programs, one event at a time.
struct TimelineCompiler {
    let documents: [SymbolDocument]
    let style: TimelineStyle
    let contexts: [DocumentContext]
    var diagnostics: [Diagnostic] = []
    var programs: [EffectProgram] = []
    var transitions: [TransitionProgram] = []
    var replaces: [ReplaceProgram] = []
    var canvasTracks: [TrackProperty: KeyframeTrack] = [:]
    var variableTrack: KeyframeTrack?
    /// Replace events until `finish` orders them in time (each replaces what the previous showed).
    private var pendingReplaces: [(target: Int, style: ReplaceStyle, scope: EffectScope, at: Double, speed: Double, event: Int)] = []
    private let mode: LayerMode
    /// Latest known end of anything, for `naturalDuration`.
    private var latest = 0.0
    private var defaults: EffectDefaults { style.defaults }

    init(documents: [SymbolDocument], mode: LayerMode, style: TimelineStyle) throws {
        guard !documents.isEmpty else { throw TimelineError("a timeline needs at least one document") }
        if let v = style.variableValue, !(v.isFinite && (0...1).contains(v)) {
            throw TimelineError("the variable value must be between 0 and 1, not \(format(v))")
        }
        self.documents = documents
        self.style = style
        self.mode = mode
        contexts = documents.map { DocumentContext($0, mode: mode) }
        if style.variableValueMode == .draw, contexts[0].variableDraw.isEmpty {
            diagnostics.append(Diagnostic(.warning, code: "no-variable-draw",
                                          "variable value mode 'draw' needs layers with -sfsymbols-variable-draw; \(documents[0].fileName) has none, so the value changes nothing"))
        }
    }

    var naturalDuration: Double { max(1, latest) }

    mutating func add(_ event: TimelineEvent, index i: Int) throws {
        switch event {
        case .discrete(let effect, let options, let at): try addDiscrete(effect, options, at: at, i)
        case .indefinite(let effect, let options, let from, let until): try addIndefinite(effect, options, from: from, until: until, i)
        case .replace(let target, let effect, let options, let at): try addReplace(target, effect, options, at: at, i)
        case .keyframes(let track): try addTrack(track, i)
        }
    }

    private mutating func addDiscrete(_ effect: SymbolEffect, _ options: SymbolEffectOptions, at: Double, _ i: Int) throws {
        try time(at, "time", i)
        try supported(effect, i)
        let speed = try self.speed(options, i)
        switch effect.kind {
        case .appear, .disappear, .drawOn, .drawOff:
            if options.repeatBehavior != nil { note(i, "repeat options do not apply to '\(effect)'; it plays once") }
            addTransition(effect, start: at, speed: speed, reversed: false)
        case .replace:
            throw TimelineError("'\(effect)' needs a symbol to replace with: use a replace event", event: i)
        case .scale:
            throw TimelineError("'\(effect)' holds while active: give it from/until (an indefinite event)", event: i)
        default:
            try addEffect(effect, options, start: at, until: nil, discrete: true, speed: speed, i)
        }
    }

    private mutating func addIndefinite(_ effect: SymbolEffect, _ options: SymbolEffectOptions, from: Double, until: Double?,
                                        _ i: Int) throws {
        try time(from, "start", i)
        if let until {
            try time(until, "end", i)
            guard until >= from else { throw TimelineError("the end \(format(until)) s comes before the start \(format(from)) s", event: i) }
        }
        try supported(effect, i)
        let speed = try self.speed(options, i)
        switch effect.kind {
        case .appear, .disappear, .drawOn, .drawOff:
            addTransition(effect, start: from, speed: speed, reversed: false)
            if let until { addTransition(effect, start: until, speed: speed, reversed: true) }
        case .replace:
            throw TimelineError("'\(effect)' is a content transition: use a replace event at a time", event: i)
        default:
            try addEffect(effect, options, start: from, until: until, discrete: false, speed: speed, i)
        }
    }

    private mutating func addReplace(_ target: Int, _ effect: SymbolEffect, _ options: SymbolEffectOptions, at: Double,
                                     _ i: Int) throws {
        try time(at, "time", i)
        guard documents.indices.contains(target) else {
            throw TimelineError("there is no document \(target) to replace with (documents 0…\(documents.count - 1))", event: i)
        }
        guard case .replace(let style) = effect.kind else {
            throw TimelineError("a replace event needs a .replace effect, not '\(effect)'", event: i)
        }
        pendingReplaces.append((target, style, effect.resolvedScope, at, try self.speed(options, i), i))
    }

    /// Orders replaces in time, links same-family effects so a later one replaces the earlier,
    /// and finds the natural duration.
    mutating func finish() {
        var shown = 0
        for p in pendingReplaces.enumerated().sorted(by: { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }).map(\.element) {
            var style = p.style, scope = p.scope
            var plan: MagicPlan?
            if case .magic(let fallback) = style {
                plan = MagicPlan(from: documents[shown], to: documents[p.target], mode: mode, defaults: defaults)
                if plan == nil, case .replace(let f) = fallback.kind {
                    diagnostics.append(Diagnostic(.note, code: "magic-replace-fallback",
                                                  "event \(p.event): \(documents[shown].fileName) and \(documents[p.target].fileName) share no layer; Magic Replace plays its fallback '\(fallback)'"))
                    style = f
                    scope = fallback.scope ?? scope
                }
            }
            var r = ReplaceProgram(from: shown, to: p.target, style: style, scope: scope, start: p.at, speed: p.speed, defaults)
            r.magic = plan
            if let plan {
                r.end = p.at + plan.length(contexts[shown], contexts[p.target], scope: scope, defaults: defaults) / p.speed
            } else {
                let out = r.outgoing.end(delay: 0, groups: contexts[shown].all.count, scope: scope, defaults: defaults)
                let inn = r.incoming.end(delay: r.incomingDelay, groups: contexts[p.target].all.count, scope: scope, defaults: defaults)
                r.end = p.at + max(out, inn) / p.speed
            }
            replaces.append(r)
            latest = max(latest, r.end)
            shown = p.target
        }
        let order = programs.indices.sorted { (programs[$0].start, $0) < (programs[$1].start, $1) }
        for (k, i) in order.enumerated() {
            if let j = order[(k + 1)...].first(where: { programs[$0].family == programs[i].family }) {
                programs[i].replacedAt = programs[j].start
            }
        }
        transitions = transitions.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        for p in programs {
            var end = contexts.map { p.end(in: $0) }.max() ?? p.start
            if !end.isFinite { end = p.start + max(p.playLength, 1) / p.speed }
            if let r = p.replacedAt { end = min(end, r + defaults.handoff) }
            latest = max(latest, end)
        }
        for t in transitions { latest = max(latest, contexts.map { t.end($0, defaults) }.max() ?? t.start) }
    }

    // MARK: Pieces

    private func time(_ t: Double, _ what: String, _ i: Int) throws {
        guard t.isFinite, t >= 0 else { throw TimelineError("the \(what) must be a number of seconds ≥ 0, not \(format(t))", event: i) }
    }

    private func supported(_ effect: SymbolEffect, _ i: Int) throws {
        if effect.scope == .individually {
            switch effect.kind {
            case .drawOn, .drawOff: break
            default: throw TimelineError("'.individually' applies to Draw On and Draw Off only, not '\(effect)'", event: i)
            }
        }
    }

    private mutating func note(_ i: Int, _ message: String) {
        diagnostics.append(Diagnostic(.note, code: "option-ignored", "event \(i): \(message)"))
    }

    private mutating func speed(_ options: SymbolEffectOptions, _ i: Int) throws -> Double {
        let x = options.speed
        guard x.isFinite, x > 0 else { throw TimelineError("the speed must be greater than 0, not \(format(x))", event: i) }
        let clamped = min(max(x, defaults.speedMinimum), defaults.speedMaximum)
        if clamped != x {
            diagnostics.append(Diagnostic(.warning, code: "speed-clamped",
                                          "event \(i): speed \(format(x)) is outside \(format(defaults.speedMinimum))…\(format(defaults.speedMaximum)); using \(format(clamped))"))
        }
        return clamped
    }

    private mutating func addTransition(_ effect: SymbolEffect, start: Double, speed: Double, reversed: Bool) {
        switch effect.kind {
        case .drawOn:
            transitions.append(TransitionProgram(draw: reversed ? .offBackward : .on, scope: effect.resolvedScope, start: start,
                                                 speed: speed, defaults))
            return
        case .drawOff(let backward):
            transitions.append(TransitionProgram(draw: reversed ? .on : backward ? .offBackward : .offForward,
                                                 scope: effect.resolvedScope, start: start, speed: speed, defaults))
            return
        default: break
        }
        var appear = false, direction: VerticalDirection?
        if case .appear(let d) = effect.kind { appear = true; direction = d }
        if case .disappear(let d) = effect.kind { direction = d }
        if reversed {
            // Leaving the interval plays the opposite transition, mirrored: disappear.up ↔ appear.down.
            appear.toggle()
            direction = direction.map { $0 == .up ? .down : .up } ?? (appear ? .down : .up)
        }
        transitions.append(TransitionProgram(appear: appear, direction: direction, scope: effect.resolvedScope,
                                             start: start, speed: speed, defaults))
    }

    private mutating func addEffect(_ effect: SymbolEffect, _ options: SymbolEffectOptions, start: Double, until: Double?,
                                    discrete: Bool, speed: Double, _ i: Int) throws {
        var count: Int? = discrete ? 1 : nil, gap = 0.0
        switch options.repeatBehavior {
        case nil: break
        case .continuous: count = nil
        case .periodic(let n, let d):
            if let n, n < 1 { throw TimelineError("the repeat count must be at least 1, not \(n)", event: i) }
            guard d.isFinite, d >= 0 else { throw TimelineError("the repeat delay must be 0 or more seconds, not \(format(d))", event: i) }
            count = n
            gap = d
        }
        let d = defaults
        let schedule = PlaySchedule(count: count, gap: gap, stop: until.map { ($0 - start) * speed })
        let body: EffectProgram.Body, length: Double
        var staggered = effect.resolvedScope == .byLayer
        switch effect.kind {
        case .bounce(let dir):
            let amplitude = (dir == .down ? d.bounceDownScale : d.bounceUpScale) - 1
            let release = Spring(duration: d.bounceSpringDuration, bounce: dir == .down ? d.bounceDownSpringBounce : d.bounceSpringBounce)
            body = .plays(.bounce(amplitude: amplitude, BounceShape(peakTime: d.bouncePeakTime, release: release)))
            length = d.bounceDuration
        case .pulse:
            body = .plays(.pulse); length = d.pulseDuration
        case .variableColor(let s):
            body = .variableColor(s); length = 0; staggered = false
        case .scale(let dir):
            body = .held(target: dir == .down ? d.scaleDownScale : d.scaleUpScale)
            length = d.scaleDuration
            if options.repeatBehavior != nil { note(i, "repeat options do not apply to '\(effect)'; it holds while active") }
        case .wiggle(let dir):
            body = .plays(dir.map { .wiggle($0, ImpulseShape(TimelineCompiler.wiggleSpring($0, d))) }
                ?? .styledWiggle(moving: ImpulseShape(TimelineCompiler.wiggleSpring(.forward, d)),
                                 turning: ImpulseShape(TimelineCompiler.wiggleSpring(.clockwise, d))))
            length = d.wiggleDuration
        case .rotate(let dir):
            let sign: Double = dir.map { $0 == .counterClockwise ? -1 : 1 } ?? 0  // 0: the layers' marked ways
            let turn = TurnShape(Spring(duration: d.rotateSpringDuration, bounce: d.rotateSpringBounce),
                                 lead: d.rotateLead, velocity: d.rotateSpringVelocity / 360)
            body = count == nil && gap == 0 ? .spin(sign: sign) : .plays(.turn(sign: sign, turn))
            length = d.rotateDuration
            staggered = false
        case .breathe(let pulse):
            body = .plays(.breathe(pulse: pulse)); length = d.breatheDuration
        default:
            throw TimelineError("'\(effect)' cannot be played here", event: i)
        }
        programs.append(EffectProgram(
            family: effect.name, body: body, scope: effect.resolvedScope, start: start, speed: speed, schedule: schedule,
            playLength: length, stagger: staggered ? min(d.staggerMax, d.staggerFraction * length) : 0, defaults: d))
        if let until { latest = max(latest, until) }
    }

    private mutating func addTrack(_ track: KeyframeTrack, _ i: Int) throws {
        guard track.start.isFinite, track.start >= 0 else {
            throw TimelineError("the track's start must be a number of seconds ≥ 0, not \(format(track.start))", event: i)
        }
        guard track.initialValue.isFinite else { throw TimelineError("the track's initial value must be a finite number", event: i) }
        for (k, f) in track.keyframes.enumerated() {
            guard f.value.isFinite else { throw TimelineError("keyframe \(k) of '\(track.property.rawValue)' has no finite value", event: i) }
            guard f.duration.isFinite, f.duration >= 0 else {
                throw TimelineError("keyframe \(k) of '\(track.property.rawValue)' needs a duration ≥ 0, not \(format(f.duration))", event: i)
            }
        }
        if track.property == .variableValue {
            guard variableTrack == nil else { throw TimelineError("a second 'variableValue' track; give one track per property", event: i) }
            variableTrack = track
        } else {
            guard canvasTracks[track.property] == nil else {
                throw TimelineError("a second '\(track.property.rawValue)' track; give one track per property", event: i)
            }
            canvasTracks[track.property] = track
        }
        latest = max(latest, track.end)
    }

    /// The wiggle's spring. A turning wiggle's swings shrink more slowly (measured 0.80 of the
    /// one before, against 0.72 for a moving one) at the same swing period, so its duration is
    /// scaled to keep the damped frequency ω·√(1 − ζ²).
    static func wiggleSpring(_ direction: WiggleDirection, _ d: EffectDefaults) -> Spring {
        let moving = Spring(duration: d.wiggleSpringDuration, bounce: d.wiggleSpringBounce)
        switch direction {
        case .clockwise, .counterClockwise:
            let turning = Spring(duration: d.wiggleSpringDuration, bounce: d.wiggleRotationSpringBounce)
            let z0 = moving.dampingRatio, z1 = turning.dampingRatio
            return Spring(duration: d.wiggleSpringDuration * ((1 - z1 * z1) / (1 - z0 * z0)).squareRoot(), bounce: d.wiggleRotationSpringBounce)
        default:
            return moving
        }
    }
}
