import Testing
import SymbolGeometry
import SymbolScene
@testable import SymbolTimeline

/// Content transitions between documents: document 0 has three layers, document 1 one.
@Suite struct ReplaceTests {
    let docs = [TestDocuments.three(), TestDocuments.one()]

    private func make(_ effect: SymbolEffect = .replace, at: Double = 1) throws -> Timeline {
        try Timeline(documents: docs, events: [.replace(with: 1, effect: effect, at: at)])
    }

    @Test func downUpFadesTheOldOutAndTheNewIn() throws {
        let tl = try make()
        let before = tl.pose(atSeconds: 0.9)
        #expect(before.symbols.count == 1 && before.main.document == 0 && before.main.role == .current)
        let start = tl.pose(atSeconds: 1)
        #expect(start.symbols.map(\.role) == [.outgoing, .incoming] && start.symbols.map(\.document) == [0, 1])
        #expect(start.symbols[0].isAtRest())
        #expect(start.symbols[1].layers[0].opacity == 0 && approx(start.symbols[1].layers[0].transform.scaleFactor, 0.5, 1e-12))
        // The old symbol's groups fade out over 0.25 s, 0.08 s apart, shrinking toward 0.5.
        let mid = tl.pose(atSeconds: 1.125).symbols
        #expect(mid[0].layers[0].opacity < 0.4 && mid[0].layers[2].opacity == 1)
        #expect(mid[0].layers[0].transform.scaleFactor < 0.7)
        for g in 0..<3 { #expect(tl.pose(atSeconds: 1.25 + 0.08 * Double(g)).symbols[0].layers[g].opacity == 0) }
        // The new one starts 0.1 s after the old and is opaque 0.35 s later.
        #expect(tl.pose(atSeconds: 1.1).symbols[1].layers[0].opacity < 1e-12)
        #expect(tl.pose(atSeconds: 1.2).symbols[1].layers[0].opacity > 0.3)
        #expect(approx(tl.pose(atSeconds: 1.45).symbols[1].layers[0].opacity, 1, 1e-12))
        let after = tl.pose(atSeconds: tl.naturalDuration)
        #expect(after.symbols.count == 1 && after.main.document == 1 && after.main.role == .current && after.main.isAtRest())
    }

    @Test func upUpGrowsTheOldOutAndOffUpDropsItAtOnce() throws {
        let up = try make(SymbolEffect(.replace(.upUp)))
        #expect(up.pose(atSeconds: 1.2).symbols[0].layers[0].transform.scaleFactor > 1.3)
        let off = try make(SymbolEffect(.replace(.offUp)))
        #expect(off.pose(atSeconds: 1).symbols[0].layers.allSatisfy { $0.opacity == 0 })
        #expect(off.pose(atSeconds: 0.99).main.isAtRest())
    }

    @Test func wholeSymbolMovesTheSymbolsAsOne() throws {
        let tl = try make(SymbolEffect(.replace(.downUp), scope: .wholeSymbol))
        let p = tl.pose(atSeconds: 1.2).symbols
        #expect(p[0].layers.allSatisfy { $0.transform == .identity && $0.opacity == 1 })
        #expect(p[0].opacity < 0.2 && p[1].opacity > 0.3 && p[1].opacity < 1)
    }

    @Test func magicReplacePlaysItsFallbackWithANote() throws {
        let fallback = SymbolEffect(.replace(.upUp))
        let magic = try make(SymbolEffect(.replace(.magic(fallback: fallback))))
        #expect(magic.diagnostics.map(\.code) == ["magic-replace-fallback"])
        #expect(magic.diagnostics[0].message == "event 0: Magic Replace is not yet supported; playing its fallback '.replace.upUp'")
        let plain = try make(fallback)
        for t in [1.0, 1.1, 1.3, 1.6] { #expect(magic.pose(atSeconds: t) == plain.pose(atSeconds: t)) }
    }

    @Test func replacesChainAndOtherEffectsApplyToWhateverIsShown() throws {
        let tl = try Timeline(documents: docs, events: [
            .replace(with: 0, at: 2), .replace(with: 1, at: 0.5), .indefinite(.pulse, from: 0, until: 10),
        ])
        // Sorted by time: 0 → 1 at 0.5, then 1 → 0 at 2.
        #expect(tl.pose(atSeconds: 0.6).symbols.map(\.document) == [0, 1])
        #expect(tl.pose(atSeconds: 1.5).symbols.map(\.document) == [1])
        #expect(tl.pose(atSeconds: 2.1).symbols.map(\.document) == [1, 0])
        // The pulse applies to document 1 too; with one motion group its waves are 1 s long
        // (1.16 s with document 0's three), so its layer is dimmest at 1.5 s.
        #expect(approx(tl.pose(atSeconds: 1.5).main.layers[0].opacity, 0.35, 1e-12))
        #expect(approx(tl.pose(atSeconds: 0.5).main.layers[0].opacity, 0.35, 1e-12))
    }
}
