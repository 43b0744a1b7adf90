/// The variable value over time (static, or a keyframe track) and what it does to variable
/// layers. A layer is active when its threshold t > 0 and value ≥ t, or t = 0 and value > 0
/// (Apple). A change cross-fades: a layer's shown activation is the mean of its activation over
/// the last `crossFade` seconds, which turns every threshold crossing into a linear fade of
/// exactly that length (times before 0 count as time 0).
struct VariableValueSource: Sendable {
    let constant: Double?
    let track: KeyframeTrack?
    let crossFade: Double
    let inactiveOpacity: Double

    var isPresent: Bool { constant != nil || track != nil }

    func value(at t: Double) -> Double? {
        if let track { return min(max(track.value(at: max(t, 0)), 0), 1) }
        return constant
    }

    static func isActive(_ v: Double, threshold: Double) -> Bool { threshold > 0 ? v >= threshold : v > 0 }

    /// Shown activation 0…1 of a layer with `threshold` at `t`.
    func activation(threshold: Double, at t: Double) -> Double {
        func on(_ time: Double) -> Double { VariableValueSource.isActive(value(at: time) ?? 0, threshold: threshold) ? 1 : 0 }
        guard let track, crossFade > 0 else { return on(t) }
        let a = t - crossFade
        // Outside the track's changes the value is constant over the whole window.
        if a >= track.end || t <= max(track.start, 0) { return on(t) }
        var sum = a < 0 ? -a * on(0) : 0
        let lo = max(a, 0)
        let pieces = 24
        let h = (t - lo) / Double(pieces)
        for k in 0..<pieces {
            let p = lo + Double(k) * h, q = k == pieces - 1 ? t : p + h
            let sp = on(p), sq = on(q)
            if sp == sq { sum += (q - p) * sp; continue }
            // One crossing assumed per piece (pieces are 1/24 of the fade): find it by bisection.
            var x0 = p, x1 = q
            for _ in 0..<40 {
                let m = (x0 + x1) / 2
                if on(m) == sp { x0 = m } else { x1 = m }
            }
            let c = (x0 + x1) / 2
            sum += (c - p) * sp + (q - c) * sq
        }
        return min(max(sum / crossFade, 0), 1)
    }

    /// Opacity per layer from the value (1 for layers without a threshold, or without a value).
    func opacities(_ ctx: DocumentContext, at t: Double) -> [Double] {
        var out = [Double](repeating: 1, count: ctx.layerCount)
        guard isPresent else { return out }
        for (layer, threshold) in ctx.thresholds {
            out[layer] = inactiveOpacity + (1 - inactiveOpacity) * activation(threshold: threshold, at: t)
        }
        return out
    }
}
