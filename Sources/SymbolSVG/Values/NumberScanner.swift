/// A forward scanner over the UTF-8 bytes of an attribute value, reading SVG numbers, flags
/// and separators.
///
/// Why bytes: every character the SVG value grammars consume is ASCII, so scanning bytes is
/// exact and about ten times faster than walking `Character`s. The scanner never steps over a
/// non-ASCII byte, so the number of bytes consumed is also the number of Unicode scalars
/// consumed, which is what `offset` and every `ValueError` report.
///
/// Numbers: digits are accumulated into an integer mantissa; when the mantissa fits in 53 bits
/// and the decimal exponent is within ±22, one IEEE multiply or divide by an exact power of
/// ten gives the correctly rounded value (Clinger's fast path). Anything else (more than 19
/// significant digits, large exponents) goes through `Double(String)`, which rounds correctly.
/// Throughput is measured through the path data reader; see `PathDataParser.swift`.
package struct NumberScanner {
    /// The outcome of scanning one number.
    enum Scan {
        case none
        case value(Double)
        /// The text is a well-formed number whose value is not finite (`1e99999`).
        case outOfRange
    }

    let bytes: [UInt8]
    private(set) var position = 0

    package init(_ text: Substring) {
        // A native string is contiguous UTF-8: one memcpy instead of a byte-by-byte copy.
        bytes = text.utf8.withContiguousStorageIfAvailable { Array($0) } ?? Array(text.utf8)
    }

    /// Scalars consumed so far (equal to bytes consumed: only ASCII is ever consumed).
    package var offset: Int { position }
    package var isAtEnd: Bool { position >= bytes.count }

    /// The byte at the current position, or nil at the end.
    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// Steps over one byte; callers only advance over ASCII they have just peeked.
    mutating func advance() { position += 1 }

    /// The Unicode scalar at the current position (for error messages), or nil at the end.
    var currentScalar: Unicode.Scalar? {
        guard position < bytes.count else { return nil }
        let end = min(position + 4, bytes.count)
        return String(decoding: bytes[position..<end], as: UTF8.self).unicodeScalars.first
    }

    /// SVG whitespace: space, tab, line feed, carriage return (and form feed, which CSS allows).
    @inline(__always) static func isWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C
    }

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }

    package mutating func skipWhitespace() {
        while position < bytes.count && Self.isWhitespace(bytes[position]) { position += 1 }
    }

    /// Optional whitespace, at most one comma, optional whitespace (the SVG `comma-wsp`).
    package mutating func skipCommaWhitespace() {
        _ = skipSeparator()
    }

    /// `skipCommaWhitespace`, telling whether a comma was consumed (a comma promises another
    /// value, so lists reject a trailing one).
    mutating func skipSeparator() -> Bool {
        skipWhitespace()
        guard position < bytes.count && bytes[position] == UInt8(ascii: ",") else { return false }
        position += 1
        skipWhitespace()
        return true
    }

    /// True when the next byte could begin a number (a sign, a digit or a dot).
    var atNumberStart: Bool {
        guard let b = peek else { return false }
        return Self.isDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
    }

    /// An SVG number; nil (and nothing consumed) when there is none or it is not finite.
    package mutating func number() -> Double? {
        if case .value(let v) = scanNumber() { return v }
        return nil
    }

    /// An arc flag: one `0` or `1`, which needs no separator after it.
    package mutating func flag() -> Bool? {
        guard let b = peek, b == UInt8(ascii: "0") || b == UInt8(ascii: "1") else { return nil }
        position += 1
        return b == UInt8(ascii: "1")
    }

    /// Scans `sign? (digits ('.' digits?)? | '.' digits) (e sign? digits)?`. On `.none` and
    /// `.outOfRange` nothing is consumed.
    mutating func scanNumber() -> Scan {
        let start = position
        let n = bytes.count
        var i = position
        var negative = false
        if i < n && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        var mantissa: UInt64 = 0
        var exponent = 0
        var exact = true  // false once a nonzero digit did not fit into the mantissa
        var sawDigit = false
        while i < n && Self.isDigit(bytes[i]) {
            sawDigit = true
            if mantissa < 1_000_000_000_000_000_000 {
                mantissa = mantissa &* 10 &+ UInt64(bytes[i] &- 0x30)
            } else {
                exponent += 1
                if bytes[i] != 0x30 { exact = false }
            }
            i += 1
        }
        if i < n && bytes[i] == UInt8(ascii: ".") && (sawDigit || (i + 1 < n && Self.isDigit(bytes[i + 1]))) {
            i += 1
            while i < n && Self.isDigit(bytes[i]) {
                sawDigit = true
                if mantissa < 1_000_000_000_000_000_000 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[i] &- 0x30)
                    exponent -= 1
                } else if bytes[i] != 0x30 {
                    exact = false
                }
                i += 1
            }
        }
        guard sawDigit else { return .none }
        if i < n && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            // Only an exponent with digits belongs to the number: in "2em" or "1e" the `e` does not.
            var j = i + 1
            var expNegative = false
            if j < n && (bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-")) {
                expNegative = bytes[j] == UInt8(ascii: "-")
                j += 1
            }
            if j < n && Self.isDigit(bytes[j]) {
                var e = 0
                while j < n && Self.isDigit(bytes[j]) {
                    // Saturate: any exponent this large already over- or underflows a Double.
                    if e < 100_000 { e = e * 10 + Int(bytes[j] &- 0x30) }
                    j += 1
                }
                exponent += expNegative ? -e : e
                i = j
            }
        }
        var value: Double
        if exact && mantissa <= 1 << 53 && exponent >= -22 && exponent <= 22 {
            value = Double(mantissa)
            if exponent > 0 {
                value *= Self.powersOfTen[exponent]
            } else if exponent < 0 {
                value /= Self.powersOfTen[-exponent]
            }
            if negative { value = -value }
        } else if mantissa == 0 && exact {
            value = negative ? -0.0 : 0
        } else {
            guard let parsed = Double(String(decoding: bytes[start..<i], as: UTF8.self)) else { return .none }
            value = parsed
        }
        guard value.isFinite else { return .outOfRange }
        position = i
        return .value(value)
    }

    /// 10^0 … 10^22, every one exactly representable as a Double.
    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}

/// Whole-string number and number-list values (`stroke-width="2"`, `values="1 2,3"`).
package enum SVGNumber {
    /// The string, trimmed of whitespace, must be exactly one finite number.
    package static func parse(_ s: Substring) -> Double? {
        var scanner = NumberScanner(s)
        scanner.skipWhitespace()
        guard let v = scanner.number() else { return nil }
        scanner.skipWhitespace()
        return scanner.isAtEnd ? v : nil
    }

    /// Numbers separated by whitespace and/or single commas; an empty string is an empty list;
    /// nil when anything else is in the way (junk, a trailing or doubled comma).
    package static func parseList(_ s: Substring) -> [Double]? {
        var scanner = NumberScanner(s)
        var out: [Double] = []
        scanner.skipWhitespace()
        while !scanner.isAtEnd {
            guard let v = scanner.number() else { return nil }
            out.append(v)
            if scanner.skipSeparator() && scanner.isAtEnd { return nil }
        }
        return out
    }
}
