/// One selector of a style rule, reduced to what SVG symbols use.
package enum CSSSelector: Hashable, Sendable {
    case universal
    /// Compound simple selector: optional element name, id, class tokens, e.g. `path.a.b`,
    /// `#x`, `.a`. Class tokens are literal: `.multicolor-0:tintColor` is the class
    /// `multicolor-0:tintColor`, as SF Symbols writes it, and `.a\:b` is the class `a:b`.
    case compound(element: String?, id: String?, classes: [String])
    /// Anything we do not support (combinators, attribute selectors, real pseudo-classes such
    /// as `:hover`, @-rules): kept so the caller can report it; never matches.
    case unsupported(String)

    /// Specificity (ids, classes, elements) as CSS defines it.
    package var specificity: (Int, Int, Int) {
        switch self {
        case .universal, .unsupported: return (0, 0, 0)
        case .compound(let element, let id, let classes): return (id == nil ? 0 : 1, classes.count, element == nil ? 0 : 1)
        }
    }

    /// Element names and ids compare case-sensitively, as in XML documents.
    package func matches(element: String, id: String?, classes: [String]) -> Bool {
        switch self {
        case .universal: return true
        case .unsupported: return false
        case .compound(let e, let i, let c):
            if let e, e != element { return false }
            if let i, i != id { return false }
            return c.allSatisfy { classes.contains($0) }
        }
    }

    /// Reads one selector (comments already removed, trimmed). nil when the text is not a
    /// selector at all (junk such as `fill:red;`), so the caller drops the rule with an error.
    static func parse(_ text: String) -> CSSSelector? {
        let s = Array(text.unicodeScalars)
        guard !s.isEmpty else { return nil }
        if s == ["*"] { return .universal }
        if let compound = compound(s) { return compound }
        return s.allSatisfy(isSelectorScalar) ? .unsupported(text) : nil
    }

    /// Characters that may appear in selectors we recognise but do not support.
    private static func isSelectorScalar(_ c: Unicode.Scalar) -> Bool {
        if c.value >= 0x80 || isNameScalar(c) || CSSText.isWhitespace(c) { return true }
        return "*.#:>+~[]=\"'()|^$,\\@%".unicodeScalars.contains(c)
    }

    static func isNameScalar(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_": return true
        default: return c.value >= 0x80
        }
    }

    /// `element? ('#' id | '.' class)*` or nil when anything else is present.
    private static func compound(_ s: [Unicode.Scalar]) -> CSSSelector? {
        var i = 0
        var element: String?
        var id: String?
        var classes: [String] = []
        if s[0] == "*" {
            i = 1
        } else if isNameScalar(s[0]) || s[0] == "\\" {
            guard let (name, _) = token(s, &i, allowColon: false), !name.isEmpty else { return nil }
            element = name
        }
        while i < s.count {
            let marker = s[i]
            i += 1
            switch marker {
            case "#":
                guard id == nil, let (name, _) = token(s, &i, allowColon: false), !name.isEmpty else { return nil }
                id = name
            case ".":
                guard let (name, colon) = token(s, &i, allowColon: true), !name.isEmpty else { return nil }
                // SF Symbols role classes carry a colon (`hierarchical-1:secondary`); a real
                // pseudo-class after a class (`.a:hover`) must not turn into a literal class.
                if let colon, isPseudo(name, colonAt: colon) { return nil }
                classes.append(name)
            default:
                return nil
            }
        }
        if element == nil && id == nil && classes.isEmpty { return .universal }
        return .compound(element: element, id: id, classes: classes)
    }

    /// A name or class token starting at `i`, with CSS escapes resolved (`\:` is `:`, `\3A `
    /// is `:`). Class tokens also take unescaped colons literally; the offset (in the
    /// resolved token) of the first unescaped colon comes back for the pseudo-class check.
    private static func token(_ s: [Unicode.Scalar], _ i: inout Int, allowColon: Bool) -> (String, Int?)? {
        var out = String.UnicodeScalarView()
        var count = 0
        var firstColon: Int?
        while i < s.count {
            let c = s[i]
            if c == "\\" {
                guard i + 1 < s.count else { return nil }
                out.append(escape(s, &i))
            } else if isNameScalar(c) {
                out.append(c)
                i += 1
            } else if c == ":" && allowColon {
                if firstColon == nil { firstColon = count }
                out.append(c)
                i += 1
            } else {
                break
            }
            count += 1
        }
        return (String(out), firstColon)
    }

    /// Resolves the escape starting at the backslash at `i`: up to six hex digits (and one
    /// whitespace after them) name a code point; any other character stands for itself.
    static func escape(_ s: [Unicode.Scalar], _ i: inout Int) -> Unicode.Scalar {
        i += 1
        var value: UInt32 = 0
        var digits = 0
        while i < s.count, digits < 6, let d = hexDigit(s[i]) {
            value = value * 16 + d
            digits += 1
            i += 1
        }
        if digits == 0 {
            let c = s[i]
            i += 1
            return c
        }
        if i < s.count && CSSText.isWhitespace(s[i]) { i += 1 }
        // CSS: zero, surrogates and values past U+10FFFF become U+FFFD.
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return scalar
    }

    private static func hexDigit(_ c: Unicode.Scalar) -> UInt32? {
        switch c {
        case "0"..."9": return c.value - 0x30
        case "a"..."f": return c.value - 0x61 + 10
        case "A"..."F": return c.value - 0x41 + 10
        default: return nil
        }
    }

    /// True when the part of `token` after its first colon is a CSS pseudo-class or
    /// pseudo-element rather than an SF Symbols role suffix.
    private static func isPseudo(_ token: String, colonAt index: Int) -> Bool {
        let suffix = String(token.unicodeScalars.dropFirst(index + 1)).lowercased()
        if suffix.hasPrefix(":") { return true }  // `::before`
        let name = suffix.prefix { $0 != ":" && $0 != "(" }
        return pseudoClasses.contains(String(name))
    }

    private static let pseudoClasses: Set<String> = [
        "hover", "active", "focus", "focus-within", "focus-visible", "visited", "link", "any-link", "target",
        "root", "empty", "first-child", "last-child", "only-child", "first-of-type", "last-of-type",
        "only-of-type", "nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type", "not", "is", "where",
        "has", "checked", "disabled", "enabled", "lang", "before", "after", "first-line", "first-letter",
    ]
}
