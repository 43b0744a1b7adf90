import SymbolCompose
import SymbolGeometry
import SymbolRender
import SymbolTimeline

extension Preset {
    /// One scene of a scene preset (docs/scenes.md): its items, how long it lasts, its
    /// background and how it follows the scene before. A preset's top-level `items` is one scene
    /// with the canvas's duration and background.
    package struct Scene: Sendable, Equatable {
        /// Seconds; nil: the canvas's duration (the top-level `items` form).
        package var duration: Double?
        /// nil: the canvas's.
        package var background: Background?
        package var transition: Transition?
        package var items: [Item]
        /// `$.items`, or `$.scenes[2].items`: where the items are, for messages.
        package var path: String
    }

    /// How a scene comes in over the scene before.
    package struct Transition: Sendable, Equatable {
        package var kind: SceneTransition.Kind
        package var duration: Double?
        package var curve: Spelled<SymbolTimeline.Keyframe.Interpolation>?
    }

    /// One item of a scene, as written.
    package struct Item: Sendable, Equatable {
        package indirect enum Content: Sendable, Equatable {
            case text(String)
            case symbol(Preset.Symbol)
            case label(Preset.Symbol, String)
            case stack(vertical: Bool, [Item])
        }
        package var content: Content
        /// `$.items[1].vstack[0]`: where it is written.
        package var path: String
        package var position: Point?
        package var font: Font?
        package var color: Color?
        package var style: Style?
        package var timeline: [TimelineEntry] = []
        package var enter: Motion?
        package var exit: Motion?
        /// A text's wrap width in pixels.
        package var width: Double?
        /// A text's line alignment, or a stack's alignment across its axis.
        package var alignment: StackBlock.Alignment?
        /// A stack's gap between children, in pixels.
        package var spacing: Double?
    }

    /// A font as written: every field optional, an item's filling in from its stack's.
    package struct Font: Sendable, Equatable {
        package var family: String?
        package var file: String?
        /// The face of a font collection (`.ttc`) `file`, from 0.
        package var index: Int?
        package var size: Double?
        package var weight: SymbolWeight?
        /// A multiple of the font's own line height.
        package var lineHeight: Double?

        /// `self` with what it leaves out taken from `outer`.
        package func inheriting(_ outer: Font?) -> Font {
            guard let outer else { return self }
            let ownFace = family != nil || file != nil
            return Font(family: file == nil ? family ?? outer.family : family, file: family == nil ? file ?? outer.file : file,
                        index: ownFace ? index : index ?? outer.index,
                        size: size ?? outer.size, weight: weight ?? outer.weight, lineHeight: lineHeight ?? outer.lineHeight)
        }
    }

    /// An `enter` or `exit` as written.
    package struct Motion: Sendable, Equatable {
        package var at: Double
        package var kind: MotionKind
        package var duration: Double?
        package var curve: Spelled<SymbolTimeline.Keyframe.Interpolation>?
        package var stagger: Double?
        package var unit: TextUnit?
    }

    /// A scene preset: one with `items` or `scenes` instead of `symbol`.
    package var isScene: Bool { !scenes.isEmpty }

    /// The files a scene preset's items name (symbols, replacement symbols, font files), as written.
    package var sceneFiles: [String] {
        func files(_ item: Item) -> [String] {
            var out = item.font?.file.map { [$0] } ?? []
            for case .replace(_, let with, _, _) in item.timeline { out.append(with) }
            switch item.content {
            case .text: break
            case .symbol(let s), .label(let s, _): out.append(s.source)
            case .stack(_, let items): out += items.flatMap(files)
            }
            return out
        }
        return scenes.flatMap { $0.items.flatMap(files) }
    }
}

extension SymbolWeight {
    /// The symbol weight that matches a font weight (100 ultralight … 900 black), as the system
    /// pairs a symbol with the text beside it.
    package var fontWeight: Int { (axisPosition + 1) * 100 }

    /// The weight nearest a font's weight class (100…900).
    package init(fontWeight: Int) {
        let i = min(max((fontWeight + 50) / 100, 1), 9) - 1
        self = SymbolWeight.allCases[i]
    }
}
