import SymbolGeometry
import SymbolScene
import SymbolRender
import SymbolText
import SymbolTimeline

/// An item of a scene, resolved (fonts loaded, text shaped, symbols read, timelines made) but
/// not yet placed. `SceneLayout` places it.
package struct LayoutNode: Sendable {
    /// The item's JSON path in its preset (`$.items[1].vstack[0]`; see `SceneLeaf.id`).
    package var id: String
    package var item: LayoutItem
    /// Canvas pixels of the item's centre; nil: the canvas centre at the top level, the stack's
    /// choice inside a stack.
    package var position: Point?
    package var motions: ItemMotions
    package init(id: String, item: LayoutItem, position: Point? = nil, motions: ItemMotions = ItemMotions()) {
        self.id = id; self.item = item; self.position = position; self.motions = motions
    }
}

package indirect enum LayoutItem: Sendable {
    case text(TextBlock)
    case symbol(SymbolBlock)
    /// A symbol and a text on one line, the symbol's baseline on the text's first baseline.
    case label(SymbolBlock, TextBlock)
    case stack(StackBlock)
}

/// A shaped text and its colour.
package struct TextBlock: Sendable {
    package var layout: TextLayout
    package var color: Color
    /// The font size in pixels (a label's gap and symbol follow it).
    package var fontSize: Double
    package init(layout: TextLayout, color: Color, fontSize: Double) { self.layout = layout; self.color = color; self.fontSize = fontSize }
}

/// A symbol drawn by a plan made for the scene's canvas (the symbol's guide box at its centre,
/// `RenderPlan`'s placement), posed by its own timeline in scene time.
package struct SymbolBlock: Sendable {
    package var plan: RenderPlan
    package var timeline: Timeline
    package init(plan: RenderPlan, timeline: Timeline) { self.plan = plan; self.timeline = timeline }

    /// The guide box (margins across, baseline to capline down) where the plan draws it.
    var box: Rect {
        guard let doc = plan.documents.first else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return doc.guideBox.applying(plan.placement(ofDocument: 0))
    }
}

/// Children one after another down (`vstack`) or across (`hstack`).
package struct StackBlock: Sendable {
    package enum Axis: Sendable { case vertical, horizontal }
    /// Across the stack's axis: leading/center/trailing for a `vstack` (left, centre, right in a
    /// left-to-right scene), top/center/bottom for an `hstack`.
    package enum Alignment: String, Sendable, CaseIterable {
        case leading, center, trailing, top, bottom

        /// How far across the stack a child goes when `room` is left beside it.
        func offset(room: Double) -> Double {
            switch self {
            case .leading, .top: 0
            case .center: room / 2
            case .trailing, .bottom: room
            }
        }
    }
    package var axis: Axis
    package var children: [LayoutNode]
    package var spacing: Double
    package var alignment: Alignment
    package init(axis: Axis, children: [LayoutNode], spacing: Double, alignment: Alignment) {
        self.axis = axis; self.children = children; self.spacing = spacing; self.alignment = alignment
    }
}

/// Places items on a canvas and turns them into leaves (docs/scenes.md, "Layout"):
///
/// - An item's `position` is where its box's centre goes; a top-level item without one is centred.
/// - A text's box is its layout's (the widest line, or its wrap width, by its lines' height).
/// - A symbol's box is its guide box: side margins across, baseline to capline down.
/// - A label is the symbol, a gap of a quarter of the font size, then the text; its box is the
///   text's height; the symbol's baseline sits on the text's first baseline. The labels of one
///   stack share the width of their widest symbol, so their texts line up.
/// - A stack puts its children one after another with `spacing` between boxes, aligned across.
package enum SceneLayout {
    /// The gap between a label's symbol and its text, in ems of the text's font.
    package static let labelGap = 0.25

    /// The leaves of `nodes`, bottom to top, on a canvas `width` × `height`.
    package static func leaves(_ nodes: [LayoutNode], width: Int, height: Int) -> [SceneLeaf] {
        var out: [SceneLeaf] = []
        let canvasCentre = Point(Double(width) / 2, Double(height) / 2)
        for node in nodes {
            let size = self.size(node.item, iconColumn: nil)
            let c = node.position ?? canvasCentre
            place(node, origin: Point(c.x - size.width / 2, c.y - size.height / 2), iconColumn: nil,
                  motions: node.motions, into: &out)
        }
        return out
    }

    /// The box an item takes (width, height).
    static func size(_ item: LayoutItem, iconColumn: Double?) -> (width: Double, height: Double) {
        switch item {
        case .text(let t): return (t.layout.size.width, t.layout.size.height)
        case .symbol(let s): return (s.box.width, s.box.height)
        case .label(let s, let t):
            let icon = iconColumn ?? s.box.width
            return (icon + gap(t) + t.layout.size.width, t.layout.size.height)
        case .stack(let stack):
            let column = SceneLayout.iconColumn(of: stack)
            let sizes = stack.children.map { size($0.item, iconColumn: column) }
            let gaps = stack.spacing * Double(max(0, sizes.count - 1))
            switch stack.axis {
            case .vertical: return (sizes.map(\.width).max() ?? 0, sizes.map(\.height).reduce(0, +) + gaps)
            case .horizontal: return (sizes.map(\.width).reduce(0, +) + gaps, sizes.map(\.height).max() ?? 0)
            }
        }
    }

    /// The widest symbol among a vertical stack's labels, which they all take.
    static func iconColumn(of stack: StackBlock) -> Double? {
        guard stack.axis == .vertical else { return nil }
        let widths = stack.children.compactMap { child -> Double? in
            if case .label(let s, _) = child.item { return s.box.width }
            return nil
        }
        return widths.max()
    }

    static func gap(_ t: TextBlock) -> Double { labelGap * t.fontSize }

    /// Lays `node` out with its box's top-left at `origin`, appending its leaves.
    static func place(_ node: LayoutNode, origin: Point, iconColumn: Double?, motions: ItemMotions, into out: inout [SceneLeaf]) {
        switch node.item {
        case .text(let t):
            out.append(textLeaf(node.id, t, origin: origin, motions: motions))
        case .symbol(let s):
            out.append(symbolLeaf(node.id, s, box: Rect(x: origin.x, y: origin.y, width: s.box.width, height: s.box.height),
                                  motions: motions))
        case .label(let s, let t):
            let icon = iconColumn ?? s.box.width
            let baseline = origin.y + t.layout.firstBaseline
            // The symbol centred in its column, its baseline (the guide box's bottom) on the text's.
            let box = Rect(x: origin.x + (icon - s.box.width) / 2, y: baseline - s.box.height, width: s.box.width, height: s.box.height)
            let whole = Rect(x: origin.x, y: min(origin.y, box.minY), width: icon + gap(t) + t.layout.size.width,
                             height: max(origin.y + t.layout.size.height, box.maxY) - min(origin.y, box.minY))
            var symbol = symbolLeaf(node.id + ".label.symbol", s, box: box, motions: motions)
            var text = textLeaf(node.id + ".label.text", t, origin: Point(origin.x + icon + gap(t), origin.y), motions: motions)
            symbol.itemBox = whole
            text.itemBox = whole
            out += [symbol, text]
        case .stack(let stack):
            let column = self.iconColumn(of: stack)
            let outer = size(node.item, iconColumn: iconColumn)
            var cursor = 0.0
            for (k, child) in stack.children.enumerated() {
                let s = size(child.item, iconColumn: column)
                var p: Point
                switch stack.axis {
                case .vertical:
                    p = Point(origin.x + stack.alignment.offset(room: outer.width - s.width), origin.y + cursor)
                    cursor += s.height + stack.spacing
                case .horizontal:
                    p = Point(origin.x + cursor, origin.y + stack.alignment.offset(room: outer.height - s.height))
                    cursor += s.width + stack.spacing
                }
                if let c = child.position { p = Point(c.x - s.width / 2, c.y - s.height / 2) }
                let childMotions = merge(motions.child(k), child.motions)
                place(child, origin: p, iconColumn: column, motions: childMotions, into: &out)
            }
        }
    }

    /// A child's own entrance or exit wins over the one its stack hands down.
    static func merge(_ inherited: ItemMotions, _ own: ItemMotions) -> ItemMotions {
        ItemMotions(enter: own.enter ?? inherited.enter, exit: own.exit ?? inherited.exit)
    }

    static func symbolLeaf(_ id: String, _ s: SymbolBlock, box: Rect, motions: ItemMotions) -> SceneLeaf {
        let at = s.box
        let place = Transform.translation(box.minX - at.minX, box.minY - at.minY)
        return SceneLeaf(id: id, content: .symbol(plan: s.plan, timeline: s.timeline, place: place, box: box), motions: motions)
    }

    /// The text's glyphs as canvas paths, grouped into the pieces its motions play one by one.
    static func textLeaf(_ id: String, _ t: TextBlock, origin: Point, motions: ItemMotions) -> SceneLeaf {
        let unit = motions.enter?.unit ?? motions.exit?.unit ?? .item
        let typed = motions.enter?.kind == .typewriter || motions.exit?.kind == .typewriter
        let by: TextUnit = typed && unit == .item ? .character : unit
        let layout = t.layout
        // Pieces in reading order: keyed by the unit, ordered by their first character.
        var order: [Int] = []
        var members: [Int: [Int]] = [:]
        var first: [Int: Int] = [:]
        for (g, glyph) in layout.glyphs.enumerated() {
            let key: Int = switch by {
            case .item: 0
            case .line: glyph.line
            case .word: glyph.word
            case .character: glyph.characters.lowerBound
            }
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(g)
            first[key] = min(first[key] ?? Int.max, glyph.characters.lowerBound)
        }
        order.sort { (first[$0] ?? 0, $0) < (first[$1] ?? 0, $1) }
        let move = Transform.translation(origin.x, origin.y)
        let pieces = order.compactMap { key -> TextPiece? in
            guard let glyphs = members[key] else { return nil }
            let paths = glyphs.map { layout.path(of: layout.glyphs[$0]).applying(move) }.filter { !$0.isEmpty }
            guard !paths.isEmpty else { return nil }
            return TextPiece(glyphs: paths)
        }
        return SceneLeaf(id: id, content: .text(color: t.color, pieces: pieces), motions: motions)
    }
}
