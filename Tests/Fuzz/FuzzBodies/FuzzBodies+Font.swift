import SymbolGeometry
import SymbolRaster
import SymbolText

// `FuzzFont`: any bytes as a font file. HarfBuzz reads it from memory (its sanitizer checks every
// table it uses); what loads is asked for its metrics, lays out a short string of Latin (kerning,
// ligatures), Arabic and Devanagari in two lines, and its glyph outlines are filled at 32 × 32.
// Characters the fuzzed font lacks go to fontconfig's fallbacks, which are real fonts: only the
// fuzzed font's glyphs are the input's.

extension FuzzBodies {
    /// Loads fontconfig's configuration and its fallback for Arabic and Devanagari (FuzzFont
    /// does so before its first input).
    public static func loadFontconfig() {
        if let font = try? Font.load(FontSpec()) { _ = try? TextLayout.make("مرحبا नमस्ते", style: TextStyle(font: font)) }
    }

    public static func font(_ bytes: [UInt8]) {
        for weight in [400, 700] {  // 700 sets a variable font's wght axis
            guard let font = try? Font.load(data: bytes, weight: weight) else { return }
            _ = font.metrics(size: 24)
            guard let layout = try? TextLayout.make("AVATAR office\nمرحبا नमस्ते", style: TextStyle(font: font, size: 24, width: 90)) else { continue }
            _ = layout.inkBounds
            guard var bitmap = Bitmap(width: 32, height: 32) else { return }
            let path = layout.path
            _ = path.flattened(tolerance: 0.25).segmentCount
            Painter().fill(path, transform: .scale(32 / max(layout.size.width, 1)), paint: .solid(PremultipliedColor(red: 0, green: 0, blue: 0)),
                           into: &bitmap)
        }
    }
}
