/// An SVG/CSS length as written: a number and its unit, converted to user units on demand
/// because percentages and font-relative units need context only the reader has.
package struct Length: Hashable, Sendable {
    /// The units SVG lengths may carry; `none` is a bare number (user units).
    package enum Unit: String, Sendable {
        case none, px, pt, pc, mm, cm, `in`, em, ex, percent
    }

    package var value: Double
    package var unit: Unit

    package init(_ value: Double, _ unit: Unit = .none) {
        self.value = value
        self.unit = unit
    }

    /// `10`, `10px`, `2.5mm`, `50%`, ` 3 ` (surrounding whitespace allowed, units ASCII
    /// case-insensitive as in CSS). nil for junk, a space between number and unit, or a
    /// non-finite number.
    package static func parse(_ s: Substring) -> Length? {
        var scanner = NumberScanner(s)
        scanner.skipWhitespace()
        guard let value = scanner.number() else { return nil }
        let unitStart = scanner.offset
        while let b = scanner.peek, !NumberScanner.isWhitespace(b) { scanner.advance() }
        let unitEnd = scanner.offset
        scanner.skipWhitespace()
        guard scanner.isAtEnd, let unit = unit(scanner.bytes[unitStart..<unitEnd]) else { return nil }
        return Length(value, unit)
    }

    /// The unit named by `bytes` (lowercased ASCII compare), or nil.
    private static func unit(_ bytes: ArraySlice<UInt8>) -> Unit? {
        if bytes.isEmpty { return Unit.none }
        if bytes.count == 1 { return bytes.first == UInt8(ascii: "%") ? .percent : nil }
        guard bytes.count == 2 else { return nil }
        // ASCII letters lowercase by setting bit 5; other bytes cannot form a unit anyway.
        let a = bytes[bytes.startIndex] | 0x20, b = bytes[bytes.startIndex + 1] | 0x20
        switch (Character(Unicode.Scalar(a)), Character(Unicode.Scalar(b))) {
        case ("p", "x"): return .px
        case ("p", "t"): return .pt
        case ("p", "c"): return .pc
        case ("m", "m"): return .mm
        case ("c", "m"): return .cm
        case ("i", "n"): return .in
        case ("e", "m"): return .em
        case ("e", "x"): return .ex
        default: return nil
        }
    }

    /// This length in user units: px = 1, in = 96, cm = 96/2.54, mm = 96/25.4, pt = 4/3,
    /// pc = 16, em = `fontSize`, ex = `fontSize`/2, percent = value/100 × `reference`.
    package func userUnits(reference: Double, fontSize: Double = 16) -> Double {
        switch unit {
        case .none, .px: return value
        case .in: return value * 96
        case .cm: return value * 96 / 2.54
        case .mm: return value * 96 / 25.4
        case .pt: return value * 4 / 3
        case .pc: return value * 16
        case .em: return value * fontSize
        case .ex: return value * fontSize / 2
        case .percent: return value / 100 * reference
        }
    }
}
