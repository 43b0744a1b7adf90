import Foundation
import SymbolGeometry
import SymbolRaster
import SymbolTestSupport
import SymbolText
import Testing

/// Tesseract (an OCR engine we did not write) reads back the words of lines we shaped and drew:
/// a check that the glyphs are the right ones, in the right order, right side up and spaced as
/// words. Exact words: at 48 px, black on white, Inter is read without error.
@Suite struct TesseractTests {
    @Test(.requires(.tesseract), arguments: [
        ("What's New\nWireless sync\nDone in a tap", 400), ("The quick brown fox jumps over the lazy dog", 520),
    ])
    func tesseractReadsOurWords(_ text: String, _ width: Int) throws {
        let layout = try TextLayout.make(text, style: TextStyle(font: Font.load(FontSpec(weight: 500)), size: 48, width: Double(width)))
        var bitmap = try #require(Bitmap(width: width + 64, height: Int(layout.size.height) + 64))
        bitmap.fill(r: 255, g: 255, b: 255, a: 255)
        Painter().fill(layout.path, transform: .translation(32, 32), paint: Ink.black, into: &bitmap)
        let dir = try makeTemporaryDirectory("text-tesseract")
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("text.png").path
        try PNGFile.write(PNGFile.image(from: bitmap), to: png)
        let result = try Requirement.tesseract.run([png, "stdout", "--psm", "6", "-l", "eng"])
        try #require(result.status == 0, "\(result.output)")
        func words(_ s: String) -> [String] {
            s.replacingOccurrences(of: "’", with: "'").split(whereSeparator: \.isWhitespace).map(String.init)
        }
        #expect(words(result.stdout) == words(text), "tesseract read: \(result.stdout)")
    }
}
