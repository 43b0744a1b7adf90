import Testing
import SymbolGeometry
import SymbolScene
import SymbolRaster
import SymbolSVG
import SymbolTimeline
@testable import SymbolRender

/// The measured effects, played on a plain square and measured from the rendered PIXELS (ink
/// bounding box, centre, peak opacity), held to the ranges measured on Apple's own renderer
/// (docs/effects.md, "Motion measured against Apple"). A change to the timeline or to the
/// renderer that moves an effect out of Apple's ranges fails here. Times are pose times (frames
/// rendered at exact instants), never wall-clock.
@Suite struct AppleMotionTests {
    /// A 100-unit square filling the guide box (x 0…100, y −100…0), one layer; and two 40-unit
    /// squares side by side, two layers.
    static func template(_ paths: String) -> SymbolDocument {
        try! SymbolReader.read(data: Array("""
        <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
        <line id="Baseline-M" x1="0" x2="400" y1="200" y2="200"/><line id="Capline-M" x1="0" x2="400" y1="100" y2="100"/>
        <line id="left-margin-Regular-M" x1="100" x2="100" y1="0" y2="300"/><line id="right-margin-Regular-M" x1="200" x2="200" y1="0" y2="300"/>
        <g id="Regular-M" transform="translate(100 200)">\(paths)</g></svg>
        """.utf8), fileName: "motion.svg")
    }
    static let square = template(#"<path class="monochrome-0" d="M0 0 H100 V-100 H0 Z"/>"#)
    static let pair = template(#"<path class="monochrome-0" d="M0 -30 H40 V-70 H0 Z"/><path class="monochrome-1" d="M60 -30 H100 V-70 H60 Z"/>"#)

    /// What the pixels show at one instant.
    struct Measure {
        var t: Double
        var width: Double, height: Double
        var centre: Point
        var peakAlpha: Double
        /// Total coverage (alpha summed, in pixels): its square root follows the scale to well
        /// under a pixel, where the bounding box moves in whole pixels.
        var area: Double
    }

    /// The values that are extremes within ±`window` samples and larger than `floor`.
    /// (A plateau of equal samples counts once.)
    static func extremes(_ v: [(Double, Double)], window: Int = 12, floor: Double) -> [(Double, Double)] {
        var out: [(Double, Double)] = []
        for k in v.indices {
            let lo = max(0, k - window), hi = min(v.count - 1, k + window)
            let around = v[lo...hi].map(\.1)
            guard abs(v[k].1) > floor, v[k].1 == around.max()! && v[k].1 > 0 || v[k].1 == around.min()! && v[k].1 < 0 else { continue }
            if let last = out.last, last.1 == v[k].1, v[k].0 - last.0 < Double(window) * (v[1].0 - v[0].0) { continue }
            out.append(v[k])
        }
        return out
    }

    /// Canvas 256 px, the guide box 64 px tall (so a 1.3× bounce stays well inside).
    static func measure(_ doc: SymbolDocument, _ effect: SymbolEffect, until end: Double, step: Double = 1.0 / 240,
                        column: ClosedRange<Int>? = nil) throws -> [Measure] {
        let tl = try Timeline(documents: [doc], events: [.discrete(effect, at: 0)])
        let settings = RenderSettings(width: 256, height: 256, size: .fraction(0.25), mode: .monochrome, colors: [.black])
        let renderer = FrameRenderer()
        var out: [Measure] = []
        for k in 0...Int((end / step).rounded()) {
            let t = Double(k) * step
            let b = renderer.render([doc], pose: tl.pose(atSeconds: t), settings: settings)!
            var minX = 256, maxX = -1, minY = 256, maxY = -1, peak = 0
            var sx = 0.0, sy = 0.0, sa = 0.0
            for y in 0..<256 {
                for x in column ?? 0...255 {
                    let a = Int(b.pixel(x: x, y: y).a)
                    peak = max(peak, a)
                    sx += Double(x * a); sy += Double(y * a); sa += Double(a)
                    if a > 127 { minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y) }
                }
            }
            out.append(Measure(t: t, width: Double(maxX - minX + 1), height: Double(maxY - minY + 1),
                               centre: sa > 0 ? Point(sx / sa, sy / sa) : Point(128, 128), peakAlpha: Double(peak) / 255,
                               area: sa / 255))
        }
        return out
    }

    /// When the measure stops differing from rest for good.
    static func end(_ m: [Measure], _ moved: (Measure) -> Bool) -> Double { m.last(where: moved)?.t ?? 0 }

    /// One bounce, held to the rows measured on the SF Symbols app and WWDC recordings: peak (or
    /// trough), the one swing back, rest; times from the first visible change.
    static func checkBounce(_ direction: VerticalDirection, peak: ClosedRange<Double>, peakAt: Double, swing: ClosedRange<Double>,
                            swingAt: Double, restAt: Double) throws {
        let m = try measure(square, SymbolEffect(.bounce(direction), scope: .wholeSymbol), until: 1)
        let scale = m.map { (t: $0.t, v: ($0.area / m[0].area).squareRoot()) }
        let start = MotionProbe.onset { t in abs((scale.first { abs($0.t - t) < 1e-6 }?.v ?? 1) - 1) > 0.003 }
        let sign = direction == .down ? -1.0 : 1.0
        let top = scale.max { sign * $0.v < sign * $1.v }!
        #expect(MotionProbe.within(top.v, peak, slack: 0.004), "peak ×\(top.v)")
        #expect(MotionProbe.within(top.t - start, peakAt...peakAt), "peak at \(top.t - start) s")
        let back = scale.filter { $0.t > top.t }.min { sign * $0.v < sign * $1.v }!
        #expect(MotionProbe.within(back.v, swing, slack: 0.004), "swing back ×\(back.v)")
        #expect(MotionProbe.within(back.t - start, swingAt...swingAt), "swing back at \(back.t - start) s")
        // One swing back: after it, never a second beyond a pixel's worth.
        #expect(scale.filter { $0.t > back.t }.allSatisfy { sign * ($0.v - 1) <= 1.5 / m[0].height })
        let rest = (scale.last { abs($0.v - 1) >= 0.002 }?.t ?? 0) - start
        #expect(MotionProbe.within(rest, restAt...restAt), "rest at \(rest) s")
    }

    @Test func bounceLandsInApplesRanges() throws {
        try Self.checkBounce(.up, peak: 1.244...1.251, peakAt: 0.19, swing: 0.906...0.912, swingAt: 0.40, restAt: 0.63)
        try Self.checkBounce(.down, peak: 0.751...0.751, peakAt: 0.20, swing: 1.105...1.105, swingAt: 0.42, restAt: 0.67)
    }

    @Test func pulseLandsInApplesRanges() throws {
        let m = try AppleMotionTests.measure(AppleMotionTests.square, SymbolEffect(.pulse, scope: .wholeSymbol), until: 2.6, step: 1.0 / 60)
        let low = m.min { $0.peakAlpha < $1.peakAlpha }!
        #expect(abs(low.peakAlpha - 0.30) <= 0.01, "minimum opacity \(low.peakAlpha)")
        let cycle = AppleMotionTests.end(m) { $0.peakAlpha < 254.5 / 255 }
        #expect(cycle >= 1.7 && cycle <= 2.3, "cycle \(cycle) s")
        // Minimum → full (from the first frame at the minimum to the first within 1 % of full
        // opacity) in ≈0.93 s, within a 30 fps frame.
        let full = m.first { $0.t > low.t && $0.peakAlpha >= 0.99 }!.t - low.t
        #expect(MotionProbe.within(full, 0.93...0.93), "minimum → full \(full) s")
        // Nearly symmetric: the dimmest instant is near the middle of the cycle.
        #expect(abs(low.t - cycle / 2) <= 0.05)
        #expect(m.allSatisfy { abs($0.centre.x - m[0].centre.x) < 0.01 && abs($0.centre.y - m[0].centre.y) < 0.01 })  // opacity only
    }

    @Test func breathePulseDimsToTheSharedLevelAtTheTop() throws {
        let m = try AppleMotionTests.measure(AppleMotionTests.square, SymbolEffect(.breathe(pulse: true), scope: .wholeSymbol),
                                             until: 2.0, step: 1.0 / 30)
        let top = m.max { $0.area / $0.peakAlpha < $1.area / $1.peakAlpha }!
        let scale = (top.area / top.peakAlpha / m[0].area).squareRoot()
        #expect(scale >= 1.185 && scale <= 1.205, "breath ×\(scale)")
        #expect(abs(top.peakAlpha - 0.31) <= 0.015, "opacity \(top.peakAlpha) at the top")
    }

    @Test func breatheLandsInApplesRanges() throws {
        let m = try AppleMotionTests.measure(AppleMotionTests.square, SymbolEffect(.breathe(pulse: false), scope: .wholeSymbol),
                                             until: 3.2, step: 1.0 / 60)
        let rest = m[0].height
        let top = m.max { $0.height < $1.height }!
        #expect(top.height / rest >= 1.14 && top.height / rest <= 1.23, "breath ×\(top.height / rest)")
        let breath = AppleMotionTests.end(m) { abs($0.height - rest) >= 1 }
        #expect(breath >= 2.2 && breath <= 3.0, "breath \(breath) s")
        // Smooth: it grows, then shrinks, with no second swell.
        let heights = m.map(\.height)
        let k = heights.firstIndex(of: top.height)!
        #expect(zip(heights[..<k], heights[1...k]).allSatisfy { $0 <= $1 + 0.5 })
        #expect(zip(heights[k...], heights[(k + 1)...]).allSatisfy { $0 + 0.5 >= $1 })
    }

    @Test func wiggleLandsInApplesRanges() throws {
        let m = try AppleMotionTests.measure(AppleMotionTests.square, SymbolEffect(.wiggle(nil), scope: .wholeSymbol), until: 1.1)
        let guideWidth = m[0].width
        let x0 = m[0].centre.x
        let xs = m.map { ($0.t, ($0.centre.x - x0) / guideWidth) }
        #expect(m.allSatisfy { abs($0.centre.y - m[0].centre.y) < 0.05 })  // no vertical motion
        let extremes = AppleMotionTests.extremes(xs, floor: 0.005)
        #expect(extremes.count >= 4, "\(extremes)")
        #expect(abs(extremes[0].1) >= 0.045 && abs(extremes[0].1) <= 0.075, "first swing \(extremes[0].1) of the width")
        for k in 1..<min(4, extremes.count) { #expect(extremes[k].1 * extremes[k - 1].1 < 0, "extremes alternate: \(extremes)") }
        let play = AppleMotionTests.end(m) { abs($0.centre.x - x0) >= 0.25 }
        #expect(play >= 0.70 && play <= 0.95, "wiggle \(play) s")
    }

    @Test func byLayerStaggerAndCommonAnchor() throws {
        // Each half of the canvas holds one layer: its onset is when its ink first grows.
        let left = try AppleMotionTests.measure(AppleMotionTests.pair, .bounce, until: 0.4, column: 0...127)
        let right = try AppleMotionTests.measure(AppleMotionTests.pair, .bounce, until: 0.4, column: 128...255)
        let onset = { (m: [Measure]) in m.first { abs($0.height - m[0].height) >= 1 }!.t }
        let stagger = onset(right) - onset(left)
        #expect(MotionProbe.within(stagger, 0.050...0.067), "stagger \(stagger) s")
        // At the left layer's peak it has grown about the symbol's centre, so its own centre
        // moved left (away from the other layer), not stayed put.
        let peak = left.max { $0.height < $1.height }!
        #expect(peak.centre.x < left[0].centre.x - 1, "left layer centre \(left[0].centre.x) → \(peak.centre.x)")
        let rightPeak = right.max { $0.height < $1.height }!
        #expect(rightPeak.centre.x > right[0].centre.x + 1, "right layer centre \(right[0].centre.x) → \(rightPeak.centre.x)")
    }
}
