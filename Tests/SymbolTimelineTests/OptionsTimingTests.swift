import Testing
import SymbolGeometry
import SymbolScene
@testable import SymbolTimeline

/// Repeats, waits, intervals and speed.
@Suite struct OptionsTimingTests {
    let peak = EffectTests.bouncePeak
    /// One bounce wave over three groups: 0.70 + 2 × 0.067.
    let wave = 0.834

    private func scale(_ tl: Timeline, _ t: Double, layer: Int = 0) -> Double {
        tl.pose(atSeconds: t).main.layers[layer].transform.scaleFactor
    }

    @Test func repeatPlaysBackToBack() throws {
        let tl = try timeline(.discrete(.bounce, options: .repeat(3), at: 0))
        for k in 0..<3 { #expect(approx(scale(tl, Double(k) * wave + peak), 1.248, 1e-9)) }
        #expect(approx(scale(tl, 0.75), 1, 1e-12))  // layer 0 rests while the wave finishes
        #expect(tl.pose(atSeconds: 3 * wave).main.isAtRest() && tl.pose(atSeconds: 3 * wave + peak).main.isAtRest())
        #expect(approx(tl.naturalDuration, 3 * wave, 1e-9))
    }

    @Test func periodicWaitsTheDelayBetweenPlays() throws {
        let tl = try timeline(.discrete(.bounce, options: .repeat(.periodic(count: 2, delay: 0.5)), at: 0))
        #expect(tl.pose(atSeconds: wave + 0.25).main.isAtRest())
        #expect(approx(scale(tl, wave + 0.5 + peak), 1.248, 1e-9))
        #expect(tl.pose(atSeconds: 2 * wave + 0.5).main.isAtRest())
        #expect(approx(tl.naturalDuration, 2 * wave + 0.5, 1e-9))
        let endless = try timeline(.discrete(.bounce, options: .repeat(.periodic(count: nil, delay: 0.5)), at: 0))
        #expect(approx(scale(endless, 10 * (wave + 0.5) + peak), 1.248, 1e-9))
    }

    @Test func repeatingPlaysUntilTheIntervalEndsAndFinishesThePlay() throws {
        let tl = try timeline(.indefinite(.bounce, options: .repeating, from: 0, until: 1))
        #expect(approx(scale(tl, wave + peak), 1.248, 1e-9))
        #expect(tl.pose(atSeconds: 2 * wave + peak).main.isAtRest())  // no play starts at or after 1 s
        #expect(approx(tl.naturalDuration, 2 * wave, 1e-9))
        // An indefinite effect repeats by default; nonRepeating plays once.
        let once = try timeline(.indefinite(.bounce, options: .nonRepeating, from: 0, until: 5))
        #expect(once.pose(atSeconds: wave + peak).main.isAtRest())
        // continuous pulse: cycles back to back (2.134 s a wave), the one running at `until` completes.
        let pulse = try timeline(.indefinite(.pulse, options: .repeat(.continuous), from: 0, until: 2.5))
        #expect(approx(pulse.pose(atSeconds: 2.134 + 1.05).main.layers[0].opacity, 0.30, 1e-12))
        #expect(pulse.pose(atSeconds: 2 * 2.134).main.isAtRest())
    }

    private func sameEffectAtDoubleSpeed(_ effect: TimelineEvent, _ fast: TimelineEvent, doc: SymbolDocument = TestDocuments.three(),
                                         until: Double) throws {
        let slow = try timeline(effect, doc), quick = try timeline(fast, doc)
        for t in stride(from: 0.0, through: until, by: 0.0371) {
            let a = slow.pose(atSeconds: 2 * t).main, b = quick.pose(atSeconds: t).main
            #expect(a.transform.isClose(to: b.transform, 1e-9) && approx(a.opacity, b.opacity, 1e-9), "t = \(t)")
            for (x, y) in zip(a.layers, b.layers) {
                #expect(x.transform.isClose(to: y.transform, 1e-9) && approx(x.opacity, y.opacity, 1e-9), "t = \(t)")
            }
        }
        if slow.naturalDuration > 2 { #expect(approx(quick.naturalDuration, slow.naturalDuration / 2, 1e-9)) }
    }

    @Test func speedTwoHalvesEveryDuration() throws {
        let two = SymbolEffectOptions.speed(2)
        for e in [SymbolEffect.bounce, .pulse, .wiggle, .breathe, .rotate, SymbolEffect(.breathe(pulse: true))] {
            try sameEffectAtDoubleSpeed(.discrete(e, options: .repeat(3), at: 0), .discrete(e, options: SymbolEffectOptions.repeat(3).speed(2), at: 0), until: 3)
        }
        try sameEffectAtDoubleSpeed(.discrete(.bounce, options: .repeat(.periodic(count: 3, delay: 0.4)), at: 0),
                                    .discrete(.bounce, options: SymbolEffectOptions.repeat(.periodic(count: 3, delay: 0.4)).speed(2), at: 0), until: 2)
        try sameEffectAtDoubleSpeed(.discrete(.variableColor, options: .repeat(2), at: 0), .discrete(.variableColor, options: SymbolEffectOptions.repeat(2).speed(2), at: 0),
                                    doc: TestDocuments.variable(), until: 1)
        try sameEffectAtDoubleSpeed(.indefinite(.scale, from: 0, until: 2), .indefinite(.scale, options: two, from: 0, until: 1), until: 2)
        try sameEffectAtDoubleSpeed(.indefinite(.rotate, from: 0, until: 2), .indefinite(.rotate, options: two, from: 0, until: 1), until: 2.5)
        try sameEffectAtDoubleSpeed(.discrete(.appear, at: 0), .discrete(.appear, options: two, at: 0), until: 1)
        try sameEffectAtDoubleSpeed(.discrete(.disappear, at: 0), .discrete(.disappear, options: two, at: 0), until: 1)
    }

    @Test func speedIsClampedWithADiagnostic() throws {
        let fast = try timeline(.discrete(.bounce, options: .speed(10), at: 0))
        #expect(fast.diagnostics.map(\.code) == ["speed-clamped"])
        // Apple's RenderBox clamps .speed to 0.5…2.
        #expect(fast.diagnostics[0].message == "event 0: speed 10 is outside 0.5…2; using 2")
        let two = try timeline(.discrete(.bounce, options: .speed(2), at: 0))
        #expect(fast.pose(atSeconds: 0.05) == two.pose(atSeconds: 0.05))
        #expect(try timeline(.discrete(.bounce, options: .speed(0.4), at: 0)).diagnostics.count == 1)
        #expect(try timeline(.discrete(.bounce, options: .speed(0.1), at: 0)).diagnostics.count == 1)
    }
}
