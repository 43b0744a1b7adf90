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

    /// References over the strict rule (1 % of pixels > 4 levels off) where resvg is the odd one
    /// out: we agree with cairo and a 256-sample reference, resvg does not (Goldens/resvg/README.md,
    /// `cross_check.py`). Each is held to a bound just above its present figure.
    static let knownDeviations: [String: (mean: Double, off: Double)] = [
        "stroke-dashoffset": (0.5, 0.015), "stroke-miterlimit": (0.5, 0.011), "shapes-polyline": (0.5, 0.0115),
        // Colour of pixels with alpha < 40: resvg's premultiplied colour is a level high there.
        "gradient-linear-stop-opacity": (1.0, 0.03),
    ]

    @Test(arguments: names)
    func matchesResvg(_ name: String) throws {
        let svg = ResvgGoldenTests.dir.appendingPathComponent(name + ".svg").path
        let doc = try SymbolReader.read(contentsOf: svg)
        #expect(doc.diagnostics.filter { $0.severity == .warning }.isEmpty, "\(doc.diagnostics)")
        let bitmap = try #require(PageRenderer().render(doc.page, width: 300))
        ReferenceLog.record("resvg golden")
        let result = try GoldenImage.check(bitmap, goldenPath: ResvgGoldenTests.dir.appendingPathComponent(name + ".png").path,
                                           name: "resvg-" + name, failures: GoldenImage.failuresFolder(testFile: #filePath),
                                           tolerance: .resvg, updatable: false)
        if let bound = ResvgGoldenTests.knownDeviations[name] {
            KnownDeviation("\(name) is over the strict rule (held to mean \(bound.mean), \(bound.off * 100) % off)").expect(
                strict: result.passed, tolerated: result.meanAbsolute.allSatisfy { $0 <= bound.mean } && result.offFraction <= bound.off,
                "\(name): \(result)")
        } else {
            #expect(result.passed, "\(name): \(result)")
        }
    }
}
