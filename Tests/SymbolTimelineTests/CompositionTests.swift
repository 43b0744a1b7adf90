import Testing
import SymbolGeometry
import SymbolScene
@testable import SymbolTimeline

/// Several effects at once, replacement by a later effect of the same kind, Reduce Motion.
@Suite struct CompositionTests {
    let doc = TestDocuments.three()

    private func both(_ a: TimelineEvent, _ b: TimelineEvent) throws -> (Timeline, Timeline, Timeline) {
        (try timeline(a), try timeline(b), try Timeline(documents: [doc], events: [a, b]))
    }

    @Test func scalesMultiplyOpacitiesMultiplyRotationsAndTranslationsAdd() throws {
        let (bounce, breathe, sum) = try both(.discrete(.bounce, at: 0.2), .discrete(.breathe, at: 0))
        for t in [0.25, 0.3, 0.45, 0.6] {
            let s = sum.pose(atSeconds: t).main.layers[1].transform.scaleFactor
            let expected = bounce.pose(atSeconds: t).main.layers[1].transform.scaleFactor * breathe.pose(atSeconds: t).main.layers[1].transform.scaleFactor
            #expect(approx(s, expected, 1e-12))
        }
        let (pulse, bp, product) = try both(.discrete(.pulse, at: 0), .discrete(SymbolEffect(.breathe(pulse: true)), at: 0.1))
        let o = product.pose(atSeconds: 0.5).main.layers[0].opacity
        #expect(approx(o, pulse.pose(atSeconds: 0.5).main.layers[0].opacity * bp.pose(atSeconds: 0.5).main.layers[0].opacity, 1e-12))

        let whole = EffectScope.wholeSymbol
        let (rot, wig, turn) = try both(.discrete(.rotate, at: 0), .discrete(SymbolEffect(.wiggle(.clockwise), scope: whole), at: 0))
        let d = turn.pose(atSeconds: 0.16).main.transform.degrees
        #expect(approx(d, rot.pose(atSeconds: 0.16).main.transform.degrees + wig.pose(atSeconds: 0.16).main.transform.degrees, 1e-9))

        // Only wiggles translate, and a later wiggle replaces an earlier one, so the sum of
        // translations is checked on the composition itself.
        var c = Contribution(scale: 1.2, rotation: 10, translation: Point(3, 0), opacity: 0.5)
        c.add(Contribution(scale: 0.5, rotation: -4, translation: Point(1, 2), opacity: 0.5, blur: 1))
        #expect(c.scale == 0.6 && c.rotation == 6 && c.translation == Point(4, 2) && c.opacity == 0.25 && c.blur == 1)
    }

    @Test func scaleAndTranslationComposeAboutTheAnchor() throws {
        let tl = try Timeline(documents: [doc], events: [.discrete(.bounce, at: 0), .discrete(.wiggle, at: 0)])
        let t = tl.pose(atSeconds: EffectTests.bouncePeak).main.layers[0].transform
        let s = t.scaleFactor
        let wiggle = try timeline(.discrete(.wiggle, at: 0)).pose(atSeconds: EffectTests.bouncePeak).main.layers[0].transform.tx
        #expect(approx(s, 1.248, 1e-9))
        #expect(approx(t.tx, 50 * (1 - s) + wiggle, 1e-9))  // the symbol's anchor (50, 50) fixed, then the wiggle's offset
    }

    @Test func aLaterEffectOfTheSameKindReplacesTheEarlier() throws {
        let tl = try Timeline(documents: [doc], events: [.discrete(.bounce, at: 0), .discrete(SymbolEffect(.bounce(.down)), at: 0.3)])
        let alone = try timeline(.discrete(SymbolEffect(.bounce(.down)), at: 0.3))
        // Within the 0.1 s hand-off both show; after it, only the later one.
        #expect(tl.pose(atSeconds: 0.35) != alone.pose(atSeconds: 0.35))
        for t in [0.4, 0.45, 0.5, 0.7, 1.2] { #expect(tl.pose(atSeconds: t) == alone.pose(atSeconds: t)) }
        // Before the later one starts, the earlier plays alone.
        #expect(tl.pose(atSeconds: 0.2) == (try timeline(.discrete(.bounce, at: 0))).pose(atSeconds: 0.2))
        // Different kinds do not replace each other.
        let mixed = try Timeline(documents: [doc], events: [.discrete(.bounce, at: 0), .discrete(.pulse, at: 0.05)])
        let p = mixed.pose(atSeconds: 0.3).main.layers[0]
        #expect(p.transform.scaleFactor != 1 && p.opacity < 1)
    }

    @Test func reduceMotionKeepsEveryTransformIdentity() throws {
        let style = TimelineStyle(reduceMotion: true)
        let events: [TimelineEvent] = [
            .discrete(.bounce, at: 0), .discrete(.wiggle, at: 0.2), .discrete(SymbolEffect(.wiggle(.clockwise)), at: 1),
            .discrete(.breathe, at: 0.5), .indefinite(.rotate, from: 0, until: 2), .indefinite(.scale, from: 2, until: 3),
            .discrete(.appear, at: 0), .replace(with: 1, at: 3.5),
        ]
        let tl = try Timeline(documents: [doc, TestDocuments.one()], events: events, style: style)
        var dipped = false
        for t in stride(from: 0.0, through: tl.naturalDuration, by: 1.0 / 60) {
            for s in tl.pose(atSeconds: t).symbols {
                #expect(s.transform == .identity && s.blur == 0)
                for l in s.layers {
                    #expect(l.transform == .identity && l.blur == 0)
                    if l.opacity < 0.99 && l.opacity > 0.01 { dipped = true }
                }
            }
        }
        #expect(dipped)
        // Motion becomes an opacity dip of 0.3 at the motion's extreme.
        let bounce = try timeline(.discrete(.bounce, at: 0), style: style)
        #expect(approx(bounce.pose(atSeconds: EffectTests.bouncePeak).main.layers[0].opacity, 0.7, 1e-9))
    }
}
