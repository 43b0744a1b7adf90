import Foundation
import Testing
import SymbolScene
import SymbolRaster
import SymbolSVG
import SymbolTestSupport
@testable import SymbolRender

/// Every sample in every rendering mode (and every icon in monochrome) against goldens of our
/// own in Goldens/symbols, reviewed by eye when made. Regenerate with
/// SYMBOLREEL_UPDATE_GOLDENS=1 after a deliberate change, and look at them before committing.
@Suite struct SymbolGoldenTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let samples = packageRoot.appendingPathComponent("Samples")
    static let goldens = root.appendingPathComponent("Goldens/symbols")

    static let cases: [String] = {
        let fm = FileManager.default
        let symbols = ((try? fm.contentsOfDirectory(atPath: samples.path)) ?? []).filter { $0.hasSuffix(".svg") }.sorted()
        let icons = ((try? fm.contentsOfDirectory(atPath: samples.appendingPathComponent("icons").path)) ?? [])
            .filter { $0.hasSuffix(".svg") }.sorted()
        return symbols.flatMap { s in RenderingMode.allCases.map { "\(s)|\($0.rawValue)" } } + icons.map { "icons/\($0)|monochrome" }
    }()

    @Test func everySampleAndModeIsCovered() { #expect(SymbolGoldenTests.cases.count >= 12 * 4 + 4) }

    @Test(arguments: cases)
    func matchesGolden(_ c: String) throws {
        let parts = c.split(separator: "|").map(String.init)
        let (file, mode) = (parts[0], RenderingMode(rawValue: parts[1])!)
        let doc = try SymbolReader.read(contentsOf: SymbolGoldenTests.samples.appendingPathComponent(file).path)
        let settings = RenderSettings(width: 96, height: 96, background: .transparent, size: .fraction(0.6), mode: mode,
                                      colors: [Color(hex: "#0A84FF")!, Color(hex: "#34C759")!, Color(hex: "#FF9500")!])
        let bitmap = try #require(FrameRenderer().render(doc, settings: settings))
        let name = file.replacingOccurrences(of: "/", with: "-").replacingOccurrences(of: ".svg", with: "") + "-" + mode.rawValue
        let result = try GoldenImage.check(bitmap, goldenPath: SymbolGoldenTests.goldens.appendingPathComponent(name + ".png").path,
                                           name: name, failures: GoldenImage.failuresFolder(testFile: #filePath),
                                           tolerance: GoldenTolerance(meanPerChannel: 0.5, offLevels: 2, offFraction: 0.002))
        #expect(result.passed, "\(name): \(result)")
    }
}
