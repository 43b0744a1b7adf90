import SymbolGeometry
import SymbolScene
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Magic Replace between two symbols: which layers they share, and what every layer does.
///
/// Matching, in order (each layer pairs at most once): equal `-sfsymbols-layer-tags`; equal
/// geometry where they are drawn (within 0.5 % of the guide box's height, point by point); the same
/// path structure with overlapping bounds. A pair with equal geometry and role stays: the old
/// symbol's layer is hidden and the new one's shows from the first frame, so its pixels do not
/// change. A pair whose paths have the same structure but other points morphs (the new layer's
/// points move from the old ones', ease-in-out). Any other pair cross-fades (the new one in
/// over the old, then the old out). Unpaired old layers leave (Draw Off backward when they have draw
/// data, else a disappear), unpaired new layers enter (Draw On when they have draw data, e.g. a
/// slash across a bell, else an appear). No pair at all: the fallback replace plays.
struct MagicPlan: Sendable {
    enum Fate: Sendable, Equatable {
        /// Shared with the same geometry: shown by the new symbol throughout.
        case stay
        /// Shared, same path structure: the new layer's points move from the old layer's.
        case morph
        /// Shared, different geometry: the old one fades out while the new one fades in.
        case crossFade
        /// Only on one side, with draw data.
        case draw
        /// Only on one side, without draw data.
        case scaleFade
    }

    /// Per layer of the old symbol.
    let outgoing: [Fate]
    /// Per layer of the new symbol.
    let incoming: [Fate]
    /// (old layer, new layer) pairs.
    let pairs: [(Int, Int)]
    /// An added slash's draw progress (solved once: see `SlashDraw`).
    let slashDraw: SlashDraw

    init?(from a: SymbolDocument, to b: SymbolDocument, mode: LayerMode, defaults: EffectDefaults) {
        let la = a.layers(for: mode), lb = b.layers(for: mode)
        var pairOf = [Int?](repeating: nil, count: la.count)
        var taken = [Bool](repeating: false, count: lb.count)
        func pair(_ test: (Int, Int) -> Bool) {
            for i in la.indices where pairOf[i] == nil {
                if let j = lb.indices.first(where: { !taken[$0] && test(i, $0) }) { pairOf[i] = j; taken[j] = true }
            }
        }
        // Compared where they are drawn: each symbol is placed by its guide box (centred, scaled
        // by its height), so geometry is compared in guide-box units.
        let tolerance = 0.005
        let na = MagicPlan.normalizing(a), nb = MagicPlan.normalizing(b)
        let pathsA = la.map { MagicPlan.paths($0, a).map { $0.applying(na) } }, pathsB = lb.map { MagicPlan.paths($0, b).map { $0.applying(nb) } }
        func same(_ i: Int, _ j: Int) -> Bool { MagicPlan.equalGeometry(pathsA[i], pathsB[j], tolerance: tolerance) }
        pair { i, j in !la[i].annotations.layerTags.isEmpty && Set(la[i].annotations.layerTags) == Set(lb[j].annotations.layerTags) }
        pair(same)
        pair { i, j in
            pathsA[i].count == pathsB[j].count && zip(pathsA[i], pathsB[j]).allSatisfy { $0.isCompatible(with: $1) }
                && MagicPlan.bounds(pathsA[i]).intersects(MagicPlan.bounds(pathsB[j]))
        }
        let pairs = la.indices.compactMap { i in pairOf[i].map { (i, $0) } }
        guard !pairs.isEmpty else { return nil }
        self.pairs = pairs
        func leftover(_ layer: SymbolLayer, _ doc: SymbolDocument) -> Fate {
            layer.parts.contains { p in p.shape < doc.shapes.count && MagicPlan.hasDrawData(doc.shapes[p.shape]) } ? .draw : .scaleFade
        }
        var out = la.map { leftover($0, a) }, inn = lb.map { leftover($0, b) }
        for (i, j) in pairs {
            let compatible = pathsA[i].count == pathsB[j].count && zip(pathsA[i], pathsB[j]).allSatisfy { $0.isCompatible(with: $1) }
            let fate: Fate = !same(i, j) && compatible ? .morph : same(i, j) && la[i].role == lb[j].role ? .stay : .crossFade
            out[i] = fate; inn[j] = fate
        }
        outgoing = out
        incoming = inn
        slashDraw = SlashDraw(defaults)
    }

    /// Symbol space → guide-box units: the guide box's centre at the origin, its height 1.
    static func normalizing(_ doc: SymbolDocument) -> Transform {
        var box = doc.guideBox
        if box.isNull || box.width <= 0 || box.height <= 0 { box = doc.bounds }
        if box.isNull || box.height <= 0 { return .identity }
        return Transform.translation(-box.center.x, -box.center.y).concatenating(.scale(1 / box.height))
    }

    static func paths(_ layer: SymbolLayer, _ doc: SymbolDocument) -> [Path] {
        layer.parts.compactMap { $0.shape < doc.shapes.count ? doc.shapes[$0.shape].path : nil }
    }

    static func bounds(_ paths: [Path]) -> Rect { paths.reduce(Rect.null) { $0.union($1.bounds) } }

    static func equalGeometry(_ a: [Path], _ b: [Path], tolerance: Double) -> Bool {
        guard a.count == b.count, !a.isEmpty else { return false }
        for (p, q) in zip(a, b) {
            guard p.isCompatible(with: q) else { return false }
            for (x, y) in zip(p.points, q.points) where x.distance(to: y) > tolerance { return false }
        }
        return true
    }

    static func hasDrawData(_ s: SymbolShape) -> Bool {
        (s.drawKeyframes?.sets.contains { $0.count >= 2 } ?? false) || !(s.drawGuides?.strokes.isEmpty ?? true)
    }

    /// Applies the plan for one side of the transition at effect time `tau`.
    func apply(outgoing isOutgoing: Bool, from: Int, tau: Double, scope: EffectScope, _ ctx: DocumentContext, defaults d: EffectDefaults,
               reduceMotion: Bool, to state: inout PoseState) {
        let fates = isOutgoing ? outgoing : incoming
        let fade = Curve.easeInOut.progress(elapsed: tau, duration: d.replaceMagicDuration)
        for (i, f) in fates.enumerated() where i < ctx.layerCount {
            switch f {
            case .stay: if isOutgoing { state.layers[i].add(Contribution(opacity: 0)) }
            case .morph:
                if isOutgoing {
                    state.layers[i].add(Contribution(opacity: 0))
                } else if let old = pairs.first(where: { $0.1 == i })?.0, fade < 1 {
                    if state.morphs.count < ctx.layerCount { state.morphs = Array(repeating: nil, count: ctx.layerCount) }
                    state.morphs[i] = LayerMorph(document: from, layer: old, amount: fade)
                }
            case .crossFade:
                // The new layer fades in over the first half on top of the old one, which then
                // fades out: where they overlap, coverage never dips.
                state.layers[i].add(Contribution(opacity: isOutgoing ? 1 - min(max(2 * fade - 1, 0), 1) : min(2 * fade, 1)))
            case .draw, .scaleFade: break
            }
        }
        let drawing = fates.map { $0 == .draw }, moving = fates.map { $0 == .scaleFade }
        if drawing.contains(true) {
            slash(outgoing: isOutgoing, d).apply(tau: tau, delay: 0, scope: scope, ctx, defaults: d,
                                                          reduceMotion: reduceMotion, layers: drawing, to: &state)
        }
        if moving.contains(true) {
            let phase: TransitionPhase = isOutgoing ? .disappear(to: d.disappearSmallScale, d)
                                                    : .appear(from: d.appearSmallScale, d)
            phase.apply(tau: tau, delay: 0, scope: scope, ctx, defaults: d, reduceMotion: reduceMotion, layers: moving, to: &state)
        }
        // A slash taken away: what stays does one damped bounce while it retracts (measured
        // +5.7 % then −3.3 %). A slash added: no bounce.
        if !isOutgoing, outgoing.contains(.draw), !reduceMotion, let k = MagicPlan.bounce(d, at: tau) {
            state.symbol.add(Contribution(scale: 1 + d.magicBounce * k))
        }
    }

    /// The slash's Draw Off (retracting toward its start) or Draw On (`SlashDraw`: past its end
    /// it stretches along its draw axis by up to `magicSlashOvershoot`, and settles).
    func slash(outgoing: Bool, _ d: EffectDefaults) -> TransitionPhase {
        if outgoing { return TransitionPhase(draw: .offBackward, duration: d.magicSlashOffDuration) }
        return TransitionPhase(draw: .on, duration: slashDraw.end, overshoot: slashDraw)
    }

    /// The bounce of what stays when a slash is taken away (1 at its first peak), nil at rest.
    static func bounce(_ d: EffectDefaults, at tau: Double) -> Double? {
        let length = d.magicBounceDuration
        guard tau > 0, tau < length else { return nil }
        let shape = ImpulseShape(Spring(duration: d.magicBounceSpringDuration, bounce: d.magicBounceSpringBounce))
        let settle = min(d.magicBounceSettle, length)
        return shape.value(at: tau) * (1 - Ease.smoothstep((tau - (length - settle)) / settle))
    }

    /// Effect seconds until both symbols are at rest.
    func length(_ from: DocumentContext, _ to: DocumentContext, scope: EffectScope, defaults d: EffectDefaults) -> Double {
        var end = d.replaceMagicDuration
        if outgoing.contains(.draw) { end = max(end, d.magicBounceDuration) }
        for (fates, out) in [(outgoing, true), (incoming, false)] {
            let drawing = fates.filter { $0 == .draw }.count, moving = fates.filter { $0 == .scaleFade }.count
            if drawing > 0 {
                end = max(end, slash(outgoing: out, d).end(delay: 0, groups: drawing, scope: scope, defaults: d))
            }
            if moving > 0 {
                let phase: TransitionPhase = out ? .disappear(to: d.disappearSmallScale, d)
                                                 : .appear(from: d.appearSmallScale, d)
                end = max(end, phase.end(delay: 0, groups: moving, scope: scope, defaults: d))
            }
        }
        return end
    }
}

/// An added slash's draw progress, as measured on the SF Symbols app and WWDC recordings (30 fps):
/// drawn on from its start on an underdamped spring that reaches its end at
/// `magicSlashDrawDuration`; past the end its excess is eased (smoothstep) to rest at
/// `magicSlashOnDuration` (≈0.33 s), and the spring's own overshoot is chosen so that what shows
/// peaks at `magicSlashOvershoot` (≈7 %). One curve, with a continuous velocity. A spring alone
/// cannot do it: one that reaches its end by 0.2 s with a 7 % peak is still 1 % out at 0.37 s
/// (damping ratio 0.65, ω 18 rad/s, the best). Progress past 1 is shown as the layer stretched
/// along its draw axis (`DrawAxis`).
struct SlashDraw: Sendable, Equatable {
    /// The spring: damping ratio, natural and damped angular frequencies.
    let zeta: Double, omega: Double, damped: Double
    /// Effect seconds at which it reaches its end, and of rest.
    let drawn: Double, end: Double

    init(_ d: EffectDefaults) {
        let drawn = max(d.magicSlashDrawDuration, 1e-3), end = max(d.magicSlashOnDuration, drawn + 1e-3)
        let goal = min(max(d.magicSlashOvershoot, 1e-4), 0.5)
        // The easing takes some of the spring's overshoot away: find the overshoot that leaves
        // `goal` (more overshoot shows more; bisection on its logarithm).
        var lo = log(goal), hi = log(0.95)
        var best = SlashDraw(springOvershoot: goal, drawn: drawn, end: end)
        for _ in 0..<30 {
            let mid = (lo + hi) / 2
            best = SlashDraw(springOvershoot: exp(mid), drawn: drawn, end: end)
            if best.shownOvershoot < goal { lo = mid } else { hi = mid }
        }
        self = best
    }

    /// The spring from rest whose one overshoot of its end is `o` and whose first crossing of
    /// the end is at `drawn`.
    private init(springOvershoot o: Double, drawn: Double, end: Double) {
        let l = -log(o)
        zeta = l / (Double.pi * Double.pi + l * l).squareRoot()
        let root = (1 - zeta * zeta).squareRoot()
        damped = (Double.pi - atan2(root, zeta)) / drawn
        omega = damped / root
        self.drawn = drawn
        self.end = end
    }

    /// The largest excess past the end, sampled finely between the end and rest.
    private var shownOvershoot: Double {
        (0...64).reduce(0) { m, k in max(m, progress(at: drawn + (end - drawn) * Double(k) / 64) - 1) }
    }

    /// Draw progress at `u` effect seconds (0 before the start, 1 at rest, above 1 overshooting).
    func progress(at u: Double) -> Double {
        if u <= 0 { return 0 }
        if u >= end { return 1 }
        let e = exp(-zeta * omega * u), root = (1 - zeta * zeta).squareRoot()
        let p = 1 - e * (cos(damped * u) + zeta / root * sin(damped * u))
        return u <= drawn ? p : 1 + (p - 1) * (1 - Ease.smoothstep((u - drawn) / (end - drawn)))
    }
}
