import SymbolScene

/// Guesses which program wrote a file, from generator comments, namespaces and SF Symbols
/// structure. Used by `inspect` and diagnostics only; reading never depends on it.
enum ProducerDetector {
    static func detect(_ document: XMLDocument, ids: [String: XMLElement], hasVariants: Bool,
                       hasLayerTree: Bool, hasDrawData: Bool) -> Producer {
        let comments = document.comments.joined(separator: "\n")
        let root = document.root
        let version = templateVersion(ids)
        let apple = comments.contains("Apple Native CoreSVG") || comments.contains("template writer version")
        if ids["Notes"] != nil && hasVariants {
            if hasLayerTree || hasDrawData { return .sfSymbolsExport(version: version ?? "7.0") }
            return .sfSymbolsTemplate(version: version)
        }
        if apple { return .sfSymbolsExport(version: version) }
        if comments.contains("Sketch") || root.attribute("xmlns:sketch") != nil { return .tool("Sketch") }
        if root.attribute("xmlns:inkscape") != nil || root.attribute("inkscape:version") != nil { return .tool("Inkscape") }
        if comments.contains("Adobe Illustrator") || root.attribute("xmlns:x") != nil { return .tool("Adobe Illustrator") }
        if root.attribute("xmlns:serif") != nil || comments.contains("Affinity") { return .tool("Affinity Designer") }
        if comments.contains("Pixelmator") { return .tool("Pixelmator") }
        if comments.contains("SwiftDraw") { return .tool("SwiftDraw") }
        if comments.contains("Figma") { return .tool("Figma") }
        if hasVariants { return .sfSymbolsTemplate(version: version) }
        return .unknown
    }

    /// `Template v.5.0` in the Notes → `5.0`.
    static func templateVersion(_ ids: [String: XMLElement]) -> String? {
        guard let text = ids["template-version"]?.text else { return nil }
        guard let r = text.firstRange(of: "v.") ?? text.firstRange(of: "v") else { return nil }
        let digits = text[r.upperBound...].prefix { $0.isNumber || $0 == "." }
        return digits.isEmpty ? nil : String(digits)
    }
}
