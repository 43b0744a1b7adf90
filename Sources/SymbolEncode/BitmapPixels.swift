import SymbolRaster

/// Whole-bitmap conversions built on the row kernels. Pixels are 32-bit values whose bytes in
/// memory are R, G, B, A, so the arrays can be handed to C libraries as RGBA rows.
extension Bitmap {
    /// Straight RGBA with invisible pixels as 0, into `pixels` (resized to width × height).
    @usableFromInline package func straightPixels(into pixels: inout [UInt32]) {
        if pixels.count != width * height { pixels = [UInt32](repeating: 0, count: width * height) }
        self.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBytes { dst in
                let out = dst.baseAddress!.assumingMemoryBound(to: UInt8.self)
                for y in 0..<height {
                    unpremultiplyRow(src.baseAddress! + y * bytesPerRow, out + y * width * 4, count: width)
                }
            }
        }
    }

    /// Opaque RGBA composited over `background`, into `pixels` (resized to width × height).
    @usableFromInline package func opaquePixels(over background: RGBColor, into pixels: inout [UInt32]) {
        if pixels.count != width * height { pixels = [UInt32](repeating: 0, count: width * height) }
        self.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBytes { dst in
                let out = dst.baseAddress!.assumingMemoryBound(to: UInt8.self)
                for y in 0..<height {
                    compositeOverRow(
                        src.baseAddress! + y * bytesPerRow, out + y * width * 4, count: width, background: background)
                }
            }
        }
    }
}

/// The 32-bit pixel value of straight RGBA bytes (R in the lowest byte, as laid out in memory
/// on little-endian machines).
@inlinable @inline(__always) package func packRGBA(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt32 {
    UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
}
