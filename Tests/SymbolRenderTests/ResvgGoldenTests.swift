import Foundation
import Testing
import SymbolRaster
import SymbolSVG
import SymbolTestSupport
@testable import SymbolRender

/// Every reference SVG in Goldens/resvg, read by our reader and drawn by PageRenderer at 300 px,
/// against resvg's PNG within the rule in that folder's README.
@Suite struct ResvgGoldenTests {
    static let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens/resvg")
    static let names: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
        .filter { $0.hasSuffix(".svg") }.map { String($0.dropLast(4)) }.sorted()

    @Test func thereAreEnoughReferences() { #expect(ResvgGoldenTests.names.count >= 30) }

    /// References we do not yet meet within the strict rule (1 % of pixels > 4 levels off),
    /// with the bound each is held to meanwhile, so it cannot get worse unnoticed. Why, per
    /// case, is in Goldens/resvg/README.md; the issue's closing note lists them.
    static let knownDeviations: [String: (mean: Double, off: Double)] = [
        "stroke-dashoffset": (0.5, 0.016), "stroke-hairline": (0.5, 0.013), "stroke-miterlimit": (0.5, 0.012),
        "shapes-polyline": (0.5, 0.012),
        // Colour of pixels with alpha < 16 (one premultiplied level = 16+ demultiplied levels).
        "gradient-linear-stop-opacity": (1.0, 0.03),
    ]

    @Test(arguments: names)
    func matchesResvg(_ name: String) throws {
        let svg = ResvgGoldenTests.dir.appendingPathComponent(name + ".svg").path
        let doc = try SymbolReader.read(contentsOf: svg)
        #expect(doc.diagnostics.filter { $0.severity == .warning }.isEmpty, "\(doc.diagnostics)")
        let bitmap = try #require(PageRenderer().render(doc.page, width: 300))
        let result = try GoldenImage.check(bitmap, goldenPath: ResvgGoldenTests.dir.appendingPathComponent(name + ".png").path,
                                           name: "resvg-" + name, failures: GoldenImage.failuresFolder(testFile: #filePath),
                                           tolerance: .resvg, updatable: false)
        if let bound = ResvgGoldenTests.knownDeviations[name] {
            #expect(result.meanAbsolute.allSatisfy { $0 <= bound.mean } && result.offFraction <= bound.off, "\(name): \(result)")
            withKnownIssue("\(name) is over the strict rule (held to mean \(bound.mean), \(bound.off * 100) % off)", isIntermittent: true) {
                #expect(result.passed, "\(name): \(result)")
            }
        } else {
            #expect(result.passed, "\(name): \(result)")
        }
    }
}
