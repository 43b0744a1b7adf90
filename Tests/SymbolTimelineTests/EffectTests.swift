import Testing
import SymbolGeometry
import SymbolScene
@testable import SymbolTimeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Each effect: at rest at its start and after its end, its extreme at the stated time, and the
/// byLayer stagger (three single-layer motion groups, 0.067 s apart). Bounce, Pulse, Breathe and
/// Wiggle are also held to Apple's measured ranges in AppleMotionTests; here the model's exact values.
@Suite struct EffectTests {
    static let stagger = 0.067
    /// Bounce peak: the kick's critically damped impulse peaks exactly at `bounce.peakTime`.
    static let bouncePeak = 0.205
    /// Wiggle's first extreme: the first peak of the impulse response of spring(0.338, bounce 0.896).
    static let wigglePeak = ImpulseShape(Spring(duration: 0.338, bounce: 0.896)).peakTime
    /// First swing of a moving wiggle: 5.9 % of the 80-unit guide box.
    static let swing = 0.059 * 80

    private func scales(_ tl: Timeline, _ t: Double) -> [Double] { tl.pose(atSeconds: t).main.layers.map(\.transform.scaleFactor) }

    @Test func bounceUpPeaksAt1_248After0_205sUndershootsOnceThenRests() throws {
        let tl = try timeline(.discrete(.bounce, at: 0.5))
        #expect(tl.pose(atSeconds: 0.5).main.isAtRest())
        #expect(tl.pose(atSeconds: 0.3).main.isAtRest())
        for g in 0..<3 {
            let onset = 0.5 + Self.stagger * Double(g)
            let peak = onset + Self.bouncePeak
            #expect(approx(scales(tl, peak)[g], 1.248, 1e-9))
            #expect(scales(tl, peak - 0.01)[g] < 1.248 && scales(tl, peak + 0.01)[g] < 1.248)
            // One undershoot, to 0.91 about 0.4 s after the onset, and no second overshoot.
            let after = stride(from: peak, through: onset + 0.70, by: 0.002).map { ($0 - onset, scales(tl, $0)[g]) }
            let low = after.min { $0.1 < $1.1 }!
            #expect(low.1 > 0.90 && low.1 < 0.93 && low.0 > 0.39 && low.0 < 0.45, "\(low)")
            #expect(after.filter { $0.0 > low.0 }.allSatisfy { $0.1 < 1.015 })
        }
        // Layer 2 starts 0.134 s late and ends 0.65 s after that.
        let end = 0.5 + 0.70 + 2 * Self.stagger
        #expect(!tl.pose(atSeconds: end - 0.02).main.isAtRest())
        #expect(tl.pose(atSeconds: end).main.isAtRest())
        #expect(tl.pose(atSeconds: end + 3).main.isAtRest())
        #expect(approx(tl.naturalDuration, end, 1e-9))
        // byLayer layers scale about the symbol's anchor (the guide box's centre), so their
        // centres move apart: layer 0's centre (20, 50) moves left by 0.248 × 30.
        let t0 = tl.pose(atSeconds: 0.5 + Self.bouncePeak).main.layers[0].transform
        #expect(t0.apply(Point(50, 50)).distance(to: Point(50, 50)) < 1e-9)
        #expect(t0.apply(Point(20, 50)).distance(to: Point(20 - 0.248 * 30, 50)) < 1e-9)
    }

    @Test func bounceDownAndWholeSymbol() throws {
        let down = try timeline(.discrete(SymbolEffect(.bounce(.down)), at: 0))
        #expect(approx(scales(down, Self.bouncePeak)[0], 0.751, 1e-9))
        let whole = try timeline(.discrete(SymbolEffect(.bounce(.up), scope: .wholeSymbol), at: 0))
        let p = whole.pose(atSeconds: Self.bouncePeak).main
        #expect(approx(p.transform.scaleFactor, 1.248, 1e-9))
        #expect(p.transform.apply(Point(50, 50)).distance(to: Point(50, 50)) < 1e-9)  // guide-box centre
        #expect(p.layers.allSatisfy { $0.transform == .identity })
        #expect(whole.pose(atSeconds: 0.70).main.isAtRest())
    }

    /// Pulse falls for its cycle less its rise (2.0 − 0.95 s), then rises.
    static let pulseFall = 2.0 - 0.95

    @Test func pulseDipsTo0_30HalfwayThroughItsTwoSeconds() throws {
        let tl = try timeline(.discrete(.pulse, at: 0))
        #expect(tl.pose(atSeconds: 0).main.isAtRest())
        for g in 0..<3 {
            let onset = Self.stagger * Double(g)
            let layers = tl.pose(atSeconds: onset + Self.pulseFall).main.layers
            #expect(approx(layers[g].opacity, 0.30, 1e-12))
            #expect(layers[g].transform == .identity)
            // A cosine ease: 14.6 % of the fall a quarter of the way down.
            let quarter = tl.pose(atSeconds: onset + Self.pulseFall / 4).main.layers[g].opacity
            #expect(approx((1 - quarter) / 0.70, (1 - cos(Double.pi / 4)) / 2, 1e-9))
        }
        #expect(!tl.pose(atSeconds: 2 + 2 * Self.stagger - 0.01).main.isAtRest())
        #expect(tl.pose(atSeconds: 2 + 2 * Self.stagger).main.isAtRest())
    }

    @Test func pulseByLayerMovesOnlyPulseLayersWhenMarked() throws {
        let doc = TestDocuments.three { i, a in a.alwaysPulses = i == 1 }
        let tl = try timeline(.discrete(.pulse, at: 0), doc)
        let layers = tl.pose(atSeconds: Self.pulseFall).main.layers
        #expect(layers[0].opacity == 1 && layers[2].opacity == 1)
        #expect(approx(layers[1].opacity, 0.30, 1e-12))  // first (only) group: no stagger
    }

    @Test func wiggleSwingsSixPercentOfTheWidthAndDecays() throws {
        let tl = try timeline(.discrete(.wiggle, at: 0))
        // Forward = right by default: the first extreme is +5.9 % of the 80-unit width, then
        // alternating extremes, each about 0.72 of the one before, about 0.17 s apart.
        let xs = stride(from: 0.0, through: 0.85, by: 0.001).map { ($0, tl.pose(atSeconds: $0).main.layers[0].transform) }
        #expect(xs.allSatisfy { $0.1.ty == 0 })
        var extremes: [(Double, Double)] = []
        for k in 1..<(xs.count - 1) where (xs[k].1.tx - xs[k - 1].1.tx) * (xs[k + 1].1.tx - xs[k].1.tx) < 0 {
            extremes.append((xs[k].0, xs[k].1.tx))
        }
        #expect(extremes.count >= 4)
        #expect(approx(extremes[0].1, Self.swing, 1e-3) && approx(extremes[0].0, Self.wigglePeak, 2e-3))
        for k in 1..<4 {
            #expect(extremes[k].1 * extremes[k - 1].1 < 0)
            #expect(abs(extremes[k].1 / extremes[k - 1].1) > 0.6 && abs(extremes[k].1 / extremes[k - 1].1) < 0.8)
            #expect(extremes[k].0 - extremes[k - 1].0 > 0.15 && extremes[k].0 - extremes[k - 1].0 < 0.19)
        }
        #expect(approx(tl.pose(atSeconds: Self.wigglePeak + Self.stagger).main.layers[1].transform.tx, Self.swing, 1e-9))
        #expect(tl.pose(atSeconds: 0.85 + 2 * Self.stagger).main.isAtRest())
        let rtl = try timeline(.discrete(.wiggle, at: 0), style: TimelineStyle(rightToLeft: true))
        #expect(approx(rtl.pose(atSeconds: Self.wigglePeak).main.layers[0].transform.tx, -Self.swing, 1e-9))
    }

    @Test(arguments: [(WiggleDirection.left, Point(-1, 0)), (.right, Point(1, 0)), (.up, Point(0, -1)), (.down, Point(0, 1)),
                      (.backward, Point(-1, 0)), (.custom(angle: 90), Point(0, 1)),
                      (.custom(angle: 30), Point(0.8660254037844386, 0.5))])
    func wiggleDirections(direction: WiggleDirection, unit: Point) throws {
        let tl = try timeline(.discrete(SymbolEffect(.wiggle(direction), scope: .wholeSymbol), at: 0))
        let t = tl.pose(atSeconds: Self.wigglePeak).main.transform
        #expect(approx(t.tx, unit.x * Self.swing, 1e-9) && approx(t.ty, unit.y * Self.swing, 1e-9))
    }

    @Test func wiggleClockwiseTurnsAboutEachAnchor() throws {
        let tl = try timeline(.discrete(SymbolEffect(.wiggle(.clockwise)), at: 0))
        // The first swing is 9.6° (its peak within a few ms of the moving wiggle's).
        let first = stride(from: 0.0, through: 0.2, by: 0.001).map { tl.pose(atSeconds: $0).main.layers[0].transform.degrees }.max()!
        #expect(approx(first, 9.6, 1e-3))
        let t = tl.pose(atSeconds: Self.wigglePeak).main.layers[0].transform
        #expect(t.apply(Point(20, 50)).distance(to: Point(20, 50)) < 1e-9)
        let ccw = try timeline(.discrete(SymbolEffect(.wiggle(.counterClockwise)), at: 0))
        #expect(approx(ccw.pose(atSeconds: Self.wigglePeak).main.layers[0].transform.degrees, -t.degrees, 1e-9))
    }

    @Test func rotateTurnsTheWholeSymbolWhenNoLayerRotates() throws {
        let tl = try timeline(.discrete(.rotate, at: 0))
        // A spring with an initial velocity chasing an eased target: half a turn at ≈0.54 s, at rest at 1.9 s.
        let half = tl.pose(atSeconds: 0.54).main
        #expect(abs(abs(half.transform.degrees) - 180) < 3)
        #expect(half.transform.apply(Point(50, 50)).distance(to: Point(50, 50)) < 1e-9)
        #expect(half.layers.allSatisfy { $0.transform == .identity })
        #expect(tl.pose(atSeconds: 0.25).main.transform.degrees > 0)  // clockwise on screen
        #expect(!tl.pose(atSeconds: 1.8).main.isAtRest() && tl.pose(atSeconds: 1.9).main.isAtRest())
        let ccw = try timeline(.discrete(SymbolEffect(.rotate(.counterClockwise)), at: 0))
        #expect(approx(ccw.pose(atSeconds: 0.25).main.transform.degrees, -tl.pose(atSeconds: 0.25).main.transform.degrees, 1e-9))
    }

    @Test func rotateByLayerMovesOnlyAlwaysRotatesLayersAboutTheirAnchor() throws {
        let doc = TestDocuments.three { i, a in a.alwaysRotates = i == 2 }
        let tl = try timeline(.discrete(.rotate, at: 0), doc)
        let p = tl.pose(atSeconds: 0.53).main
        #expect(p.transform == .identity && p.layers[0].transform == .identity && p.layers[1].transform == .identity)
        let t = p.layers[2].transform
        #expect(t.apply(Point(80, 50)).distance(to: Point(80, 50)) < 1e-9)
        #expect(t.apply(Point(90, 50)).distance(to: Point(70, 50)) < 0.6)
        // An annotated anchor wins over the bounds centre.
        let anchored = TestDocuments.three { i, a in
            a.alwaysRotates = i == 2
            if i == 2 { a.rotationAnchor = Point(85, 45) }
        }
        let q = try timeline(.discrete(.rotate, at: 0), anchored).pose(atSeconds: 0.3).main.layers[2].transform
        #expect(q.apply(Point(85, 45)).distance(to: Point(85, 45)) < 1e-9)
    }

    @Test func indefiniteRotateSpinsLinearlyAtHalfATurnASecondAndStopsOnAWholeTurn() throws {
        let tl = try timeline(.indefinite(.rotate, from: 0, until: 1.2))
        // 180°/s from the first instant: 90° at 0.5 s, 180° at 1 s.
        #expect(approx(tl.pose(atSeconds: 0.5).main.transform.degrees, 90, 1e-6))
        #expect(approx(abs(tl.pose(atSeconds: 1).main.transform.degrees), 180, 1e-6))
        // At 1.2 s it is at 216°; it runs on at full speed to 360° (2.0 s) and stops there.
        #expect(approx(tl.pose(atSeconds: 1.9).main.transform.degrees, -18, 1e-6))
        #expect(tl.pose(atSeconds: 2).main.isAtRest() && tl.pose(atSeconds: 9).main.isAtRest())
        #expect(approx(tl.naturalDuration, 2, 1e-9))
        let forever = try timeline(.discrete(.rotate, options: .repeating, at: 0))
        #expect(approx(forever.pose(atSeconds: 100.5).main.transform.degrees, 90, 1e-6))
    }

    @Test func breatheRisesTo1_19In1_2sFallsIn1_4sAndPulseFadesTo0_30() throws {
        let plain = try timeline(.discrete(.breathe, at: 0))
        let top = plain.pose(atSeconds: 1.2).main.layers[0]
        #expect(approx(top.transform.scaleFactor, 1.19, 1e-12) && top.opacity == 1)
        // Smooth: never above the top, halfway up at 0.6 s and halfway down at 1.9 s.
        let s = stride(from: 0.0, through: 2.6, by: 0.01).map { scales(plain, $0)[0] }
        #expect(s.allSatisfy { $0 <= 1.19 + 1e-12 && $0 >= 1 })
        #expect(approx(scales(plain, 0.6)[0], 1.095, 1e-9) && approx(scales(plain, 1.9)[0], 1.095, 1e-9))
        #expect(plain.pose(atSeconds: 2.6 + 2 * Self.stagger).main.isAtRest())
        let pulse = try timeline(.discrete(SymbolEffect(.breathe(pulse: true)), at: 0))
        let p = pulse.pose(atSeconds: 1.2).main.layers[0]
        #expect(approx(p.transform.scaleFactor, 1.19, 1e-12) && approx(p.opacity, 0.30, 1e-12))
    }

    @Test func scaleEasesToItsHeldValueAndBack() throws {
        let tl = try timeline(.indefinite(SymbolEffect(.scale(.up)), from: 0.5, until: 2))
        #expect(tl.pose(atSeconds: 0.5).main.isAtRest())
        #expect(scales(tl, 1.9).allSatisfy { approx($0, 1.26, 1e-12) })
        #expect(!tl.pose(atSeconds: 2.2).main.isAtRest())
        #expect(tl.pose(atSeconds: tl.naturalDuration).main.isAtRest())
        #expect(approx(tl.naturalDuration, 2 + 2 * min(0.067, 0.15 * 0.30) + 0.30, 1e-9))
        let down = try timeline(.indefinite(SymbolEffect(.scale(.down), scope: .wholeSymbol), from: 0, until: nil))
        #expect(approx(down.pose(atSeconds: 5).main.transform.scaleFactor, 0.85, 1e-12))
    }

    @Test func appearGrowsInAndDisappearLeavesItHidden() throws {
        let tl = try timeline(.discrete(.appear, at: 0.2))
        let before = tl.pose(atSeconds: 0.1).main
        #expect(before.layers.allSatisfy { $0.opacity == 0 && approx($0.transform.scaleFactor, 0.8, 1e-12) })
        #expect(tl.pose(atSeconds: 0.2).main.layers[0].opacity == 0)
        #expect(approx(tl.pose(atSeconds: 0.2 + 0.2).main.layers[0].opacity, 1, 1e-12))
        let mid = tl.pose(atSeconds: 0.3).main.layers[0]
        #expect(mid.blur > 0 && mid.blur < 0.03 * 60)
        #expect(tl.pose(atSeconds: tl.naturalDuration).main.isAtRest())
        let down = try timeline(.discrete(SymbolEffect(.appear(.down)), at: 0))
        #expect(approx(down.pose(atSeconds: 0).main.layers[0].transform.scaleFactor, 1.2, 1e-12))

        let gone = try timeline(.discrete(SymbolEffect(.disappear(.up), scope: .wholeSymbol), at: 0))
        #expect(gone.pose(atSeconds: 0).main.isAtRest())
        let after = gone.pose(atSeconds: gone.naturalDuration).main
        #expect(after.opacity == 0 && approx(after.transform.scaleFactor, 1.15, 1e-12))
    }

    @Test func transitionsFollowTheLatest() throws {
        let tl = try Timeline(documents: [TestDocuments.one()], events: [
            .discrete(.disappear, at: 0), .discrete(.appear, at: 1.5),
        ])
        #expect(tl.pose(atSeconds: 0).main.isAtRest())
        #expect(tl.pose(atSeconds: 1.4).main.layers[0].opacity == 0)
        #expect(tl.pose(atSeconds: 3).main.isAtRest())
        let interval = try Timeline(documents: [TestDocuments.one()], events: [.indefinite(.disappear, from: 0.5, until: 2)])
        #expect(interval.pose(atSeconds: 1.9).main.layers[0].opacity == 0)
        #expect(interval.pose(atSeconds: 4).main.isAtRest())
    }

    @Test func motionGroupsMoveTogetherInGroupOrder() throws {
        let doc = TestDocuments.three { i, a in a.motionGroup = i == 1 ? 0 : 1 }
        let tl = try timeline(.discrete(.bounce, at: 0), doc)
        let first = scales(tl, Self.bouncePeak), second = scales(tl, Self.bouncePeak + Self.stagger)
        #expect(approx(first[1], 1.248, 1e-9))
        #expect(approx(second[0], 1.248, 1e-9) && approx(second[2], 1.248, 1e-9))
    }
}
