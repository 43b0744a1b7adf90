import SymbolGeometry
import SymbolScene

/// The evaluate stage: documents, a layer mode, events and style, validated once; then
/// `pose(at:)` is a pure function of the frame time. Immutable and `Sendable`, so any number of
/// threads may pose frames at once.
///
/// Documents: index 0 is the symbol; the others are replacement targets. Layers are indexed
/// like `document.layers(for: mode)` (pass `.hierarchical` for palette rendering).
package struct Timeline: Sendable {
    package let documents: [SymbolDocument]
    package let mode: LayerMode
    package let events: [TimelineEvent]
    package let style: TimelineStyle
    /// Things adjusted while validating (speed clamped, Magic Replace played as its fallback…).
    package let diagnostics: [Diagnostic]
    /// When the last event is at rest (springs settled), at least 1 s: the length of a clip
    /// without a duration.
    package let naturalDuration: Double

    let contexts: [DocumentContext]
    let programs: [EffectProgram]
    let transitions: [TransitionProgram]
    let replaces: [ReplaceProgram]
    let canvasTracks: [TrackProperty: KeyframeTrack]
    let variable: VariableValueSource

    /// Validates and compiles; throws `TimelineError`.
    package init(documents: [SymbolDocument], mode: LayerMode = .monochrome, events: [TimelineEvent] = [],
                style: TimelineStyle = TimelineStyle()) throws {
        var compiler = try TimelineCompiler(documents: documents, mode: mode, style: style)
        for (i, e) in events.enumerated() { try compiler.add(e, index: i) }
        compiler.finish()
        self.documents = documents
        self.mode = mode
        self.events = events
        self.style = style
        diagnostics = compiler.diagnostics
        contexts = compiler.contexts
        programs = compiler.programs
        transitions = compiler.transitions
        replaces = compiler.replaces
        canvasTracks = compiler.canvasTracks
        variable = VariableValueSource(constant: style.variableValue, track: compiler.variableTrack,
                                       crossFade: style.defaults.variableValueCrossFade,
                                       inactiveOpacity: style.defaults.variableValueInactiveOpacity)
        naturalDuration = compiler.naturalDuration
    }

    /// The pose at a frame.
    package func pose(at time: FrameTime) -> Pose { pose(atSeconds: time.seconds) }

    /// The pose at `t` clip seconds, which need not fall on a frame (stills).
    package func pose(atSeconds t: Double) -> Pose {
        var symbols: [SymbolPose] = []
        if let r = replaces.last(where: { $0.start <= t }) {
            if t < r.end {
                symbols.append(symbolPose(r.from, .outgoing, replace: r, at: t))
                symbols.append(symbolPose(r.to, .incoming, replace: r, at: t))
            } else {
                symbols.append(symbolPose(r.to, .current, replace: nil, at: t))
            }
        } else {
            symbols.append(symbolPose(0, .current, replace: nil, at: t))
        }
        return Pose(seconds: t, symbols: symbols, canvas: canvas(at: t), layerMode: mode)
    }

    private func symbolPose(_ doc: Int, _ role: SymbolPose.Role, replace: ReplaceProgram?, at t: Double) -> SymbolPose {
        let ctx = contexts[doc]
        let reduce = style.reduceMotion
        let drawsValue = style.variableValueMode == .draw
        var state = PoseState(layers: Array(repeating: .identity, count: ctx.layerCount),
                              variable: drawsValue ? Array(repeating: 1, count: ctx.layerCount) : variable.opacities(ctx, at: t))
        for p in programs where p.start <= t {
            p.apply(at: t, ctx, reduceMotion: reduce, rightToLeft: style.rightToLeft, to: &state)
        }
        applyVisibility(at: t, ctx, to: &state)
        if let r = replace, let plan = r.magic {
            plan.apply(outgoing: role == .outgoing, from: r.from, tau: (t - r.start) * r.speed, scope: r.scope, ctx, defaults: style.defaults,
                       reduceMotion: reduce, to: &state)
        } else if let r = replace {
            let tau = (t - r.start) * r.speed
            let phase = role == .outgoing ? r.outgoing : r.incoming
            phase.apply(tau: tau, delay: role == .outgoing ? 0 : r.incomingDelay, scope: r.scope, ctx,
                        defaults: style.defaults, reduceMotion: reduce, to: &state)
        }
        var track = [Double](repeating: 0, count: ctx.layerCount)
        if drawsValue, let v = variable.value(at: t) {
            // Variable Draw: each layer's share of the value, over a faint track.
            for (i, start, span) in ctx.variableDraw {
                let p = span > 0 ? min(max((v - start) / span, 0), 1) : (v >= start ? 1 : 0)
                var c = Contribution(draw: 0...p)
                c.add(state.layers[i])
                state.layers[i].draw = c.draw
                track[i] = style.defaults.variableDrawTrackOpacity
            }
        }
        let layers = (0..<ctx.layerCount).map { i in
            let c = state.layers[i]
            var range = c.draw
            if let d = state.symbol.draw { range = range.map { r in max(r.lowerBound, d.lowerBound)...max(max(r.lowerBound, d.lowerBound), min(r.upperBound, d.upperBound)) } ?? d }
            // A draw past its end (Magic Replace's slash overshooting) stretches the layer along
            // its draw axis: the pose's transform carries it, so every renderer shows it.
            var transform = c.transform(scaleAbout: ctx.symbolAnchor, rotateAbout: ctx.anchors[i])
            if let r = range, r.upperBound > 1, let axis = ctx.drawAxes[i] { transform = axis.stretch(r.upperBound).concatenating(transform) }
            return LayerPose(transform: transform, opacity: c.opacity * state.variable[i], drawRange: range,
                             drawTrackOpacity: track[i], blur: c.blur, morph: state.morphs.indices.contains(i) ? state.morphs[i] : nil)
        }
        let s = state.symbol
        return SymbolPose(document: doc, role: role, transform: s.transform(about: ctx.symbolAnchor), opacity: s.opacity,
                          blur: s.blur, variableValue: variable.value(at: t), layers: layers)
    }

    /// The latest appear/disappear rules; before the first one, an appear means hidden.
    private func applyVisibility(at t: Double, _ ctx: DocumentContext, to state: inout PoseState) {
        guard let first = transitions.first else { return }
        let current = transitions.last(where: { $0.start <= t })
        guard let tr = current ?? (first.phase.entering ? first : nil) else { return }
        let tau = current == nil ? -1 : (t - tr.start) * tr.speed
        tr.phase.apply(tau: tau, delay: 0, scope: tr.scope, ctx, defaults: style.defaults,
                       reduceMotion: style.reduceMotion, to: &state)
    }

    private func canvas(at t: Double) -> CanvasPose {
        func v(_ p: TrackProperty) -> Double { canvasTracks[p]?.value(at: t) ?? p.restingValue }
        return CanvasPose(offset: Point(v(.offsetX), v(.offsetY)), scale: v(.scale), rotation: v(.rotation), opacity: v(.opacity))
    }
}
