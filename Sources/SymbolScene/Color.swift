/// A non-premultiplied sRGB colour with components in 0…1.
package struct Color: Hashable, Sendable, CustomStringConvertible {
    package var r: Double, g: Double, b: Double, a: Double

    package init(r: Double, g: Double, b: Double, a: Double = 1) {
        func clamp(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
        self.r = clamp(r); self.g = clamp(g); self.b = clamp(b); self.a = clamp(a)
    }

    /// From 8-bit components.
    package init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.init(r: Double(red) / 255, g: Double(green) / 255, b: Double(blue) / 255, a: Double(alpha) / 255)
    }

    /// `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (the `#` optional); nil otherwise.
    package init?(hex: String) {
        var s = Substring(hex)
        if s.hasPrefix("#") { s = s.dropFirst() }
        guard s.allSatisfy(\.isHexDigit) else { return nil }
        var digits = Array(s).map { UInt8(String($0), radix: 16)! }
        switch digits.count {
        case 3, 4: digits = digits.flatMap { [$0, $0] }
        case 6, 8: break
        default: return nil
        }
        var bytes: [UInt8] = stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
        if bytes.count == 3 { bytes.append(255) }
        self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes[3])
    }

    package static let black = Color(r: 0, g: 0, b: 0)
    package static let white = Color(r: 1, g: 1, b: 1)
    package static let clear = Color(r: 0, g: 0, b: 0, a: 0)

    /// This colour with its alpha multiplied by `opacity`.
    package func withOpacity(_ opacity: Double) -> Color { Color(r: r, g: g, b: b, a: a * opacity) }

    /// Linear mix toward `other` in sRGB (t = 0: self, 1: other).
    package func mixed(with other: Color, _ t: Double) -> Color {
        Color(r: r + (other.r - r) * t, g: g + (other.g - g) * t, b: b + (other.b - b) * t, a: a + (other.a - a) * t)
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    package var hexString: String {
        func h(_ v: Double) -> String {
            let n = Int((v * 255).rounded())
            return (n < 16 ? "0" : "") + String(n, radix: 16, uppercase: true)
        }
        return "#" + h(r) + h(g) + h(b) + (a < 1 ? h(a) : "")
    }

    package var description: String { hexString }
}
