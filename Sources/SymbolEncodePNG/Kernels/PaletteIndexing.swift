import SymbolEncode

// Indexed APNG frames: straight RGBA pixels → palette indices through an open-addressing table
// (1024 slots for at most 256 colours, so probes stay short; an occupancy flag lets the
// transparent colour 0 be a key like any other). Runs of equal pixels, the common case in
// symbol frames, are looked up once.

/// Straight RGBA colour → palette index, for at most 256 colours.
package struct PaletteTable: Sendable {
    private var keys = [UInt32](repeating: 0, count: 1024)
    private var values = [UInt8](repeating: 0, count: 1024)
    private var used = [Bool](repeating: false, count: 1024)
    package private(set) var count = 0

    package init() {}

    @inline(__always) private static func slot(_ c: UInt32) -> Int { Int((c &* 0x9E37_79B1) >> 22) }

    package func index(of colour: UInt32) -> UInt8? {
        var s = PaletteTable.slot(colour)
        while used[s] {
            if keys[s] == colour { return values[s] }
            s = (s + 1) & 1023
        }
        return nil
    }

    /// Adds a colour with the next index; the caller keeps the count at 256 or below.
    package mutating func append(_ colour: UInt32) {
        var s = PaletteTable.slot(colour)
        while used[s] {
            if keys[s] == colour { return }
            s = (s + 1) & 1023
        }
        used[s] = true
        keys[s] = colour
        values[s] = UInt8(truncatingIfNeeded: count)
        count += 1
    }
}

/// Colours of `rect` missing from `table`, in order of first appearance; stops after `limit`.
package func missingColours(
    _ pixels: UnsafeBufferPointer<UInt32>, width: Int, rect: PixelRect, table: PaletteTable, limit: Int
) -> [UInt32] {
    var found: [UInt32] = []
    var seen = PaletteTable()
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
    table: PaletteTable, transparent: UInt8, into out: UnsafeMutableBufferPointer<UInt8>
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
