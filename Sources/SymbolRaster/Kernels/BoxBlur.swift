// Blur kernels: Gaussian blur approximated by three box blurs per axis, as SVG's
// feGaussianBlur describes: box size d = ⌊σ·3·√(2π)/4 + ½⌋; odd d gives three centred boxes,
// even d two boxes offset by half a pixel each way and one of size d + 1. Each box is a running
// sum, so the cost per pixel is constant whatever the radius. Works on premultiplied RGBA8 so
// edges do not darken; pixels outside the bitmap count as transparent. Precision: window sums
// in UInt32, the mean as (sum · ⌊2²⁴/size⌋ + 2²³) >> 24, each pass rounded to 8 bits (error
// ≤ ½ level a pass against the exact mean, `boxReference`).
//
// Performance (callgrind, release, appear-up at 512², 60 frames): with Int sums, a clamp per
// channel and the column pass as three loops per row (write, add a row, drop a row), the two
// kernels were 65 % of the clip's instructions. Now a row pass moves four channels as one
// SIMD4<UInt32>, and a column pass writes a row and moves its window in one loop of 32-bit
// lanes the compiler vectorises. The results are bit for bit those of the Int version (the
// 32-bit arithmetic cannot overflow, see `scale`).

/// Box-blur passes on rows of interleaved RGBA8 and their reference.
package enum BlurKernels {
    /// The three (left extent, right extent) boxes for σ, or an empty list when σ blurs nothing.
    package static func boxes(sigma: Double) -> [(Int, Int)] {
        guard sigma.isFinite, sigma > 0 else { return [] }
        let d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        if d <= 1 { return [] }
        if d % 2 == 1 { return Array(repeating: (d / 2, d / 2), count: 3) }
        return [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
    }

    /// One horizontal box pass over a row of `count` pixels (4 bytes each) from `src` to `dst`.
    package static func boxRow(_ src: UnsafePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>, _ count: Int,
                               left: Int, right: Int) {
        let (mul, half) = scale(left + right + 1)
        let m = SIMD4<UInt32>(repeating: mul), h = SIMD4<UInt32>(repeating: half)
        let from = UnsafeRawPointer(src), to = UnsafeMutableRawPointer(dst)
        @inline(__always) func pixel(_ i: Int) -> SIMD4<UInt32> {
            SIMD4<UInt32>(truncatingIfNeeded: from.loadUnaligned(fromByteOffset: i * 4, as: SIMD4<UInt8>.self))
        }
        var sum = SIMD4<UInt32>.zero
        // Window for pixel 0 covers −left…right.
        for i in 0...min(right, count - 1) { sum &+= pixel(i) }
        for x in 0..<count {
            to.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: (sum &* m &+ h) &>> 24), toByteOffset: x * 4,
                          as: SIMD4<UInt8>.self)
            let add = x + right + 1, sub = x - left
            if add < count { sum &+= pixel(add) }
            if sub >= 0 { sum &-= pixel(sub) }
        }
    }

    /// One vertical box pass over `height` rows of `rowBytes` bytes, using `sums` (rowBytes
    /// counters). Each output row is written and the window moved in one loop over the row.
    package static func boxColumns(_ src: UnsafePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>, rowBytes: Int,
                                   srcStride: Int, dstStride: Int, height: Int, left: Int, right: Int,
                                   sums: UnsafeMutablePointer<UInt32>) {
        let (mul, half) = scale(left + right + 1)
        sums.update(repeating: 0, count: rowBytes)
        for y in 0...min(right, height - 1) {
            let row = src + y * srcStride
            for i in 0..<rowBytes { sums[i] &+= UInt32(row[i]) }
        }
        for y in 0..<height {
            let out = dst + y * dstStride
            let add = y + right + 1, sub = y - left
            switch (add < height, sub >= 0) {
            case (true, true):
                let a = src + add * srcStride, s = src + sub * srcStride
                for i in 0..<rowBytes {
                    let v = sums[i]
                    out[i] = UInt8(truncatingIfNeeded: (v &* mul &+ half) &>> 24)
                    sums[i] = v &+ UInt32(a[i]) &- UInt32(s[i])
                }
            case (true, false):
                let a = src + add * srcStride
                for i in 0..<rowBytes {
                    let v = sums[i]
                    out[i] = UInt8(truncatingIfNeeded: (v &* mul &+ half) &>> 24)
                    sums[i] = v &+ UInt32(a[i])
                }
            case (false, true):
                let s = src + sub * srcStride
                for i in 0..<rowBytes {
                    let v = sums[i]
                    out[i] = UInt8(truncatingIfNeeded: (v &* mul &+ half) &>> 24)
                    sums[i] = v &- UInt32(s[i])
                }
            case (false, false):
                for i in 0..<rowBytes { out[i] = UInt8(truncatingIfNeeded: (sums[i] &* mul &+ half) &>> 24) }
            }
        }
    }

    /// The fixed-point reciprocal of a box of `size` samples and its rounding half: a window sum
    /// s ≤ 255·size gives s·mul ≤ 255·2²⁴, so s·mul + half fits in 32 bits and (s·mul + half) >> 24
    /// is at most 255: no clamp, and 32-bit lanes (four to an SSE register) instead of 64-bit.
    @inline(__always) static func scale(_ size: Int) -> (mul: UInt32, half: UInt32) {
        (UInt32((1 << 24) / size), 1 << 23)
    }

    /// Reference for one box pass along a line of samples: a direct windowed mean.
    package static func boxReference(_ line: [UInt8], left: Int, right: Int) -> [UInt8] {
        let size = Double(left + right + 1)
        return line.indices.map { x in
            var s = 0.0
            for k in (x - left)...(x + right) where k >= 0 && k < line.count { s += Double(line[k]) }
            return UInt8(min((s / size).rounded(), 255))
        }
    }
}
