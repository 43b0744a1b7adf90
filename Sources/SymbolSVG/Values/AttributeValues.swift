import SymbolGeometry

/// `viewBox="min-x min-y width height"`.
package enum ViewBoxParser {
    /// Four numbers separated by whitespace and/or commas; nil unless width and height are > 0.
    package static func parse(_ s: Substring) -> Rect? {
        guard let v = SVGNumber.parseList(s), v.count == 4, v[2] > 0, v[3] > 0 else { return nil }
        let r = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
        // min + size can overflow even when each number is finite.
        guard r.maxX.isFinite, r.maxY.isFinite else { return nil }
        return r
    }
}

/// `points="x1,y1 x2,y2 …"` of `polyline` and `polygon`.
package enum PointsParser {
    /// Pairs of numbers. SVG renders up to the first error: junk stops the list there, and an
    /// odd count drops the last number; both come back with an error.
    package static func parse(_ s: Substring) -> (points: [Point], error: ValueError?) {
        var scanner = NumberScanner(s)
        var points: [Point] = []
        var pendingX: Double?
        var pendingOffset = 0
        scanner.skipWhitespace()
        while !scanner.isAtEnd {
            let offset = scanner.offset
            guard case .value(let v) = scanner.scanNumber() else {
                let found = scanner.currentScalar.map(ValueText.describe) ?? "the end"
                return (points, ValueError(offset: offset, message: "expected a number in the points list, found \(found)"))
            }
            if let x = pendingX {
                points.append(Point(x, v))
                pendingX = nil
            } else {
                pendingX = v
                pendingOffset = offset
            }
            let commaOffset = scanner.offset
            if scanner.skipSeparator() && scanner.isAtEnd {
                return (points, ValueError(offset: commaOffset, message: "unexpected ',' at the end of the points list"))
            }
        }
        if pendingX != nil {
            return (points, ValueError(offset: pendingOffset,
                message: "the points list has an odd count of numbers; the last one was ignored"))
        }
        return (points, nil)
    }
}

/// `stroke-dasharray`.
package enum DashArrayParser {
    /// `none` → []. Otherwise lengths (bare numbers or absolute units, converted to user units)
    /// separated by whitespace and/or commas. An odd count is repeated to make it even; an
    /// all-zero list is [] (solid). nil when invalid: junk, a negative length, a percentage or
    /// font-relative unit (they need context this value does not have) or an empty value.
    package static func parse(_ s: Substring) -> [Double]? {
        let text = ValueText.trimmed(s)
        if text.utf8.count == 4 && text.lowercased() == "none" { return [] }
        var out: [Double] = []
        var rest = text[...]
        while !rest.isEmpty {
            // Each item ends at whitespace or a comma; Length.parse checks the item itself.
            let end = rest.utf8.firstIndex { NumberScanner.isWhitespace($0) || $0 == UInt8(ascii: ",") } ?? rest.endIndex
            guard let length = Length.parse(rest[..<end]), length.value >= 0 else { return nil }
            switch length.unit {
            case .percent, .em, .ex: return nil
            default: out.append(length.userUnits(reference: 0))
            }
            rest = rest[end...]
            // One comma, with optional whitespace around it, or whitespace alone.
            var sawComma = false
            while let b = rest.utf8.first, NumberScanner.isWhitespace(b) || (b == UInt8(ascii: ",") && !sawComma) {
                if b == UInt8(ascii: ",") { sawComma = true }
                rest = rest.dropFirst()
            }
            if sawComma && rest.isEmpty { return nil }
        }
        guard !out.isEmpty else { return nil }
        guard out.contains(where: { $0 > 0 }) else { return [] }
        guard out.allSatisfy(\.isFinite) else { return nil }
        return out.count % 2 == 1 ? out + out : out
    }
}
