/// What `symbolreel inspect` reports about a symbol file: producer, variants, metrics, each
/// rendering mode's layers with their roles and annotations, draw ribs and diagnostics.
/// Its JSON keys are stable: tests and scripts depend on them.
package struct SymbolInspection: Codable, Sendable, Equatable {
    package struct Variants: Codable, Sendable, Equatable {
        package var available: [String]
        package var requested: String
        /// `exact`, `interpolated`, `scaled`, `nearest` or `single`.
        package var method: String
        /// A sentence: "interpolated Regular-S…Black-S at 0.4".
        package var detail: String
    }
    package struct Metrics: Codable, Sendable, Equatable {
        package var baseline: Double
        package var capline: Double
        package var capHeight: Double
        package var leftMargin: Double
        package var rightMargin: Double
        package var verticalOrigin: String
        package var marginOrigin: String
    }
    package struct Shape: Codable, Sendable, Equatable {
        package var index: Int
        package var id: String?
        package var classes: [String]
        package var subpaths: Int
        package var segments: Int
        package var fill: String?
        package var fillRule: String?
        package var stroke: String?
        package var strokeWidth: Double?
        package var bounds: [Double]
        package var drawRibs: Int
        /// A copy drawn as a clear-behind layer's band: the shape it is the band of.
        package var bandOf: Int?
        /// Absolute path data in symbol space (M L Q C Z, 3 decimals): for tools and benchmarks.
        package var d: String
    }
    package struct Rib: Codable, Sendable, Equatable {
        package var flags: Int
        package var t: Double
        package var start: Double
        package var end: Double
    }
    package struct Layer: Codable, Sendable, Equatable {
        package var index: Int
        package var name: String
        package var role: String
        package var color: String?
        package var shapes: [Int]
        package var erases: [Int]
        package var clearBehind: Bool
        /// The stroke width Apple draws this clear-behind layer with (its first path's own
        /// `stroke-width`, templates 6.0 and later): the layer erases a band round its paths,
        /// drawn from copies of them appended to the shapes. nil: it fills.
        package var clearBehindStroke: Double?
        /// The opacity of the layer's class rule in this mode.
        package var opacity: Double
        /// What the layer does at rest: `paints`, `erases` (clear-behind at opacity 0) or
        /// `erases and paints` (clear-behind: erases beneath its shape, then paints).
        package var action: String
        package var variableThreshold: Double?
        package var variableDraw: [Double]?
        package var motionGroup: Int?
        package var alwaysPulses: Bool
        package var alwaysRotates: Bool
        package var alwaysBreathes: Bool
        package var layerTags: [String]
        /// Ribs of each draw keyframe set of the layer's shapes, in part order.
        package var drawRibs: [[Rib]]
        /// Rotation marks (nil when the layer has none).
        package var rotation: RotationMarks?
        /// The layer's Draw attachments (parts that ride the tip of a carrier's draw).
        package var drawAttachments: [DrawAttachment] = []
    }
    /// A layer's rotation marks: `-sfsymbols-rotates-clockwise` (`clockwise` or
    /// `counterclockwise`), `-sfsymbols-wiggle-style` and the anchor it turns about (symbol space).
    package struct RotationMarks: Codable, Sendable, Equatable {
        package var alwaysRotates: Bool
        package var direction: String?
        package var wiggleStyle: String?
        package var anchor: [Double]?

        /// nil when the annotations mark nothing about rotation.
        init?(_ a: LayerAnnotations) {
            guard a.alwaysRotates || a.rotatesClockwise != nil || a.wiggleStyle != nil || a.rotationAnchor != nil else { return nil }
            alwaysRotates = a.alwaysRotates
            direction = a.rotatesClockwise.map { $0 ? "clockwise" : "counterclockwise" }
            wiggleStyle = a.wiggleStyle?.rawValue
            anchor = a.rotationAnchor.map { [r($0.x), r($0.y)] }
        }
    }
    /// A part that rides the tip of its carrier's draw path (docs/draw.md).
    package struct DrawAttachment: Codable, Sendable, Equatable {
        package var shape: Int
        /// The carrier the file names (a shape index); nil: the layer's first other part.
        package var carrier: Int?
        /// The point of the part that sits on the carrier's draw path at rest, in symbol space.
        package var anchor: [Double]
        /// The carrier's progress where the anchor sits at rest.
        package var restProgress: Double
    }
    package struct Problem: Codable, Sendable, Equatable {
        package var severity: String
        package var code: String
        package var message: String
        package var line: Int?
        package var column: Int?

        /// A diagnostic as `inspect --json` and `render --json` write it.
        package init(_ d: Diagnostic) {
            (severity, code, message, line, column) = (d.severity.rawValue, d.code, d.message, d.location?.line, d.location?.column)
        }
    }

    package var file: String
    /// The symbol's name when it was read from an Xcode `.symbolset` folder (nil for an SVG file).
    package var symbolSet: String?
    package var kind: String
    package var producer: String
    package var templateVersion: String?
    package var variants: Variants
    package var metrics: Metrics
    package var bounds: [Double]
    /// What the symbol draws at rest ([x, y, width, height]), the guide box, and the sides on
    /// which the ink reaches past the guides (`left`, `top`, `right`, `bottom`).
    package var inkBounds: [Double]
    package var guideBox: [Double]
    package var inkBeyondGuides: [String]
    package var shapes: [Shape]
    package var modes: [String: [Layer]]
    package var defaults: [String: String]
    package var diagnostics: [Problem]
    package var page: [Double]

    /// Describes a document.
    package init(_ doc: SymbolDocument) {
        file = doc.fileName
        kind = doc.kind.rawValue
        switch doc.producer {
        case .sfSymbolsTemplate(let v): producer = "SF Symbols template"; templateVersion = v
        case .sfSymbolsExport(let v): producer = "SF Symbols export"; templateVersion = v
        case .tool(let t): producer = t; templateVersion = nil
        case .unknown: producer = "unknown"; templateVersion = nil
        }
        let method: String
        switch doc.variantSource {
        case .exact: method = "exact"
        case .interpolated: method = "interpolated"
        case .scaled: method = "scaled"
        case .nearest: method = "nearest"
        case .single: method = "single"
        }
        variants = Variants(available: doc.availableVariants.map(\.description), requested: doc.requestedVariant.description,
                            method: method, detail: doc.variantSource.description)
        let m = doc.metrics
        metrics = Metrics(baseline: r(m.baseline), capline: r(m.capline), capHeight: r(m.capHeight),
                          leftMargin: r(m.leftMargin), rightMargin: r(m.rightMargin),
                          verticalOrigin: m.verticalOrigin.rawValue, marginOrigin: m.marginOrigin.rawValue)
        bounds = box(doc.bounds)
        let ink = doc.inkBounds, guides = doc.guideBox
        inkBounds = box(ink)
        guideBox = box(guides)
        let tolerance = 1e-6 * max(1, guides.height)
        inkBeyondGuides = ink.isNull ? [] : [("left", guides.minX - ink.minX), ("top", guides.minY - ink.minY),
                                             ("right", ink.maxX - guides.maxX), ("bottom", ink.maxY - guides.maxY)]
            .filter { $0.1 > tolerance }.map(\.0)
        shapes = doc.shapes.enumerated().map { i, s in
            Shape(index: i, id: s.id, classes: s.classes, subpaths: s.path.subpathCount, segments: s.path.segmentCount,
                  fill: s.fill.map { paintName($0.paint) }, fillRule: s.fill?.rule.rawValue,
                  stroke: s.stroke.map { paintName($0.paint) }, strokeWidth: s.stroke.map { r($0.style.width) },
                  bounds: box(s.bounds), drawRibs: s.drawKeyframes?.sets.reduce(0) { $0 + $1.count } ?? 0,
                  bandOf: s.bandOf, d: s.path.description)
        }
        var modes: [String: [Layer]] = [:]
        for (mode, layers) in doc.layers {
            modes[mode.rawValue] = layers.map { l in
                let a = l.annotations
                let (role, color) = roleDescription(l.role)
                let ribs = l.parts.compactMap { doc.shapes[$0.shape].drawKeyframes }.flatMap(\.sets).map { set in
                    set.map { Rib(flags: $0.flags, t: r($0.t), start: r(Double($0.start.subpath) + $0.start.fraction),
                                  end: r(Double($0.end.subpath) + $0.end.fraction)) }
                }
                return Layer(index: l.index, name: l.name, role: role, color: color,
                             shapes: l.parts.filter { $0.action == .draw }.map(\.shape),
                             erases: l.parts.filter { $0.action == .erase }.map(\.shape),
                             clearBehind: a.clearBehind, clearBehindStroke: a.clearBehindStroke.map(r), opacity: r(a.opacity),
                             action: a.clearBehind ? (a.opacity > 0 ? "erases and paints" : "erases") : "paints",
                             variableThreshold: a.variableThreshold,
                             variableDraw: a.variableDraw.map { [$0.start, $0.span] }, motionGroup: a.motionGroup,
                             alwaysPulses: a.alwaysPulses, alwaysRotates: a.alwaysRotates, alwaysBreathes: a.alwaysBreathes,
                             layerTags: a.layerTags, drawRibs: ribs, rotation: RotationMarks(a),
                             drawAttachments: drawAttachments(of: l, in: doc))
            }
        }
        self.modes = modes
        defaults = doc.defaults
        diagnostics = doc.diagnostics.map(Problem.init)
        page = [doc.page.width, doc.page.height] + box(doc.page.viewBox)
    }
}

private func r(_ v: Double) -> Double { (v * 10_000).rounded() / 10_000 }

private func drawAttachments(of layer: SymbolLayer, in doc: SymbolDocument) -> [SymbolInspection.DrawAttachment] {
    layer.parts.compactMap { part in
        guard let g = doc.shapes[part.shape].drawGuides, let anchor = g.attachment else { return nil }
        return SymbolInspection.DrawAttachment(shape: part.shape, carrier: g.carrier, anchor: [r(anchor.x), r(anchor.y)],
                                               restProgress: r(g.restProgress))
    }
}

private func box(_ b: Rect) -> [Double] { b.isNull ? [] : [r(b.minX), r(b.minY), r(b.width), r(b.height)] }

private func paintName(_ p: Paint) -> String {
    switch p {
    case .solid(let c): return c.hexString
    case .linear: return "linear-gradient"
    case .radial: return "radial-gradient"
    }
}

private func roleDescription(_ role: LayerRole) -> (String, String?) {
    switch role {
    case .monochrome: return ("monochrome", nil)
    case .hierarchical(let level): return (level.rawValue, nil)
    case .multicolor(.tint): return ("tintColor", nil)
    case .multicolor(.system(let c)): return ("system\(c.rawValue.prefix(1).uppercased() + c.rawValue.dropFirst())", c.color.hexString)
    case .multicolor(.element(let e)):
        let (color, alpha) = e.color
        return ("\(e.rawValue)Color", alpha < 1 ? "\(color.hexString) at \(Int((alpha * 100).rounded())) %" : color.hexString)
    case .multicolor(.custom(let name, let color)): return (name.isEmpty ? "custom" : name, color?.hexString)
    }
}
