import Testing
import SymbolGeometry
import SymbolScene
import SymbolTimeline
@testable import SymbolRender

/// Rotate and the turning wiggle, measured from rendered pixels (the angle of a bar from the second
/// moments of its ink) against the ranges measured on Apple's renderer (the SF Symbols app and WWDC
/// recordings, 30 fps).
@Suite struct AppleRotateMotionTests {
    /// An 80 × 20 bar across the guide box's centre: its principal axis is its angle.
    static let bar = AppleMotionTests.template(#"<path class="monochrome-0" d="M10 -40 H90 V-60 H10 Z"/>"#)
    typealias P = MotionProbe

    /// The bar's angle over time, unwrapped (the axis alone is known modulo 180°), and its centre.
    static func angles(_ effect: SymbolEffect, _ options: SymbolEffectOptions = .default, until: Double,
                       step: Double = 1.0 / 120) throws -> [(t: Double, v: Double, centre: (Double, Double))] {
        let s = try P.series([bar], [.discrete(effect, options: options, at: 0)], times: P.times(until: until, step: step)) { P.ink($0) }
        var out: [(t: Double, v: Double, centre: (Double, Double))] = []
        var last = 0.0
        for (t, ink) in s {
            var a = ink.angle
            while a - last > 90 { a -= 180 }
            while a - last < -90 { a += 180 }
            last = a
            out.append((t, a, (ink.cx, ink.cy)))
        }
        return out
    }

    @Test func onePlayIsASpringToAFullTurn() throws {
        let m = try Self.angles(.rotate, until: 2.1)
        let series = m.map { (t: $0.t, v: $0.v) }
        let start = P.onset { t in abs(series.first { abs($0.t - t) < 1e-6 }?.v ?? 0) > 0.3 }
        // Clockwise on screen (y down: the angle grows), about the centre, 360° with no overshoot.
        #expect(m.allSatisfy { abs($0.centre.0 - 128) < 0.3 && abs($0.centre.1 - 128) < 0.3 })
        #expect(m.map(\.v).max()! <= 360.5 && abs(m.last!.v - 360) < 0.5)
        #expect(zip(m, m.dropFirst()).allSatisfy { $1.v >= $0.v - 0.2 })
        let rows: [(Double, ClosedRange<Double>)] = [(0.10, 0.17...0.18), (0.50, 0.50...0.55), (0.90, 1.13...1.22), (0.99, 1.63...1.75)]
        for (share, range) in rows {
            let t = P.crossing(series, 360 * share).map { $0 - start }
            #expect(P.within(t, range), "\(Int(share * 100)) % of the turn at \(t ?? -1) s")
        }
        // Peak speed ≈450°/s at ≈0.37 s.
        let speed = zip(series, series.dropFirst()).map { (t: ($0.t + $1.t) / 2 - start, v: ($1.v - $0.v) / ($1.t - $0.t)) }
        let peak = speed.max { $0.v < $1.v }!
        #expect(peak.v >= 400 && peak.v <= 500 && P.within(peak.t, 0.37...0.37), "peak \(peak.v)°/s at \(peak.t) s")
        // It moves at once: ≈7° (±1°, one reading of a 30 fps frame) turned in the first frame
        // after the first visible change, ≈210°/s.
        let frames = m.filter { ($0.t * 30).rounded() == $0.t * 30 && $0.t > 0 }
        let first = frames.first { abs($0.v) > 0.3 }!
        let next = frames.first { $0.t > first.t }!
        #expect(first.t <= P.frame + 1e-9, "first visible change at \(first.t) s")
        #expect((next.v - first.v) >= 6 && (next.v - first.v) <= 8, "first frame: \(next.v - first.v)°, \((next.v - first.v) * 30)°/s")
        // ≈1.87 s moving.
        let moving = (series.last { abs($0.v - 360) > 0.05 }?.t ?? 0) - start
        #expect(P.within(moving, 1.87...1.87), "moving \(moving) s")
    }

    @Test func repeatedPlaysAreTwoSecondsApartAndSpeedScalesThem() throws {
        let m = try Self.angles(.rotate, .repeat(2), until: 2.4, step: 1.0 / 60)
        // The second play starts 2.0 s after the first, after ≈0.13 s still.
        let second = m.first { $0.t > 1.5 && $0.v > 360.3 }?.t ?? 0
        #expect(P.within(second - 0.5 / 60, 2.0...2.0), "second play at \(second) s")
        let still = m.filter { $0.t > 1.5 && $0.t < 2.0 && abs($0.v - 360) < 0.3 }.count
        #expect(Double(still) / 60 >= 0.08 && Double(still) / 60 <= 0.2, "still \(Double(still) / 60) s")
        let fast = try Self.angles(.rotate, SymbolEffectOptions.default.speed(2), until: 0.5, step: 1.0 / 120)
        let half = P.crossing(fast.map { (t: $0.t, v: $0.v) }, 180)
        #expect(P.within(half.map { 2 * $0 }, 0.50...0.55), "speed 2: half a turn at \(half ?? -1) s")
    }

    @Test func continuousRotationIsLinearAt180DegreesASecond() throws {
        let m = try Self.angles(.rotate, .repeat(.continuous), until: 2.5, step: 1.0 / 30)
        for (t, v, _) in m where t > 0 {
            #expect(abs(v - 180 * t) < 1.0, "at \(t) s: \(v)°, not \(180 * t)°")
        }
    }

    @Test func turningWiggleSwingsAsMeasured() throws {
        let turning = try Self.angles(SymbolEffect(.wiggle(.clockwise), scope: .wholeSymbol), until: 1.0)
        let swings = AppleMotionTests.extremes(turning.map { ($0.t, $0.v) }, floor: 1)
        #expect(swings.count >= 4, "\(swings)")
        for (k, want) in [9.6, -7.7, 5.7, -4.9].enumerated() where k < swings.count {
            #expect(abs(swings[k].1 - want) <= max(0.8, 0.12 * abs(want)), "swing \(k): \(swings[k].1)°, measured \(want)°")
        }
        // The same timing as the sideways wiggle, swing by swing.
        let m = try AppleMotionTests.measure(AppleMotionTests.square, SymbolEffect(.wiggle(nil), scope: .wholeSymbol), until: 1.0, step: 1.0 / 120)
        let sideways = AppleMotionTests.extremes(m.map { ($0.t, $0.centre.x - m[0].centre.x) }, floor: 0.3)
        for k in 0..<min(4, swings.count, sideways.count) {
            #expect(abs(swings[k].0 - sideways[k].0) <= P.frame, "swing \(k) at \(swings[k].0) s, sideways at \(sideways[k].0) s")
        }
    }
}
