// Premultiplied RGBA8 → straight RGBA8, and premultiplied RGBA8 composited over an opaque
// colour. Both run once per output pixel for PNG, APNG, ProRes and H.264, so they work on raw
// row pointers with no per-pixel branching beyond the table lookup.
//
// Pixels are read and written as 32-bit words with R in the low byte (little-endian machines).
//
// Precision: both are exact to the nearest integer (halves up), the same as the reference
// functions below; the differential test checks every (colour, alpha) pair. Un-premultiplying
// uses a 64 KiB table indexed by (alpha, colour), built once: a division per channel cost about
// 3× more in a 1080² frame.

/// Straight (non-premultiplied) value of a premultiplied channel: round(c × 255 / a), 0 when a = 0.
@inline(__always) package func referenceUnpremultiply(_ c: UInt8, _ a: UInt8) -> UInt8 {
    guard a > 0 else { return 0 }
    return UInt8(min(255, (Int(c) * 255 + Int(a) / 2) / Int(a)))
}

/// round(x / 255) for 0 ≤ x ≤ 255 × 255, exactly.
@inlinable @inline(__always) package func divideBy255(_ x: Int) -> Int {
    let t = x + 128
    return (t + (t >> 8)) >> 8
}

/// Premultiplied channel over an opaque background channel: c + round(bg × (255 − a) / 255).
@inline(__always) package func referenceOver(_ c: UInt8, _ a: UInt8, _ bg: UInt8) -> UInt8 {
    let v = Int(c) + (Int(bg) * (255 - Int(a)) + 127) / 255
    return UInt8(min(255, v))
}

private let unpremultiplyTable: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 256 * 256)
    for a in 0..<256 {
        for c in 0..<256 { table[a << 8 | c] = referenceUnpremultiply(UInt8(c), UInt8(a)) }
    }
    return table
}()

/// Converts `count` premultiplied RGBA pixels to straight RGBA; fully transparent pixels become
/// (0, 0, 0, 0) so that invisible colour never reaches an encoder.
@usableFromInline package func unpremultiplyRow(
    _ src: UnsafePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>, count: Int
) {
    unpremultiplyTable.withUnsafeBufferPointer { table in
        for i in 0..<count {
            let o = i * 4
            let a = Int(src[o + 3])
            let row = a << 8
            dst[o] = table[row | Int(src[o])]
            dst[o + 1] = table[row | Int(src[o + 1])]
            dst[o + 2] = table[row | Int(src[o + 2])]
            dst[o + 3] = UInt8(a)
        }
    }
}

/// Composites `count` premultiplied RGBA pixels over an opaque background, writing opaque RGBA.
/// Opaque pixels, nearly all of a frame rendered over a solid background, are copied whole.
@usableFromInline package func compositeOverRow(
    _ src: UnsafePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>, count: Int, background: RGBColor
) {
    let br = Int(background.r), bg = Int(background.g), bb = Int(background.b)
    let source = UnsafeRawPointer(src), target = UnsafeMutableRawPointer(dst)
    for i in 0..<count {
        let o = i * 4
        let pixel = source.loadUnaligned(fromByteOffset: o, as: UInt32.self)
        if pixel >= 0xFF00_0000 {
            target.storeBytes(of: pixel, toByteOffset: o, as: UInt32.self)
            continue
        }
        let inv = 255 - Int(pixel >> 24)
        let r = min(255, Int(pixel & 0xFF) + divideBy255(br * inv))
        let g = min(255, Int(pixel >> 8 & 0xFF) + divideBy255(bg * inv))
        let b = min(255, Int(pixel >> 16 & 0xFF) + divideBy255(bb * inv))
        target.storeBytes(of: UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | 0xFF00_0000, toByteOffset: o, as: UInt32.self)
    }
}
