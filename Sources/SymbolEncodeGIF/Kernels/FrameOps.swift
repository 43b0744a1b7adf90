import SymbolEncode

// Per-frame pixel passes of GIF differencing, on raw pointers: where the next frame needs
// pixels cleared (GIF can only clear by disposing a rectangle to transparent), which pixels
// kept their source colour (so they may keep their palette index), and copying a rectangle of
// indices with unchanged pixels optionally made transparent.

/// The bounding box of pixels transparent in `next` but not in `current`.
package func clearBounds(next: UnsafeBufferPointer<UInt32>, current: UnsafeBufferPointer<UInt32>, width: Int, height: Int) -> PixelRect? {
    var minX = width, maxX = -1, minY = -1, maxY = -1
    for y in 0..<height {
        let n = next.baseAddress! + y * width, c = current.baseAddress! + y * width
        for x in 0..<width where n[x] == 0 && c[x] != 0 {
            if minY < 0 { minY = y }
            maxY = y
            minX = min(minX, x)
            maxX = max(maxX, x)
        }
    }
    guard minY >= 0 else { return nil }
    return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
}

/// `keep[i]` = 1 where the source pixel is unchanged, else 0; returns how many are kept.
package func unchangedMask(
    _ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>, into keep: UnsafeMutableBufferPointer<UInt8>
) -> Int {
    var kept = 0
    for i in 0..<a.count {
        let same: UInt8 = a[i] == b[i] ? 1 : 0
        keep[i] = same
        kept += Int(same)
    }
    return kept
}

/// What an unchanged pixel (one whose colour is already on the canvas) is written as.
package enum UnchangedPixels: Sendable, CaseIterable {
    /// Its own index, like any other pixel.
    case drawn
    /// The transparent index.
    case transparent
    /// Its own index when that continues the run of the pixel written before it, else the
    /// transparent index: runs of either kind get longer, which LZW rewards.
    case extendRuns
}

/// Copies the indices of `rect` into `out`, writing unchanged pixels as `unchanged` says
/// (`transparent` is the transparent index; ignored for `.drawn`).
package func extractIndices(
    indices: UnsafeBufferPointer<UInt8>, display: UnsafeBufferPointer<UInt32>, canvas: UnsafeBufferPointer<UInt32>,
    width: Int, rect: PixelRect, unchanged: UnchangedPixels, transparent t: UInt8, into out: UnsafeMutableBufferPointer<UInt8>
) {
    var previous: UInt8 = t
    for y in 0..<rect.height {
        let row = (rect.y + y) * width + rect.x
        let o = out.baseAddress! + y * rect.width
        switch unchanged {
        case .drawn:
            UnsafeMutablePointer(mutating: o).update(from: indices.baseAddress! + row, count: rect.width)
        case .transparent:
            for x in 0..<rect.width {
                o[x] = display[row + x] == canvas[row + x] ? t : indices[row + x]
            }
        case .extendRuns:
            for x in 0..<rect.width {
                let own = indices[row + x]
                let value = display[row + x] == canvas[row + x] && own != previous ? t : own
                o[x] = value
                previous = value
            }
        }
    }
}

/// `free[i]` = 1 where the rectangle's pixel i already shows on the canvas, else 0.
package func unchangedInRect(
    display: UnsafeBufferPointer<UInt32>, canvas: UnsafeBufferPointer<UInt32>, width: Int, rect: PixelRect,
    into free: UnsafeMutableBufferPointer<UInt8>
) {
    for y in 0..<rect.height {
        let row = (rect.y + y) * width + rect.x
        let o = y * rect.width
        for x in 0..<rect.width { free[o + x] = display[row + x] == canvas[row + x] ? 1 : 0 }
    }
}

/// The plain version of `clearBounds`, for the differential test.
package func referenceClearBounds(next: [UInt32], current: [UInt32], width: Int, height: Int) -> PixelRect? {
    var rect: PixelRect?
    for i in 0..<next.count where next[i] == 0 && current[i] != 0 {
        let one = PixelRect(x: i % width, y: i / width, width: 1, height: 1)
        rect = rect.map { $0.union(one) } ?? one
    }
    return rect
}

/// The plain version of `extractIndices`, for the differential test.
package func referenceExtractIndices(
    indices: [UInt8], display: [UInt32], canvas: [UInt32], width: Int, rect: PixelRect, unchanged: UnchangedPixels,
    transparent: UInt8
) -> [UInt8] {
    var out: [UInt8] = []
    for y in rect.y..<rect.maxY {
        for x in rect.x..<rect.maxX {
            let i = y * width + x
            let same = display[i] == canvas[i]
            switch unchanged {
            case .drawn: out.append(indices[i])
            case .transparent: out.append(same ? transparent : indices[i])
            case .extendRuns: out.append(same && indices[i] != (out.last ?? transparent) ? transparent : indices[i])
            }
        }
    }
    return out
}
