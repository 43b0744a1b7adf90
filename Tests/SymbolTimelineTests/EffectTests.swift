import Testing
import SymbolGeometry
import SymbolScene
@testable import SymbolTimeline

/// Each effect: at rest at its start and after its end, its extreme at the stated time, and the
/// byLayer stagger (three single-layer motion groups, 0.08 s apart).
@Suite struct EffectTests {
    static let stagger = 0.08
    /// Bounce peak: the first maximum of the impulse response of spring(0.55, bounce 0.35).
    static let bouncePeak: Double = {
        let w = 2 * Double.pi / 0.55, z = 0.65, wd = w * (1 - z * z).squareRoot()
        return atan2(wd, z * w) / wd
    }()

    private func scales(_ tl: Timeline, _ t: Double) -> [Double] { tl.pose(atSeconds: t).main.layers.map(\.transform.scaleFactor) }

    @Test func bounceUpPeaksAt1_20AfterAbout0_0994sThenRests() throws {
        #expect(approx(Self.bouncePeak, 0.0994, 1e-4))
        let tl = try timeline(.discrete(.bounce, at: 0.5))
        #expect(tl.pose(atSeconds: 0.5).main.isAtRest())
        #expect(tl.pose(atSeconds: 0.3).main.isAtRest())
        for g in 0..<3 {
            let peak = 0.5 + Self.bouncePeak + Self.stagger * Double(g)
            #expect(approx(scales(tl, peak)[g], 1.20, 1e-9))
            #expect(scales(tl, peak - 0.01)[g] < 1.20 && scales(tl, peak + 0.01)[g] < 1.20)
        }
        // Layer 2 starts 0.16 s late and ends 0.55 s after that.
        let end = 0.5 + 0.55 + 2 * Self.stagger
        #expect(!tl.pose(atSeconds: end - 0.02).main.isAtRest())
        #expect(tl.pose(atSeconds: end).main.isAtRest())
        #expect(tl.pose(atSeconds: end + 3).main.isAtRest())
        #expect(approx(tl.naturalDuration, 1.21, 1e-9))
        // Each layer scales about its own centre.
        let t0 = tl.pose(atSeconds: 0.5 + Self.bouncePeak).main.layers[0].transform
        #expect(t0.apply(Point(20, 50)).distance(to: Point(20, 50)) < 1e-9)
        // Undershoots slightly (the spring's first rebound), never below 0.98.
        let low = stride(from: 0.5, to: end, by: 0.005).map { scales(tl, $0)[0] }.min()!
        #expect(low < 0.995 && low > 0.98)
    }

    @Test func bounceDownAndWholeSymbol() throws {
        let down = try timeline(.discrete(SymbolEffect(.bounce(.down)), at: 0))
        #expect(approx(scales(down, Self.bouncePeak)[0], 0.80, 1e-9))
        let whole = try timeline(.discrete(SymbolEffect(.bounce(.up), scope: .wholeSymbol), at: 0))
        let p = whole.pose(atSeconds: Self.bouncePeak).main
        #expect(approx(p.transform.scaleFactor, 1.2, 1e-9))
        #expect(p.transform.apply(Point(50, 50)).distance(to: Point(50, 50)) < 1e-9)  // guide-box centre
        #expect(p.layers.allSatisfy { $0.transform == .identity })
        #expect(whole.pose(atSeconds: 0.55).main.isAtRest())
    }

    @Test func pulseDipsTo0_35HalfwayThroughItsSecond() throws {
        let tl = try timeline(.discrete(.pulse, at: 0))
        #expect(tl.pose(atSeconds: 0).main.isAtRest())
        for g in 0..<3 {
            let layers = tl.pose(atSeconds: 0.5 + Self.stagger * Double(g)).main.layers
            #expect(approx(layers[g].opacity, 0.35, 1e-12))
            #expect(layers[g].transform == .identity)
        }
        #expect(!tl.pose(atSeconds: 1.15).main.isAtRest())
        #expect(tl.pose(atSeconds: 1.16).main.isAtRest())
    }

    @Test func pulseByLayerMovesOnlyPulseLayersWhenMarked() throws {
        let doc = TestDocuments.three { i, a in a.alwaysPulses = i == 1 }
        let tl = try timeline(.discrete(.pulse, at: 0), doc)
        let layers = tl.pose(atSeconds: 0.5).main.layers
        #expect(layers[0].opacity == 1 && layers[2].opacity == 1)
        #expect(approx(layers[1].opacity, 0.35, 1e-12))  // first (only) group: no stagger
    }

    @Test func wiggleSwingsSixPercentOfTheWidthAndDecays() throws {
        let tl = try timeline(.discrete(.wiggle, at: 0))
        // Forward = right by default: extremes +1, −0.75, +0.45, −0.15 of 4.8 units (6 % of 80).
        for (k, swing) in [1, -0.75, 0.45, -0.15].enumerated() {
            let layers = tl.pose(atSeconds: 0.16 * Double(k + 1)).main.layers
            #expect(approx(layers[0].transform.tx, 4.8 * swing, 1e-9))
            #expect(layers[0].transform.ty == 0)
        }
        #expect(approx(tl.pose(atSeconds: 0.16 + Self.stagger).main.layers[1].transform.tx, 4.8, 1e-9))
        #expect(tl.pose(atSeconds: 0.8 + 2 * Self.stagger).main.isAtRest())
        let rtl = try timeline(.discrete(.wiggle, at: 0), style: TimelineStyle(rightToLeft: true))
        #expect(approx(rtl.pose(atSeconds: 0.16).main.layers[0].transform.tx, -4.8, 1e-9))
    }

    @Test(arguments: [(WiggleDirection.left, Point(-4.8, 0)), (.right, Point(4.8, 0)), (.up, Point(0, -4.8)), (.down, Point(0, 4.8)),
                      (.backward, Point(-4.8, 0)), (.custom(angle: 90), Point(0, 4.8)),
                      (.custom(angle: 30), Point(4.8 * 0.8660254037844386, 2.4))])
    func wiggleDirections(direction: WiggleDirection, offset: Point) throws {
        let tl = try timeline(.discrete(SymbolEffect(.wiggle(direction), scope: .wholeSymbol), at: 0))
        let t = tl.pose(atSeconds: 0.16).main.transform
        #expect(approx(t.tx, offset.x, 1e-9) && approx(t.ty, offset.y, 1e-9))
    }

    @Test func wiggleClockwiseTurnsTenDegreesAboutEachAnchor() throws {
        let tl = try timeline(.discrete(SymbolEffect(.wiggle(.clockwise)), at: 0))
        let t = tl.pose(atSeconds: 0.16).main.layers[0].transform
        #expect(approx(t.degrees, 10, 1e-9))
        #expect(t.apply(Point(20, 50)).distance(to: Point(20, 50)) < 1e-9)
        let ccw = try timeline(.discrete(SymbolEffect(.wiggle(.counterClockwise)), at: 0))
        #expect(approx(ccw.pose(atSeconds: 0.16).main.layers[0].transform.degrees, -10, 1e-9))
    }

    @Test func rotateTurnsTheWholeSymbolWhenNoLayerRotates() throws {
        let tl = try timeline(.discrete(.rotate, at: 0))
        let half = tl.pose(atSeconds: 0.5).main
        #expect(approx(abs(half.transform.degrees), 180, 1e-9))
        #expect(half.transform.apply(Point(50, 50)).distance(to: Point(50, 50)) < 1e-9)
        #expect(half.layers.allSatisfy { $0.transform == .identity })
        #expect(tl.pose(atSeconds: 0.25).main.transform.degrees > 0)  // clockwise on screen
        #expect(tl.pose(atSeconds: 1).main.isAtRest())
        let ccw = try timeline(.discrete(SymbolEffect(.rotate(.counterClockwise)), at: 0))
        #expect(approx(ccw.pose(atSeconds: 0.25).main.transform.degrees, -tl.pose(atSeconds: 0.25).main.transform.degrees, 1e-9))
    }

    @Test func rotateByLayerMovesOnlyAlwaysRotatesLayersAboutTheirAnchor() throws {
        let doc = TestDocuments.three { i, a in a.alwaysRotates = i == 2 }
        let tl = try timeline(.discrete(.rotate, at: 0), doc)
        let p = tl.pose(atSeconds: 0.5).main
        #expect(p.transform == .identity && p.layers[0].transform == .identity && p.layers[1].transform == .identity)
        let t = p.layers[2].transform
        #expect(t.apply(Point(80, 50)).distance(to: Point(80, 50)) < 1e-9)
        #expect(t.apply(Point(90, 50)).distance(to: Point(70, 50)) < 1e-9)
        // An annotated anchor wins over the bounds centre.
        let anchored = TestDocuments.three { i, a in
            a.alwaysRotates = i == 2
            if i == 2 { a.rotationAnchor = Point(85, 45) }
        }
        let q = try timeline(.discrete(.rotate, at: 0), anchored).pose(atSeconds: 0.3).main.layers[2].transform
        #expect(q.apply(Point(85, 45)).distance(to: Point(85, 45)) < 1e-9)
    }

    @Test func indefiniteRotateSpinsOneTurnASecondAndStopsOnAWholeTurn() throws {
        let tl = try timeline(.indefinite(.rotate, from: 0, until: 1.2))
        // 0.5 s eased start covers 90°, then 360°/s: 270° at 1 s (−90° as an angle).
        #expect(approx(tl.pose(atSeconds: 1).main.transform.degrees, -90, 1e-6))
        // At 1.2 s it is at 342°; it coasts to 630° (2.0 s) and eases over 0.5 s to 720°.
        #expect(approx(tl.pose(atSeconds: 2).main.transform.degrees, -90, 1e-6))
        #expect(!tl.pose(atSeconds: 2.45).main.isAtRest())
        #expect(tl.pose(atSeconds: 2.5).main.isAtRest())
        #expect(tl.pose(atSeconds: 9).main.isAtRest())
        #expect(approx(tl.naturalDuration, 2.5, 1e-9))
        let forever = try timeline(.discrete(.rotate, options: .repeating, at: 0))
        #expect(approx(forever.pose(atSeconds: 100).main.transform.degrees, -90, 1e-6))
    }

    @Test func breatheScalesTo1_08AndPulseFadesTo0_65() throws {
        let plain = try timeline(.discrete(.breathe, at: 0))
        let top = plain.pose(atSeconds: 0.8).main.layers[0]
        #expect(approx(top.transform.scaleFactor, 1.08, 1e-12) && top.opacity == 1)
        #expect(plain.pose(atSeconds: 1.6 + 2 * Self.stagger).main.isAtRest())
        let pulse = try timeline(.discrete(SymbolEffect(.breathe(pulse: true)), at: 0))
        let p = pulse.pose(atSeconds: 0.8).main.layers[0]
        #expect(approx(p.transform.scaleFactor, 1.08, 1e-12) && approx(p.opacity, 0.65, 1e-12))
    }

    @Test func scaleHoldsWhileActiveAndSpringsBack() throws {
        let tl = try timeline(.indefinite(SymbolEffect(.scale(.up)), from: 0.5, until: 2))
        #expect(tl.pose(atSeconds: 0.5).main.isAtRest())
        #expect(scales(tl, 1.9).allSatisfy { approx($0, 1.15, 1e-12) })
        #expect(!tl.pose(atSeconds: 2.3).main.isAtRest())
        #expect(tl.pose(atSeconds: tl.naturalDuration).main.isAtRest())
        #expect(tl.naturalDuration > 2.5 && tl.naturalDuration < 3.2)
        let down = try timeline(.indefinite(SymbolEffect(.scale(.down), scope: .wholeSymbol), from: 0, until: nil))
        #expect(approx(down.pose(atSeconds: 5).main.transform.scaleFactor, 0.85, 1e-12))
    }

    @Test func appearGrowsInFromHalfAndDisappearLeavesItHidden() throws {
        let tl = try timeline(.discrete(.appear, at: 0.2))
        let before = tl.pose(atSeconds: 0.1).main
        #expect(before.layers.allSatisfy { $0.opacity == 0 && approx($0.transform.scaleFactor, 0.5, 1e-12) })
        #expect(tl.pose(atSeconds: 0.2).main.layers[0].opacity == 0)
        #expect(approx(tl.pose(atSeconds: 0.2 + 0.35).main.layers[0].opacity, 1, 1e-12))
        let mid = tl.pose(atSeconds: 0.3).main.layers[0]
        #expect(mid.blur > 0 && mid.blur < 0.03 * 60)
        #expect(tl.pose(atSeconds: tl.naturalDuration).main.isAtRest())
        let down = try timeline(.discrete(SymbolEffect(.appear(.down)), at: 0))
        #expect(approx(down.pose(atSeconds: 0).main.layers[0].transform.scaleFactor, 1.5, 1e-12))

        let gone = try timeline(.discrete(SymbolEffect(.disappear(.up), scope: .wholeSymbol), at: 0))
        #expect(gone.pose(atSeconds: 0).main.isAtRest())
        let after = gone.pose(atSeconds: gone.naturalDuration).main
        #expect(after.opacity == 0 && approx(after.transform.scaleFactor, 1.5, 1e-12))
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
        #expect(approx(first[1], 1.2, 1e-9))
        #expect(approx(second[0], 1.2, 1e-9) && approx(second[2], 1.2, 1e-9))
    }
}
