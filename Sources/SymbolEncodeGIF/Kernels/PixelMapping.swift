import SymbolEncode

// Display pixels → palette indices, the per-pixel heart of the GIF encoder. Four methods:
// exact (hash lookup; every colour is in the palette), nearest (cached OKLab search), ordered
// dithering (an 8×8 Bayer pattern between the two palette colours around a pixel) and
// Floyd–Steinberg (serpentine error diffusion in sRGB with 7/8 damping so errors do not
// streak, then nearest). Colours the palette holds are never dithered. All skip pixels marked
// in `keep`, which the caller has already filled from the previous frame: unchanged pixels
// keep their indices, so static areas never shimmer, and error is neither taken from nor
// given to them.
//
// Error diffusion keeps two rows of float error; the reference below keeps a whole frame and
// adds the same contributions in the same order, so both give bit-identical results.

/// How colours become palette indices.
package enum MappingMethod: Sendable, Hashable {
    case exact
    case nearest
    /// An 8×8 Bayer pattern mixing the two palette colours around each pixel.
    case ordered
    case floydSteinberg
}

/// A palette with its two lookups.
package struct PaletteLookup: Sendable {
    package let colours: [UInt32]
    package let transparentIndex: UInt8?
    package var exact: ColorIndexTable
    package var nearest: NearestColorSearch

    /// `colours[i]` is entry i's display pixel; the transparent entry holds 0.
    package init(colours: [UInt32], transparentIndex: Int?) {
        self.colours = colours
        self.transparentIndex = transparentIndex.map { UInt8($0) }
        exact = ColorIndexTable(colours)
        nearest = NearestColorSearch(palette: colours)
    }
}

/// The 8×8 Bayer threshold matrix, 0…63.
let bayer8: [Float] = [
    0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26,
    12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22,
    3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25,
    15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21,
]

/// The ordered-dither threshold at (x, y), in (0, 1).
@inline(__always) func bayerThreshold(_ x: Int, _ y: Int) -> Float {
    (bayer8[(y & 7) * 8 + (x & 7)] + 0.5) / 64
}

/// Ordered dithering between two palette colours: the nearest, c1, and the nearest to the
/// point mirrored through the pixel, c2 (the colour on the pixel's other side). The pixel's
/// position between them, t, picks c2 where the threshold is below t, so a pattern mixes them
/// in proportion; a colour the palette holds (t = 0) is never dithered, so flat areas stay flat.
@inline(__always) func orderedIndex(
    _ p: UInt32, threshold: Float, colours: UnsafeBufferPointer<UInt32>, nearest: (UInt32) -> UInt8
) -> UInt8 {
    let i1 = nearest(p)
    let c1 = colours[Int(i1)]
    if c1 == p { return i1 }
    let pr = channel(p, 0), pg = channel(p, 1), pb = channel(p, 2)
    let er = pr - channel(c1, 0), eg = pg - channel(c1, 1), eb = pb - channel(c1, 2)
    let mirrored = clampToByte(pr + er) | clampToByte(pg + eg) << 8 | clampToByte(pb + eb) << 16 | 0xFF00_0000
    let i2 = nearest(mirrored)
    if i2 == i1 { return i1 }
    let c2 = colours[Int(i2)]
    let dr = channel(c2, 0) - channel(c1, 0), dg = channel(c2, 1) - channel(c1, 1), db = channel(c2, 2) - channel(c1, 2)
    let length = dr * dr + dg * dg + db * db
    let t = (er * dr + eg * dg + eb * db) / length
    return threshold < t ? i2 : i1
}

@inline(__always) func clampToByte(_ v: Float) -> UInt32 { UInt32(min(max(v, 0), 255).rounded()) }

@inline(__always) func channel(_ p: UInt32, _ c: UInt32) -> Float { Float((p >> (8 * c)) & 0xFF) }

/// Maps `source` (display pixels, 0 = transparent) to `indices` and `display` (the palette
/// colour shown). Transparent pixels take the transparent index (the caller guarantees one).
package func mapPixels(
    source: UnsafeBufferPointer<UInt32>, width: Int, height: Int, lookup: inout PaletteLookup, method: MappingMethod,
    keep: UnsafeBufferPointer<UInt8>?, indices: UnsafeMutableBufferPointer<UInt8>,
    display: UnsafeMutableBufferPointer<UInt32>
) {
    let transparent = lookup.transparentIndex ?? 0
    let palette = lookup.colours
    palette.withUnsafeBufferPointer { colours in
    switch method {
    case .exact:
        let exact = lookup.exact
        mapEach(source: source, width: width, height: height, keep: keep, transparent: transparent, colours: colours,
                indices: indices, display: display) { p, _, _ in exact.index(of: p) ?? lookup.nearest.index(of: p) }
    case .nearest:
        mapEach(source: source, width: width, height: height, keep: keep, transparent: transparent, colours: colours,
                indices: indices, display: display) { p, _, _ in lookup.nearest.index(of: p) }
    case .ordered:
        mapEach(source: source, width: width, height: height, keep: keep, transparent: transparent, colours: colours,
                indices: indices, display: display) { p, x, y in
            orderedIndex(p, threshold: bayerThreshold(x, y), colours: colours) { lookup.nearest.index(of: $0) }
        }
    case .floydSteinberg:
        floydSteinberg(
            source: source, width: width, height: height, lookup: &lookup, keep: keep, indices: indices, display: display)
    }
    }
}

/// The loop shared by the per-pixel methods; `index` is inlined into it for each method.
@inline(__always) private func mapEach(
    source: UnsafeBufferPointer<UInt32>, width: Int, height: Int, keep: UnsafeBufferPointer<UInt8>?, transparent: UInt8,
    colours: UnsafeBufferPointer<UInt32>, indices: UnsafeMutableBufferPointer<UInt8>,
    display: UnsafeMutableBufferPointer<UInt32>, index: (UInt32, Int, Int) -> UInt8
) {
    do {
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                if let keep, keep[i] != 0 { continue }
                let p = source[i]
                if p == 0 {
                    indices[i] = transparent
                    display[i] = 0
                    continue
                }
                let k = index(p, x, y)
                indices[i] = k
                display[i] = colours[Int(k)]
            }
        }
    }
}

/// The plain per-pixel methods (exact, nearest, ordered) by brute-force search, for the
/// differential test.
package func referenceMapPixel(_ p: UInt32, x: Int, y: Int, palette: [UInt32], transparentIndex: Int?, method: MappingMethod) -> UInt8 {
    if p == 0 { return UInt8(transparentIndex ?? 0) }
    switch method {
    case .exact:
        if let i = palette.firstIndex(of: p) { return UInt8(i) }
        return referenceNearestIndex(p, palette: palette)
    case .nearest, .floydSteinberg:
        return referenceNearestIndex(p, palette: palette)
    case .ordered:
        return palette.withUnsafeBufferPointer { colours in
            orderedIndex(p, threshold: bayerThreshold(x, y), colours: colours) { referenceNearestIndex($0, palette: palette) }
        }
    }
}

/// Damping of diffused error: full diffusion turns a smooth gradient's rounding into visible
/// worms across flat areas next to it.
let diffusionDamping: Float = 0.875
/// Error below this many levels in every channel is not diffused: a palette that close needs
/// no dithering, and undithered pixels code far smaller (a quarter less on the benchmark's
/// gradient clip at no loss in SSIM).
let diffusionThreshold: Float = 2.5

private func floydSteinberg(
    source: UnsafeBufferPointer<UInt32>, width: Int, height: Int, lookup: inout PaletteLookup,
    keep: UnsafeBufferPointer<UInt8>?, indices: UnsafeMutableBufferPointer<UInt8>,
    display: UnsafeMutableBufferPointer<UInt32>
) {
    let transparent = lookup.transparentIndex ?? 0
    let colours = lookup.colours
    // Rows of error with one cell of padding each side, 3 floats a cell.
    var current = [Float](repeating: 0, count: (width + 2) * 3)
    var next = [Float](repeating: 0, count: (width + 2) * 3)
    for y in 0..<height {
        let forward = y % 2 == 0
        for step in 0..<width {
            let x = forward ? step : width - 1 - step
            let i = y * width + x
            if let keep, keep[i] != 0 { continue }
            let p = source[i]
            if p == 0 {
                indices[i] = transparent
                display[i] = 0
                continue
            }
            let e = (x + 1) * 3
            if let exact = lookup.exact.index(of: p) {
                // A colour the palette holds (a flat fill, a brand colour) is shown as is and
                // absorbs the error that reached it, so flat areas never get speckled.
                indices[i] = exact
                display[i] = p
                continue
            }
            let r = min(max(channel(p, 0) + current[e], 0), 255)
            let g = min(max(channel(p, 1) + current[e + 1], 0), 255)
            let b = min(max(channel(p, 2) + current[e + 2], 0), 255)
            let q = clampToByte(r) | clampToByte(g) << 8 | clampToByte(b) << 16 | 0xFF00_0000
            let index = lookup.nearest.index(of: q)
            let shown = colours[Int(index)]
            indices[i] = index
            display[i] = shown
            var er = (r - channel(shown, 0)) * diffusionDamping
            var eg = (g - channel(shown, 1)) * diffusionDamping
            var eb = (b - channel(shown, 2)) * diffusionDamping
            if max(abs(er), abs(eg), abs(eb)) < diffusionThreshold { er = 0; eg = 0; eb = 0 }
            let ahead = forward ? e + 3 : e - 3, behind = forward ? e - 3 : e + 3
            current[ahead] += er * 7 / 16; current[ahead + 1] += eg * 7 / 16; current[ahead + 2] += eb * 7 / 16
            next[behind] += er * 3 / 16; next[behind + 1] += eg * 3 / 16; next[behind + 2] += eb * 3 / 16
            next[e] += er * 5 / 16; next[e + 1] += eg * 5 / 16; next[e + 2] += eb * 5 / 16
            next[ahead] += er / 16; next[ahead + 1] += eg / 16; next[ahead + 2] += eb / 16
        }
        swap(&current, &next)
        for k in 0..<next.count { next[k] = 0 }
    }
}

/// The plain Floyd–Steinberg with a whole frame of error, for the differential test.
package func referenceFloydSteinberg(
    source: [UInt32], width: Int, height: Int, palette: [UInt32], transparentIndex: Int?, keep: [UInt8]?,
    indices: inout [UInt8], display: inout [UInt32]
) {
    var error = [[Float]](repeating: [0, 0, 0], count: width * height)
    func add(_ x: Int, _ y: Int, _ e: [Float], _ w: Float) {
        guard x >= 0, x < width, y < height else { return }
        for c in 0..<3 { error[y * width + x][c] += e[c] * w / 16 }
    }
    for y in 0..<height {
        let forward = y % 2 == 0
        for step in 0..<width {
            let x = forward ? step : width - 1 - step
            let i = y * width + x
            if let keep, keep[i] != 0 { continue }
            if source[i] == 0 {
                indices[i] = UInt8(transparentIndex ?? 0)
                display[i] = 0
                continue
            }
            if let exact = palette.firstIndex(of: source[i]) {
                indices[i] = UInt8(exact)
                display[i] = source[i]
                continue
            }
            let v = (0..<3).map { min(max(channel(source[i], UInt32($0)) + error[i][$0], 0), 255) }
            let q = clampToByte(v[0]) | clampToByte(v[1]) << 8 | clampToByte(v[2]) << 16 | 0xFF00_0000
            let index = referenceNearestIndex(q, palette: palette)
            indices[i] = index
            display[i] = palette[Int(index)]
            var e = (0..<3).map { (v[$0] - channel(palette[Int(index)], UInt32($0))) * diffusionDamping }
            if e.map(abs).max()! < diffusionThreshold { e = [0, 0, 0] }
            let dir = forward ? 1 : -1
            add(x + dir, y, e, 7)
            add(x - dir, y + 1, e, 3)
            add(x, y + 1, e, 5)
            add(x + dir, y + 1, e, 1)
        }
    }
}
