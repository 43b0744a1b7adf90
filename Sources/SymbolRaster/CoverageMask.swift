/// An 8-bit coverage mask (A8) the size of a target: 0 hides, 255 shows. Drawing with a mask
/// multiplies every pixel's coverage by the mask value (used for Draw clips). Sizes follow
/// `Bitmap`'s rules.
package struct CoverageMask: Sendable, Equatable {
    package let width: Int
    package let height: Int
    /// One byte a pixel, rows top to bottom, `width` bytes a row.
    package var values: [UInt8]

    /// An empty (all-hiding) mask, or nil for an invalid size.
    package init?(width: Int, height: Int) {
        guard Bitmap.isValidSize(width: width, height: height) else { return nil }
        self.width = width
        self.height = height
        values = [UInt8](repeating: 0, count: width * height)
    }

    /// The value at (x, y).
    package func value(x: Int, y: Int) -> UInt8 { values[y * width + x] }

    /// Sets every value to 0.
    package mutating func clear() { values.withUnsafeMutableBufferPointer { $0.update(repeating: 0) } }
}
