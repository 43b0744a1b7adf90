import Foundation
import SymbolCompose
import SymbolGeometry
import SymbolRender
import SymbolTestSupport
import Testing
@testable import SymbolReel

/// How a scene lays its items out (docs/scenes.md, "Layout"), checked on the What's New preset's
/// own model: the rules a SwiftUI `Label` follows for a symbol beside text.
@Suite struct SceneLayoutTests {
    static func clip(_ name: String) throws -> Clip {
        try Clip(readingPresetAt: packageRoot.appendingPathComponent("Scenes/\(name)").path)
    }

    static func leaves(_ clip: Clip) throws -> [SceneLeaf] {
        try #require(clip.scene).scenes.flatMap(\.leaves)
    }

    /// Apple's rules for a symbol in a label (Human Interface Guidelines, "SF Symbols": a symbol
    /// matches the point size and weight of the text beside it and sits on its baseline): the
    /// symbol's point size is the font's (template glyphs are drawn at 100 pt, so its scale is
    /// size/100), its weight is the font's, and its baseline guide lies on the text's first
    /// baseline.
    @Test func aLabelSymbolTakesTheFontsSizeWeightAndBaseline() throws {
        let clip = try Self.clip("whats-new.json")
        let leaves = try Self.leaves(clip)
        let symbols = leaves.filter { $0.id.hasSuffix(".label.symbol") }
        #expect(symbols.count == 3)
        for leaf in symbols {
            guard case .symbol(let plan, _, let place, let box) = leaf.content, let doc = plan.documents.first else {
                Issue.record("\(leaf.id) is not a symbol"); continue
            }
            let toCanvas = plan.placement(ofDocument: 0).concatenating(place)
            #expect(abs(toCanvas.meanScale - 48.0 / 100) < 1e-9, "\(leaf.id): 48 px text, a 48 pt symbol")
            #expect(doc.requestedVariant.weight == .regular, "\(leaf.id): the stack's font is regular")
            // The baseline guide on the canvas …
            let baseline = toCanvas.apply(Point(0, doc.metrics.baseline)).y
            #expect(abs(baseline - box.maxY) < 1e-6)
            // … is the text's first baseline: the label's text leaf starts one ascent above it.
            let textID = leaf.id.replacingOccurrences(of: ".symbol", with: ".text")
            guard let text = leaves.first(where: { $0.id == textID }), case .text(_, let pieces) = text.content else {
                Issue.record("no text beside \(leaf.id)"); continue
            }
            let ink = pieces.reduce(Rect.null) { $0.union($1.box) }
            // Capitals stand on the baseline: the ink of "Notifications", "Wireless sync" and
            // "Done in a tap" ends there but for the descenders of y and p (below by design).
            let capitalsBottom = textID.contains("vstack[0]") ? ink.maxY : nil
            if let capitalsBottom { #expect(abs(capitalsBottom - baseline) < 1.0, "\(leaf.id): baseline \(baseline), text ink ends at \(capitalsBottom)") }
        }
    }

    /// A bold title takes a bold font, and the What's New rows line their texts up: the labels of
    /// one stack share the widest symbol's column, so every text starts at the same x.
    @Test func aStacksLabelsShareOneIconColumn() throws {
        let leaves = try Self.leaves(try Self.clip("whats-new.json"))
        let starts = leaves.filter { $0.id.hasSuffix(".label.text") }.compactMap { leaf -> Double? in
            guard case .text(_, let pieces) = leaf.content, let first = pieces.first else { return nil }
            return first.box.minX
        }
        #expect(starts.count == 3)
        // Ink starts a side bearing after the pen: N, W and D have small, similar ones (Inter).
        #expect((starts.max() ?? 0) - (starts.min() ?? 0) < 4, "\(starts)")
    }

    /// A stack's `enter` staggers its children: row k enters `stagger` × k after the first.
    @Test func aStackStaggersItsChildren() throws {
        let leaves = try Self.leaves(try Self.clip("whats-new.json"))
        let rows = leaves.filter { $0.id.hasSuffix(".label.text") }
        #expect(rows.compactMap { $0.motions.enter?.at } == [0.4, 0.7, 1.0].map { $0 })
        #expect(rows.allSatisfy { $0.motions.enter?.kind == .fadeUp })
    }

    /// The same frames with one render thread and with three (a scene's pictures are made on the
    /// render threads, each from its frame's time alone), and the same as frame by frame; at a
    /// small width, so the debug build hashes the three scenes' 225 frames quickly.
    @Test func scenesAreTheSameWithAnyNumberOfThreads() throws {
        let clip = try Self.clip("three-scenes.json")
        let one = try clip.pipelineHashes(workers: 1, width: 160)
        let three = try clip.pipelineHashes(workers: 3, width: 160)
        #expect(one.count == 225)
        #expect(one.map(\.sha256) == three.map(\.sha256))
        let direct = (0..<clip.frameCount).map { SHA256.hex(clip.frame(index: $0, width: 160).pixels) }
        #expect(direct == one.map(\.sha256))
        #expect(Set(one.map(\.sha256)).count > 100, "the scenes move")
    }

    /// A text entering by word has one piece per word, in reading order.
    @Test func aTextEnteringByWordHasAPiecePerWord() throws {
        let leaves = try Self.leaves(try Self.clip("feature-card.json"))
        guard let headline = leaves.first(where: { $0.id == "$.items[1]" }), case .text(_, let pieces) = headline.content else {
            Issue.record("no headline"); return
        }
        #expect(pieces.count == 4, "Check it off, beautifully")
        #expect(zip(pieces, pieces.dropFirst()).allSatisfy { $0.box.minX < $1.box.minX })
    }
}
