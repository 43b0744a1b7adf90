/// A premultiplied RGBA8 image: rows top to bottom, 4 bytes a pixel (R, G, B, A), each colour
/// channel already multiplied by alpha. Sizes are checked where a bitmap is made: zero, over
/// 8192 on a side, or over 64 megapixels fails.
public struct Bitmap: Sendable, Equatable {
    public static let maxSide = 8192
    public static let maxPixels = 64 * 1024 * 1024

    public let width: Int
    public let height: Int
    /// Bytes from one row to the next (at least `width * 4`).
    public let bytesPerRow: Int
    /// Pixel data, `bytesPerRow * height` bytes.
    public var pixels: [UInt8]

    /// A transparent bitmap, or nil for an invalid size.
    public init?(width: Int, height: Int) {
        guard Bitmap.isValidSize(width: width, height: height) else { return nil }
        self.width = width
        self.height = height
        self.bytesPerRow = width * 4
        self.pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Wraps existing premultiplied RGBA data; nil when the size is invalid or the data short.
    public init?(width: Int, height: Int, bytesPerRow: Int? = nil, pixels: [UInt8]) {
        guard Bitmap.isValidSize(width: width, height: height) else { return nil }
        let stride = bytesPerRow ?? width * 4
        guard stride >= width * 4, pixels.count >= stride * height else { return nil }
        self.width = width
        self.height = height
        self.bytesPerRow = stride
        self.pixels = pixels
    }

    public static func isValidSize(width: Int, height: Int) -> Bool {
        width > 0 && height > 0 && width <= maxSide && height <= maxSide && width * height <= maxPixels
    }

    /// The premultiplied pixel at (x, y).
    @inlinable public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = y * bytesPerRow + x * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Sets every pixel to one premultiplied colour.
    public mutating func fill(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        pixels.withUnsafeMutableBufferPointer { buf in
            for y in 0..<height {
                var i = y * bytesPerRow
                for _ in 0..<width {
                    buf[i] = r; buf[i + 1] = g; buf[i + 2] = b; buf[i + 3] = a
                    i += 4
                }
            }
        }
    }

    /// Sets every pixel to transparent black.
    public mutating func clear() {
        pixels.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }
}
