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

/// Every effect variant: at rest at its start and after its end (within 1e-6), and continuous in
/// between (no jump larger than a smooth motion makes in 1 ms).
@Suite struct EveryEffectTests {
    static let whole = EffectScope.wholeSymbol
    static let discrete: [SymbolEffect] = [
        .bounce, SymbolEffect(.bounce(.down)), SymbolEffect(.bounce(.up), scope: whole), .pulse, SymbolEffect(.pulse, scope: whole),
        .variableColor, SymbolEffect(.variableColor(VariableColorStyle(fill: .cumulative, reversing: true, inactive: .hideInactiveLayers))),
        .wiggle, SymbolEffect(.wiggle(.left)), SymbolEffect(.wiggle(.right)), SymbolEffect(.wiggle(.up)), SymbolEffect(.wiggle(.down)),
        SymbolEffect(.wiggle(.forward)), SymbolEffect(.wiggle(.backward)), SymbolEffect(.wiggle(.clockwise)),
        SymbolEffect(.wiggle(.counterClockwise), scope: whole), SymbolEffect(.wiggle(.custom(angle: 200))),
        .rotate, SymbolEffect(.rotate(.counterClockwise), scope: whole), .breathe, SymbolEffect(.breathe(pulse: true), scope: whole),
    ]

    @Test(arguments: discrete)
    func discreteEffectRestsAtItsEnds(effect: SymbolEffect) throws {
        let doc = TestDocuments.variable()
        let tl = try timeline(.discrete(effect, options: .repeat(2), at: 0.25), doc)
        #expect(tl.pose(atSeconds: 0.25).main.isAtRest())
        #expect(!stride(from: 0.3, to: tl.naturalDuration, by: 0.05).allSatisfy { tl.pose(atSeconds: $0).main.isAtRest() })
        #expect(tl.pose(atSeconds: tl.naturalDuration).main.isAtRest())
        #expect(tl.pose(atSeconds: tl.naturalDuration + 5).main.isAtRest())
        try expectContinuous(tl, until: tl.naturalDuration + 0.1)
    }

    static let indefinite: [SymbolEffect] = [
        .bounce, .pulse, .variableColor, SymbolEffect(.scale(.up)), SymbolEffect(.scale(.down), scope: whole), .wiggle, .rotate,
        SymbolEffect(.rotate(.counterClockwise)), .breathe, SymbolEffect(.breathe(pulse: true)),
    ]

    @Test(arguments: indefinite)
    func indefiniteEffectEasesInAndOut(effect: SymbolEffect) throws {
        let tl = try timeline(.indefinite(effect, from: 0.25, until: 1.9), TestDocuments.variable())
        #expect(tl.pose(atSeconds: 0.25).main.isAtRest())
        #expect(!tl.pose(atSeconds: 1.2).main.isAtRest() || !tl.pose(atSeconds: 1.5).main.isAtRest())
        #expect(tl.naturalDuration >= 1.9)
        #expect(tl.pose(atSeconds: tl.naturalDuration).main.isAtRest())
        try expectContinuous(tl, until: tl.naturalDuration + 0.1)
    }

    @Test(arguments: [SymbolEffect.appear, SymbolEffect(.appear(.down)), SymbolEffect(.appear(.up), scope: whole)])
    func appearEndsAtRest(effect: SymbolEffect) throws {
        let tl = try timeline(.discrete(effect, at: 0.25))
        let start = tl.pose(atSeconds: 0.25).main
        #expect(start.opacity * start.layers[0].opacity == 0)
        #expect(tl.pose(atSeconds: tl.naturalDuration).main.isAtRest())
        try expectContinuous(tl, until: tl.naturalDuration)
    }

    @Test(arguments: [SymbolEffect.disappear, SymbolEffect(.disappear(.up)), SymbolEffect(.disappear(.down), scope: whole)])
    func disappearStartsAtRestAndEndsHidden(effect: SymbolEffect) throws {
        let tl = try timeline(.discrete(effect, at: 0.25))
        #expect(tl.pose(atSeconds: 0.25).main.isAtRest())
        let end = tl.pose(atSeconds: tl.naturalDuration).main
        #expect(end.layers.allSatisfy { $0.opacity * end.opacity == 0 })
        try expectContinuous(tl, until: tl.naturalDuration)
    }

    @Test(arguments: [SymbolEffect.replace, SymbolEffect(.replace(.upUp)), SymbolEffect(.replace(.offUp), scope: whole),
                      SymbolEffect(.replace(.downUp), scope: whole)])
    func replaceEndsWithTheNewSymbolAtRest(effect: SymbolEffect) throws {
        let tl = try timeline(.replace(with: 1, effect: effect, at: 0.25), documents: [TestDocuments.variable()])
        #expect(tl.pose(atSeconds: 0.2).symbols.count == 1 && tl.pose(atSeconds: 0.2).main.isAtRest())
        let end = tl.pose(atSeconds: tl.naturalDuration)
        #expect(end.symbols.count == 1 && end.main.document == 1 && end.main.isAtRest())
    }

    /// Samples every millisecond; a smooth effect moves far less than 0.05 (scale, opacity) or
    /// 1.5° or 1 unit in that time.
    private func expectContinuous(_ tl: Timeline, until end: Double) throws {
        var previous = tl.pose(atSeconds: 0)
        for k in 1...Int(end * 1000) {
            let p = tl.pose(atSeconds: Double(k) / 1000)
            for (a, b) in zip(previous.symbols, p.symbols) where a.document == b.document {
                #expect(isNear(a.transform, b.transform) && abs(a.opacity - b.opacity) < 0.05, "t = \(Double(k) / 1000)")
                for (x, y) in zip(a.layers, b.layers) {
                    #expect(isNear(x.transform, y.transform) && abs(x.opacity - y.opacity) < 0.05, "t = \(Double(k) / 1000)")
                }
            }
            previous = p
        }
    }

    private func isNear(_ a: Transform, _ b: Transform) -> Bool {
        abs(a.scaleFactor - b.scaleFactor) < 0.05 && abs(a.tx - b.tx) < 1 && abs(a.ty - b.ty) < 1
            && abs(remainder(a.degrees - b.degrees, 360)) < 1.5
    }
}
