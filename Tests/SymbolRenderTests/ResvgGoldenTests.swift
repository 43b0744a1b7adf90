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

    @Test(arguments: names)
    func matchesResvg(_ name: String) throws {
        let svg = ResvgGoldenTests.dir.appendingPathComponent(name + ".svg").path
        let doc = try SymbolReader.read(contentsOf: svg)
        #expect(doc.diagnostics.filter { $0.severity == .warning }.isEmpty, "\(doc.diagnostics)")
        let bitmap = try #require(PageRenderer().render(doc.page, width: 300))
        let result = try GoldenImage.check(bitmap, goldenPath: ResvgGoldenTests.dir.appendingPathComponent(name + ".png").path,
                                           name: "resvg-" + name, failures: GoldenImage.failuresFolder(testFile: #filePath),
                                           tolerance: .resvg, updatable: false)
        #expect(result.passed, "\(name): \(result)")
    }
}
