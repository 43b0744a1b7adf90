import Foundation
import SymbolGeometry
import SymbolRaster
import SymbolTestSupport
import SymbolText
import Testing

/// The fonts the text tests use: Debian's fonts-inter (SymbolText's default), fonts-dejavu-core
/// (ligatures, Arabic, Hebrew) and fonts-lohit-deva (Devanagari); `.ci/setup.sh` installs them.
enum Fonts {
    static let inter = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
    static let interBold = "/usr/share/fonts/opentype/inter/Inter-Bold.otf"
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let lohit = "/usr/share/fonts/truetype/lohit-devanagari/Lohit-Devanagari.ttf"

    static func load(_ file: String, weight: Int = 400) throws -> Font { try Font.load(FontSpec(file: file, weight: weight)) }
}

/// Drawing a layout with our painter, and comparing ink masks.
enum Ink {
    static let black = RasterPaint.solid(PremultipliedColor(red: 0, green: 0, blue: 0))

    /// `layout` filled black on a transparent bitmap its size plus `margin` on each side.
    static func render(_ layout: TextLayout, margin: Int = 8) throws -> Bitmap {
        let width = Int(layout.size.width.rounded(.up)) + 2 * margin
        let height = Int(layout.size.height.rounded(.up)) + 2 * margin
        var bitmap = try #require(Bitmap(width: max(width, 1), height: max(height, 1)))
        Painter().fill(layout.path, transform: .translation(Double(margin), Double(margin)), paint: black, into: &bitmap)
        return bitmap
    }

    /// A coverage mask (0 none … 255 full) of width × height.
    struct Mask: Equatable {
        var width: Int
        var height: Int
        var values: [UInt8]

        /// The smallest box of values at or over `threshold`, as (minX, minY, maxX, maxY) exclusive; nil when none.
        func box(threshold: UInt8 = 128) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
            var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
            for y in 0..<height {
                for x in 0..<width where values[y * width + x] >= threshold {
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                }
            }
            return maxX < 0 ? nil : (minX, minY, maxX + 1, maxY + 1)
        }

        func inked(_ x: Int, _ y: Int, threshold: UInt8) -> Bool {
            x >= 0 && y >= 0 && x < width && y < height && values[y * width + x] >= threshold
        }
    }

    /// Our bitmap's alpha.
    static func mask(_ bitmap: Bitmap) -> Mask {
        let image = PNGFile.image(from: bitmap)
        return Mask(width: image.width, height: image.height, values: stride(from: 3, to: image.rgba.count, by: 4).map { image.rgba[$0] })
    }

    /// Ink of a black-on-white image: 255 minus its luminance.
    static func mask(blackOnWhite image: PNGFile.Image) -> Mask {
        var values = [UInt8](repeating: 0, count: image.width * image.height)
        for i in values.indices {
            let r = Int(image.rgba[4 * i]), g = Int(image.rgba[4 * i + 1]), b = Int(image.rgba[4 * i + 2])
            let a = Int(image.rgba[4 * i + 3])
            // Composite over white first, in case the PNG has alpha.
            let lum = (r * 299 + g * 587 + b * 114) / 1000
            values[i] = UInt8(255 - (lum * a + 255 * (255 - a)) / 255)
        }
        return Mask(width: image.width, height: image.height, values: values)
    }

    /// Intersection over union of the two masks' ink (at `threshold`), after moving `b` so the
    /// top-left corners of their ink boxes meet, then by the best shift within ±1 px (the two
    /// renderers may round the corner to different pixels).
    static func iou(_ a: Mask, _ b: Mask, threshold: UInt8 = 128) -> Double {
        guard let boxA = a.box(threshold: threshold), let boxB = b.box(threshold: threshold) else { return 0 }
        var best = 0.0
        for sy in -1...1 {
            for sx in -1...1 {
                let dx = boxB.minX - boxA.minX + sx, dy = boxB.minY - boxA.minY + sy
                var both = 0, either = 0
                for y in min(boxA.minY, boxB.minY - dy)..<max(boxA.maxY, boxB.maxY - dy) {
                    for x in min(boxA.minX, boxB.minX - dx)..<max(boxA.maxX, boxB.maxX - dx) {
                        let inA = a.inked(x, y, threshold: threshold), inB = b.inked(x + dx, y + dy, threshold: threshold)
                        if inA && inB { both += 1 }
                        if inA || inB { either += 1 }
                    }
                }
                if either > 0 { best = max(best, Double(both) / Double(either)) }
            }
        }
        return best
    }
}
