// Release-build timing of SymbolText (a figure for reports, not a test): a 40-word paragraph in
// Inter at 32 px wrapped at 600 px. Prints the first font load (fontconfig and the file), the
// first layout, the first extraction of its glyph paths (outlines read from the font) and the
// cached ones (best of 50), and a fill of the paragraph at 640 × 400 with our painter.
import Foundation
import SymbolGeometry
import SymbolRaster
import SymbolText

let paragraph = """
    SymbolReel turns symbols into short clips for onboarding screens and release notes. Each word here \
    is shaped by HarfBuzz, broken into lines at the given width, aligned, and drawn by our own rasterizer \
    from the outlines read once per glyph.
    """

func milliseconds(_ d: Duration) -> String {
    String(format: "%.3f ms", Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15)
}

func best(_ runs: Int, _ body: () throws -> Void) rethrows -> Duration {
    var fastest = Duration.seconds(1000)
    for _ in 0..<runs {
        let start = ContinuousClock.now
        try body()
        fastest = min(fastest, ContinuousClock.now - start)
    }
    return fastest
}

let clock = ContinuousClock()
var font: Font?
let load = try clock.measure { font = try Font.load(FontSpec()) }
guard let font else { exit(1) }
let style = TextStyle(font: font, size: 32, width: 600)
var layout: TextLayout?
let firstLayout = try clock.measure { layout = try TextLayout.make(paragraph, style: style) }
guard let layout else { exit(1) }
var path = Path()
let firstPaths = clock.measure { path = layout.path }
let cachedPaths = best(50) { path = layout.path }
let layouts = try best(50) { _ = try TextLayout.make(paragraph, style: style) }
guard var bitmap = Bitmap(width: 640, height: 400) else { exit(1) }
let painter = Painter()
let black = RasterPaint.solid(PremultipliedColor(red: 0, green: 0, blue: 0))
let fill = best(50) {
    bitmap.clear()
    painter.fill(path, transform: .translation(20, 20), paint: black, into: &bitmap)
}
print("text: \(layout.wordCount) words, \(layout.glyphs.count) glyphs, \(layout.lines.count) lines, \(path.segmentCount) segments")
print("font load (fontconfig + file), first:  \(milliseconds(load))")
print("layout, first:                          \(milliseconds(firstLayout))")
print("layout, again (best of 50):             \(milliseconds(layouts))")
print("glyph paths, first (outlines read):     \(milliseconds(firstPaths))")
print("glyph paths, cached (best of 50):       \(milliseconds(cachedPaths))")
print("fill 640x400 with Painter (best of 50): \(milliseconds(fill))")
