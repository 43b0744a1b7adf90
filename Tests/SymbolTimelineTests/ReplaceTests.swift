import Testing
import SymbolGeometry
import SymbolScene
@testable import SymbolTimeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Content transitions between documents: document 0 has three layers, document 1 one.
@Suite struct ReplaceTests {
    let docs = [TestDocuments.three(), TestDocuments.one()]

    private func make(_ effect: SymbolEffect = .replace, at: Double = 1) throws -> Timeline {
        try Timeline(documents: docs, events: [.replace(with: 1, effect: effect, at: at)])
    }

    @Test func downUpShrinksTheOldAndGrowsTheNewWithoutACrossfade() throws {
        let tl = try make()
        let before = tl.pose(atSeconds: 0.9)
        #expect(before.symbols.count == 1 && before.main.document == 0 && before.main.role == .current)
        let start = tl.pose(atSeconds: 1)
        #expect(start.symbols.map(\.role) == [.outgoing, .incoming] && start.symbols.map(\.document) == [0, 1])
        #expect(start.symbols[0].isAtRest())
        #expect(start.symbols[1].layers[0].opacity == 0 && approx(start.symbols[1].layers[0].transform.scaleFactor, 0.5, 1e-12))
        // The old symbol's groups shrink toward 0.5 (ease-in, 0.205 s), opaque; each is swapped
        // for the new one at the swap scale.
        let mid = tl.pose(atSeconds: 1.15).symbols
        #expect(mid[0].layers[0].opacity == 1 && mid[0].layers[0].transform.scaleFactor < 0.8)
        #expect(mid[0].layers[0].transform.scaleFactor < mid[0].layers[2].transform.scaleFactor)
        #expect(tl.pose(atSeconds: 1.21).symbols[0].layers[0].opacity == 0)
        // The new one grows from 0.5, opaque from its first frame.
        let grow = tl.pose(atSeconds: 1.3).symbols[1].layers[0]
        #expect(grow.opacity == 1 && grow.transform.scaleFactor > 0.5 && grow.transform.scaleFactor < 1)
        let after = tl.pose(atSeconds: tl.naturalDuration)
        #expect(after.symbols.count == 1 && after.main.document == 1 && after.main.role == .current && after.main.isAtRest())
    }

    @Test func upUpGrowsTheOldOutAndOffUpDropsItAtOnce() throws {
        let up = try make(SymbolEffect(.replace(.upUp)))
        #expect(up.pose(atSeconds: 1.12).symbols[0].layers[0].transform.scaleFactor > 1.05)
        #expect(up.pose(atSeconds: 1.1).symbols[0].layers[0].opacity < 0.5)
        let off = try make(SymbolEffect(.replace(.offUp)))
        #expect(off.pose(atSeconds: 1).symbols[0].layers.allSatisfy { $0.opacity == 0 })
        #expect(off.pose(atSeconds: 0.99).main.isAtRest())
    }

    @Test func wholeSymbolMovesTheSymbolsAsOne() throws {
        let tl = try make(SymbolEffect(.replace(.downUp), scope: .wholeSymbol))
        let p = tl.pose(atSeconds: 1.1).symbols
        #expect(p[0].layers.allSatisfy { $0.transform == .identity && $0.opacity == 1 })
        #expect(p[0].opacity == 1 && p[0].transform.scaleFactor < 0.9 && p[1].opacity == 0)
        let q = tl.pose(atSeconds: 1.3).symbols
        #expect(q[0].opacity == 0 && q[1].opacity == 1 && q[1].transform.scaleFactor < 1)
    }

    @Test func magicReplacePlaysItsFallbackWhenNothingMatches() throws {
        // A square far from all three: no tags, no equal geometry, no overlapping bounds.
        let far = TestDocuments.make([(Rect(x: 0, y: 0, width: 5, height: 5), LayerAnnotations())], name: "far.svg")
        let fallback = SymbolEffect(.replace(.upUp))
        let magic = try Timeline(documents: [docs[0], far], events: [.replace(with: 1, effect: SymbolEffect(.replace(.magic(fallback: fallback))), at: 1)])
        #expect(magic.diagnostics.map(\.code) == ["magic-replace-fallback"])
        #expect(magic.diagnostics[0].message == "event 0: test.svg and far.svg share no layer; Magic Replace plays its fallback '.replace.upUp'")
        let plain = try Timeline(documents: [docs[0], far], events: [.replace(with: 1, effect: fallback, at: 1)])
        for t in [1.0, 1.1, 1.3, 1.6] { #expect(magic.pose(atSeconds: t) == plain.pose(atSeconds: t)) }
    }

    @Test func magicReplaceKeepsASharedLayerAndMovesTheRest() throws {
        // Document 1's square is document 0's middle square: equal geometry, so it stays.
        let tl = try make(SymbolEffect(.replace(.magic(fallback: .init(.replace(.downUp))))))
        #expect(tl.diagnostics.isEmpty)
        for t in [1.0, 1.05, 1.2, 1.4] {
            let p = tl.pose(atSeconds: t).symbols
            #expect(p.map(\.role) == [.outgoing, .incoming])
            #expect(p[0].layers[1].opacity == 0, "the old copy of the shared layer is hidden")
            #expect(p[1].layers[0] == .rest && p[1].transform == .identity && p[1].opacity == 1, "the shared layer does not move")
        }
        // The others leave: shrinking and fading like a disappear.
        let mid = tl.pose(atSeconds: 1.15).symbols[0]
        #expect(mid.layers[0].opacity < 1 && mid.layers[0].transform.scaleFactor < 1 && mid.layers[2].opacity < 1)
        #expect(tl.pose(atSeconds: 2).symbols.map(\.role) == [.current])
    }

    @Test func magicReplacePairsByTagsFirstAndDrawsLayersWithDrawData() throws {
        var a = TestDocuments.three { i, ann in if i == 0 { ann.layerTags = ["ring"] } }
        var b = TestDocuments.make([(Rect(x: 60, y: 60, width: 10, height: 10), { var x = LayerAnnotations(); x.layerTags = ["ring"]; return x }()),
                                    (Rect(x: 20, y: 25, width: 8, height: 8), LayerAnnotations())], name: "b.svg")
        b.shapes[1].drawKeyframes = DrawKeyframes(version: 0, sets: [[
            DrawRib(flags: 8, t: 0, start: OutlinePosition(subpath: 0, fraction: 0.1), end: OutlinePosition(subpath: 0, fraction: 0.9)),
            DrawRib(flags: 0, t: 1, start: OutlinePosition(subpath: 0, fraction: 0.4), end: OutlinePosition(subpath: 0, fraction: 0.6))]])
        a.defaults = [:]
        let plan = try #require(MagicPlan(from: a, to: b, mode: .monochrome, defaults: .standard))
        #expect(plan.pairs.map { [$0.0, $0.1] } == [[0, 0]])
        // Both tagged layers are rectangles: same structure, other points, so they morph.
        #expect(plan.outgoing == [.morph, .scaleFade, .scaleFade] && plan.incoming == [.morph, .draw])
        let tl = try Timeline(documents: [a, b], events: [.replace(with: 1, effect: SymbolEffect(.replace(.magic(fallback: .init(.replace(.downUp))))), at: 1)])
        // The new layer 1 draws on at once, on the slash's spring: fully drawn by ≈0.2 s.
        #expect(tl.pose(atSeconds: 1).symbols[1].layers[1].drawRange == 0...0)
        let part = try #require(tl.pose(atSeconds: 1.08).symbols[1].layers[1].drawRange)
        #expect(part.lowerBound == 0 && part.upperBound > 0.2 && part.upperBound < 0.9)
        #expect(tl.pose(atSeconds: 1.25).symbols[1].layers[1].drawRange.map { $0.upperBound >= 1 } ?? true)
        // Past its end it stretches along its draw axis (area × the stretch), ≈7 % at the most, and settles by 0.33 s.
        let stretch = stride(from: 1.0, through: 1.5, by: 1.0 / 240).map { tl.pose(atSeconds: $0).symbols.last!.layers[1].transform.determinant }
        #expect(abs(stretch.max()! - 1.07) < 0.002 && tl.pose(atSeconds: 1.33).symbols.last!.layers[1].transform == .identity)
        // The morph: the old copy is hidden, the new one moves from the old layer's points.
        let mid = tl.pose(atSeconds: 1.225).symbols
        #expect(mid[0].layers[0].opacity == 0)
        let morph = try #require(mid[1].layers[0].morph)
        #expect(morph.document == 0 && morph.layer == 0 && abs(morph.amount - 0.5) < 1e-6)
        #expect(tl.pose(atSeconds: 1.5).symbols.last!.layers[0].morph == nil)

        // A tagged pair whose paths differ in structure cross-fades: the new one in first, then the old out.
        var c = b
        var e = PathBuilder()
        e.ellipse(center: Point(65, 65), rx: 5, ry: 5)
        c.shapes[0].path = e.path
        let fade = try Timeline(documents: [a, c], events: [.replace(with: 1, effect: SymbolEffect(.replace(.magic(fallback: .init(.replace(.downUp))))), at: 1)])
        let early = fade.pose(atSeconds: 1.1).symbols, late = fade.pose(atSeconds: 1.35).symbols
        #expect(early[0].layers[0].opacity == 1 && early[1].layers[0].opacity > 0 && early[1].layers[0].opacity < 1)
        #expect(late[1].layers[0].opacity == 1 && late[0].layers[0].opacity < 1)
    }

    @Test func replacesChainAndOtherEffectsApplyToWhateverIsShown() throws {
        let tl = try Timeline(documents: docs, events: [
            .replace(with: 0, at: 2), .replace(with: 1, at: 0.5), .indefinite(.pulse, from: 0, until: 10),
        ])
        // Sorted by time: 0 → 1 at 0.5, then 1 → 0 at 2.
        #expect(tl.pose(atSeconds: 0.6).symbols.map(\.document) == [0, 1])
        #expect(tl.pose(atSeconds: 1.5).symbols.map(\.document) == [1])
        #expect(tl.pose(atSeconds: 2.1).symbols.map(\.document) == [1, 0])
        // The pulse applies to whatever is shown: document 0's first layer is on its way down
        // (cosine ease over 1.05 s to 0.30) at 0.5 s, document 1's on its way back up (0.95 s) at 1.5 s.
        let down = (1 - cos(Double.pi * 0.5 / 1.05)) / 2, up = (1 + cos(Double.pi * 0.45 / 0.95)) / 2
        #expect(approx(tl.pose(atSeconds: 0.5).main.layers[0].opacity, 1 - 0.7 * down, 1e-12))
        #expect(approx(tl.pose(atSeconds: 1.5).main.layers[0].opacity, 1 - 0.7 * up, 1e-12))
    }
}
