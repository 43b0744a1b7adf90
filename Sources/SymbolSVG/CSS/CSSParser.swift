/// One `name: value` pair of a style rule or a `style=""` attribute.
package struct CSSDeclaration: Hashable, Sendable {
    /// Lowercased property name.
    package var name: String
    /// Trimmed raw value text, comments removed, without `!important`.
    package var value: String
    package var important: Bool
    /// Scalar offset of the name in the scanned text.
    package var offset: Int

    package init(name: String, value: String, important: Bool = false, offset: Int = 0) {
        self.name = name
        self.value = value
        self.important = important
        self.offset = offset
    }
}

/// Declaration lists (`style=""` and rule bodies) and the SF Symbols tag list value.
package enum CSSParser {
    /// Parses `fill:red; stroke : blue ;`: values keep quoted text, parentheses and brackets
    /// whole (a `;` inside them does not end the value), `!important` is recognised, and a
    /// malformed declaration is skipped up to the next `;` with an error.
    package static func parseDeclarations(_ text: Substring) -> (declarations: [CSSDeclaration], errors: [ValueError]) {
        let css = CSSText(text)
        var errors: [ValueError] = []
        let declarations = parseDeclarations(css, 0..<css.count, errors: &errors)
        return (declarations, errors)
    }

    /// The declarations in `range` of `css`; offsets are indices into `css`.
    static func parseDeclarations(_ css: CSSText, _ range: Range<Int>, errors: inout [ValueError]) -> [CSSDeclaration] {
        var out: [CSSDeclaration] = []
        var i = range.lowerBound
        let end = range.upperBound
        while i < end {
            css.skipWhitespaceAndComments(&i, limit: end)
            guard i < end else { break }
            if css.scalars[i] == ";" { i += 1; continue }
            let nameStart = i
            var name = String.UnicodeScalarView()
            while i < end {
                let c = css.scalars[i]
                // A CSS identifier cannot start with a digit.
                if CSSSelector.isNameScalar(c) && !(name.isEmpty && ("0"..."9").contains(c)) {
                    name.append(c)
                    i += 1
                } else if c == "\\" && i + 1 < end {
                    name.append(CSSSelector.escape(css.scalars, &i))
                } else {
                    break
                }
            }
            css.skipWhitespaceAndComments(&i, limit: end)
            guard !name.isEmpty, i < end, css.scalars[i] == ":" else {
                let found = i < end ? ValueText.describe(css.scalars[i]) : "the end"
                let message = name.isEmpty
                    ? "expected a property name, found \(found)"
                    : "expected ':' after '\(String(name))', found \(found)"
                errors.append(ValueError(offset: name.isEmpty ? i : nameStart, message: message))
                i = css.find([";"], from: i, limit: end) + 1
                continue
            }
            i += 1
            let valueEnd = css.find([";"], from: i, limit: end)
            let (value, important) = splitImportant(CSSText.trimmed(css.text(i..<valueEnd)))
            let propertyName = String(name).lowercased()
            if value.isEmpty {
                errors.append(ValueError(offset: nameStart, message: "expected a value after '\(propertyName):'"))
            } else {
                out.append(CSSDeclaration(name: propertyName, value: value, important: important, offset: nameStart))
            }
            i = valueEnd + 1
        }
        return out
    }

    /// Splits a trailing `!important` (any case, spaces allowed after the `!`) off a value.
    private static func splitImportant(_ value: String) -> (String, Bool) {
        let scalars = Array(value.unicodeScalars)
        let keyword = Array("important".unicodeScalars)
        guard scalars.count > keyword.count else { return (value, false) }
        let tail = scalars[(scalars.count - keyword.count)...]
        guard String(String.UnicodeScalarView(tail)).lowercased() == "important" else { return (value, false) }
        var j = scalars.count - keyword.count
        while j > 0 && CSSText.isWhitespace(scalars[j - 1]) { j -= 1 }
        guard j > 0, scalars[j - 1] == "!" else { return (value, false) }
        let rest = CSSText.trimmed(String(String.UnicodeScalarView(scalars[..<(j - 1)])))
        return (rest, true)
    }

    /// The tokens of a `-sfsymbols-layer-tags` value: separated by whitespace; a double- or
    /// single-quoted part keeps its spaces (`"bell body" slash` → `bell body`, `slash`).
    /// A backslash inside quotes escapes the next character; an unterminated quote runs to the end.
    package static func splitTags(_ value: Substring) -> [String] {
        var tags: [String] = []
        var current = String.UnicodeScalarView()
        var inToken = false
        var quote: Unicode.Scalar?
        var escaped = false
        for c in value.unicodeScalars {
            if let q = quote {
                if escaped {
                    current.append(c)
                    escaped = false
                } else if c == "\\" {
                    escaped = true
                } else if c == q {
                    quote = nil
                } else {
                    current.append(c)
                }
            } else if CSSText.isWhitespace(c) {
                if inToken && !current.isEmpty { tags.append(String(current)) }
                current = String.UnicodeScalarView()
                inToken = false
            } else if c == "\"" || c == "'" {
                quote = c
                inToken = true
            } else {
                current.append(c)
                inToken = true
            }
        }
        if inToken && !current.isEmpty { tags.append(String(current)) }
        return tags
    }
}
