/// Style text as Unicode scalars, with the low-level skips shared by the style sheet and
/// declaration readers. Indices into `scalars` are the scalar offsets errors report.
///
/// Style texts are small (a few kilobytes in SF Symbols templates), so clarity wins over speed
/// here: one array of scalars, plain index arithmetic.
struct CSSText {
    let scalars: [Unicode.Scalar]

    init(_ text: Substring) {
        scalars = Array(text.unicodeScalars)
    }

    var count: Int { scalars.count }

    subscript(_ i: Int) -> Unicode.Scalar? { i >= 0 && i < scalars.count ? scalars[i] : nil }

    static func isWhitespace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}"
    }

    /// True at the start of a `/* … */` comment.
    func isCommentStart(_ i: Int) -> Bool { self[i] == "/" && self[i + 1] == "*" }

    /// The index after the comment starting at `i` (the end of the text if it is unterminated).
    func commentEnd(_ i: Int) -> Int {
        var j = i + 2
        while j + 1 < count {
            if scalars[j] == "*" && scalars[j + 1] == "/" { return j + 2 }
            j += 1
        }
        return count
    }

    /// Skips whitespace and comments up to `limit`.
    func skipWhitespaceAndComments(_ i: inout Int, limit: Int) {
        while i < limit {
            if Self.isWhitespace(scalars[i]) {
                i += 1
            } else if isCommentStart(i) {
                i = min(commentEnd(i), limit)
            } else {
                return
            }
        }
    }

    /// The index after the string whose opening quote is at `i`. A string also ends at an
    /// unescaped newline (a CSS "bad string") or at `limit`.
    func stringEnd(_ i: Int, limit: Int) -> Int {
        let quote = scalars[i]
        var j = i + 1
        while j < limit {
            let c = scalars[j]
            if c == quote { return j + 1 }
            if c == "\n" { return j }
            j += c == "\\" ? 2 : 1
        }
        return limit
    }

    /// The index of the first of `stops` at nesting depth zero from `i`, or `limit`. Strings,
    /// comments, escapes and (), [], {} pairs are stepped over whole, so a `;` or `}` inside
    /// them does not count.
    func find(_ stops: Set<Unicode.Scalar>, from i: Int, limit: Int) -> Int {
        var j = i
        var closers: [Unicode.Scalar] = []
        while j < limit {
            let c = scalars[j]
            if closers.isEmpty && stops.contains(c) { return j }
            switch c {
            case "\"", "'": j = stringEnd(j, limit: limit); continue
            case "\\": j += 2; continue
            case "/" where isCommentStart(j): j = min(commentEnd(j), limit); continue
            case "(": closers.append(")")
            case "[": closers.append("]")
            case "{": closers.append("}")
            case ")", "]", "}":
                if closers.last == c {
                    closers.removeLast()
                } else if c == "}" && !closers.isEmpty {
                    // A stray `}` closes everything open: CSS blocks end at it regardless.
                    closers.removeAll()
                    if stops.contains(c) { return j }
                }
            default: break
            }
            j += 1
        }
        return min(j, limit)
    }

    /// `s` without leading and trailing CSS whitespace.
    static func trimmed(_ s: String) -> String {
        let v = s.unicodeScalars
        guard let first = v.firstIndex(where: { !isWhitespace($0) }),
              let last = v.lastIndex(where: { !isWhitespace($0) }) else { return "" }
        return String(v[first...last])
    }

    /// The text of `range` with each comment (outside strings) replaced by a space, which is
    /// how CSS treats a comment between tokens.
    func text(_ range: Range<Int>) -> String {
        var out = String.UnicodeScalarView()
        var j = range.lowerBound
        while j < range.upperBound {
            let c = scalars[j]
            if c == "\"" || c == "'" {
                let end = stringEnd(j, limit: range.upperBound)
                out.append(contentsOf: scalars[j..<end])
                j = end
            } else if isCommentStart(j) {
                j = min(commentEnd(j), range.upperBound)
                out.append(" ")
            } else {
                out.append(c)
                j += 1
            }
        }
        return String(out)
    }
}
