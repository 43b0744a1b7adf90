import CPNG
import Foundation
import SymbolRaster

/// Reads and writes 8-bit RGBA PNG files through libpng's simplified `png_image` API, which
/// reports errors as return values (libpng's setjmp error handling never crosses into Swift).
/// Pixels in `PNGFile.Image` are straight (non-premultiplied) RGBA, as PNG stores them.
package enum PNGFile {
    /// A decoded image: `width × height` pixels, 4 bytes each, straight alpha, rows packed.
    package struct Image: Equatable, Sendable {
        package var width: Int
        package var height: Int
        package var rgba: [UInt8]
        package init(width: Int, height: Int, rgba: [UInt8]) { self.width = width; self.height = height; self.rgba = rgba }
    }

    /// Why a PNG could not be read or written.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    static let formatRGBA: UInt32 = 3  // PNG_FORMAT_RGBA (a macro libpng defines by composition)

    /// Decodes PNG bytes into 8-bit RGBA (any PNG colour type is converted).
    package static func decode(_ data: [UInt8]) throws -> Image {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let ok = data.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard ok != 0 else { throw Failure(description: "PNG decode: \(message(&image))") }
        defer { png_image_free(&image) }
        image.format = formatRGBA
        let width = Int(image.width), height = Int(image.height)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let done = pixels.withUnsafeMutableBytes {
            png_image_finish_read(&image, nil, $0.baseAddress, Int32(width * 4), nil)
        }
        guard done != 0 else { throw Failure(description: "PNG decode: \(message(&image))") }
        return Image(width: width, height: height, rgba: pixels)
    }

    /// Encodes 8-bit RGBA as PNG bytes.
    package static func encode(_ img: Image) throws -> [UInt8] {
        guard img.width > 0, img.height > 0, img.rgba.count >= img.width * img.height * 4 else {
            throw Failure(description: "PNG encode: bad image size \(img.width)×\(img.height)")
        }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(img.width)
        image.height = UInt32(img.height)
        image.format = formatRGBA
        var size: Int = 0
        let sized = img.rgba.withUnsafeBytes {
            png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, Int32(img.width * 4), nil)
        }
        guard sized != 0, size > 0 else { throw Failure(description: "PNG encode: \(message(&image))") }
        var out = [UInt8](repeating: 0, count: size)
        let written = out.withUnsafeMutableBytes { dst in
            img.rgba.withUnsafeBytes {
                png_image_write_to_memory(&image, dst.baseAddress, &size, 0, $0.baseAddress, Int32(img.width * 4), nil)
            }
        }
        guard written != 0 else { throw Failure(description: "PNG encode: \(message(&image))") }
        return Array(out.prefix(size))
    }

    /// Reads a PNG file.
    package static func read(_ path: String) throws -> Image {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "cannot read \(path)")
        }
        do { return try decode([UInt8](data)) } catch let f as Failure {
            throw Failure(description: "\(path): \(f.description)")
        }
    }

    /// Writes a PNG file, creating its folder when needed.
    package static func write(_ image: Image, to path: String) throws {
        let bytes = try encode(image)
        let dir = (path as NSString).deletingLastPathComponent
        if !dir.isEmpty { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw Failure(description: "cannot write \(path)")
        }
    }

    /// A bitmap's pixels with alpha divided out (rounded), as PNG wants them.
    package static func image(from bitmap: Bitmap) -> Image {
        var out = [UInt8](repeating: 0, count: bitmap.width * bitmap.height * 4)
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let i = y * bitmap.bytesPerRow + x * 4, o = (y * bitmap.width + x) * 4
                let a = Int(bitmap.pixels[i + 3])
                out[o + 3] = UInt8(a)
                guard a > 0 else { continue }
                for c in 0..<3 { out[o + c] = UInt8(min(255, (Int(bitmap.pixels[i + c]) * 255 + a / 2) / a)) }
            }
        }
        return Image(width: bitmap.width, height: bitmap.height, rgba: out)
    }

    /// A premultiplied bitmap from straight RGBA, or nil for an invalid size.
    package static func bitmap(from image: Image) -> Bitmap? {
        var px = [UInt8](repeating: 0, count: image.width * image.height * 4)
        for p in 0..<(image.width * image.height) {
            let a = Int(image.rgba[p * 4 + 3])
            px[p * 4 + 3] = UInt8(a)
            for c in 0..<3 { px[p * 4 + c] = UInt8((Int(image.rgba[p * 4 + c]) * a + 127) / 255) }
        }
        return Bitmap(width: image.width, height: image.height, pixels: px)
    }

    private static func message(_ image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }
}
