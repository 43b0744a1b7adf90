import SymbolScene

/// CSS colour values: hex, `rgb()`/`rgba()`, `hsl()`/`hsla()` in comma or space syntax, the
/// named colours and `transparent`.
package enum ColorParser {
    /// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb(255, 0, 0)`, `rgb(100%, 0%, 0%)`,
    /// `rgba(…, 0.5)`, `rgb(255 0 0 / 50%)`, `hsl()`/`hsla()`, the 148 CSS named colours
    /// (case-insensitive) and `transparent`. nil for anything else, `currentColor` included
    /// (`PaintValue` handles it). Surrounding whitespace is allowed. Out-of-range components
    /// are clamped, as CSS does.
    package static func parse(_ s: Substring) -> Color? {
        let text = ValueText.trimmed(s)
        guard let first = text.utf8.first else { return nil }
        if first == UInt8(ascii: "#") { return hex(text.utf8.dropFirst()) }
        if let open = text.firstIndex(of: "(") {
            guard text.last == ")" else { return nil }
            let name = text[..<open].lowercased()
            let args = text[text.index(after: open)..<text.index(before: text.endIndex)]
            switch name {
            case "rgb", "rgba": return rgbFunction(args)
            case "hsl", "hsla": return hslFunction(args)
            default: return nil
            }
        }
        let name = text.lowercased()
        if name == "transparent" { return .clear }
        guard let rgb = NamedColors.rgb(name) else { return nil }
        return Color(red: UInt8(rgb >> 16), green: UInt8((rgb >> 8) & 0xFF), blue: UInt8(rgb & 0xFF))
    }

    /// 3, 4, 6 or 8 hex digits after the `#`.
    private static func hex(_ digits: Substring.UTF8View.SubSequence) -> Color? {
        var nibbles: [UInt8] = []
        nibbles.reserveCapacity(8)
        for b in digits {
            guard nibbles.count < 8, let v = hexValue(b) else { return nil }
            nibbles.append(v)
        }
        switch nibbles.count {
        case 3, 4:
            let c = nibbles.map { $0 << 4 | $0 }
            return Color(red: c[0], green: c[1], blue: c[2], alpha: c.count == 4 ? c[3] : 255)
        case 6, 8:
            let c = stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] << 4 | nibbles[$0 + 1] }
            return Color(red: c[0], green: c[1], blue: c[2], alpha: c.count == 4 ? c[3] : 255)
        default:
            return nil
        }
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// One argument of a colour function: a number and what followed it.
    private struct Component {
        enum Suffix { case none, percent, deg, rad, grad, turn }
        var value: Double
        var suffix: Suffix
    }

    /// The arguments of a colour function: three components and an optional alpha, either all
    /// separated by commas (legacy syntax) or by spaces with `/` before the alpha (CSS Color 4).
    private static func components(_ args: Substring) -> (values: [Component], alpha: Component?)? {
        var scanner = NumberScanner(args)
        var values: [Component] = []
        var alpha: Component?
        var commaSyntax: Bool?
        scanner.skipWhitespace()
        while true {
            guard let value = scanner.number() else { return nil }
            guard let suffix = componentSuffix(&scanner) else { return nil }
            if values.count < 3 {
                values.append(Component(value: value, suffix: suffix))
            } else if alpha == nil && values.count == 3 {
                alpha = Component(value: value, suffix: suffix)
            } else {
                return nil
            }
            scanner.skipWhitespace()
            guard let b = scanner.peek else { break }
            if b == UInt8(ascii: ",") {
                guard commaSyntax != false, alpha == nil else { return nil }
                commaSyntax = true
                scanner.advance()
            } else if b == UInt8(ascii: "/") {
                guard commaSyntax != true, values.count == 3, alpha == nil else { return nil }
                commaSyntax = false
                scanner.advance()
            } else {
                guard commaSyntax != true, values.count < 3 else { return nil }
                commaSyntax = false
            }
            scanner.skipWhitespace()
        }
        guard values.count == 3 else { return nil }
        return (values, alpha)
    }

    /// `%` or an angle unit directly after a number; nil when something else is glued on.
    private static func componentSuffix(_ scanner: inout NumberScanner) -> Component.Suffix? {
        let start = scanner.offset
        while let b = scanner.peek, b == UInt8(ascii: "%") || (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z")) {
            scanner.advance()
        }
        let unit = String(decoding: scanner.bytes[start..<scanner.offset], as: UTF8.self).lowercased()
        switch unit {
        case "": return Component.Suffix.none
        case "%": return .percent
        case "deg": return .deg
        case "rad": return .rad
        case "grad": return .grad
        case "turn": return .turn
        default: return nil
        }
    }

    private static func alphaValue(_ c: Component?) -> Double? {
        guard let c else { return 1 }
        switch c.suffix {
        case .none: return c.value
        case .percent: return c.value / 100
        default: return nil
        }
    }

    private static func rgbFunction(_ args: Substring) -> Color? {
        guard let (values, alpha) = components(args), let a = alphaValue(alpha) else { return nil }
        var rgb: [Double] = []
        for c in values {
            switch c.suffix {
            case .none: rgb.append(c.value / 255)
            case .percent: rgb.append(c.value / 100)
            default: return nil
            }
        }
        return Color(r: rgb[0], g: rgb[1], b: rgb[2], a: a)
    }

    private static func hslFunction(_ args: Substring) -> Color? {
        guard let (values, alpha) = components(args), let a = alphaValue(alpha) else { return nil }
        let h = values[0], s = values[1], l = values[2]
        var degrees: Double
        switch h.suffix {
        case .none, .deg: degrees = h.value
        case .rad: degrees = h.value * 180 / .pi
        case .grad: degrees = h.value * 0.9
        case .turn: degrees = h.value * 360
        case .percent: return nil
        }
        // Saturation and lightness are percentages; CSS Color 4 also allows bare numbers.
        guard s.suffix == .percent || s.suffix == .none, l.suffix == .percent || l.suffix == .none else { return nil }
        degrees = degrees.truncatingRemainder(dividingBy: 360)
        if degrees < 0 { degrees += 360 }
        let sat = min(max(s.value / 100, 0), 1), light = min(max(l.value / 100, 0), 1)
        // CSS Color 4 hsl → rgb: f(n) = l − a·max(−1, min(k − 3, 9 − k, 1)), k = (n + h/30) mod 12.
        let chroma = sat * min(light, 1 - light)
        func f(_ n: Double) -> Double {
            let k = (n + degrees / 30).truncatingRemainder(dividingBy: 12)
            return light - chroma * max(-1, min(k - 3, 9 - k, 1))
        }
        return Color(r: f(0), g: f(8), b: f(4), a: a)
    }
}
