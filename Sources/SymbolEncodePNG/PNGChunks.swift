import CPNG
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

    /// `IHDR` for 8-bit RGBA, no interlace.
    static func header(width: Int, height: Int) -> [UInt8] {
        var d: [UInt8] = []
        d.appendBigEndian(UInt32(width))
        d.appendBigEndian(UInt32(height))
        d += [8, 6, 0, 0, 0]
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

/// CRC-32 (ISO 3309, polynomial 0xEDB88320) as PNG requires.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        table.withUnsafeBufferPointer { t in
            var c: UInt32 = 0xFFFF_FFFF
            for b in bytes { c = t[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
            return c ^ 0xFFFF_FFFF
        }
    }
}

/// Compresses RGBA rows into a complete PNG in memory through libpng.
enum PNGCompressor {
    /// A PNG of `height` rows of RGBA pixels, `stride` bytes apart.
    static func encode(
        _ pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int, level: Int, srgb: Bool, path: String
    ) throws -> [UInt8] {
        let box = ByteBox()
        var message = [CChar](repeating: 0, count: 200)
        let status = withExtendedLifetime(box) {
            symbolreel_png_encode(
                pixels.assumingMemoryBound(to: UInt8.self), UInt32(width), UInt32(height), stride, 4,
                Int32(level), 0, srgb ? 1 : 0,
                { context, bytes, count in
                    let box = Unmanaged<ByteBox>.fromOpaque(context!).takeUnretainedValue()
                    box.bytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
                    return 0
                }, Unmanaged.passUnretained(box).toOpaque(), &message, message.count)
        }
        guard status == 0 else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw EncodeError.codecFailure(path: path, reason: "libpng: \(text)")
        }
        return box.bytes
    }

    private final class ByteBox { var bytes: [UInt8] = [] }
}
