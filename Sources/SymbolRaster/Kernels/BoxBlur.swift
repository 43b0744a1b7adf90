// Blur kernels: Gaussian blur approximated by three box blurs per axis, as SVG's
// feGaussianBlur describes: box size d = ⌊σ·3·√(2π)/4 + ½⌋; odd d gives three centred boxes,
// even d two boxes offset by half a pixel each way and one of size d + 1. Each box is a running
// sum, so the cost per pixel is constant whatever the radius. Works on premultiplied RGBA8 so
// edges do not darken; pixels outside the bitmap count as transparent. Precision: sums in Int,
// each pass rounds to 8 bits (error ≤ ½ level a pass).

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
        let size = left + right + 1
        let mul = (1 << 24) / size, half = 1 << 23
        var s0 = 0, s1 = 0, s2 = 0, s3 = 0
        // Window for pixel 0 covers −left…right.
        for i in 0...min(right, count - 1) {
            s0 += Int(src[i * 4]); s1 += Int(src[i * 4 + 1]); s2 += Int(src[i * 4 + 2]); s3 += Int(src[i * 4 + 3])
        }
        for x in 0..<count {
            dst[x * 4] = UInt8(min((s0 * mul + half) >> 24, 255))
            dst[x * 4 + 1] = UInt8(min((s1 * mul + half) >> 24, 255))
            dst[x * 4 + 2] = UInt8(min((s2 * mul + half) >> 24, 255))
            dst[x * 4 + 3] = UInt8(min((s3 * mul + half) >> 24, 255))
            let add = x + right + 1, sub = x - left
            if add < count {
                s0 += Int(src[add * 4]); s1 += Int(src[add * 4 + 1]); s2 += Int(src[add * 4 + 2]); s3 += Int(src[add * 4 + 3])
            }
            if sub >= 0 {
                s0 -= Int(src[sub * 4]); s1 -= Int(src[sub * 4 + 1]); s2 -= Int(src[sub * 4 + 2]); s3 -= Int(src[sub * 4 + 3])
            }
        }
    }

    /// One vertical box pass over `height` rows of `rowBytes` bytes, using `sums` (rowBytes Ints).
    package static func boxColumns(_ src: UnsafePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>, rowBytes: Int,
                                   stride: Int, height: Int, left: Int, right: Int, sums: UnsafeMutablePointer<Int>) {
        let size = left + right + 1
        let mul = (1 << 24) / size, half = 1 << 23
        sums.update(repeating: 0, count: rowBytes)
        for y in 0...min(right, height - 1) {
            let row = src + y * stride
            for i in 0..<rowBytes { sums[i] += Int(row[i]) }
        }
        for y in 0..<height {
            let out = dst + y * stride
            for i in 0..<rowBytes { out[i] = UInt8(min((sums[i] * mul + half) >> 24, 255)) }
            let add = y + right + 1, sub = y - left
            if add < height { let row = src + add * stride; for i in 0..<rowBytes { sums[i] += Int(row[i]) } }
            if sub >= 0 { let row = src + sub * stride; for i in 0..<rowBytes { sums[i] -= Int(row[i]) } }
        }
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
