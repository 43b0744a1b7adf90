import Testing
import SymbolGeometry
import SymbolScene
import SymbolTimeline
@testable import SymbolRender

/// Replace, Appear, Disappear and Scale measured from rendered pixels against the ranges measured
/// on Apple's renderer (the SF Symbols app and WWDC recordings, 30 fps). Scale is the radius of
/// gyration of the ink against rest (it does not depend on opacity); which symbol is shown is told
/// by its shape.
@Suite struct AppleTransitionMotionTests {
    typealias P = MotionProbe
    static let square = AppleMotionTests.square
    /// A diamond in the same guide box: half the square's ink at the same size.
    static let diamond = AppleMotionTests.template(#"<path class="monochrome-0" d="M50 0 L100 -50 L50 -100 L0 -50 Z"/>"#)
    /// A hollow frame (old) and a small centred square (new) never overlap: each is measured alone.
    static let frameShape = AppleMotionTests.template(#"<path class="monochrome-0" d="M0 0 H100 V-100 H0 Z M15 -15 V-85 H85 V-15 Z"/>"#)
    static let dot = AppleMotionTests.template(#"<path class="monochrome-0" d="M30 -30 H70 V-70 H30 Z"/>"#)
    static let inner = (x: 110...146, y: 110...146)

    static func rest(_ doc: SymbolDocument) throws -> MotionProbe.Ink {
        try P.series([doc], [], times: [0]) { P.ink($0) }[0].v
    }

    @Test func downUpShrinksSwapsAndGrowsWithoutACrossfade() throws {
        // A filled square becomes a hollow frame: the centre pixel tells which one shows.
        let (r0, r1) = (try Self.rest(Self.square), try Self.rest(Self.frameShape))
        let s = try P.series([Self.square, Self.frameShape], [.replace(with: 1, effect: SymbolEffect(.replace(.downUp), scope: .wholeSymbol), at: 0)],
                             times: P.times(until: 0.7, step: 1.0 / 120)) { b -> MotionProbe.Ink in
            var i = P.ink(b)
            if b.pixel(x: 128, y: 128).a < 128 { i.cx = -1 }  // marks the new symbol
            return i
        }
        func isNew(_ i: MotionProbe.Ink) -> Bool { i.cx < 0 }
        let start = P.onset { t in abs((s.first { abs($0.t - t) < 1e-6 }?.v.size ?? r0.size) - r0.size) > 0.05 }
        #expect(s.allSatisfy { $0.v.peak > 0.99 }, "no crossfade: one symbol fully opaque in every frame")
        let old = s.filter { !isNew($0.v) }.map { (t: $0.t - start, v: $0.v.size / r0.size) }
        let new = s.filter { isNew($0.v) }.map { (t: $0.t - start, v: $0.v.size / r1.size) }
        let swap = new.first!.t
        #expect(P.within(swap, 0.20...0.20), "swap at \(swap) s")
        #expect(abs(old.last!.v - 0.5) < 0.06 && abs(new.first!.v - 0.5) < 0.06, "swap at ×\(old.last!.v) → ×\(new.first!.v)")
        // Apple's frames, one every 1/30 s from the first visible change; ours within a frame.
        let shrink = [1, 0.98, 0.95, 0.90, 0.82, 0.70, 0.55], grow = [0.50, 0.61, 0.75, 0.86, 0.92, 0.96, 0.99, 1.00]
        for (curve, apple, t0) in [(old, shrink, -P.frame), (new, grow, swap)] {
            for (k, _) in apple.enumerated() {
                let t = t0 + Double(k) * P.frame
                guard let ours = curve.min(by: { abs($0.t - t) < abs($1.t - t) }), abs(ours.t - t) < 0.01 else { continue }
                let band = apple[max(0, k - 1)...min(apple.count - 1, k + 1)]
                #expect(ours.v >= band.min()! - 0.02 && ours.v <= band.max()! + 0.02, "frame \(k) at \(t) s: ×\(ours.v), Apple \(apple[k])")
            }
        }
        #expect(new.allSatisfy { $0.v <= 1.005 }, "no overshoot")
        let done = (new.last { abs($0.v - 1) > 0.005 }?.t ?? 0)
        #expect(P.within(done, 0.45...0.45) && P.within(done - swap, 0.23...0.23), "done at \(done) s")
    }

    /// Apple's screen recordings, measured from pixels at 30 fps: after the swap, the new symbol
    /// of `.downUp` is ×0.50, 0.61, 0.75, 0.86, 0.92, 0.96, 0.99, 1.00 of its size, one frame
    /// every 1/30 s, and comes within 1 % of it ≈0.23 s after the swap. Ours: every frame within
    /// 0.03, and within 1 % within a frame of 0.23 s.
    @Test func downUpNewSymbolGrowsFrameByFrameAsRecorded() throws {
        let r1 = try Self.rest(Self.frameShape)
        let events: [TimelineEvent] = [.replace(with: 1, effect: SymbolEffect(.replace(.downUp), scope: .wholeSymbol), at: 0)]
        // The new symbol shows its hollow centre; its scale is its size against rest.
        func new(_ times: [Double]) throws -> [(t: Double, v: Double?)] {
            try P.series([Self.square, Self.frameShape], events, times: times) { b in
                b.pixel(x: 128, y: 128).a < 128 ? P.ink(b).size / r1.size : nil
            }
        }
        // The swap, to 1/1000 s: the first frame a recording shows of the new symbol is taken at it.
        var (lo, hi) = (0.0, 0.5)
        while hi - lo > 0.001 {
            let mid = (lo + hi) / 2
            if try new([mid])[0].v == nil { lo = mid } else { hi = mid }
        }
        let apple = [0.50, 0.61, 0.75, 0.86, 0.92, 0.96, 0.99, 1.00]
        let frames = try new(apple.indices.map { hi + Double($0) * P.frame })
        for (k, (ours, a)) in zip(frames, apple).enumerated() {
            #expect(ours.v.map { abs($0 - a) <= 0.03 } == true, "frame \(k): ×\(ours.v ?? 0), Apple ×\(a)")
        }
        let grow = try new(P.times(until: 0.4, step: 1.0 / 240).map { hi + $0 }).map { (t: $0.t - hi, v: $0.v ?? 0) }
        let within1 = grow.last { abs($0.v - 1) > 0.01 }.map { $0.t + 1.0 / 240 }
        #expect(P.within(within1, 0.23...0.23), "within 1 % of rest \(within1 ?? -1) s after the swap")
    }

    @Test func upUpGrowsTheOldOutAndTheNewInFromPartWay() throws {
        let (r0, r1) = (try Self.rest(Self.frameShape), try Self.rest(Self.dot))
        let s = try P.series([Self.frameShape, Self.dot], [.replace(with: 1, effect: SymbolEffect(.replace(.upUp), scope: .wholeSymbol), at: 0)],
                             times: P.times(until: 0.6, step: 1.0 / 120)) { b -> (MotionProbe.Ink, MotionProbe.Ink) in
            (P.ink(b, excluding: Self.inner), P.ink(b, Self.inner))
        }
        let start = P.onset { t in (s.first { abs($0.t - t) < 1e-6 }?.v.0.peak ?? 1) < 0.99 }
        // The old: grows toward 1.15 while fading, gone by ≈0.17 s.
        let gone = (s.first { $0.v.0.peak < 0.02 && $0.t > 0 }?.t ?? 9) - start
        #expect(P.within(gone, 0.17...0.17), "old gone at \(gone) s")
        let last = s.last { $0.v.0.peak > 0.1 }!
        #expect(last.v.0.size / r0.size > 1.08 && last.v.0.size / r0.size < 1.16, "old grows to ×\(last.v.0.size / r0.size)")
        // The new: first seen at ≈0.55 scale and ≈0.3 opacity, overlapping the old 1–2 frames.
        let first = s.first { $0.v.1.peak > 0.02 }!
        #expect(first.v.1.size / r1.size > 0.5 && first.v.1.size / r1.size < 0.62, "new from ×\(first.v.1.size / r1.size)")
        #expect(first.v.1.peak > 0.25 && first.v.1.peak < 0.4, "new from opacity \(first.v.1.peak)")
        let overlap = s.filter { $0.v.0.peak > 0.02 && $0.v.1.peak > 0.02 }.count
        #expect(P.within(Double(overlap) / 120, 0.033...0.067), "overlap \(Double(overlap) / 120) s")
        let settled = s.last { abs($0.v.1.size / r1.size - 1) > 0.005 || $0.v.1.peak < 0.99 }!.t - first.t
        #expect(P.within(settled, 0.27...0.27), "new in over \(settled) s")
    }

    @Test func appearAndDisappearAsMeasured() throws {
        let r = try Self.rest(Self.square)
        let a = try P.series([Self.square], [.discrete(.appear, at: 0)], times: P.times(until: 0.5, step: 1.0 / 120)) { P.ink($0) }
        let shown = a.filter { $0.v.peak > 0.02 }
        #expect(shown.first!.v.size / r.size >= 0.7 && shown.first!.v.size / r.size <= 0.86, "appears at ×\(shown.first!.v.size / r.size)")
        #expect(shown.allSatisfy { $0.v.size / r.size <= 1.003 }, "no overshoot")
        let opaque = shown.first { $0.v.peak > 0.99 }!.t - shown.first!.t
        #expect(P.within(opaque, 0.2...0.2), "opacity ramp \(opaque) s")
        let done = shown.last { abs($0.v.size / r.size - 1) > 0.005 }!.t - shown.first!.t
        #expect(P.within(done, 0.23...0.23), "appear \(done) s")
        let d = try P.series([Self.square], [.discrete(.disappear, at: 0)], times: P.times(until: 0.3, step: 1.0 / 120)) { P.ink($0) }
        let leaving = d.filter { $0.v.peak > 0.02 && $0.v.peak < 0.999 }
        let gone = (d.first { $0.v.peak <= 0.02 }?.t ?? 9) - P.frame / 2
        #expect(P.within(gone, 0.13...0.13), "disappear \(gone) s")
        #expect(abs(leaving.last!.v.size / r.size - 0.85) < 0.03, "shrinks to ×\(leaving.last!.v.size / r.size)")
        // By layer, the layers start about a frame apart.
        let pair = try P.series([AppleMotionTests.pair], [.discrete(.appear, at: 0)], times: P.times(until: 0.2, step: 1.0 / 240)) { b in
            (P.ink(b, (0...127, 0...255)).peak, P.ink(b, (128...255, 0...255)).peak)
        }
        let lag = pair.first { $0.v.1 > 0.02 }!.t - pair.first { $0.v.0 > 0.02 }!.t
        #expect(P.within(lag, 0.033...0.033), "layers \(lag) s apart")
    }

    /// Apple's screen recordings, measured from pixels at 30 fps: from the last frame at rest,
    /// Disappear's scale runs ×1, 0.96, 0.91, 0.85 while its opacity runs 1, 1, 0.73, 0.37,
    /// 0.08, 0: visibly smaller while still mostly opaque. Ours: scale within 0.03 and opacity
    /// within 0.08 of each frame.
    @Test func disappearShrinksBeforeItFadesFrameByFrameAsRecorded() throws {
        let r = try Self.rest(Self.square)
        let events: [TimelineEvent] = [.discrete(.disappear, at: 0.1)]
        let s = try P.series([Self.square], events, times: P.times(until: 0.4, step: 1.0 / 120)) { P.ink($0) }
        let at = { (t: Double) in s.first { abs($0.t - t) < 1e-6 }?.v }
        // Frame 0 is the last at rest, frame 1 the first a recording shows changed (half a frame after the start).
        let onset = P.onset { t in at(t).map { abs($0.size / r.size - 1) > 0.003 || $0.peak < 0.99 } ?? false }
        let frames = try P.series([Self.square], events, times: (0...5).map { onset + Double($0 - 1) * P.frame }) { P.ink($0) }
        let scale = [1, 0.96, 0.91, 0.85], opacity = [1, 1, 0.73, 0.37, 0.08, 0]
        for (k, f) in frames.enumerated() {
            if k < scale.count {
                #expect(abs(f.v.size / r.size - scale[k]) <= 0.03, "frame \(k): ×\(f.v.size / r.size), Apple ×\(scale[k])")
            }
            #expect(abs(f.v.peak - opacity[k]) <= 0.08, "frame \(k): opacity \(f.v.peak), Apple \(opacity[k])")
        }
    }

    @Test func scaleUpIsSShapedAndHeld() throws {
        let r = try Self.rest(Self.square)
        let s = try P.series([Self.square], [.indefinite(SymbolEffect(.scale(.up), scope: .wholeSymbol), from: 0, until: 1)],
                             times: P.times(until: 0.9, step: 1.0 / 120)) { P.ink($0).size / r.size }
        let top = s.map(\.v).max()!
        #expect(top >= 1.24 && top <= 1.27, "scale ×\(top)")
        let start = P.onset { t in abs((s.first { abs($0.t - t) < 1e-6 }?.v ?? 1) - 1) > 0.003 }
        let reach = s.first { $0.v >= 1.26 - 0.005 }!.t - start
        #expect(P.within(reach, 0.27...0.27), "reaches ×1.26 in \(reach) s")
        // S-shaped: slow, then fast, then slow (the middle third moves most).
        let at = { (t: Double) in s.min { abs($0.t - t) < abs($1.t - t) }!.v - 1 }
        let third = 0.27 / 3
        #expect(at(third) < at(2 * third) - at(third) && at(0.27) - at(2 * third) < at(2 * third) - at(third))
        #expect(s.filter { $0.t > 0.35 }.allSatisfy { abs($0.v - top) < 0.003 }, "held")
    }
}
