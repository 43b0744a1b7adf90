/// An 8-bit coverage mask (A8) the size of a target: 0 hides, 255 shows. Drawing with a mask
/// multiplies every pixel's coverage by the mask value (used for Draw clips). Sizes follow
/// `Bitmap`'s rules.
///
/// Like a bitmap, a mask remembers which rows may be non-zero, so `clear()` zeroes only what
/// `Painter.fillMask` drew, and `levels` maps values as they are read instead of rewriting every
/// one: a Draw track made every value at least its floor, a pass over the whole canvas per shape
/// per frame.
package struct CoverageMask: Sendable, Equatable {
    package let width: Int
    package let height: Int
    /// One byte a pixel, rows top to bottom, `width` bytes a row. (Writing through it marks
    /// every row as possibly non-zero.)
    package var values: [UInt8] {
        get { storage }
        set { storage = newValue; drawnRows = 0..<height }
        _modify { drawnRows = 0..<height; yield &storage }
    }
    var storage: [UInt8]
    /// Rows outside this range are all zero.
    var drawnRows = 0..<0
    /// When set (256 entries), drawing reads a stored value v as `levels[v]`.
    package var levels: [UInt8]?

    /// An empty (all-hiding) mask, or nil for an invalid size.
    package init?(width: Int, height: Int) {
        guard Bitmap.isValidSize(width: width, height: height) else { return nil }
        self.width = width
        self.height = height
        storage = [UInt8](repeating: 0, count: width * height)
    }

    package static func == (a: CoverageMask, b: CoverageMask) -> Bool {
        a.width == b.width && a.height == b.height && a.storage == b.storage && a.levels == b.levels
    }

    /// The value at (x, y), as drawing reads it.
    package func value(x: Int, y: Int) -> UInt8 {
        let v = storage[y * width + x]
        return levels.map { $0[Int(v)] } ?? v
    }

    /// Sets every value to 0 (and forgets `levels`).
    package mutating func clear() {
        levels = nil
        let (rows, width) = (drawnRows, width)
        if rows.isEmpty { return }
        storage.withUnsafeMutableBufferPointer {
            ($0.baseAddress! + rows.lowerBound * width).update(repeating: 0, count: rows.count * width)
        }
        drawnRows = 0..<0
    }
}
