import SymbolGeometry
import SymbolScene

/// Draw attachments as SF Symbols 7 exports encode them → `DrawGuides` with an attachment.
///
/// The attached shape (an arrowhead) carries `-sfsymbols-clipstroke-attachments: n c e p u v`
/// (its inline style, or a rule of one of its classes); a trailing `<g id="Data">` holds, per
/// master, `<g id="<variant>-draw-attachment-data" data-d="0 a b x y …"/>`. What Apple's
/// compiler is known to do with the store (our reading of Apple's compiler and renderer,
/// docs/draw.md): a leading unsigned 0 (a format version), then entries of exactly four
/// numbers `a b x y`, at least one whole entry or none at all; or, instead of `data-d`, child
/// circles whose centres are the anchors (a = b = 0). Anchors are in the template's root user
/// space and map with the paths.
///
/// Our reading of the rest (not documented, see docs/draw.md): `n` is the number of
/// attachments listed, each five numbers: the carrier's index among the variant's paths (0 =
/// first), the store entry, the carrier's progress where the anchor sits at rest, and two
/// numbers not used; `(a, b)`, when not zero, is the direction the attachment faces at rest.
extension ReadContext {
    /// One `draw-attachment-data` entry.
    struct DrawAttachmentEntry {
        var a: Double
        var b: Double
        var anchor: Point
    }

    /// The entries of `<variant>-draw-attachment-data`, in root user space; nil when the file has none.
    func drawAttachmentEntries(_ key: VariantKey) -> [DrawAttachmentEntry]? {
        guard let node = ids["\(key)-draw-attachment-data"] else { return nil }
        let circles = node.children.filter { $0.name == "circle" }
        if !circles.isEmpty {
            return circles.map { c in
                DrawAttachmentEntry(a: 0, b: 0, anchor: Point(Double(c["cx"] ?? "") ?? 0, Double(c["cy"] ?? "") ?? 0))
            }
        }
        guard let d = node.attribute("data-d") else { return nil }
        let words = d.value.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "," })
        let numbers = words.compactMap { Double($0) }
        guard numbers.count == words.count, numbers.first == 0, numbers.count >= 5, (numbers.count - 1) % 4 == 0,
              numbers.allSatisfy({ $0.isFinite && abs($0) < 1e7 }) else {
            warn("bad-draw-attachment", "\(key)-draw-attachment-data needs '0' then groups of four numbers (a b x y); ignored",
                 at: location(d))
            return nil
        }
        return stride(from: 1, to: numbers.count, by: 4).map {
            DrawAttachmentEntry(a: numbers[$0], b: numbers[$0 + 1], anchor: Point(numbers[$0 + 2], numbers[$0 + 3]))
        }
    }

    /// The attachment of a variant's element in Apple's encoding, in root user space (the caller
    /// maps it with the element's geometry); nil when it is not one or the data is unusable.
    func appleDrawAttachment(of el: XMLElement, variant key: VariantKey, shapeCount: Int) -> DrawGuides? {
        var value = el["style"].flatMap { s in
            CSSParser.parseDeclarations(Substring(s)).declarations.last { $0.name == "-sfsymbols-clipstroke-attachments" }?.value
        }
        if value == nil {
            for token in ReadContext.classTokens(el) {
                if let v = properties(ofClass: token)["-sfsymbols-clipstroke-attachments"] { value = v }
            }
        }
        guard let value else { return nil }
        let words = value.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" })
        let numbers = words.compactMap { Double($0) }
        // The magnitudes first: the count is made an Int only once it is known to be small.
        guard numbers.count == words.count, numbers.allSatisfy({ $0.isFinite && abs($0) < 1e7 }),
              let n = numbers.first, n >= 1, n == n.rounded(), numbers.count == 1 + 5 * Int(n) else {
            warn("bad-draw-attachment", "-sfsymbols-clipstroke-attachments '\(value)' is not a count and five numbers per attachment; ignored",
                 at: location(el))
            return nil
        }
        if let v = ProducerDetector.templateVersion(ids).flatMap(Double.init), v < 7 {
            note("bad-draw-attachment", "Draw attachments are read from templates 7.0 and later (this is \(v)); ignored", at: location(el))
            return nil
        }
        let carrier = numbers[1], entry = numbers[2], progress = numbers[3]
        guard let entries = drawAttachmentEntries(key) else {
            warn("bad-draw-attachment", "-sfsymbols-clipstroke-attachments without a usable \(key)-draw-attachment-data; ignored", at: location(el))
            return nil
        }
        guard entry >= 0, entry == entry.rounded(), Int(entry) < entries.count else {
            warn("bad-draw-attachment", "-sfsymbols-clipstroke-attachments names entry \(Int(entry)) of \(key)-draw-attachment-data, which has \(entries.count); ignored",
                 at: location(el))
            return nil
        }
        let found = entries[Int(entry)]
        let named = carrier >= 0 && carrier == carrier.rounded() && Int(carrier) < shapeCount ? Int(carrier) : nil
        return DrawGuides(strokes: [], attachment: found.anchor, carrier: named,
                          restProgress: (0...1).contains(progress) ? progress : 1)
    }
}
