import CPNG
import CLibz
import SymbolEncode

/// PNG chunk framing: length, type, data, CRC-32. APNG's `acTL`, `fcTL` and `fdAT` chunks are
/// written here because the system libpng has no APNG support.
enum PNGChunk {
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// A whole chunk: big-endian length, the 4-letter type, the data and the CRC of type + data.
    static func make(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(data.count + 12)
        out.appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        out += typeBytes
        out += data
        out.appendBigEndian(CRC32.checksum(typeBytes + data))
        return out
    }

    /// `IHDR` for 8-bit samples of `colorType` (0 grey, 2 RGB, 3 palette, 6 RGBA), no interlace.
    static func header(width: Int, height: Int, colorType: UInt8 = 6) -> [UInt8] {
        var d: [UInt8] = []
        d.appendBigEndian(UInt32(width))
        d.appendBigEndian(UInt32(height))
        d += [8, colorType, 0, 0, 0]
        return make("IHDR", d)
    }

    /// The data of every `IDAT` chunk of a complete PNG, concatenated: the zlib stream.
    static func imageData(ofPNG png: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = signature.count
        while i + 12 <= png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            let isIDAT = png[i + 4] == 73 && png[i + 5] == 68 && png[i + 6] == 65 && png[i + 7] == 84
            if isIDAT { out += png[(i + 8)..<(i + 8 + length)] }
            i += length + 12
        }
        return out
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ v: UInt32) {
        append(UInt8(v >> 24)); append(UInt8(truncatingIfNeeded: v >> 16))
        append(UInt8(truncatingIfNeeded: v >> 8)); append(UInt8(truncatingIfNeeded: v))
    }

    mutating func appendBigEndian(_ v: UInt16) {
        append(UInt8(v >> 8)); append(UInt8(truncatingIfNeeded: v))
    }
}

/// CRC-32 (ISO 3309) as PNG requires: zlib's, which libpng already links.
enum CRC32 {
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        UInt32(bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
    }
}

/// libpng in memory: complete PNGs from rows, and rows back from a PNG.
enum PNGCompressor {
    /// How pixels are stored and compressed.
    struct Format: Sendable {
        /// PNG colour type: 0 (one byte a pixel: grey or palette indices), 2 (RGB), 6 (RGBA).
        var colorType: Int32
        var level: Int
        /// zlib strategy: 0 default, 3 run-length only.
        var strategy: Int32 = 0
        /// PNG_FILTER_* mask, 0 for libpng's adaptive default.
        var filters: Int32 = 0
        /// zlib window, 9…15 bits; 0 for libpng's choice (32 KiB, less for small images).
        var windowBits: Int32 = 0
        /// zlib memLevel, 1…9 (its hash table has 2^(memLevel + 7) heads); 0 for libpng's 8.
        var memLevel: Int32 = 0
        var srgb = false

        var bytesPerPixel: Int { colorType == 6 ? 4 : colorType == 2 ? 3 : 1 }
        static let filterNone: Int32 = 0x08
        static let runLength: Int32 = 3
    }

    /// A PNG of `height` rows of pixels `stride` bytes apart.
    static func encode(_ pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int, format: Format, path: String) throws
        -> [UInt8]
    {
        let box = ByteBox()
        var message = [CChar](repeating: 0, count: 200)
        let status = withExtendedLifetime(box) {
            symbolreel_png_encode(
                pixels.assumingMemoryBound(to: UInt8.self), UInt32(width), UInt32(height), stride, format.colorType,
                Int32(min(max(format.level, 0), 9)), format.strategy, format.filters, format.windowBits, format.memLevel, format.srgb ? 1 : 0,
                { context, bytes, count in
                    let box = Unmanaged<ByteBox>.fromOpaque(context!).takeUnretainedValue()
                    box.bytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
                    return 0
                }, Unmanaged.passUnretained(box).toOpaque(), &message, message.count)
        }
        guard status == 0 else { throw EncodeError.codecFailure(path: path, reason: "libpng: " + text(message)) }
        return box.bytes
    }

    /// The rows of a PNG held in memory (one or four bytes a pixel, as stored).
    static func decode(_ png: [UInt8], width: Int, height: Int, bytesPerPixel: Int, path: String) throws -> [UInt8] {
        var rows = [UInt8](repeating: 0, count: width * height * bytesPerPixel)
        var message = [CChar](repeating: 0, count: 200)
        let status = rows.withUnsafeMutableBufferPointer { out in
            symbolreel_png_decode(
                png, png.count, out.baseAddress, width * bytesPerPixel, UInt32(width), UInt32(height), &message,
                message.count)
        }
        guard status == 0 else { throw EncodeError.codecFailure(path: path, reason: "libpng: " + text(message)) }
        return rows
    }

    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private final class ByteBox { var bytes: [UInt8] = [] }
}
