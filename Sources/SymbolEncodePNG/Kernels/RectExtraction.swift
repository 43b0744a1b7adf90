import SymbolEncode

// Building an APNG frame's sub-rectangle: copying it out, deciding whether `blend_op = OVER` can
// reproduce it, and making unchanged pixels transparent for OVER. These run over the changed
// rectangle of every frame, on raw row pointers, with no allocation.

/// Counts pixels of `rect` that equal the canvas underneath, or returns nil when OVER cannot
/// reproduce the frame: a pixel that changes to anything but fully opaque needs SOURCE, since
/// OVER would mix it with what was there.
package func overBlendUnchangedCount(
    frame: UnsafeBufferPointer<UInt32>, canvas: UnsafeBufferPointer<UInt32>, width: Int, rect: PixelRect
) -> Int? {
    var unchanged = 0
    for y in rect.y..<rect.maxY {
        let f = frame.baseAddress! + y * width, c = canvas.baseAddress! + y * width
        for x in rect.x..<rect.maxX {
            let p = f[x]
            if p == c[x] { unchanged += 1 } else if p >> 24 != 0xFF { return nil }
        }
    }
    return unchanged
}

/// Copies `rect` of `frame` into `out` (rect.width × rect.height); with `canvas`, pixels equal
/// to the canvas become transparent 0 (for OVER).
package func extractRect(
    frame: UnsafeBufferPointer<UInt32>, canvas: UnsafeBufferPointer<UInt32>?, width: Int, rect: PixelRect,
    into out: UnsafeMutableBufferPointer<UInt32>
) {
    for y in 0..<rect.height {
        let f = frame.baseAddress! + (rect.y + y) * width + rect.x
        let o = out.baseAddress! + y * rect.width
        if let canvas {
            let c = canvas.baseAddress! + (rect.y + y) * width + rect.x
            for x in 0..<rect.width {
                let p = f[x]
                o[x] = p == c[x] ? 0 : p
            }
        } else {
            o.update(from: f, count: rect.width)
        }
    }
}

/// The plain version of `overBlendUnchangedCount`, for the differential test.
package func referenceOverBlendUnchangedCount(frame: [UInt32], canvas: [UInt32], width: Int, rect: PixelRect) -> Int? {
    var unchanged = 0
    var valid = true
    for y in rect.y..<rect.maxY {
        for x in rect.x..<rect.maxX {
            let p = frame[y * width + x]
            if p == canvas[y * width + x] {
                unchanged += 1
            } else if (p >> 24) & 0xFF != 255 {
                valid = false
            }
        }
    }
    return valid ? unchanged : nil
}

/// The plain version of `extractRect`, for the differential test.
package func referenceExtractRect(frame: [UInt32], canvas: [UInt32]?, width: Int, rect: PixelRect) -> [UInt32] {
    var out: [UInt32] = []
    for y in rect.y..<rect.maxY {
        for x in rect.x..<rect.maxX {
            let p = frame[y * width + x]
            if let canvas, canvas[y * width + x] == p { out.append(0) } else { out.append(p) }
        }
    }
    return out
}
