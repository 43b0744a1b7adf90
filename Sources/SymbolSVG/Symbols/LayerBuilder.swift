import SymbolGeometry
import SymbolScene

/// A layer class token: `monochrome-2`, `hierarchical-1:secondary`, `multicolor-0:systemRedColor`.
struct LayerToken: Hashable {
    var mode: LayerMode
    var index: Int
    var suffix: String?
    var text: String

    init?(_ token: String) {
        let (head, suffix): (Substring, String?)
        if let colon = token.firstIndex(of: ":") {
            head = token[..<colon]
            suffix = String(token[token.index(after: colon)...])
        } else {
            head = Substring(token)
            suffix = nil
        }
        guard let dash = head.lastIndex(of: "-"), let n = Int(head[head.index(after: dash)...]), n >= 0, n < 10_000,
              let mode = LayerMode(rawValue: String(head[..<dash])) else { return nil }
        if mode == .monochrome && suffix != nil { return nil }
        if mode != .monochrome && suffix == nil { return nil }
        self.mode = mode; self.index = n; self.suffix = suffix; self.text = token
    }
}

/// Builds each rendering mode's layer list from class tokens (or the LayerTree), with the
/// annotations of each layer's class.
struct LayerBuilder {
    let ctx: ReadContext

    /// Layers from the class tokens of `shapes` (in z-order). Files without any layer class get
    /// one monochrome layer per shape, or per top-level group when `groups` is given (icons).
    func layers(for shapes: [SymbolShape], groups: [Int]? = nil) -> [LayerMode: [SymbolLayer]] {
        var byKey: [LayerMode: [Int: SymbolLayer]] = [:]
        var order: [LayerMode: [Int]] = [:]
        for (s, shape) in shapes.enumerated() {
            for token in shape.classes.compactMap(LayerToken.init) {
                if var existing = byKey[token.mode]?[token.index] {
                    if existing.name != token.text {
                        ctx.warn("conflicting-layer-role",
                                 "class '\(token.text)' names layer \(token.index) of \(token.mode.rawValue), which '\(existing.name)' already defined; the first role is kept",
                                 at: shape.location)
                    }
                    existing.parts.append(LayerPart(shape: s))
                    byKey[token.mode]![token.index] = existing
                } else {
                    var a = annotations(ofClass: token.text)
                    // SF Symbols 3 marks a clear-behind layer with a class of its own on the path
                    // (`hierarchical-1:secondary clearBehindLayer`) instead of a class rule.
                    if shape.classes.contains(LayerBuilder.clearBehindClass) && token.mode != .monochrome { a.clearBehind = true }
                    let layer = SymbolLayer(index: token.index, name: token.text, role: role(token, shape: shape),
                                            parts: [LayerPart(shape: s)], annotations: a)
                    byKey[token.mode, default: [:]][token.index] = layer
                    order[token.mode, default: []].append(token.index)
                }
            }
        }
        var out: [LayerMode: [SymbolLayer]] = [:]
        for (mode, layers) in byKey {
            let covered = Set(layers.values.flatMap { $0.parts.map(\.shape) })
            // A path without a class of a mode the file annotates is not part of that mode
            // (a background that only multicolor draws; a leftover path beside annotated ones).
            for s in shapes.indices where !covered.contains(s) {
                ctx.note("not-in-mode", "a path has no \(mode.rawValue)-N class; it is not drawn in \(mode.rawValue)",
                         at: shapes[s].location)
            }
            out[mode] = LayerBuilder.paintOrder(order[mode]!.map { layers[$0]! })
        }
        if out[.monochrome] == nil {
            if let groups, !ctx.fillsOutlines, out.isEmpty {
                // A plain icon: one layer per top-level element.
                var layers: [SymbolLayer] = []
                var lastGroup: Int?
                for (s, g) in groups.enumerated() {
                    if g == lastGroup { layers[layers.count - 1].parts.append(LayerPart(shape: s)); continue }
                    layers.append(SymbolLayer(index: layers.count, name: "layer-\(layers.count)", role: .monochrome,
                                              parts: [LayerPart(shape: s)]))
                    lastGroup = g
                }
                out[.monochrome] = layers
            } else {
                // A template without monochrome classes (v1 and v2; v3's hierarchical and
                // multicolor only; any later file that annotates other modes only): the glyph is
                // one layer of every outline, filled as one path, so contours wound against the
                // container's (a logo knocked out of a filled square) stay holes
                // (docs/rendering.md, rule 6). Hierarchical and multicolor without classes of
                // their own draw this layer too (`SymbolDocument.layers(for:)`).
                out[.monochrome] = [LayerBuilder.wholeGlyph(shapes.indices.map { LayerPart(shape: $0) })]
            }
        }
        return out
    }

    /// Clear-behind layers Apple strokes (templates 6.0 and later, docs/rendering.md rule 12).
    /// A layer's stroke width is its first path's own `stroke-width` (the first node whose class
    /// names the layer holds it). A clear-behind layer with one takes as its shape the outline of
    /// its paths stroked at that width, and draws that shape stroked again at that width instead
    /// of filling it: a band reaching the width either side of each outline, which is a stroke
    /// twice as wide with the path's cap and join (exact for round joins and smooth outlines). Each
    /// such part is replaced by a copy of its shape drawn as that stroke, appended to `shapes`;
    /// the copy keeps the path and draw data, so the layer draws along the same lines.
    func strokedClearBehind(_ layers: [LayerMode: [SymbolLayer]], shapes: inout [SymbolShape]) -> [LayerMode: [SymbolLayer]] {
        var bands = BandCopies()
        var out = layers
        // Modes in a fixed order, so the copies' indices are the same on every run.
        for mode in layers.keys.sorted() {
            out[mode] = layers[mode]!.map { layer in
                guard layer.annotations.clearBehind, let first = layer.parts.first(where: { $0.action == .draw }),
                      let own = ctx.bandStroke(shapes[first.shape].ownStroke, at: shapes[first.shape].location) else { return layer }
                var stroked = layer
                stroked.annotations.clearBehindStroke = own.width
                for (k, part) in layer.parts.enumerated() where part.action == .draw {
                    stroked.parts[k].shape = bands.band(of: part.shape, own, in: &shapes)
                }
                return stroked
            }
        }
        return out
    }


    /// Layers in paint order: ascending index, layer 0 at the back (as Apple paints them,
    /// whatever order the paths have in the file).
    static func paintOrder(_ layers: [SymbolLayer]) -> [SymbolLayer] {
        layers.enumerated().sorted { ($0.element.index, $0.offset) < ($1.element.index, $1.offset) }.map(\.element)
    }

    /// The whole glyph as one monochrome layer: every outline, in document order, with no
    /// annotations (Apple's renderer makes monochrome of a template without `monochrome-N`
    /// classes from the whole outline; docs/rendering.md, rule 6).
    static func wholeGlyph(_ parts: [LayerPart]) -> SymbolLayer {
        SymbolLayer(index: 0, name: "monochrome-0", role: .monochrome, parts: parts)
    }

    func role(_ token: LayerToken, shape: SymbolShape) -> LayerRole {
        switch token.mode {
        case .monochrome:
            return .monochrome
        case .hierarchical:
            if let level = HierarchyLevel(rawValue: token.suffix ?? "") { return .hierarchical(level) }
            ctx.warn("bad-layer-class", "'\(token.text)': hierarchy level must be primary, secondary or tertiary; primary used",
                     at: shape.location)
            return .hierarchical(.primary)
        case .multicolor:
            let name = token.suffix ?? ""
            if name == "tintColor" || name == "tint" || name == "accentColor" { return .multicolor(.tint) }
            if let system = SystemColor(name: name) { return .multicolor(.system(system)) }
            if let element = ElementColor(name: name) { return .multicolor(.element(element)) }
            let props = ctx.properties(ofClass: token.text)
            var color = props["fill"].flatMap { ColorParser.parse(Substring($0)) }
            if color == nil, case .solid(let c)? = shape.fill?.paint, name != "custom" || c != .black { color = c }
            return .multicolor(.custom(name: name, color: color))
        }
    }

    /// A boolean annotation's value: `true`, `1` or `yes` (spaces around ignored).
    static func flag(_ value: String) -> Bool {
        let v = value.trimmingSpaces
        return v == "true" || v == "1" || v == "yes"
    }

    /// The SF Symbols 3 class that makes the layers its path names clear-behind.
    static let clearBehindClass = "clearBehindLayer"
    static let drawReversesKey = "-sfsymbols-draw-reverses-motion-groups"
    static let wiggleStyleKey = "-sfsymbols-wiggle-style"

    /// Annotations from the sheet rules of a layer class.
    func annotations(ofClass token: String, extra: [String: String] = [:]) -> LayerAnnotations {
        var a = LayerAnnotations()
        let props = ctx.properties(ofClass: token).merging(extra) { $1 }
        if let raw = props["opacity"] {
            var style = ComputedStyle()
            if style.apply("opacity", raw, parent: ComputedStyle()) == nil { a.opacity = style.opacity } else {
                ctx.warn("bad-annotation", "opacity: '\(raw)' is not an opacity; ignored (class '\(token)')", at: nil)
            }
        }
        for (name, value) in props where name.hasPrefix("-sfsymbols-") {
            a.properties[name] = value
            let v = Substring(value.trimmingSpaces)
            func flag() -> Bool { LayerBuilder.flag(value) }
            func bad(_ what: String) {
                ctx.warn("bad-annotation", "\(name): '\(value)' is not \(what); ignored (class '\(token)')", at: nil)
            }
            switch name {
            case "-sfsymbols-clear-behind": a.clearBehind = flag()
            case "-sfsymbols-always-pulses": a.alwaysPulses = flag()
            case "-sfsymbols-always-rotates": a.alwaysRotates = flag()
            case "-sfsymbols-rotates-clockwise": a.rotatesClockwise = flag()
            case LayerBuilder.wiggleStyleKey:
                if let w = WiggleStyle(css: value) { a.wiggleStyle = w } else { bad("a wiggle style (clockwise, counterclockwise, left, right, up, down, forward, backward)") }
            case "-sfsymbols-always-breathes": a.alwaysBreathes = flag()
            case LayerBuilder.drawReversesKey: a.drawReversesMotionGroups = flag()
            case "-sfsymbols-variable-threshold":
                if let t = SVGNumber.parse(v), t >= 0, t <= 1 { a.variableThreshold = t } else { bad("a number from 0 to 1") }
            case "-sfsymbols-variable-draw":
                if let n = SVGNumber.parseList(v), n.count == 2, n[1] > 0 {
                    a.variableDraw = VariableDrawRange(start: n[0], span: n[1])
                } else if let n = SVGNumber.parseList(v), n.count == 1 {
                    a.variableDraw = VariableDrawRange(start: n[0], span: 1 - n[0] > 0 ? 1 - n[0] : 1)
                } else { bad("'<start> <span>' with a positive span") }
            case "-sfsymbols-motion-group":
                if let g = SVGNumber.parse(v), g >= 0, g == g.rounded(), g < 10_000 { a.motionGroup = Int(g) } else { bad("a whole number") }
            case "-sfsymbols-layer-tags":
                a.layerTags = CSSParser.splitTags(v)
            case "-sfsymbols-rotation-anchor":
                if let n = SVGNumber.parseList(v), n.count == 2 { a.rotationAnchor = Point(n[0], n[1]) } else { bad("two numbers 'x y'") }
            default:
                break
            }
        }
        return a
    }
}

/// The band copies of shapes made for clear-behind layers (and erasing pieces) with a stroke
/// width, one per shape, width, cap and join, appended to the shapes they copy.
struct BandCopies {
    private struct Key: Hashable { var shape: Int; var width: Double; var cap: LineCap; var join: LineJoin }
    private var made: [Key: Int] = [:]

    /// The index of shape `index`'s copy drawn as its outline stroked at twice `style.width`
    /// with its cap and join (Apple strokes the outline's stroke once more at the width,
    /// docs/rendering.md rule 12), appending it to `shapes` the first time.
    mutating func band(of index: Int, _ style: StrokeStyle, in shapes: inout [SymbolShape]) -> Int {
        let key = Key(shape: index, width: style.width, cap: style.cap, join: style.join)
        if let made = made[key] { return made }
        var band = shapes[index]
        band.bandOf = index
        band.fill = nil
        band.ownStroke = nil
        band.stroke = Stroke(paint: .solid(.black), style: StrokeStyle(width: 2 * style.width, cap: style.cap, join: style.join))
        made[key] = shapes.count
        shapes.append(band)
        return shapes.count - 1
    }
}
