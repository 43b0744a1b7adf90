import SymbolScene

/// A `fill` or `stroke` value before references and `currentColor` are resolved.
package enum PaintValue: Hashable, Sendable {
    case none
    case color(Color)
    case currentColor
    /// `url(#id)` with an optional fallback (`url(#g) red`, `url(#g) none`).
    case url(id: String, fallback: PaintValueFallback?)

    /// nil means the value is invalid: the caller drops it and reports a diagnostic. Keywords
    /// are ASCII case-insensitive. Only same-document references (`#id`) are accepted; a
    /// reference to another file is invalid here because nothing could resolve it. `inherit`
    /// is not a paint: the caller handles it like any other inherited property.
    package static func parse(_ s: Substring) -> PaintValue? {
        let text = ValueText.trimmed(s)
        if let keyword = keyword(text) { return keyword }
        if text.utf8.count >= 4, text.prefix(4).lowercased() == "url(" {
            guard let close = text.firstIndex(of: ")") else { return nil }
            guard let id = fragment(text[text.index(text.startIndex, offsetBy: 4)..<close]) else { return nil }
            let rest = ValueText.trimmed(text[text.index(after: close)...])
            if rest.isEmpty { return .url(id: id, fallback: nil) }
            switch keyword(rest) {
            case .none?: return .url(id: id, fallback: PaintValueFallback.none)
            case .currentColor?: return .url(id: id, fallback: .currentColor)
            default: break
            }
            guard let color = ColorParser.parse(rest) else { return nil }
            return .url(id: id, fallback: .color(color))
        }
        guard let color = ColorParser.parse(text) else { return nil }
        return .color(color)
    }

    private static func keyword(_ text: Substring) -> PaintValue? {
        guard text.utf8.count == 4 || text.utf8.count == 12 else { return nil }
        switch text.lowercased() {
        case "none": return PaintValue.none
        case "currentcolor": return .currentColor
        default: return nil
        }
    }

    /// The id inside `url(…)`: optional quotes, then `#` and at least one character.
    private static func fragment(_ inner: Substring) -> String? {
        var text = ValueText.trimmed(inner)
        if let q = text.first, q == "\"" || q == "'" {
            guard text.count >= 2, text.last == q else { return nil }
            text = text.dropFirst().dropLast()
        }
        guard text.first == "#", text.count > 1 else { return nil }
        let id = text.dropFirst()
        guard !id.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "'" }) else { return nil }
        return String(id)
    }
}

/// What a `url()` paint falls back to when the reference cannot be used.
package enum PaintValueFallback: Hashable, Sendable {
    case none, color(Color), currentColor
}
