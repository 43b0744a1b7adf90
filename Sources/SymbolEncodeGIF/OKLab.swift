#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A colour in Björn Ottosson's OKLab space, where Euclidean distance follows perceived
/// difference far better than in sRGB: the quantizer clusters and matches colours here.
package struct LabColor: Sendable, Hashable {
    package var l: Float, a: Float, b: Float

    @inline(__always) package func distanceSquared(_ o: LabColor) -> Float {
        let dl = l - o.l, da = a - o.a, db = b - o.b
        return dl * dl + da * da + db * db
    }
}

package enum OKLab {
    /// sRGB 8-bit → linear light.
    static let linear: [Float] = (0..<256).map { i in
        let c = Float(i) / 255
        return c <= 0.04045 ? c / 12.92 : powf((c + 0.055) / 1.055, 2.4)
    }

    /// The OKLab colour of a packed pixel (R in the low byte).
    @inline(__always) package static func from(_ pixel: UInt32) -> LabColor {
        linear.withUnsafeBufferPointer { t in
            from(r: t[Int(pixel & 0xFF)], g: t[Int(pixel >> 8 & 0xFF)], b: t[Int(pixel >> 16 & 0xFF)])
        }
    }

    @inline(__always) package static func from(r: Float, g: Float, b: Float) -> LabColor {
        let l = cbrtf(0.412_221_470_8 * r + 0.536_332_536_3 * g + 0.051_445_992_9 * b)
        let m = cbrtf(0.211_903_498_2 * r + 0.680_699_545_1 * g + 0.107_396_956_6 * b)
        let s = cbrtf(0.088_302_461_9 * r + 0.281_718_837_6 * g + 0.629_978_700_5 * b)
        return LabColor(
            l: 0.210_454_255_3 * l + 0.793_617_785_0 * m - 0.004_072_046_8 * s,
            a: 1.977_998_495_1 * l - 2.428_592_205_0 * m + 0.450_593_709_9 * s,
            b: 0.025_904_037_1 * l + 0.782_771_766_2 * m - 0.808_675_766_0 * s)
    }

    /// The nearest opaque 8-bit sRGB pixel to an OKLab colour.
    package static func pixel(_ c: LabColor) -> UInt32 {
        let l_ = c.l + 0.396_337_777_4 * c.a + 0.215_803_757_3 * c.b
        let m_ = c.l - 0.105_561_345_8 * c.a - 0.063_854_172_8 * c.b
        let s_ = c.l - 0.089_484_177_5 * c.a - 1.291_485_548_0 * c.b
        let l = l_ * l_ * l_, m = m_ * m_ * m_, s = s_ * s_ * s_
        let r = 4.076_741_662_1 * l - 3.307_711_591_3 * m + 0.230_969_929_2 * s
        let g = -1.268_438_004_6 * l + 2.609_757_401_1 * m - 0.341_319_396_5 * s
        let b = -0.004_196_086_3 * l - 0.703_418_614_7 * m + 1.707_614_701_0 * s
        func encode(_ v: Float) -> UInt32 {
            let v = min(max(v, 0), 1)
            let e = v <= 0.003_130_8 ? v * 12.92 : 1.055 * powf(v, 1 / 2.4) - 0.055
            return UInt32(min(max((e * 255).rounded(), 0), 255))
        }
        return encode(r) | encode(g) << 8 | encode(b) << 16 | 0xFF00_0000
    }
}
