import SymbolEncode

// Indexed APNG frames: straight RGBA pixels → palette indices through a `ColorIndexTable`.
// Runs of equal pixels, the common case in symbol frames, are looked up once.

/// Colours of `rect` missing from `table`, in order of first appearance; stops after `limit`.
package func missingColours(
    _ pixels: UnsafeBufferPointer<UInt32>, width: Int, rect: PixelRect, table: ColorIndexTable, limit: Int
) -> [UInt32] {
    var found: [UInt32] = []
    var seen = ColorIndexTable()
    var last: UInt32? = nil
    for y in rect.y..<rect.maxY {
        let row = pixels.baseAddress! + y * width
        for x in rect.x..<rect.maxX {
            let c = row[x]
            if c == last { continue }
            last = c
            if table.index(of: c) == nil && seen.index(of: c) == nil {
                if found.count == limit { return found + [c] }
                seen.append(c)
                found.append(c)
            }
        }
    }
    return found
}

/// The palette indices of `rect` (every colour must be in `table`); with `canvas`, pixels
/// equal to the canvas take `transparent` instead (for OVER).
package func indexRect(
    _ pixels: UnsafeBufferPointer<UInt32>, canvas: UnsafeBufferPointer<UInt32>?, width: Int, rect: PixelRect,
    table: ColorIndexTable, transparent: UInt8, into out: UnsafeMutableBufferPointer<UInt8>
) {
    var last: UInt32 = pixels[rect.y * width + rect.x]
    var lastIndex = table.index(of: last) ?? 0
    for y in 0..<rect.height {
        let row = (rect.y + y) * width + rect.x
        let o = y * rect.width
        for x in 0..<rect.width {
            let c = pixels[row + x]
            if let canvas, canvas[row + x] == c {
                out[o + x] = transparent
                continue
            }
            if c != last {
                last = c
                lastIndex = table.index(of: c) ?? 0
            }
            out[o + x] = lastIndex
        }
    }
}

/// The plain version of `indexRect`, for the differential test.
package func referenceIndexRect(
    _ pixels: [UInt32], canvas: [UInt32]?, width: Int, rect: PixelRect, palette: [UInt32], transparent: UInt8
) -> [UInt8] {
    var out: [UInt8] = []
    for y in rect.y..<rect.maxY {
        for x in rect.x..<rect.maxX {
            let c = pixels[y * width + x]
            if let canvas, canvas[y * width + x] == c { out.append(transparent) } else { out.append(UInt8(palette.firstIndex(of: c)!)) }
        }
    }
    return out
}
