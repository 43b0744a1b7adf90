import Foundation
import SymbolCompose
import SymbolGeometry
import SymbolRender
import SymbolText
import SymbolTimeline

extension Clip {
    /// A scene preset's clip (docs/scenes.md): every item resolved (fonts loaded, texts shaped,
    /// symbols read, timelines made) and laid out once; a frame is the program's picture at its time.
    /// A font or symbol that cannot be used throws with the item's JSON path; a glyph no font has,
    /// a text wider than its width and an item off the canvas are warnings with theirs.
    package init(scenePreset preset: Preset, resolve: @escaping (String) -> String) throws {
        let canvas = preset.canvas
        var builder = SceneBuilder(width: canvas.width, height: canvas.height, resolve: resolve)
        var scenes: [ComposedScene] = []
        let many = preset.scenes.count > 1
        for (k, scene) in preset.scenes.enumerated() {
            let nodes = try scene.items.map { item in try builder.node(item, font: nil, color: nil) }
            let leaves = SceneLayout.leaves(nodes, width: canvas.width, height: canvas.height)
            builder.checkOnCanvas(leaves, items: scene.items)
            var transition = SceneTransition()
            if let t = scene.transition {
                transition = SceneTransition(kind: t.kind, duration: t.duration ?? 0.5,
                                             curve: try t.curve.map { try Clip.curve($0) } ?? .easeInOut)
            }
            scenes.append(ComposedScene(id: many ? "scenes.\(k)" : "scene", duration: scene.duration ?? canvas.duration ?? 1,
                                        background: scene.background ?? canvas.background, transition: transition, leaves: leaves))
        }
        let program = SceneProgram(width: canvas.width, height: canvas.height, scenes: scenes)
        try self.init(scene: program, settings: RenderSettings(preset: preset), fps: canvas.fps, diagnostics: builder.diagnostics)
    }

    /// A curve as a preset spells it (`easeOut`, `.spring(duration: 0.4)`, `cubic` as easeInOut).
    static func curve(_ spelled: Spelled<SymbolTimeline.Keyframe.Interpolation>) throws -> Curve {
        switch try spelled.value() {
        case .curve(let c): return c
        case .cubic: return .easeInOut
        }
    }
}

/// Resolves a scene's items into layout nodes, collecting warnings.
struct SceneBuilder {
    let width: Int
    let height: Int
    let resolve: (String) -> String
    var diagnostics: [Diagnostic] = []

    /// The default text size when neither the item nor a stack around it gives one, in pixels.
    static let defaultFontSize = 32.0
    static let defaultColor = Color(hex: "#000000")!

    mutating func node(_ item: Preset.Item, font outer: Preset.Font?, color outerColor: Color?) throws -> LayoutNode {
        let font = (item.font ?? Preset.Font()).inheriting(outer)
        let color = item.color ?? outerColor
        let motions = try self.motions(item)
        let content: LayoutItem
        switch item.content {
        case .text(let text):
            content = .text(try textBlock(text, font: font, color: color, item: item))
        case .symbol(let symbol):
            content = .symbol(try symbolBlock(symbol, weight: symbol.weight, size: symbol.size, item: item))
        case .label(let symbol, let text):
            let t = try textBlock(text, font: font, color: color, item: item)
            // The system's pairing: the symbol at the text's point size and the font's weight.
            // Without a style of its own the symbol takes the text's colour, as a Label's icon takes
            // the foreground style.
            let s = try symbolBlock(symbol, weight: font.weight ?? .regular, size: .pointSize(t.fontSize), item: item,
                                    color: item.style == nil ? t.color : nil)
            content = .label(s, t)
        case .stack(let vertical, let items):
            let children = try items.map { child in try node(child, font: font, color: color) }
            let alignment = item.alignment ?? .center
            content = .stack(StackBlock(axis: vertical ? .vertical : .horizontal, children: children, spacing: item.spacing ?? 0,
                                        alignment: alignment))
        }
        return LayoutNode(id: item.path, item: content, position: item.position, motions: motions)
    }

    private mutating func textBlock(_ text: String, font: Preset.Font, color: Color?, item: Preset.Item) throws -> TextBlock {
        let weight = (font.weight ?? .regular).fontWeight
        let spec = FontSpec(family: font.file == nil ? font.family : nil, file: font.file.map(resolve), faceIndex: font.index ?? 0, weight: weight)
        let loaded: SymbolText.Font
        do { loaded = try SymbolText.Font.load(spec) } catch {
            throw ClipError("\(item.path).font: \(error)")
        }
        let size = font.size ?? Self.defaultFontSize
        let alignment: TextAlignment = switch item.alignment {
        case .center?: .center
        case .trailing?: .trailing
        default: .leading
        }
        let layout: TextLayout
        do {
            layout = try TextLayout.make(text, style: TextStyle(font: loaded, size: size, lineHeight: font.lineHeight, alignment: alignment,
                                                                width: item.width))
        } catch {
            throw ClipError("\(item.path): \(error)")
        }
        if !layout.missingCharacters.isEmpty {
            let list = layout.missingCharacters.map { c in
                "\"\(c)\" (U+" + c.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " U+") + ")"
            }.joined(separator: ", ")
            diagnostics.append(Diagnostic(.warning, code: "missing-glyphs",
                                          "\(item.path): no installed font has \(list); they are left out (install a font that has them, or pass its \"file\")"))
        }
        if layout.overflows, let w = item.width {
            diagnostics.append(Diagnostic(.warning, code: "text-overflow",
                                          "\(item.path): a word is wider than the text's width of \(Limits.number(w)) px and runs past it; widen it or shorten the word"))
        }
        return TextBlock(layout: layout, color: color ?? Self.defaultColor, fontSize: size)
    }

    private func symbolBlock(_ symbol: Preset.Symbol, weight: SymbolWeight, size: SymbolSize, item: Preset.Item,
                             color: Color? = nil) throws -> SymbolBlock {
        var style = item.style ?? Preset.Style()
        if let color { style.colors = [color] }
        let parts = try Clip.symbolParts(symbol, weight: weight, timeline: item.timeline, style: style, resolve: resolve)
        let settings = RenderSettings(width: width, height: height, background: .transparent, size: size, mode: style.renderingMode,
                                      colors: style.colors, accentColor: style.accentColor, gradient: style.colorRendering == .gradient)
        let timeline: Timeline
        do {
            timeline = try Timeline(documents: parts.documents, mode: settings.mode.layerMode, events: parts.events, style: parts.style)
        } catch let e as TimelineError {
            let at = e.eventIndex.map { "\(item.path).timeline[\($0)]" } ?? "\(item.path).timeline"
            throw ClipError("\(at): \(e.message)")
        }
        return SymbolBlock(plan: RenderPlan(documents: parts.documents, settings: settings), timeline: timeline)
    }

    private func motions(_ item: Preset.Item) throws -> ItemMotions {
        func motion(_ m: Preset.Motion?, leaving: Bool) throws -> ItemMotion? {
            guard let m else { return nil }
            let curve = try m.curve.map { try Clip.curve($0) } ?? (leaving ? .easeIn : .easeOut)
            var stagger = m.stagger ?? 0
            var duration = m.duration ?? 0.5
            if m.kind == .typewriter {
                // A typewriter's duration is its whole typing time when no stagger is given.
                if m.stagger == nil { stagger = m.duration.map { $0 / Double(max(1, item.characterCount)) } ?? 0.05 }
                duration = 0
            }
            return ItemMotion(kind: m.kind, at: m.at, duration: duration, curve: curve, stagger: stagger, unit: m.unit ?? .item)
        }
        return ItemMotions(enter: try motion(item.enter, leaving: false), exit: try motion(item.exit, leaving: true))
    }

    /// A warning for each top-level item whose box leaves the canvas.
    mutating func checkOnCanvas(_ leaves: [SceneLeaf], items: [Preset.Item]) {
        let canvas = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        for leaf in leaves {
            let box: Rect
            switch leaf.content {
            case .symbol(_, _, _, let b): box = b
            case .text(_, let pieces): box = pieces.reduce(Rect.null) { $0.union($1.box) }
            }
            guard !box.isNull, canvas.intersection(box) != box else { continue }
            diagnostics.append(Diagnostic(.warning, code: "item-off-canvas",
                                          "\(leaf.id): the item reaches past the \(width)×\(height) canvas (its box is \(Int(box.minX)), \(Int(box.minY)) to \(Int(box.maxX)), \(Int(box.maxY))); move it or make it smaller"))
        }
    }
}

extension Preset.Item {
    /// The characters of its text (a label's or a text's), for a typewriter's pace.
    var characterCount: Int {
        switch content {
        case .text(let t), .label(_, let t): t.count
        case .symbol: 1
        case .stack(_, let items): items.reduce(0) { $0 + $1.characterCount }
        }
    }
}
