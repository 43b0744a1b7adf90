import Foundation
import Testing
import SymbolGeometry
import SymbolScene
@testable import SymbolSVG

/// The SF Symbols layouts in Fixtures/layouts (made from one bell by Samples/tools): each reads
/// into the same symbol, with the variants and structure its layout implies.
@Suite struct LayoutFixtureTests {
    static let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/layouts")

    private func read(_ name: String, _ weight: SymbolWeight = .regular, _ scale: SymbolScale = .medium) throws -> SymbolDocument {
        try SymbolReader.read(contentsOf: LayoutFixtureTests.dir.appendingPathComponent(name).path,
                              options: ReadOptions(weight: weight, scale: scale))
    }

    @Test func all27Variants() throws {
        let doc = try read("all-27-variants.svg", .heavy, .large)
        #expect(doc.availableVariants.count == 27)
        #expect(doc.variantSource == .exact(VariantKey(.heavy, .large)))
        #expect(doc.metrics.marginOrigin == .guides && doc.metrics.verticalOrigin == .guides)
        #expect(abs(doc.metrics.capHeight - 70.459) < 1e-6)
    }

    @Test func mastersInterpolateToTheSameGeometryAsTheFullFile() throws {
        // all-27 was made by interpolating the masters linearly, so reading the masters-only
        // file at Semibold-S must reproduce its Semibold-S within rounding.
        let full = try read("all-27-variants.svg", .semibold, .small)
        let masters = try read("inkscape-nested.svg", .semibold, .small)
        guard case .interpolated = masters.variantSource else { Issue.record("\(masters.variantSource)"); return }
        #expect(full.shapes.count == masters.shapes.count)
        for (a, b) in zip(full.shapes, masters.shapes) {
            let (ba, bb) = (a.path.bounds, b.path.bounds)
            #expect(abs(ba.width - bb.width) < 0.01 && abs(ba.height - bb.height) < 0.01, "\(ba) vs \(bb)")
        }
    }

    @Test func regularOnlyAndSingleVariant() throws {
        let r = try read("regular-only.svg", .bold, .large)
        #expect(r.availableVariants.map(\.description) == ["Regular-S", "Regular-M", "Regular-L"])
        #expect(r.variantSource == .nearest(VariantKey(.regular, .large)))
        let s = try read("single-variant.svg")
        #expect(s.availableVariants.map(\.description) == ["Regular-M"])
        #expect(s.variantSource == .exact(.regularMedium))
    }

    @Test func minifiedFileReadsLikeTheOriginal() throws {
        let a = try read("regular-only.svg"), b = try read("svgo-minified.svg")
        #expect(a.shapes.count == b.shapes.count)
        for (x, y) in zip(a.shapes, b.shapes) {
            #expect(x.path.bounds.isClose(to: y.path.bounds, 0.01), "\(x.path.bounds) vs \(y.path.bounds)")
        }
        #expect(a.layers[.hierarchical]?.map(\.role) == b.layers[.hierarchical]?.map(\.role))
    }

    @Test func nestedTransformsAndUnits() throws {
        let doc = try read("inkscape-nested.svg", .regular, .small)
        #expect(doc.variantSource == .exact(VariantKey(.regular, .small)))
        #expect(abs(doc.metrics.baseline) < 1e-6 && abs(doc.metrics.capline + 70.459) < 1e-6)
        #expect(doc.metrics.marginOrigin == .guides)
        #expect(doc.diagnostics.filter { $0.severity == .warning }.isEmpty, "\(doc.diagnostics)")
    }

    @Test func percentSizedRoot() throws {
        let doc = try read("percent-size.svg")
        #expect(doc.kind == .symbol && doc.shapes.count == 4)
        #expect(doc.page.viewBox.width > 0)
    }

    @Test func templateWithoutClassesIsOneLayer() throws {
        let doc = try read("template-v1-noclasses.svg")
        #expect(doc.layers[.monochrome]?.map(\.parts.count) == [doc.shapes.count])
        #expect(doc.layers[.hierarchical] == nil && doc.layers[.multicolor] == nil)
    }

    @Test func multicolorOnly() throws {
        let doc = try read("multicolor-only.svg")
        #expect(doc.layers[.hierarchical] == nil)
        #expect(doc.layers[.monochrome]?.map(\.parts.count) == [doc.shapes.count])
        #expect((doc.layers[.multicolor]?.count ?? 0) > 1)
    }

    @Test func layerTreeMatchesTheClassForm() throws {
        let tree = try read("layertree.svg")
        let mono = try #require(tree.layers[.monochrome])
        #expect(mono.count == 3)
        #expect(mono.contains { $0.parts.contains { $0.action == .erase } })
        // Each piece's indexed subpaths are one shape (filled together, so winding makes holes):
        // the pieces hold every subpath the tree names, none twice.
        let used = Set(mono.flatMap { $0.parts.map(\.shape) })
        #expect(used.reduce(0) { $0 + tree.shapes[$1].path.subpathCount } == tree.shapes.reduce(0) { $0 + $1.path.subpathCount })
    }

    @Test func everyFixtureIsListedInTheReadme() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: LayoutFixtureTests.dir.path).filter { $0.hasSuffix(".svg") }
        #expect(names.count >= 9)
        let readme = try String(contentsOf: LayoutFixtureTests.dir.appendingPathComponent("README.md"), encoding: .utf8)
        for n in names { #expect(readme.contains(n), "\(n) missing from README") }
    }
}
