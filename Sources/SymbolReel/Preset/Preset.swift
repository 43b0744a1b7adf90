import SymbolRender
import SymbolTimeline

/// A preset: canvas, symbol, style, timeline and outputs, as `docs/presets.md` and
/// `Presets/schema.json` define them. Relative paths are relative to the preset file.
/// It encodes to and decodes from exactly that JSON (through `PresetReader`, which also
/// validates).
public struct Preset: Codable, Sendable, Equatable {
    public var name: String?
    public var canvas: Canvas
    /// The one symbol of a symbol preset; nil in a scene preset (`scenes`).
    package var symbol: Symbol?
    package var style: Style
    package var timeline: [TimelineEntry]
    public var outputs: [Output]
    /// A scene preset's scenes (its `items` as one scene, or its `scenes`); empty for a symbol preset.
    package var scenes: [Scene] = []
    /// The `items` or `scenes` member as written, which the preset writes back as it is.
    package var sceneSource: SceneSource?

    /// A scene preset's `items` or `scenes`, kept as written.
    package struct SceneSource: Sendable, Equatable {
        package var key: String
        package var value: JSONValue
    }

    package init(name: String? = nil, canvas: Canvas = Canvas(), symbol: Symbol, style: Style = Style(),
                timeline: [TimelineEntry] = [], outputs: [Output] = []) {
        self.name = name; self.canvas = canvas; self.symbol = symbol; self.style = style
        self.timeline = timeline; self.outputs = outputs
    }

    /// A scene preset.
    package init(name: String?, canvas: Canvas, scenes: [Scene], source: SceneSource, outputs: [Output]) {
        self.name = name; self.canvas = canvas; self.symbol = nil; self.style = Style(); self.timeline = []
        self.scenes = scenes; self.sceneSource = source; self.outputs = outputs
    }

    /// Pixels, rate, length and background of the clip.
    public struct Canvas: Sendable, Equatable {
        public var width: Int = 512
        public var height: Int = 512
        public var fps: Double = 60
        /// Seconds; nil = long enough for the timeline, at least 1 s.
        public var duration: Double?
        package var background: Background = .transparent
        package init(width: Int = 512, height: Int = 512, fps: Double = 60, duration: Double? = nil,
                    background: Background = .transparent) {
            self.width = width; self.height = height; self.fps = fps; self.duration = duration; self.background = background
        }
    }

    /// The canvas background (the renderer's type).
    package typealias Background = CanvasBackground

    /// Which symbol, in which variant and size.
    package struct Symbol: Sendable, Equatable {
        package var source: String
        package var weight: SymbolWeight = .regular
        package var scale: SymbolScale = .medium
        package var size: Size = .fraction(0.5)
        package init(source: String, weight: SymbolWeight = .regular, scale: SymbolScale = .medium, size: Size = .fraction(0.5)) {
            self.source = source; self.weight = weight; self.scale = scale; self.size = size
        }
    }

    /// Symbol size: a fraction of the canvas height for the cap-height box, or a point size.
    package typealias Size = SymbolSize

    /// Rendering mode and colours.
    package struct Style: Sendable, Equatable {
        package typealias RenderingMode = SymbolRender.RenderingMode
        package enum ColorRendering: String, Sendable, CaseIterable { case flat, gradient }
        package enum VariableValueMode: String, Sendable, CaseIterable { case color, draw }

        package var renderingMode: RenderingMode = .monochrome
        package var colors: [Color] = [.black]
        package var accentColor: Color = Color(hex: "#007AFF")!
        package var colorRendering: ColorRendering = .flat
        package var variableValue: Double?
        package var variableValueMode: VariableValueMode = .color
        package var reduceMotion = false
        package init() {}
    }

    /// One timeline event, as written.
    package enum TimelineEntry: Sendable, Equatable {
        /// A discrete effect or a transition at a time.
        case effect(at: Double, effect: Spelled<EffectCall>, options: Options?)
        /// An indefinite effect over an interval.
        case indefinite(from: Double, until: Double, effect: Spelled<EffectCall>, options: Options?)
        /// A content transition to another symbol.
        case replace(at: Double, with: String, effect: Spelled<EffectCall>, options: Options?)
        /// A keyframe track.
        case track(property: String, keyframes: [Keyframe])
        /// `{"variableValue": [[t, v], …]}`: a linear variable-value track through (time, value) points.
        case variableValuePoints([[Double]])
    }

    /// Effect options: Apple's spelling (`".repeat(2).speed(1.5)"`) or an object form.
    package enum Options: Sendable, Equatable {
        case expression(Spelled<SymbolEffectOptions>)
        case object(repeatCount: RepeatValue?, speed: Double?)

        package enum RepeatValue: Sendable, Equatable {
            case count(Int)
            case continuous
            case periodic(count: Int?, delay: Double)
        }
    }

    /// One keyframe of a track.
    package struct Keyframe: Sendable, Equatable {
        package var value: Double
        package var duration: Double
        package var curve: Spelled<SymbolTimeline.Keyframe.Interpolation>
        package init(value: Double, duration: Double, curve: Spelled<SymbolTimeline.Keyframe.Interpolation> = "linear") {
            self.value = value; self.duration = duration; self.curve = curve
        }
    }

    /// One file to write. The format comes from `format` or the file's extension.
    public struct Output: Sendable, Equatable {
        /// The container or image format (`pngSequence` is one PNG a frame, `null` writes nothing;
        /// `lottie` is Lottie JSON, `dotLottie` its zip container, `svg` an SVG animated by CSS:
        /// the vector clips of docs/vector.md).
        public enum Format: String, Sendable, CaseIterable {
            case mp4, mov, webm, gif, apng, webp, png, pngSequence = "png-sequence", null
            case lottie, dotLottie = "dotlottie", svg
        }
        /// The video codec of an `.mp4` (H.264, the default, HEVC or AV1) or `.webm` (VP9, the
        /// default, or AV1).
        public enum Codec: String, Sendable, CaseIterable { case h264, hevc, vp9, av1 }
        /// How a GIF's palette is dithered.
        public enum Dither: String, Sendable, CaseIterable { case none, ordered, floydSteinberg = "floyd-steinberg" }
        /// How hard a WebP encoder searches for a smaller file: `standard` ("default") is quick,
        /// `max` tries every way of storing each frame libwebp has (about 2× the time, ~8 % smaller).
        public enum Effort: String, Sendable, CaseIterable { case standard = "default", max }
        /// What starts an animated SVG (docs/vector.md): `load` (the default) plays it when the
        /// file loads, `loop` forever from load whatever `loop` says; `hover`, `focus`, `click`
        /// and `inView` (scrolled into view) play it from frame 0 each time, in an inline SVG only.
        /// Package-wide (presets and `render --trigger` set it): the public list is at its limit.
        package enum Trigger: String, Sendable, CaseIterable { case load, hover, focus, click, inView = "in-view", loop }

        public var file: String
        public var format: Format?
        /// nil: the format's own (H.264 for MP4, VP9 for WebM).
        public var codec: Codec?
        public var fps: Double?
        public var width: Int?
        public var height: Int?
        /// MP4 and WebM: the CRF (lower is better: H.264 and HEVC 0…51, VP9 0…63); WebP: 0…100
        /// (100 lossless; nil: lossless for a flat-coloured clip, else 75).
        public var quality: Int?
        /// Loop count (0 = forever), nil = the format's default (forever).
        public var loop: Int?
        public var dither: Dither?
        public var maxColors: Int?
        /// WebP: nil or `.standard` for the quick default, `.max` for the smallest file.
        public var effort: Effort?
        /// The file's size budget in bytes (a PNG sequence: all its frames together), nil for
        /// none. A file over it is still written whole; the command line reports it and exits 79.
        public var maxBytes: Int?
        /// SVG: what starts the animation; nil is `load`.
        package var trigger: Trigger?
        /// Vector outputs: whether the file also carries the clip's Reduce Motion form (an SVG
        /// under `@media (prefers-reduced-motion: reduce)`, a Lottie as a "reduced motion"
        /// marker's segment after the clip's own); nil is the format's default
        /// (`carriesReducedMotion`). Package-wide: the public list is at its limit.
        package var reducedMotion: Bool?
        public init(file: String, format: Format? = nil) { self.file = file; self.format = format }

        /// The format from `format`, else the extension (`.png` = APNG for a clip; a path with
        /// `%0Nd` or ending in `/` = PNG sequence; `null` discards).
        package var resolvedFormat: Format? {
            if let format { return format }
            if file == "null" { return .null }
            if file.hasSuffix("/") || file.contains("%0") { return .pngSequence }
            let ext = file.split(separator: ".").last.map { $0.lowercased() } ?? ""
            switch ext {
            case "mp4", "m4v": return .mp4
            case "mov": return .mov
            case "webm": return .webm
            case "webp": return .webp
            case "gif": return .gif
            case "apng", "png": return .apng
            case "lottie": return .dotLottie
            case "svg": return .svg
            default: return nil
            }
        }

        /// Whether a vector output carries the Reduce Motion form: as asked, else yes for an SVG
        /// (the media query costs a viewer nothing) and no for Lottie and dotLottie, whose players
        /// play the whole timeline unless told a marker (docs/vector.md, "Reduce Motion").
        package var carriesReducedMotion: Bool {
            reducedMotion ?? (resolvedFormat == .svg)
        }

        /// Why the format cannot be told (nil when it can): a sentence naming the file and the
        /// choices. A bare `.json` could be Lottie or anything else, so it must be asked for.
        package var formatProblem: String? {
            guard resolvedFormat == nil else { return nil }
            if file.lowercased().hasSuffix(".json") {
                return "\"\(file)\" is JSON of no stated kind; give the format \"lottie\" for Lottie JSON (or write a .lottie file for dotLottie)"
            }
            return "cannot tell the format of \"\(file)\"; use .mp4, .mov, .webm, .gif, .apng, .webp, .png, .lottie or .svg, or give a format"
        }

        /// A vector clip (Lottie, dotLottie, animated SVG): written from the clip's paths and
        /// keyframes, not rendered frames.
        package var isVector: Bool { [.lottie, .dotLottie, .svg].contains(resolvedFormat) }

        /// Why `codec` cannot be written as `format`, or nil when it can.
        package static func codecProblem(_ codec: Codec, format: Format) -> String? {
            switch (format, codec) {
            case (.mp4, .h264), (.mp4, .hevc), (.mp4, .av1), (.webm, .vp9), (.webm, .av1): return nil
            case (.mov, .hevc):
                return "HEVC with alpha cannot be written: x265 has no alpha layer; use .webm (VP9 with alpha) for web pages or .mov (ProRes 4444) for editors, or an .mp4 for HEVC without alpha"
            case (.mp4, .vp9): return "an .mp4 holds \"h264\", \"hevc\" or \"av1\"; VP9 goes in a .webm"
            case (.webm, _): return "a .webm holds \"vp9\" or \"av1\"; \"\(codec.rawValue)\" goes in an .mp4"
            case (.mov, _): return "a .mov holds ProRes 4444; \"\(codec.rawValue)\" goes in an .mp4"
            default: return "\"codec\" applies to .mp4 and .webm outputs, not \(format.rawValue)"
            }
        }

        /// The `quality` values `format` accepts.
        package static func qualityRange(format: Format?) -> ClosedRange<Int> {
            switch format {
            case .webp: return 0...100
            case .webm: return 0...63
            default: return 0...51
            }
        }
    }
}
