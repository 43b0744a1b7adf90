import Testing
import SymbolGeometry
import SymbolScene
import SymbolTimeline
@testable import SymbolRender
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Variable Color measured from rendered pixels: the opacity of each layer (the peak alpha of
/// its own patch of the canvas; the layers do not touch) against the ranges measured on
/// Apple's renderer (the SF Symbols app and WWDC recordings, 30 fps).
@Suite struct AppleVariableColorTests {
    typealias P = MotionProbe
    typealias Layers = (doc: SymbolDocument, regions: [(x: ClosedRange<Int>, y: ClosedRange<Int>)])

    /// `n` squares of `side` units at `centres` (symbol units), one layer each, in this order.
    static func layers(_ centres: [(Double, Double)], side: Double) -> Layers {
        var paths = "", regions: [(x: ClosedRange<Int>, y: ClosedRange<Int>)] = []
        for (k, (x, y)) in centres.enumerated() {
            let h = side / 2
            paths += #"<path class="monochrome-\#(k)" d="M\#(x - h) \#(y - h) H\#(x + h) V\#(y + h) H\#(x - h) Z"/>"#
            let (px, py) = P.pixel(x, y), r = h * 0.64
            regions.append((Int(px - r)...Int(px + r), Int(py - r)...Int(py + r)))
        }
        return (AppleMotionTests.template(paths), regions)
    }
    /// Bars in a row (an open sequence) and spokes round a circle (a closed loop).
    static func bars(_ n: Int) -> Layers { layers((0..<n).map { (8 + 84 * Double($0) / Double(n - 1), -50) }, side: 9) }
    static let spokes = layers((0..<8).map { k in
        let a = Double(k) * .pi / 4
        return (50 + 40 * sin(a), -50 - 40 * cos(a))
    }, side: 12)

    /// Each layer's opacity over time.
    static func opacities(_ l: Layers, _ style: VariableColorStyle, _ options: SymbolEffectOptions = .default, until: Double,
                          step: Double = 1.0 / 120) throws -> [[(t: Double, v: Double)]] {
        let s = try P.series([l.doc], [.discrete(SymbolEffect(.variableColor(style)), options: options, at: 0)],
                             times: P.times(until: until, step: step)) { b in l.regions.map { P.ink(b, $0).peak } }
        return l.regions.indices.map { k in s.map { (t: $0.t, v: $0.v[k]) } }
    }

    static let iterative = VariableColorStyle(fill: .iterative, reversing: false, inactive: .dimInactiveLayers)

    @Test func iterativeIsAFastAttackAndALongRelease() throws {
        let o = try Self.opacities(Self.bars(6), Self.iterative, until: 1.6)
        // Inactive layers at 0.30: the last bar before its turn.
        let dim = o[5].first { abs($0.t - 0.4) < 1e-9 }!.v
        #expect(abs(dim - 0.30) <= 0.01, "inactive \(dim)")
        // Layers 0 and 1 start during the fade into the effect (0.12 s); the others from dim.
        var starts: [Double] = []
        for (k, layer) in o.enumerated() where k > 1 {
            let up = P.crossing(layer, 0.32, after: 0.15), full = P.crossing(layer, 0.99, after: 0.15)
            let down = full.flatMap { P.crossing(layer, 0.99, rising: false, after: $0) }
            let out = down.flatMap { P.crossing(layer, 0.32, rising: false, after: $0) }
            #expect(P.within(up.flatMap { u in full.map { $0 - u } }, 0.10...0.13), "layer \(k) attack")
            #expect(P.within(down.flatMap { d in out.map { $0 - d } }, 0.47...0.57), "layer \(k) release")
            if let up { starts.append(up) }
        }
        #expect(starts.count == 4)
        for (a, b) in zip(starts, starts.dropFirst()) { #expect(P.within(b - a, 0.124...0.124), "layers \(b - a) s apart") }
        // A comet's tail: at mid-sweep two or three layers are more than half lit.
        let t = 0.5, lit = o.filter { l in l.first { abs($0.t - t) < 1e-9 }!.v > 0.65 }.count
        #expect(lit >= 2 && lit <= 3, "\(lit) layers lit at \(t) s")
    }

    @Test func closedLoopRunsOnAndOpenLoopRests() throws {
        // 8 spokes: 98 ms apart; repeating, the loop runs on with no pause (sweep 0.70–0.78 s).
        let s = try Self.opacities(Self.spokes, Self.iterative, .repeat(3), until: 2.4)
        let firsts: [Double] = s.dropFirst(2).map { P.crossing($0, 0.32, after: 0.05) ?? 0 }
        for k in 1..<firsts.count { #expect(P.within(firsts[k] - firsts[k - 1], 0.098...0.098), "spokes \(firsts[k] - firsts[k - 1]) s apart") }
        let again = P.crossing(s[2], 0.32, after: firsts[0] + 0.2)
        #expect(P.within(again.map { $0 - firsts[0] }, 0.70...0.78), "closed loop period \((again ?? 0) - firsts[0]) s")
        let hidden = VariableColorStyle(fill: .iterative, reversing: false, inactive: .hideInactiveLayers)
        // 5 in a row, hidden inactive: ≈0.4 s all off, then the next sweep (period ≈1.67 s).
        let o = try Self.opacities(Self.bars(5), hidden, .repeat(2), until: 2.2, step: 1.0 / 60)
        #expect(o[4].first { abs($0.t - 0.3) < 1e-9 }!.v < 0.01)
        let one = P.crossing(o[1], 0.02, after: 0.05) ?? 0, two = P.crossing(o[1], 0.02, after: one + 0.5)
        #expect(P.within(two.map { $0 - one }, 1.67...1.67), "open loop period \((two ?? 0) - one) s")
        let dark = o[0].indices.filter { i in i > 0 && o.allSatisfy { $0[i].v < 0.02 } && o[0][i].t > one + 0.5 && o[0][i].t < (two ?? 0) }
        #expect(P.within(Double(dark.count) / 60, 0.4...0.4), "all off \(Double(dark.count) / 60) s")
    }

    @Test func cumulativeRampsHoldsAndTurnsOffLastFirst() throws {
        let style = VariableColorStyle(fill: .cumulative, reversing: false, inactive: .dimInactiveLayers)
        let o = try Self.opacities(Self.bars(5), style, .repeat(2), until: 4.2, step: 1.0 / 60)
        // Layer 0 ramps during the fade into the effect: the others are measured from dim.
        let on = o.map { P.crossing($0, 0.32, after: 0.05) ?? 0 }, full = o.map { P.crossing($0, 0.99, after: 0.05) ?? 0 }
        for k in 1..<5 { #expect(P.within(full[k] - on[k], 0.25...0.25), "layer \(k) ramp \(full[k] - on[k]) s") }
        for k in 2..<5 { #expect(P.within(on[k] - on[k - 1], 0.131...0.167), "on \(on[k] - on[k - 1]) s apart") }
        let off = o.indices.map { k in P.crossing(o[k], 0.99, rising: false, after: full[1]) ?? 0 }
        #expect(P.within(off.min()! - full.max()!, 0.4...0.4), "all on \(off.min()! - full.max()!) s")
        // Off in reverse order, with the same stagger.
        for k in 0..<4 { #expect(P.within(off[k] - off[k + 1], 0.131...0.167), "off: layer \(k + 1) then \(k)") }
        let dark = o.indices.map { k in P.crossing(o[k], 0.32, rising: false, after: off[k]) ?? 0 }.max()!
        let next = P.crossing(o[0], 0.32, after: dark)
        #expect(P.within(next.map { $0 - dark }, 0.8...0.8), "all dim \((next ?? 0) - dark) s")
    }

    /// Times at which a layer sampled every `step` rises through `level`, in order.
    static func rises(_ layer: [(t: Double, v: Double)], through level: Double, step: Double) -> [Double] {
        var out: [Double] = [], after = -1.0
        // The next search starts past the sample that ended this crossing.
        while let t = P.crossing(layer, level, after: after) { out.append(t); after = t + step }
        return out
    }

    @Test(arguments: [VariableColorStyle.Fill.iterative, .cumulative])
    func reversingRepeatsSweepTheOtherWay(_ fill: VariableColorStyle.Fill) throws {
        // Apple's words: `.reversing` "reverses each time it repeats", `.nonReversing` "doesn't".
        for reversing in [false, true] {
            let style = VariableColorStyle(fill: fill, reversing: reversing, inactive: .dimInactiveLayers)
            let o = try Self.opacities(Self.bars(5), style, .repeat(2), until: fill == .cumulative ? 4.4 : 2.4, step: 1.0 / 60)
            let rises = o.map { Self.rises($0, through: 0.65, step: 1.0 / 60) }
            // Layer 0 may light during the fade into the effect: its first play need not rise from dim.
            #expect(rises[0].count >= 1 && rises.dropFirst().allSatisfy { $0.count == 2 }, "\(fill), reversing \(reversing): \(rises)")
            guard rises[0].count >= 1, rises.dropFirst().allSatisfy({ $0.count == 2 }) else { continue }
            // Play 1 sweeps first to last bar either way; play 2 sweeps back only when reversing.
            let first = rises.dropFirst().map { $0[0] }, second = rises.map { $0.last! }
            #expect(zip(first, first.dropFirst()).allSatisfy { $0 < $1 }, "\(fill) play 1: \(first)")
            let forward = zip(second, second.dropFirst()).allSatisfy { $0 < $1 }
            let backward = zip(second, second.dropFirst()).allSatisfy { $0 > $1 }
            #expect(reversing ? backward : forward, "\(fill), reversing \(reversing), play 2: \(second)")
            // Each play still starts where the previous one's sweep ended before its rest.
            #expect(second.min()! > first.max()!)
        }
    }
}
