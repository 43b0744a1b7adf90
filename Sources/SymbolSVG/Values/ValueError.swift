/// A problem in an attribute value or style text, located by its offset in Unicode scalars
/// from the start of the scanned string, so the reader can turn it into a line and column.
package struct ValueError: Error, Hashable, Sendable {
    /// Offset in Unicode scalars from the start of the scanned string.
    package var offset: Int
    /// A sentence a person can act on, e.g. "expected a number after 'L'".
    package var message: String

    package init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }
}

/// Small text helpers shared by the value scanners.
enum ValueText {
    /// How a character is named inside an error message: printable characters quoted, anything
    /// else by code point, so a message never carries control characters or invisible text.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        if scalar == " " { return "a space" }
        if scalar.value < 0x21 || scalar.value == 0x7F || scalar.properties.generalCategory == .format
            || scalar.properties.isWhitespace {
            return "U+" + String(scalar.value, radix: 16, uppercase: true)
        }
        return "'\(Character(scalar))'"
    }

    /// ASCII whitespace trimmed from both ends (SVG and CSS whitespace is ASCII).
    static func trimmed(_ s: Substring) -> Substring {
        var start = s.startIndex, end = s.endIndex
        let utf8 = s.utf8
        while start < end, NumberScanner.isWhitespace(utf8[start]) {
            start = utf8.index(after: start)
        }
        while start < end {
            let before = utf8.index(before: end)
            guard NumberScanner.isWhitespace(utf8[before]) else { break }
            end = before
        }
        return s[start..<end]
    }
}
