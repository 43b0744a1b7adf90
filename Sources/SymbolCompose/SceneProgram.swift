import SymbolGeometry
import SymbolScene
import SymbolRender
import SymbolTimeline

/// A clip of one or more scenes, each a background and laid-out items, played one after another
/// with transitions between them (docs/scenes.md). Made once per clip (`SceneLayout`); a frame is
/// `picture(atSeconds:)`, a pure function of the time, drawn by `FrameRenderer` like any picture.
/// Immutable and shared by every render thread.
package struct SceneProgram: Sendable {
    package let width: Int
    package let height: Int
    /// In order; each starts where the one before ends.
    package let scenes: [ComposedScene]

    package init(width: Int, height: Int, scenes: [ComposedScene]) {
        self.width = width; self.height = height
        var start = 0.0
        self.scenes = scenes.map { s in
            var s = s
            s.start = start
            start += s.duration
            return s
        }
    }

    /// The scenes' durations added up.
    package var duration: Double { scenes.last.map { $0.start + $0.duration } ?? 0 }

    /// A scene on screen at some time: its own time then, where the transition puts it, how
    /// strongly it shows, and whether it is drawn as a group of its own on its background.
    struct Shown {
        var index: Int
        var local: Double
        var transform: Transform
        var opacity: Double
        var ownBackground: Bool
    }

    /// What is on screen at clip time `t`: the background beneath everything, and the scenes
    /// bottom to top (the scene before, during a transition into the current one).
    func shown(at t: Double) -> (base: CanvasBackground, scenes: [Shown]) {
        guard let index = scenes.lastIndex(where: { $0.start <= t }) ?? (scenes.isEmpty ? nil : 0) else { return (.transparent, []) }
        let scene = scenes[index]
        let local = t - scene.start
        let current = Shown(index: index, local: local, transform: .identity, opacity: 1, ownBackground: false)
        let transition = scene.transition
        guard index > 0, transition.kind != .cut, transition.duration > 0, local < transition.duration else {
            return (scene.background, [current])
        }
        let before = scenes[index - 1]
        let p = min(max(transition.curve.progress(elapsed: local, duration: transition.duration), 0), 1)
        let outgoing = Shown(index: index - 1, local: t - before.start, transform: .identity, opacity: 1, ownBackground: false)
        switch transition.kind {
        case .cut:
            return (scene.background, [current])
        case .crossfade:
            return (before.background, [outgoing, Shown(index: index, local: local, transform: .identity, opacity: p, ownBackground: true)])
        case .push(let edge):
            // The new scene comes in from `edge` and pushes the old one out through the other side.
            let (dx, dy): (Double, Double) = switch edge {
            case .left: (-Double(width), 0)
            case .right: (Double(width), 0)
            case .top: (0, -Double(height))
            case .bottom: (0, Double(height))
            }
            return (.transparent, [
                Shown(index: index - 1, local: outgoing.local, transform: .translation(-dx * p, -dy * p), opacity: 1, ownBackground: true),
                Shown(index: index, local: local, transform: .translation(dx * (1 - p), dy * (1 - p)), opacity: 1, ownBackground: true),
            ])
        }
    }

    /// The picture at clip time `t`: the scene then showing, and during a transition into it the
    /// scene before, as the transition mixes them.
    package func picture(atSeconds t: Double) -> Picture {
        let (base, shown) = self.shown(at: t)
        let canvas = (width: Double(width), height: Double(height))
        var elements: [PictureElement] = []
        for s in shown {
            let scene = scenes[s.index]
            let own = scene.elements(at: s.local, canvas: canvas).map { s.transform == .identity ? $0 : $0.placed(by: s.transform) }
            if s.ownBackground || s.opacity < 1 {
                elements.append(.group(PictureGroup(id: scene.id, opacity: s.opacity, background: s.ownBackground ? scene.background : nil,
                                                    width: width, height: height, transform: s.transform, elements: own)))
            } else {
                elements += own
            }
        }
        return Picture(width: width, height: height, background: base, elements: elements)
    }
}

/// One scene of a clip: its background, its items as leaves, and how it follows the scene before.
package struct ComposedScene: Sendable {
    /// `scenes.0`, `scenes.1`, …: the name its group has in every frame.
    package var id: String
    /// Clip seconds at which it starts (set by `SceneProgram`).
    package var start: Double = 0
    package var duration: Double
    package var background: CanvasBackground
    /// How the scene comes in over the scene before (the first scene's is ignored).
    package var transition: SceneTransition
    /// Bottom to top.
    package var leaves: [SceneLeaf]

    package init(id: String, duration: Double, background: CanvasBackground, transition: SceneTransition = SceneTransition(),
                 leaves: [SceneLeaf]) {
        self.id = id; self.duration = duration; self.background = background; self.transition = transition; self.leaves = leaves
    }

    /// Every leaf as it looks at scene time `t`.
    func elements(at t: Double, canvas: (width: Double, height: Double)) -> [PictureElement] {
        leaves.flatMap { $0.elements(at: t, canvas: canvas) }
    }
}

/// How a scene replaces the one before.
package struct SceneTransition: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case cut
        case crossfade
        /// The new scene slides in from this edge, pushing the old one out.
        case push(Edge)
    }
    package enum Edge: String, Sendable, CaseIterable { case left, right, top, bottom }

    package var kind: Kind
    package var duration: Double
    package var curve: Curve
    package init(kind: Kind = .cut, duration: Double = 0.5, curve: Curve = .easeInOut) {
        self.kind = kind; self.duration = max(0, duration); self.curve = curve
    }
}

/// One drawn item of a scene once laid out: a symbol or a text (labels and stacks are laid out
/// into these), with its entrance and exit.
package struct SceneLeaf: Sendable {
    /// The item's JSON path in its preset (`$.items[1].vstack[0]`); a label's symbol and text
    /// are `….label.symbol` and `….label.text`. The same in every frame.
    package var id: String
    package var content: Content
    package var motions: ItemMotions
    /// The box its motions move when it is part of a larger item (a label's symbol and text move
    /// as one, by the label's box); nil: its own box.
    package var itemBox: Rect?

    package enum Content: Sendable {
        /// A symbol drawn by `plan` (made for the scene's canvas, the symbol at its centre) posed
        /// by `timeline` in scene time, then moved by `place`; `box` is its guide box on the canvas.
        case symbol(plan: RenderPlan, timeline: Timeline, place: Transform, box: Rect)
        /// Glyph outlines on the canvas, in the pieces that enter one after another.
        case text(color: Color, pieces: [TextPiece])
    }

    package init(id: String, content: Content, motions: ItemMotions = ItemMotions(), itemBox: Rect? = nil) {
        self.id = id; self.content = content; self.motions = motions; self.itemBox = itemBox
    }

    /// The opacity and move of piece `k` (a symbol has one) at scene time `t`: its motions
    /// played on its box (a label's parts on the label's box, so they move as one).
    func look(piece k: Int, at t: Double, canvas: (width: Double, height: Double)) -> (opacity: Double, transform: Transform) {
        switch content {
        case .symbol(_, _, _, let box):
            return motions.look(piece: 0, box: itemBox ?? box, at: t, canvas: canvas)
        case .text(_, let pieces):
            let box = pieces.count == 1 ? itemBox ?? pieces[k].box : pieces[k].box
            return motions.look(piece: k, box: box, at: t, canvas: canvas)
        }
    }

    /// The leaf's picture elements at scene time `t`.
    func elements(at t: Double, canvas: (width: Double, height: Double)) -> [PictureElement] {
        switch content {
        case .symbol(let plan, let timeline, let place, _):
            let look = self.look(piece: 0, at: t, canvas: canvas)
            guard look.opacity > 0 else { return [] }
            let outer = place.concatenating(look.transform)
            return plan.picture(of: timeline.pose(atSeconds: t)).nodes.map { .symbol($0.placed(by: outer, opacity: look.opacity)) }
        case .text(let color, let pieces):
            let drawn = pieces.indices.map { k in
                let look = self.look(piece: k, at: t, canvas: canvas)
                return PictureGlyphs.Piece(path: pieces[k].path, transform: look.transform, opacity: look.opacity)
            }
            return [.glyphs(PictureGlyphs(id: id, color: color, pieces: drawn))]
        }
    }
}

/// Glyphs that enter together (a line, a word, a character, or the whole text), as canvas paths.
package struct TextPiece: Sendable {
    /// All its glyphs as one path (the raster fill).
    package var path: Path
    /// Each glyph's outline on its own (a vector file's shapes, one per glyph).
    package var glyphs: [Path]
    /// The ink's bounds (a scale grows about its centre; a slide moves it clear of the edge).
    package var box: Rect
    package init(glyphs: [Path]) {
        self.glyphs = glyphs
        var all = Path()
        for g in glyphs { all.append(g) }
        path = all
        box = all.bounds
    }
}
