/// A style rule: a selector list and its declarations.
package struct CSSRule: Hashable, Sendable {
    /// A grouped selector list `.a, .b`.
    package var selectors: [CSSSelector]
    package var declarations: [CSSDeclaration]
    /// Scalar offset of the rule's first selector.
    package var offset: Int

    package init(selectors: [CSSSelector], declarations: [CSSDeclaration], offset: Int) {
        self.selectors = selectors
        self.declarations = declarations
        self.offset = offset
    }
}

/// The rules of a `<style>` element, and the cascade over them for one element.
package struct StyleSheet: Sendable {
    package var rules: [CSSRule]

    package init(rules: [CSSRule] = []) {
        self.rules = rules
    }

    /// Parses a `<style>` text (CDATA markers already removed by the caller): comments,
    /// grouped selectors, declaration blocks. An @-rule is skipped with its block and kept as a
    /// rule whose one selector is `.unsupported("@…")`, so the caller can report it. Junk is
    /// skipped to the next `}` with an error; a rule whose selector list holds junk is dropped
    /// with an error.
    package static func parse(_ text: Substring) -> (sheet: StyleSheet, errors: [ValueError]) {
        let css = CSSText(text)
        var rules: [CSSRule] = []
        var errors: [ValueError] = []
        var i = 0
        while true {
            skipFiller(css, &i)
            guard i < css.count else { break }
            let start = i
            if css.scalars[i] == "}" {
                errors.append(ValueError(offset: i, message: "unexpected '}' without a rule before it"))
                i += 1
                continue
            }
            let preludeEnd = css.find(css.scalars[i] == "@" ? ["{", ";"] : ["{", "}"], from: i, limit: css.count)
            let prelude = CSSText.trimmed(css.text(start..<preludeEnd))
            if css.scalars[start] == "@" {
                i = css[preludeEnd] == "{" ? blockEnd(css, after: preludeEnd, errors: &errors) : preludeEnd + 1
                rules.append(CSSRule(selectors: [.unsupported(prelude)], declarations: [], offset: start))
                continue
            }
            guard preludeEnd < css.count else {
                errors.append(ValueError(offset: start, message: "expected '{' after '\(abbreviated(prelude))'"))
                break
            }
            if css.scalars[preludeEnd] == "}" {
                errors.append(ValueError(offset: start, message: "expected a rule, found '\(abbreviated(prelude))'; skipped up to '}'"))
                i = preludeEnd + 1
                continue
            }
            let end = blockEnd(css, after: preludeEnd, errors: &errors)
            i = end
            guard let selectors = selectorList(prelude) else {
                let message = prelude.isEmpty ? "expected a selector before '{'"
                    : "'\(abbreviated(prelude))' is not a valid selector list; the rule was ignored"
                errors.append(ValueError(offset: start, message: message))
                continue
            }
            let bodyEnd = css[end - 1] == "}" && end - 1 > preludeEnd ? end - 1 : end
            let declarations = CSSParser.parseDeclarations(css, (preludeEnd + 1)..<bodyEnd, errors: &errors)
            rules.append(CSSRule(selectors: selectors, declarations: declarations, offset: start))
        }
        return (StyleSheet(rules: rules), errors)
    }

    /// Whitespace, comments and the HTML comment markers `<!--` `-->` CSS allows between rules.
    private static func skipFiller(_ css: CSSText, _ i: inout Int) {
        while true {
            css.skipWhitespaceAndComments(&i, limit: css.count)
            if css[i] == "<" && css[i + 1] == "!" && css[i + 2] == "-" && css[i + 3] == "-" {
                i += 4
            } else if css[i] == "-" && css[i + 1] == "-" && css[i + 2] == ">" {
                i += 3
            } else {
                return
            }
        }
    }

    /// The index after the `}` closing the block opened at `open`; an unterminated block runs
    /// to the end of the text, with an error.
    private static func blockEnd(_ css: CSSText, after open: Int, errors: inout [ValueError]) -> Int {
        let close = css.find(["}"], from: open + 1, limit: css.count)
        if close >= css.count {
            errors.append(ValueError(offset: open, message: "missing '}' to close the block opened here"))
            return css.count
        }
        return close + 1
    }

    /// The comma-separated selectors, or nil when any of them is junk or empty.
    private static func selectorList(_ prelude: String) -> [CSSSelector]? {
        var selectors: [CSSSelector] = []
        for part in splitTopLevelCommas(prelude) {
            guard let selector = CSSSelector.parse(CSSText.trimmed(part)) else { return nil }
            selectors.append(selector)
        }
        return selectors
    }

    /// Splits at commas outside strings, parentheses and brackets (`:is(.a, .b)` stays whole).
    private static func splitTopLevelCommas(_ text: String) -> [String] {
        let css = CSSText(Substring(text))
        var parts: [String] = []
        var i = 0
        while i <= css.count {
            let comma = css.find([","], from: i, limit: css.count)
            parts.append(String(String.UnicodeScalarView(css.scalars[i..<comma])))
            i = comma + 1
        }
        return parts
    }

    private static func abbreviated(_ s: String) -> String {
        s.unicodeScalars.count <= 40 ? s : String(String.UnicodeScalarView(s.unicodeScalars.prefix(40))) + "…"
    }

    /// Declarations that apply to an element, lowest priority first: ordered by importance,
    /// then specificity (the highest of the rule's matching selectors), then rule order and
    /// declaration order. The caller applies them in order, then the element's own `style=""`
    /// (which beats non-important sheet declarations).
    package func declarations(element: String, id: String?, classes: [String]) -> [CSSDeclaration] {
        struct Entry {
            var important: Bool
            var specificity: (Int, Int, Int)
            var order: Int
            var declaration: CSSDeclaration
        }
        var entries: [Entry] = []
        var order = 0
        for rule in rules {
            var best: (Int, Int, Int)?
            for selector in rule.selectors where selector.matches(element: element, id: id, classes: classes) {
                if best == nil || selector.specificity > best! { best = selector.specificity }
            }
            guard let specificity = best else { continue }
            for d in rule.declarations {
                entries.append(Entry(important: d.important, specificity: specificity, order: order, declaration: d))
                order += 1
            }
        }
        entries.sort { a, b in
            if a.important != b.important { return !a.important }
            if a.specificity != b.specificity { return a.specificity < b.specificity }
            return a.order < b.order
        }
        return entries.map(\.declaration)
    }
}
