/// Variable Color as measured on Apple's renderer: every layer has its own envelope, started
/// `variableColor.sweep ÷ layers` after the one before.
///
/// - iterative: a fast linear attack (inactive → full) and a long linear release, so two or
///   three layers are lit at once like a comet's tail. A closed loop (the last layer sits next
///   to the first, as spokes do) starts its next sweep right after the last layer; an open one
///   (bars, arcs) rests with every layer inactive first.
/// - cumulative: each layer ramps on; all hold; then they ramp off last lit first; all rest
///   inactive before the next sweep.
/// - `.reversing`: every other sweep (play) runs in the opposite layer order, for both fills.
///
/// Inactive is `dim` (or 0 with `.hideInactiveLayers`). The effect fades in from, and back
/// out to, full opacity over `variableColor.fade`.
extension EffectProgram {
    /// Seconds between one layer's start and the next's.
    private func variableColorStagger(_ n: Int) -> Double { defaults.variableColorSweep / Double(max(n, 1)) }

    /// One sweep, from its start until its last layer is inactive again.
    private func variableColorSweep(_ style: VariableColorStyle, n: Int) -> Double {
        let d = defaults, s = variableColorStagger(n), last = Double(n - 1) * s
        if style.fill == .iterative { return last + d.variableColorAttack + d.variableColorRelease }
        return 2 * (last + d.variableColorRamp) + d.variableColorHold
    }

    /// Seconds from one sweep's start to the next's.
    private func variableColorPeriod(_ style: VariableColorStyle, n: Int, closedLoop: Bool) -> Double {
        let d = defaults
        let natural: Double
        if style.fill == .cumulative {
            natural = variableColorSweep(style, n: n) + d.variableColorCumulativeRest
        } else {
            natural = closedLoop ? d.variableColorSweep : variableColorSweep(style, n: n) + d.variableColorRest
        }
        return natural + schedule.gap
    }

    /// How lit (0 inactive … 1 full) the layer of `rank` is `x` seconds into sweep number `pass`.
    private func variableColorLevel(rank: Int, n: Int, pass: Int, _ x: Double, _ style: VariableColorStyle) -> Double {
        let d = defaults, s = variableColorStagger(n)
        // Reversing runs every other sweep from the last layer back (a cumulative one then
        // turns its layers off from the first back to the last: still last lit first).
        let k = style.reversing && pass % 2 == 1 ? n - 1 - rank : rank
        if style.fill == .cumulative {
            let ramp = max(d.variableColorRamp, 1e-9)
            let on = Double(k) * s
            let off = Double(n - 1) * s + ramp + d.variableColorHold + Double(n - 1 - k) * s
            return min(max((x - on) / ramp, 0), 1) - min(max((x - off) / ramp, 0), 1)
        }
        let y = x - Double(k) * s, a = max(d.variableColorAttack, 1e-9), r = max(d.variableColorRelease, 1e-9)
        if y <= 0 || y >= a + r { return 0 }
        return y < a ? y / a : 1 - (y - a) / r
    }

    /// Effect time at which the last sweep ends (infinity when endless).
    private func variableColorActiveEnd(_ style: VariableColorStyle, n: Int, closedLoop: Bool) -> Double {
        schedule.end(period: variableColorPeriod(style, n: n, closedLoop: closedLoop), wave: variableColorSweep(style, n: n))
    }

    func variableColorEnd(_ ctx: DocumentContext) -> Double {
        guard case .variableColor(let style) = body, !ctx.variableOrder.isEmpty else { return 0 }
        return variableColorActiveEnd(style, n: ctx.variableOrder.count, closedLoop: ctx.variableLoopIsClosed) + defaults.variableColorFade
    }

    func applyVariableColor(_ style: VariableColorStyle, tau: Double, weight: Double, _ ctx: DocumentContext,
                            to state: inout PoseState) {
        let order = ctx.variableOrder, n = order.count
        guard n > 0 else { return }
        let period = variableColorPeriod(style, n: n, closedLoop: ctx.variableLoopIsClosed), sweep = variableColorSweep(style, n: n)
        let end = variableColorActiveEnd(style, n: n, closedLoop: ctx.variableLoopIsClosed), fade = defaults.variableColorFade
        guard end > 0, tau <= end + fade else { return }
        let e = (fade > 0 ? Ease.smoothstep(tau / fade) * (1 - Ease.smoothstep((tau - end) / fade)) : 1) * weight
        // The sweeps under way at `tau`: this one and any earlier one still releasing.
        var passes: [Int] = []
        if period > 0 {
            var j = Int((tau / period).rounded(.down))
            if let last = schedule.lastPlay(period: period) { j = min(j, last) }
            while j >= 0, tau - Double(j) * period <= sweep { passes.append(j); j -= 1 }
        } else {
            passes = [0]
        }
        let inactive = style.inactive == .hideInactiveLayers ? 0 : defaults.dim
        for (rank, layer) in order.enumerated() {
            let lit = passes.map { variableColorLevel(rank: rank, n: n, pass: $0, tau - Double($0) * period, style) }.max() ?? 0
            let o = inactive + (1 - inactive) * lit
            state.variable[layer] += (o - state.variable[layer]) * e
        }
    }
}
