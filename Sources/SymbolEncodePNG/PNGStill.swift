import SymbolEncode
import SymbolRaster

/// PNG stills: one premultiplied bitmap written as a straight-alpha 8-bit RGBA PNG tagged sRGB.
package enum PNGStill {
    /// The PNG file's bytes. `compressionLevel` is zlib's 0…9. `unfiltered` skips libpng's
    /// adaptive filtering (it tries five filters on every row): with level 1, as fast as libpng
    /// makes a PNG, for frames sent once over a loopback (the live preview's loop), not for
    /// files: they come out larger.
    package static func encode(_ bitmap: Bitmap, compressionLevel: Int = 6, unfiltered: Bool = false) throws -> [UInt8] {
        try encode(bitmap, compressionLevel: compressionLevel, filters: unfiltered ? PNGCompressor.Format.filterNone : 0, path: "PNG image")
    }

    /// Writes the PNG to `path` (through a temporary file renamed into place) and returns the
    /// number of bytes written.
    @discardableResult
    package static func write(_ bitmap: Bitmap, to path: String, compressionLevel: Int = 6) throws -> Int {
        let file = try OutputFile(path: path)
        do {
            let bytes = try encode(bitmap, compressionLevel: compressionLevel, path: path)
            try file.write(bytes)
            try file.commit()
            return bytes.count
        } catch {
            file.discard()
            throw error
        }
    }

    static func encode(_ bitmap: Bitmap, compressionLevel: Int, filters: Int32 = 0, path: String) throws -> [UInt8] {
        var straight: [UInt32] = []
        bitmap.straightPixels(into: &straight)
        return try straight.withUnsafeBytes { raw in
            try PNGCompressor.encode(
                raw.baseAddress!, width: bitmap.width, height: bitmap.height, stride: bitmap.width * 4,
                format: .init(colorType: 6, level: compressionLevel, filters: filters, srgb: true), path: path)
        }
    }
}
