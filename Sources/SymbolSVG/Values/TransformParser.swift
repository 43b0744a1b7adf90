import SymbolGeometry

/// The SVG `transform` attribute (and `gradientTransform`, `patternTransform`).
package enum TransformParser {
    /// `matrix(a b c d e f)` with commas or spaces, `translate(x [y])`, `scale(sx [sy])`,
    /// `rotate(a [cx cy])`, `skewX(a)`, `skewY(a)`, several in one attribute separated by
    /// whitespace and/or a comma. The list "A B" maps child coordinates to parent coordinates as
    /// A(B(p)). An empty value is the identity. Errors (unknown function, wrong argument
    /// count, junk, non-finite values) carry the offset of the problem; per SVG the caller then
    /// ignores the whole attribute.
    package static func parse(_ s: Substring) -> Result<Transform, ValueError> {
        var scanner = NumberScanner(s)
        var result = Transform.identity
        scanner.skipWhitespace()
        while !scanner.isAtEnd {
            switch function(&scanner) {
            case .failure(let error): return .failure(error)
            case .success(let (t, start)):
                // "A B" is A(B(p)): the transform read later is applied first.
                result = t.concatenating(result)
                guard result.isFinite else {
                    return .failure(ValueError(offset: start, message: "the transform list is too large to represent"))
                }
            }
            let commaOffset = scanner.offset
            if scanner.skipSeparator() && scanner.isAtEnd {
                return .failure(ValueError(offset: commaOffset, message: "expected a transform function after ','"))
            }
        }
        return .success(result)
    }

    private enum Kind: String, CaseIterable {
        case matrix, translate, scale, rotate, skewX, skewY

        /// Argument counts the function accepts.
        var arities: [Int] {
            switch self {
            case .matrix: return [6]
            case .translate, .scale: return [1, 2]
            case .rotate: return [1, 3]
            case .skewX, .skewY: return [1]
            }
        }
    }

    /// One `name(args)`; returns the transform and the offset where its name starts.
    private static func function(_ scanner: inout NumberScanner) -> Result<(Transform, Int), ValueError> {
        let start = scanner.offset
        while let b = scanner.peek, (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") {
            scanner.advance()
        }
        let name = String(decoding: scanner.bytes[start..<scanner.offset], as: UTF8.self)
        guard !name.isEmpty else {
            return .failure(unexpected(scanner, "expected a transform function such as 'translate('"))
        }
        // SVG function names are case-sensitive: `Scale(2)` is an error, as in browsers.
        guard let kind = Kind(rawValue: name) else {
            return .failure(ValueError(offset: start, message:
                "unknown transform function '\(name)'; expected matrix, translate, scale, rotate, skewX or skewY"))
        }
        scanner.skipWhitespace()
        guard scanner.peek == UInt8(ascii: "(") else {
            return .failure(unexpected(scanner, "expected '(' after '\(name)'"))
        }
        scanner.advance()
        scanner.skipWhitespace()
        var args: [Double] = []
        var argOffsets: [Int] = []
        while scanner.peek != UInt8(ascii: ")") {
            let afterComma = !args.isEmpty && scanner.skipSeparator()
            let offset = scanner.offset
            switch scanner.scanNumber() {
            case .value(let v):
                args.append(v)
                argOffsets.append(offset)
            case .outOfRange:
                return .failure(ValueError(offset: offset, message: "number out of range in '\(name)()'"))
            case .none:
                if scanner.isAtEnd {
                    return .failure(ValueError(offset: offset, message: "missing ')' after the arguments of '\(name)'"))
                }
                let expectation = afterComma ? "expected a number after ',' in '\(name)()'"
                    : "expected a number or ')' in '\(name)()'"
                return .failure(unexpected(scanner, expectation))
            }
            scanner.skipWhitespace()
            // Bound the work on hostile input: no function takes more than six numbers.
            if args.count > 6 { break }
        }
        guard kind.arities.contains(args.count) else {
            let counts = kind.arities.map(String.init).joined(separator: " or ")
            let plural = kind.arities == [1] ? "number" : "numbers"
            let offset = args.count > kind.arities.max()! ? argOffsets[kind.arities.max()!] : scanner.offset
            return .failure(ValueError(offset: offset,
                message: "'\(name)()' takes \(counts) \(plural), found \(args.count > 6 ? "more than 6" : String(args.count))"))
        }
        scanner.advance()  // ')'
        return .success((make(kind, args), start))
    }

    private static func make(_ kind: Kind, _ v: [Double]) -> Transform {
        switch kind {
        case .matrix: return Transform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
        case .translate: return .translation(v[0], v.count > 1 ? v[1] : 0)
        case .scale: return .scale(v[0], v.count > 1 ? v[1] : v[0])
        case .rotate:
            return v.count == 3 ? .rotation(degrees: v[0], about: Point(v[1], v[2])) : .rotation(degrees: v[0])
        case .skewX: return .skewX(degrees: v[0])
        case .skewY: return .skewY(degrees: v[0])
        }
    }

    /// An error at the scanner's position naming what is found there.
    private static func unexpected(_ scanner: NumberScanner, _ expectation: String) -> ValueError {
        let found = scanner.currentScalar.map { ", found \(ValueText.describe($0))" } ?? ", found the end of the value"
        return ValueError(offset: scanner.offset, message: expectation + found)
    }
}
