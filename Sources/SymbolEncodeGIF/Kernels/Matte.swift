import SymbolEncode

// Premultiplied RGBA → GIF display pixels, once per pixel per frame. A display pixel is a
// 32-bit RGBA value (R in the low byte) that is either opaque (A = 255) or 0, the one
// transparent value: GIF transparency is all or nothing. Partly transparent edge pixels are
// blended onto the matte, exactly like `referenceOver`, so edges do not fringe on a page of
// that colour. Integer-only with the exact divide-by-255.

/// Converts `count` premultiplied pixels. With `keepTransparent`, alpha 0 becomes the transparent
/// value 0; everything else is blended onto `matte` and made opaque.
package func matteRow(
    _ src: UnsafePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt32>, count: Int, matte: RGBColor, keepTransparent: Bool
) {
    let mr = Int(matte.r), mg = Int(matte.g), mb = Int(matte.b)
    let raw = UnsafeRawPointer(src)
    for i in 0..<count {
        let o = i * 4
        // Opaque (most pixels): premultiplied is straight, and R is the low byte of both.
        let pixel = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: o, as: UInt32.self))
        if pixel >= 0xFF00_0000 {
            dst[i] = pixel
            continue
        }
        let a = Int(src[o + 3])
        if a == 0 && keepTransparent {
            dst[i] = 0
            continue
        }
        let inv = 255 - a
        let r = UInt32(min(255, Int(src[o]) + divideBy255(mr * inv)))
        let g = UInt32(min(255, Int(src[o + 1]) + divideBy255(mg * inv)))
        let b = UInt32(min(255, Int(src[o + 2]) + divideBy255(mb * inv)))
        dst[i] = r | g << 8 | b << 16 | 0xFF00_0000
    }
}

/// The plain version of `matteRow` for one pixel, for the differential test.
package func referenceMatte(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8, matte: RGBColor, keepTransparent: Bool) -> UInt32 {
    if a == 0 && keepTransparent { return 0 }
    return packRGBA(referenceOver(r, a, matte.r), referenceOver(g, a, matte.g), referenceOver(b, a, matte.b), 255)
}
