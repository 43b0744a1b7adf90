/// Why text could not be laid out: a font that cannot be found or read, or a style or text
/// outside the limits. Each description is a sentence naming the font and what to install or pass.
package enum TextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// fontconfig's best match for the family is another family (fontconfig always answers).
    case fontNotFound(family: String, weight: Int)
    /// The file is missing, not a font, or has no face at the index asked for.
    case unreadableFont(path: String, reason: String)
    /// A font size that is not finite or not in `TextLimits.sizes`.
    case invalidSize(Double)
    /// A wrap width that is not finite and positive.
    case invalidWidth(Double)
    /// A line height multiple that is not finite and in `TextLimits.lineHeights`.
    case invalidLineHeight(Double)
    /// More characters than `TextLimits.maxCharacters`.
    case textTooLong(characters: Int, limit: Int)

    package var description: String {
        switch self {
        case .fontNotFound(let family, let weight):
            return "no font of family '\(family)' (weight \(weight)) found through fontconfig; install it or pass a font \"file\" path "
                + "(the default, \(FontSpec.defaultFamily), is Debian's fonts-inter)"
        case .unreadableFont(let path, let reason):
            return "the font file '\(path)' cannot be used: \(reason); pass a TrueType or OpenType file (.ttf, .otf, .ttc), "
                + "or a \"family\" installed on this system"
        case .invalidSize(let size):
            return "a font size of \(size) px cannot be drawn; give a size from \(TextLimits.sizes.lowerBound) to \(TextLimits.sizes.upperBound) px"
        case .invalidWidth(let width):
            return "a text width of \(width) px cannot wrap lines; give a positive width in px, or none for no wrapping"
        case .invalidLineHeight(let multiple):
            return "a line height of \(multiple) times the font's cannot be used; give a multiple from "
                + "\(TextLimits.lineHeights.lowerBound) to \(TextLimits.lineHeights.upperBound)"
        case .textTooLong(let characters, let limit):
            return "the text has \(characters) characters, more than the \(limit) one text item may hold; split it into several items"
        }
    }
}

/// The bounds on what one layout may ask for, so hostile input cannot take unbounded time or memory.
package enum TextLimits {
    /// Font sizes in pixels.
    package static let sizes: ClosedRange<Double> = 0.5...2048
    /// Line height multiples of the font's natural line height.
    package static let lineHeights: ClosedRange<Double> = 0.1...10
    /// Characters (grapheme clusters) in one layout.
    package static let maxCharacters = 20_000
}
