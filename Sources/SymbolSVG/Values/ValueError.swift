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

/// How a character is named inside an error message: printable characters quoted, anything
/// else by code point, so a message never carries control characters or invisible text.
func describe(_ scalar: Unicode.Scalar) -> String {
    if scalar == " " { return "a space" }
    if scalar.value < 0x21 || scalar.value == 0x7F || scalar.properties.generalCategory == .format
        || scalar.properties.isWhitespace {
        return "U+" + String(scalar.value, radix: 16, uppercase: true)
    }
    return "'\(Character(scalar))'"
}
