/// A premultiplied RGBA8 image: rows top to bottom, 4 bytes a pixel (R, G, B, A), each colour
/// channel already multiplied by alpha. Sizes are checked where a bitmap is made: zero, over
/// 8192 on a side, or over 64 megapixels fails.
///
/// A bitmap remembers a rectangle outside which every pixel is known to be zero (`dirty`), so
/// `clear()` zeroes only what was drawn since the last clear: at 1080² the full clear is a
/// 4.7 MB memset, about half of a simple symbol's frame. Any mutation through `pixels` marks
/// the whole bitmap; the painter marks only the rows and columns it drew.
public struct Bitmap: Sendable, Equatable {
    public static let maxSide = 8192
    public static let maxPixels = 64 * 1024 * 1024

    public let width: Int
    public let height: Int
    /// Bytes from one row to the next (at least `width * 4`).
    public let bytesPerRow: Int
    /// Pixel data, `bytesPerRow * height` bytes.
    public var pixels: [UInt8] {
        get { storage }
        set { storage = newValue; markAll() }
        _modify { markAll(); yield &storage }
    }

    @usableFromInline var storage: [UInt8]
    /// Pixels outside `dirtyX × dirtyY` are zero (empty ranges: all zero).
    private(set) var dirtyX = 0..<0, dirtyY = 0..<0

    public static func == (a: Bitmap, b: Bitmap) -> Bool {
        a.width == b.width && a.height == b.height && a.bytesPerRow == b.bytesPerRow && a.storage == b.storage
    }

    private mutating func markAll() { dirtyX = 0..<width; dirtyY = 0..<height }

    /// Runs `body` on the pixels as 32-bit words, after growing the dirty rectangle by the
    /// columns `x` and rows `y` that `body` may change (the painter's bounds of one draw).
    package mutating func withUnsafeMutableWords<R>(dirtying x: Range<Int>, _ y: Range<Int>,
                                                    _ body: (UnsafeMutablePointer<UInt32>) -> R) -> R {
        let x = x.clamped(to: 0..<width), y = y.clamped(to: 0..<height)
        if !x.isEmpty && !y.isEmpty {
            dirtyX = dirtyX.isEmpty ? x : min(dirtyX.lowerBound, x.lowerBound)..<max(dirtyX.upperBound, x.upperBound)
            dirtyY = dirtyY.isEmpty ? y : min(dirtyY.lowerBound, y.lowerBound)..<max(dirtyY.upperBound, y.upperBound)
        }
        return storage.withUnsafeMutableBytes { body($0.baseAddress!.assumingMemoryBound(to: UInt32.self)) }
    }

    /// A transparent bitmap, or nil for an invalid size.
    public init?(width: Int, height: Int) {
        guard Bitmap.isValidSize(width: width, height: height) else { return nil }
        self.width = width
        self.height = height
        self.bytesPerRow = width * 4
        self.storage = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Wraps existing premultiplied RGBA data; nil when the size is invalid or the data short.
    public init?(width: Int, height: Int, bytesPerRow: Int? = nil, pixels: [UInt8]) {
        guard Bitmap.isValidSize(width: width, height: height) else { return nil }
        let stride = bytesPerRow ?? width * 4
        guard stride >= width * 4, pixels.count >= stride * height else { return nil }
        self.width = width
        self.height = height
        self.bytesPerRow = stride
        self.storage = pixels
        markAll()
    }

    public static func isValidSize(width: Int, height: Int) -> Bool {
        width > 0 && height > 0 && width <= maxSide && height <= maxSide && width * height <= maxPixels
    }

    /// The premultiplied pixel at (x, y).
    @inlinable public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = y * bytesPerRow + x * 4
        return (storage[i], storage[i + 1], storage[i + 2], storage[i + 3])
    }

    /// Sets every pixel to one premultiplied colour.
    public mutating func fill(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        markAll()
        let (width, height, bytesPerRow) = (width, height, bytesPerRow)
        storage.withUnsafeMutableBufferPointer { buf in
            // One row pixel by pixel, then copied: a background fill was half of a simple
            // frame's render time at 1080² when every pixel was stored byte by byte.
            let base = buf.baseAddress!
            var i = 0
            for _ in 0..<width {
                base[i] = r; base[i + 1] = g; base[i + 2] = b; base[i + 3] = a
                i += 4
            }
            for y in 1..<max(1, height) { (base + y * bytesPerRow).update(from: base, count: width * 4) }
        }
    }

    /// Sets every pixel to transparent black (only the dirty rectangle is written).
    public mutating func clear() {
        if dirtyX.isEmpty || dirtyY.isEmpty { return }
        let (x, y, stride) = (dirtyX, dirtyY, bytesPerRow)
        dirtyX = 0..<0; dirtyY = 0..<0
        let width = width
        storage.withUnsafeMutableBufferPointer { buf in
            if x.count == width {
                UnsafeMutableRawPointer(buf.baseAddress! + y.lowerBound * stride).initializeMemory(
                    as: UInt8.self, repeating: 0, count: y.count * stride)
                return
            }
            for row in y {
                (buf.baseAddress! + row * stride + x.lowerBound * 4).update(repeating: 0, count: x.count * 4)
            }
        }
    }
}
