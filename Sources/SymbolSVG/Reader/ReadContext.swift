import SymbolGeometry
import SymbolScene

/// Shared state of one read: the file, its id index, the style sheet, limits and diagnostics.
final class ReadContext {
    static let maxSegments = 1_000_000
    static let maxUseDepth = 32
    /// Elements visited, counting each copy a `<use>` makes: symbols have hundreds, and a few
    /// nested `<use>` can ask for billions (checked as the walk goes, before the work).
    static let maxElements = 100_000

    let file: String
    let document: XMLDocument
    var diagnostics: [Diagnostic] = []
    private var reported: Set<Diagnostic> = []

    /// Coordinates beyond this (after transforms) are not drawn: no drawing needs them, and
    /// they would lose all precision in the rasterizer.
    static let maxCoordinate = 1e9
    /// A stroke wider than 100 times the viewport's diagonal covers everything many times over.
    static func maxStrokeWidth(_ diagonal: Double) -> Double { max(diagonal, 1) * 100 }
    var sheet = StyleSheet(rules: [])
    var ids: [String: XMLElement] = [:]
    var segments = 0
    var elements = 0
    /// `<path>` data already parsed, by element, with its segment count.
    var parsedPaths: [ObjectIdentifier: (Path?, Int)] = [:]
    /// The root viewport in user units (percentages resolve against it).
    var viewport = Rect(x: 0, y: 0, width: 100, height: 100)
    /// The viewport's normalized diagonal, √((w² + h²) / 2): what a percentage of a length that
    /// is neither horizontal nor vertical (stroke width, radius) refers to (SVG 2, 8.9).
    var viewportDiagonal: Double { ((viewport.width * viewport.width + viewport.height * viewport.height) / 2).squareRoot() }
    /// The file is an SF Symbols template or export (variants, guides, layer classes or a
    /// LayerTree): its shapes are glyph outlines, filled whatever their own fill and stroke say.
    var fillsOutlines = false

    init(file: String, document: XMLDocument) {
        self.file = file
        self.document = document
    }

    func location(_ el: XMLElement) -> SourceLocation {
        SourceLocation(file: file, line: el.line, column: el.column)
    }

    /// The position `offset` scalars into an attribute's value.
    func location(_ attr: XMLAttribute, offset: Int = 0) -> SourceLocation {
        var (line, column) = (attr.line, attr.column)
        for (k, s) in attr.value.unicodeScalars.enumerated() {
            if k >= offset { break }
            if s == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return SourceLocation(file: file, line: line, column: column)
    }

    /// The position `offset` scalars into an element's text (for `<style>`).
    func textLocation(_ el: XMLElement, offset: Int) -> SourceLocation {
        var (line, column) = (el.textLine, el.textColumn)
        for (k, s) in el.text.unicodeScalars.enumerated() {
            if k >= offset { break }
            if s == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return SourceLocation(file: file, line: line, column: column)
    }

    /// Adds a warning once (an element read twice — as page and as symbol — reports once).
    func warn(_ code: String, _ message: String, at location: SourceLocation?) {
        record(Diagnostic(.warning, code: code, message, at: location))
    }

    func note(_ code: String, _ message: String, at location: SourceLocation?) {
        record(Diagnostic(.note, code: code, message, at: location))
    }

    private func record(_ d: Diagnostic) {
        guard diagnostics.count < 1000, !reported.contains(d) else { return }
        reported.insert(d)
        diagnostics.append(d)
    }

    // MARK: Indexing

    /// Collects `<style>` sheets and ids (first wins; duplicates are reported).
    func index() {
        var styleElements: [XMLElement] = []
        func visit(_ el: XMLElement) {
            if let id = el.attribute("id") {
                if ids[id.value] == nil {
                    ids[id.value] = el
                } else if id.value == "H-reference" {
                    // Every SF Symbols export repeats it (one per variant): expected, not a fault.
                    note("duplicate-id", "id 'H-reference' is used more than once (as every SF Symbols export does)",
                         at: location(id))
                } else {
                    warn("duplicate-id", "id '\(id.value)' is used more than once; the first element keeps it",
                         at: location(id))
                }
            }
            if el.name == "style" {
                styleElements.append(el)
                return
            }
            for c in el.children { visit(c) }
        }
        visit(document.root)
        var rules: [CSSRule] = []
        for el in styleElements {
            if let type = el["type"], !type.isEmpty, type != "text/css" { continue }
            let (sheet, errors) = StyleSheet.parse(Substring(el.text))
            for e in errors { warn("bad-css", e.message, at: textLocation(el, offset: e.offset)) }
            for r in sheet.rules {
                for s in r.selectors {
                    if case .unsupported(let text) = s {
                        note("unsupported-selector", "selector '\(text)' is not supported and was ignored",
                             at: textLocation(el, offset: r.offset))
                    }
                }
            }
            rules.append(contentsOf: sheet.rules)
        }
        sheet = StyleSheet(rules: rules)
    }

    /// The element an `href` / `xlink:href` points to (`#id` only).
    func referenced(by el: XMLElement) -> XMLElement? {
        guard let href = el["href"] ?? el["xlink:href"] else { return nil }
        let trimmed = href.trimmingSpaces
        guard trimmed.hasPrefix("#") else { return nil }
        return ids[String(trimmed.dropFirst())]
    }

    // MARK: Cascade

    /// Computes an element's style. `ignoringPreviewClasses` (the glyph's own style) drops
    /// `SFSymbolsPreview*` class tokens before matching, as they style the SF Symbols app's
    /// preview, not the glyph; and it drops layer classes (`monochrome-2`, …), whose rules belong
    /// to one rendering mode and are read per layer (`LayerAnnotations`), never as the element's style.
    func style(of el: XMLElement, parent: ComputedStyle, ignoringPreviewClasses: Bool) -> ComputedStyle {
        var style = parent.inheritedForChild
        var classes = ReadContext.classTokens(el)
        if ignoringPreviewClasses { classes.removeAll { $0.hasPrefix("SFSymbolsPreview") || LayerToken($0) != nil } }

        for a in el.attributes where ComputedStyle.propertyNames.contains(a.name) {
            if let problem = style.apply(a.name, a.value, parent: parent) {
                warn("bad-attribute", "\(a.name): \(problem); the attribute was ignored", at: location(a))
            }
        }
        let sheetDecls = sheet.declarations(element: el.name, id: el["id"], classes: classes)
        var inline: [CSSDeclaration] = []
        var styleAttr: XMLAttribute?
        if let s = el.attribute("style") {
            styleAttr = s
            let (decls, errors) = CSSParser.parseDeclarations(Substring(s.value))
            for e in errors { warn("bad-style", e.message, at: location(s, offset: e.offset)) }
            inline = decls
        }
        let ordered = sheetDecls.filter { !$0.important } + inline.filter { !$0.important }
            + sheetDecls.filter(\.important) + inline.filter(\.important)
        for d in ordered where ComputedStyle.propertyNames.contains(d.name) {
            if let problem = style.apply(d.name, d.value, parent: parent) {
                let isInline = inline.contains(d)
                let loc = isInline && styleAttr != nil ? location(styleAttr!, offset: d.offset) : location(el)
                warn("bad-style", "\(d.name): \(problem); the declaration was ignored", at: loc)
            }
        }
        return style
    }

    /// `own` (an element's own stroke, `SceneWalker.ownStroke`) for a clear-behind layer's band,
    /// or nil with a warning when its width is absurd for the drawing, as a drawn stroke's is.
    func bandStroke(_ own: StrokeStyle?, at where: SourceLocation?) -> StrokeStyle? {
        guard let own else { return nil }
        let diag = viewportDiagonal
        guard own.width <= ReadContext.maxStrokeWidth(diag) else {
            warn("out-of-range", "stroke-width \(own.width) is absurd for a drawing this size (limit \(ReadContext.maxStrokeWidth(diag))); the clear-behind layer it would stroke is filled",
                 at: `where`)
            return nil
        }
        return own
    }

    /// Every `-sfsymbols-*` (and other) declaration that applies to a class token, from the sheet.
    func properties(ofClass token: String) -> [String: String] {
        var out: [String: String] = [:]
        for d in sheet.declarations(element: "*", id: nil, classes: [token]) { out[d.name] = d.value }
        return out
    }

    /// Whether the file reads as an SF Symbols template or export rather than a plain icon.
    func looksLikeTemplate() -> Bool {
        if ids.keys.contains(where: { VariantKey(id: $0) != nil || SceneWalker.isGuideID($0) || $0 == "LayerTree" }) {
            return true
        }
        func annotated(_ el: XMLElement) -> Bool {
            ReadContext.classTokens(el).contains { LayerToken($0) != nil } || el.children.contains(where: annotated)
        }
        return annotated(document.root)
    }

    static func classTokens(_ el: XMLElement) -> [String] {
        guard let c = el["class"] else { return [] }
        return c.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
    }
}
