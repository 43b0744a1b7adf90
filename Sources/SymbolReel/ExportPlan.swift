import Foundation
import SymbolEncode
import SymbolRender
import SymbolTimeline
import SymbolVector

/// The outputs of one export grouped by size and rate: each group is rendered once and feeds
/// every encoder in it.
struct ExportPlan {
    struct Group {
        var settings: RenderSettings
        var rate: FrameRate
        var frameCount: Int
        /// Indices into the export's outputs.
        var members: [Int]
    }

    /// A vector output (Lottie, dotLottie, SVG): written from the clip's vector scene at its
    /// size and rate, not from rendered frames.
    struct VectorMember {
        var index: Int
        var path: String
        var outputFormat: Preset.Output.Format
        var format: VectorFormat
        var settings: RenderSettings
        var rate: FrameRate
        var frameCount: Int
        var loopCount: Int
        var trigger: SVGTrigger
        /// The file also carries the clip's Reduce Motion form (`Preset.Output.carriesReducedMotion`).
        var reducedMotion: Bool
    }

    var groups: [Group] = []
    var formats: [Preset.Output.Format] = []
    /// One per output; a vector output's is a `NullEncoder` that is never fed.
    var encoders: [any FrameEncoder] = []
    var vectors: [VectorMember] = []

    init(clip: Clip, outputs: [Preset.Output], relativeTo directory: String) throws {
        let settings = clip.settings
        // What the clip's frames span (its duration rounded to whole frames), so an output at
        // another rate covers the same frames.
        let seconds = clip.rate.time(ofFrame: clip.frameCount).seconds
        for (k, out) in outputs.enumerated() {
            guard let format = out.resolvedFormat else { throw ClipError(out.formatProblem!) }
            let path = out.file.hasPrefix("/") || out.file == "null" ? out.file
                : URL(fileURLWithPath: directory).appendingPathComponent(out.file).standardizedFileURL.path + (out.file.hasSuffix("/") ? "/" : "")
            formats.append(format)
            let vector: VectorFormat? = switch format {
                case .lottie: .lottie
                case .dotLottie: .dotLottie
                case .svg: .svg
                default: nil
            }
            encoders.append(vector != nil ? NullEncoder()
                : try Clip.makeEncoder(format, path: path, output: out, flatColoured: clip.isFlatColoured,
                                       transparent: clip.settings.background == .transparent))
            let width = out.width ?? settings.width
            for (name, side) in [("width", width), ("height", out.height ?? settings.height)] where !Limits.side.contains(side) {
                throw ClipError("\(out.file): an output \(name) of \(side) pixels is outside \(Limits.text(Limits.side))")
            }
            let s = clip.resizedSettings(width: width, height: out.height, minimumHeight: Limits.side.lowerBound)
            let height = s.height
            var rate = clip.rate
            if let fps = out.fps {
                guard let r = FrameRate(fps: fps) else { throw ClipError("\(fps) fps is not a frame rate") }
                rate = r
            }
            if let vector {
                vectors.append(VectorMember(index: k, path: path, outputFormat: format, format: vector, settings: s, rate: rate,
                                            frameCount: max(1, rate.frameCount(duration: seconds)), loopCount: out.loop ?? 0,
                                            trigger: out.trigger.flatMap { SVGTrigger(rawValue: $0.rawValue) } ?? .load,
                                            reducedMotion: out.carriesReducedMotion))
                continue
            }
            if let g = groups.firstIndex(where: { $0.settings.width == width && $0.settings.height == height && $0.rate == rate }) {
                groups[g].members.append(k)
                continue
            }
            let count = max(1, rate.frameCount(duration: seconds))
            groups.append(Group(settings: s, rate: rate, frameCount: count, members: [k]))
        }
    }
}
