import SymbolGeometry
import SymbolRender
import SymbolScene

extension SceneProgram {
    /// The clip as one vector scene for the Lottie and SVG writers (docs/scenes.md, "Vector
    /// files"): every item a group of its own, named by its JSON path, shown only in the frames
    /// that show it; a symbol's layers as its own vector scene makes them (`RenderPlan.vectorScene`),
    /// moved and faded as the picture moves it; a text as outlines, a layer per piece that enters
    /// on its own (a line, a word, a character) with a shape per glyph. With several scenes each
    /// scene's background is a layer of its own, so crossfades and pushes move it too.
    ///
    /// Each item carries its own colour slots (`<item>-primary`, …, a text's `<item>-color`); no
    /// themes (each symbol item has its own rendering mode).
    package func vectorScene(rate: FrameRate, frameCount: Int, width outWidth: Int, height outHeight: Int) -> VectorScene {
        let scale = Transform.scale(Double(outWidth) / Double(width), Double(outHeight) / Double(height))
        let canvas = (width: Double(width), height: Double(height))
        let shownPerFrame = (0..<frameCount).map { shown(at: rate.time(ofFrame: $0).seconds) }
        let several = scenes.count > 1
        var parts: [VectorScene] = []
        for (s, scene) in scenes.enumerated() {
            let looks = shownPerFrame.map { $0.scenes.first { $0.index == s } }
            if several, let paint = VectorScene.paint(of: scene.background, width: width, height: height) {
                let placements = looks.map { l in l.map { (transform: $0.transform.concatenating(scale), opacity: $0.opacity) } }
                parts.append(VectorScene.fills([[VectorScene.canvasRectangle(width: width, height: height)]], paint: paint,
                                               name: "\(Self.slug(scene.id)).background", slot: "\(Self.slug(scene.id))-background",
                                               width: outWidth, height: outHeight, rate: rate, placements: [placements]))
            }
            for leaf in scene.leaves {
                let name = Self.slug(leaf.id)
                switch leaf.content {
                case .symbol(let plan, let timeline, let place, _):
                    let poses = looks.map { timeline.pose(atSeconds: $0?.local ?? 0) }
                    let placements = looks.map { l -> VectorScene.Placement? in
                        guard let l else { return nil }
                        let look = leaf.look(piece: 0, at: l.local, canvas: canvas)
                        return (place.concatenating(look.transform).concatenating(l.transform).concatenating(scale), look.opacity * l.opacity)
                    }
                    parts.append(plan.vectorScene(poses: poses, rate: rate).placed(placements, prefix: name))
                case .text(let color, let pieces):
                    let placements = pieces.indices.map { k in
                        looks.map { l -> VectorScene.Placement? in
                            guard let l else { return nil }
                            let look = leaf.look(piece: k, at: l.local, canvas: canvas)
                            return (look.transform.concatenating(l.transform).concatenating(scale), look.opacity * l.opacity)
                        }
                    }
                    parts.append(VectorScene.fills(pieces.map(\.glyphs), paint: .solid(color), name: name, slot: name + "-color",
                                                   width: outWidth, height: outHeight, rate: rate, placements: placements))
                }
            }
        }
        let background = several ? .transparent : scenes.first?.background ?? .transparent
        var out = VectorScene.stacking(parts, width: outWidth, height: outHeight, rate: rate, frameCount: frameCount, background: background)
        if scenes.contains(where: { $0.transition.kind == .crossfade }) {
            out.notes.append(VectorScene.crossfadeNote)
        }
        return out
    }

    /// An id as a name that every format takes (a CSS custom property, a Lottie slot id):
    /// `$.items[1].vstack[0]` → `items-1-vstack-0`.
    static func slug(_ id: String) -> String {
        var out = ""
        var dash = false
        for c in id.unicodeScalars {
            if c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c)) {
                if dash && !out.isEmpty { out.append("-") }
                out.unicodeScalars.append(c)
                dash = false
            } else {
                dash = true
            }
        }
        return out.isEmpty ? "item" : out
    }
}

extension VectorScene {
    static let crossfadeNote = "during a crossfade each item of the incoming scene fades on its own, not the scene as one: where an item overlaps its scene's background the mix differs from the frames"
}
