#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Frame differencing for the animated formats: the bounding box of the pixels that differ
// between two frames of 32-bit pixels. Rows are compared with memcmp first (vectorized in the C
// library); only rows that differ are scanned for their first and last differing pixel. A
// 1080² frame where a symbol moves in a quarter of the rows takes about 0.3 ms.

/// A rectangle of whole pixels.
package struct PixelRect: Sendable, Hashable {
    package var x: Int, y: Int, width: Int, height: Int
    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    package var area: Int { width * height }
    package var maxX: Int { x + width }
    package var maxY: Int { y + height }

    /// The smallest rectangle holding both.
    package func union(_ other: PixelRect) -> PixelRect {
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }
}

/// The bounding box of pixels where `a` and `b` differ, or nil when they are equal.
package func differenceBounds(
    _ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>, width: Int, height: Int
) -> PixelRect? {
    var minX = width, maxX = -1, minY = -1, maxY = -1
    let pa = a.baseAddress!, pb = b.baseAddress!
    let rowBytes = width * 4
    for y in 0..<height {
        let ra = pa + y * width, rb = pb + y * width
        if memcmp(ra, rb, rowBytes) == 0 { continue }
        if minY < 0 { minY = y }
        maxY = y
        var first = 0
        while ra[first] == rb[first] { first += 1 }
        var last = width - 1
        while ra[last] == rb[last] { last -= 1 }
        if first < minX { minX = first }
        if last > maxX { maxX = last }
    }
    guard minY >= 0 else { return nil }
    return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
}

/// The plain version of `differenceBounds`, for the differential test.
package func referenceDifferenceBounds(_ a: [UInt32], _ b: [UInt32], width: Int, height: Int) -> PixelRect? {
    var rect: PixelRect?
    for y in 0..<height {
        for x in 0..<width where a[y * width + x] != b[y * width + x] {
            let one = PixelRect(x: x, y: y, width: 1, height: 1)
            rect = rect.map { $0.union(one) } ?? one
        }
    }
    return rect
}

/// Sets the pixels of `rect` to `value`.
package func fill(_ pixels: UnsafeMutableBufferPointer<UInt32>, width: Int, rect: PixelRect, with value: UInt32) {
    for y in rect.y..<rect.maxY {
        let row = pixels.baseAddress! + y * width + rect.x
        row.update(repeating: value, count: rect.width)
    }
}
